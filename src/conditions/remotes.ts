// A repository's remote URLs, read with git's own semantics, for the trust decision (cold path only:
// the result is cached with the condition index). git itself reads them: `[remote "ORIGIN"]` is
// another remote than `origin`, `[remote.origin]` is origin, `[include] path=` and `includeIf` are
// followed, and `url.<base>.insteadOf` rewrites are applied here as git applies them (the longest
// match wins), so both the URL as written and the one git fetches from are judged. The clone origin
// in the first reflog line counts too: removing every remote of a clone does not make it local work.
// When no config file git reads mentions remotes, includes or rewrites, no git process is started.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commonDir } from "./git-root";

export interface Remotes {
  /** Every URL that decides trust: each remote's url and pushurl, as written and as rewritten, and the clone origin. */
  urls: string[];
  /** origin's first url as written (the bundle's owner comes from it). */
  origin?: string;
  /** Why the remotes could not be read (the repository then counts as untrusted). */
  error?: string;
}

/** Config sections that add remotes or rewrite them, in any file git reads. */
const REMOTE_SECTIONS = /^\s*\[\s*(?:remote|include|includeif|url)\b/im;

/** Returns the files git reads besides the repository's own config (system, global, XDG). */
function outerConfigs(env: Record<string, string | undefined>): string[] {
  const home = env.HOME ?? "";
  return [env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig", env.GIT_CONFIG_GLOBAL ?? join(home, ".gitconfig"), join(env.XDG_CONFIG_HOME || join(home, ".config"), "git", "config")];
}

const readText = (p: string) => {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
};

/** Returns the remotes of the checkout at `root` (see the file's comment). Never throws. */
export function readRemotes(root: string, env: Record<string, string | undefined> = process.env): Remotes {
  const common = commonDir(root);
  const clone = cloneOrigin(common);
  const files = [join(common, "config"), ...outerConfigs(env)];
  const mentioned = files.some((f) => REMOTE_SECTIONS.test(readText(f))) || Object.keys(env).some((k) => /^GIT_CONFIG_(?:COUNT|PARAMETERS)$/.test(k));
  if (!mentioned) return { urls: clone ? [clone] : [] };
  // Read twice and joined: as the repository sees it (includeIf, every scope), and the repository's
  // own file with its includes, which counts even where git would not take the folder for a repository.
  // (A folder git refuses as a repository, such as one owned by another user, still has its own file.)
  const own = runGit(["config", "--file", join(common, "config"), "--includes"], env);
  if (typeof own !== "string") return { urls: clone ? [clone] : [], error: own.error };
  const full = runGit(["-C", root, "config"], env);
  return fromConfig(`${typeof full === "string" ? full : ""}\0${own}`, clone);
}

/** The URL a clone was made from, from the first line of its HEAD reflog (`clone: from URL`). */
function cloneOrigin(common: string): string | undefined {
  const first = readText(join(common, "logs", "HEAD")).slice(0, 4096).split("\n")[0];
  const m = /\tclone: from (.+)$/.exec(first);
  return m ? m[1].trim() : undefined;
}

function runGit(config: string[], env: Record<string, string | undefined>): string | { error: string } {
  const clean: Record<string, string | undefined> = { ...env, GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0" };
  for (const k of ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE"]) delete clean[k];
  try {
    const p = Bun.spawnSync(["git", ...config, "--null", "--get-regexp", "^(remote\\..+\\.(url|pushurl)|url\\..+\\.(insteadof|pushinsteadof))$"], {
      env: clean,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: 5000,
    });
    if (p.exitCode === 0) return p.stdout.toString();
    if (p.exitCode === 1 && p.stderr.length === 0) return ""; // no key matched: no remotes
    return { error: `git cannot read the remotes (${p.stderr.toString().trim().split("\n")[0] || `exit ${p.exitCode}`})` };
  } catch (err) {
    return { error: `git cannot be run to read the remotes (${(err as Error).message})` };
  }
}

/** Turns `git config --null --get-regexp` output into the URLs to judge. */
function fromConfig(out: string, clone: string | undefined): Remotes {
  const fetch = new Map<string, string[]>();
  const push = new Map<string, string[]>();
  const insteadOf: [string, string][] = [];
  const pushInsteadOf: [string, string][] = [];
  for (const entry of out.split("\0")) {
    const nl = entry.indexOf("\n");
    if (nl < 0) continue;
    const key = entry.slice(0, nl);
    const value = entry.slice(nl + 1);
    const remote = /^remote\.(.+)\.(url|pushurl)$/.exec(key);
    if (remote) {
      const map = remote[2] === "url" ? fetch : push;
      map.set(remote[1], [...(map.get(remote[1]) ?? []), value]);
      continue;
    }
    const rewrite = /^url\.(.+)\.(insteadof|pushinsteadof)$/.exec(key);
    if (rewrite) (rewrite[2] === "insteadof" ? insteadOf : pushInsteadOf).push([value, rewrite[1]]);
  }
  const urls = new Set<string>();
  const add = (u: string, rules: [string, string][]) => {
    urls.add(u);
    urls.add(rewrite(u, rules));
  };
  for (const [name, list] of fetch) {
    for (const u of list) add(u, insteadOf);
    if (!push.has(name)) for (const u of list) add(u, pushInsteadOf.length ? pushInsteadOf : insteadOf);
  }
  for (const list of push.values()) for (const u of list) add(u, insteadOf);
  if (clone) add(clone, insteadOf);
  return { urls: [...urls], origin: fetch.get("origin")?.[0] };
}

/** Applies git's url.<base>.insteadOf rules: the longest matching prefix is replaced by its base. */
function rewrite(url: string, rules: [string, string][]): string {
  let best: [string, string] | undefined;
  for (const r of rules) if (url.startsWith(r[0]) && (!best || r[0].length > best[0].length)) best = r;
  return best ? best[1] + url.slice(best[0].length) : url;
}

/** Returns origin's URL as written, read with git (the bundle's owner comes from it). */
export function readOriginUrl(root: string, env?: Record<string, string | undefined>): string | undefined {
  return readRemotes(root, env).origin;
}
