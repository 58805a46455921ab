// Git commands that change what decides a repository's trust or take its conditions away, in a
// repository that holds a condition layer: changing its remotes (`git remote rename origin x` would
// make a stranger's repository look local-only), git config writes to `remote.*`, `url.*` (insteadOf)
// or `include*`, and `git clean` (it deletes untracked condition files). A git command whose
// repository cannot be told (after a `cd` only known when the line runs) counts as one with a layer.
import type { CommandInfo } from "../shell/programs";
import { findGitRoot } from "../conditions/git-root";
import type { LineState } from "./line-state";
import { absolutePath, holdsLayer } from "./paths";

/** git's options that take the next word as their value. */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"]);
const REMOTE_CHANGES = new Set(["add", "rename", "remove", "rm", "set-url"]);
const CONFIG_WRITES = new Set(["--unset", "--unset-all", "--add", "--replace-all", "--rename-section", "--remove-section", "-e", "--edit"]);
const CONFIG_READS = new Set(["--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l", "--list", "--get-color", "--get-colorbool"]);
const TRUST_KEYS = /^(?:remote|url|include|includeif)(?:\.|$)/i;

/** Returns why a git command changes a layer repository's trust or conditions, or undefined. */
export function gitChange(c: CommandInfo, line: LineState): string | undefined {
  if (c.program !== "git") return undefined;
  const args = c.args;
  let i = 0;
  let dir: string | undefined;
  for (; i < args.length && args[i].startsWith("-"); i++) {
    const [name, inline] = args[i].split("=", 2);
    if (!GIT_VALUE_OPTIONS.has(name)) continue;
    const value = inline ?? args[++i];
    if (name === "-C" && value !== undefined) dir = value;
    if (name === "--git-dir" && value !== undefined) dir = `${value}/..`;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  const what = sub === "remote" ? remoteChange(rest) : sub === "config" ? configChange(rest) : sub === "clean" ? "git clean (it deletes untracked condition files)" : undefined;
  if (!what) return undefined;
  if (line.cwdUnknown && (dir === undefined || !dir.startsWith("/"))) return `${what}, in a repository a \`cd\` in the line only knows when it runs`;
  for (const cwd of line.cwds) {
    const root = findGitRoot(dir === undefined ? cwd : absolutePath(dir, line.scope, cwd));
    if (root && holdsLayer(root)) return `${what}, in ${root}, which holds a condition layer`;
  }
  return undefined;
}

function remoteChange(rest: string[]): string | undefined {
  const verb = rest.find((a) => !a.startsWith("-"));
  return verb && REMOTE_CHANGES.has(verb) ? `\`git remote ${verb}\` (the remotes decide whether the layer may run)` : undefined;
}

function configChange(rest: string[]): string | undefined {
  const positionals = rest.filter((a) => !a.startsWith("-"));
  const flags = rest.filter((a) => a.startsWith("-")).map((a) => a.split("=")[0]);
  if (flags.some((f) => f === "-e" || f === "--edit") || positionals[0] === "edit") return "`git config --edit`";
  const verbs = ["set", "unset", "rename-section", "remove-section"];
  const verb = verbs.includes(positionals[0] ?? "") ? positionals[0] : undefined;
  const key = verb ? positionals[1] : positionals[0];
  if (!key || !TRUST_KEYS.test(key)) return undefined;
  const writes = verb !== undefined || flags.some((f) => CONFIG_WRITES.has(f)) || (positionals.length >= 2 && !flags.some((f) => CONFIG_READS.has(f)));
  return writes ? `a git config change to ${key} (remotes and url rewrites decide whether the layer may run)` : undefined;
}
