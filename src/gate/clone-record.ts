// A clone from an owner that is not the person's is remembered before it exists: the hook sees
// `git clone https://stranger/x` (or `gh repo clone stranger/x`) in the PreToolUse call, so after a
// line that clones and then strips the remote (`git clone URL d && cd d && git remote remove origin`)
// the advice still names the stranger. Nothing runs because of it either way: a repository's layer
// runs only the content the person approved (conditions/layers.ts).
import type { CommandInfo } from "../shell/programs";
import type { Config } from "../config";
import { bundleOwner } from "../conditions/layers";
import { judgeUrls } from "../conditions/trust";
import { loadState } from "../state/state-file";
import { setTrust } from "../state/trust-store";
import { followLinks } from "./links";
import type { LineState } from "./line-state";
import { absolutePath } from "./paths";

/** git clone options that take the next word as their value. */
const CLONE_VALUE_OPTIONS = new Set([
  "-b", "--branch", "-o", "--origin", "--depth", "--reference", "--reference-if-able", "-c", "--config", "--template", "-u",
  "--upload-pack", "-j", "--jobs", "--filter", "--separate-git-dir", "--shallow-since", "--shallow-exclude", "--server-option",
  "--bundle-uri", "--revision",
]);

/** Returns [url, destination folder] of a clone command, or undefined. */
export function cloneOf(c: CommandInfo): [string, string | undefined] | undefined {
  let args: string[];
  if (c.program === "git") {
    let i = 0;
    while (i < c.args.length && c.args[i].startsWith("-")) i += ["-C", "-c", "--git-dir", "--work-tree"].includes(c.args[i]) ? 2 : 1;
    if (c.args[i] !== "clone") return undefined;
    args = c.args.slice(i + 1);
  } else if (c.program === "gh" && c.args[0] === "repo" && c.args[1] === "clone") {
    const [repo, dir] = c.args.slice(2).filter((a) => !a.startsWith("-"));
    if (!repo) return undefined;
    return [repo.includes(":") || repo.startsWith("http") ? repo : `https://github.com/${repo.includes("/") ? repo : `unknown/${repo}`}`, dir];
  } else return undefined;
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("-")) {
      if (CLONE_VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    positionals.push(a);
  }
  return positionals[0] ? [positionals[0], positionals[1]] : undefined;
}

/** Records each untrusted clone of the line as untrusted (its destination); never throws. */
export function recordClones(commands: readonly CommandInfo[], line: LineState, home: string, config: Config, note: (t: string) => void): void {
  let owner: ReturnType<typeof bundleOwner>["owner"] | null = null; // read once, on the first clone
  for (const c of commands) {
    const clone = cloneOf(c);
    if (clone) {
      const [url, dir] = clone;
      if (owner === null) {
        try {
          owner = bundleOwner(loadState(`${home}/state.json`)).owner;
        } catch {
          owner = undefined;
        }
      }
      const verdict = judgeUrls([url], owner, config.trustedOwners);
      if (!verdict.trusted && !line.cwdUnknown) {
        const name = dir ?? url.replace(/[/\\]+$/, "").replace(/\.git$/i, "").split(/[/:]/).pop() ?? "";
        for (const cwd of line.cwds) {
          if (!name) continue;
          const dest = followLinks(absolutePath(name, line.scope, cwd));
          try {
            setTrust(home, dest, { trusted: false, by: "clone", why: `cloned from ${url}: ${verdict.why}`, owner: verdict.owner, urls: [url] });
          } catch (err) {
            note(`cannot remember the clone ${dest} as untrusted: ${(err as Error).message}`);
          }
        }
      }
    }
    line.follow(c);
  }
}
