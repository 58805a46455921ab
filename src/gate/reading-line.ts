// What bash-guard.ts decides about a shell line before it looks at anything the line touches: whether
// the analysis finished, and whether a command may drive this executable or is git (both judged apart).
// A line the analysis finished, with neither, that only reads (read-only.ts) passes whatever it touches,
// so the gate stage answers it without loading the guard and the path modules behind it: most Bash
// lines are such lines, and that code cost every one of them start-up time (bench/README.md, entry 36).
import type { ShellAnalysis } from "../shell/analyze";
import type { CommandInfo } from "../shell/programs";
import { readOnlyProblem } from "./read-only";

/** Issues that stop the analysis early, and what to do about each: the guard judges such a line a limit. */
export const UNFINISHED_ADVICE: Readonly<Record<string, string>> = {
  "too-long": "split it into commands under 64 KiB each, or write long text with the file tool",
  "too-deep": "flatten the nesting: compute inner values in commands of their own",
  budget: "split it into smaller commands",
  unterminated: "close the quote or heredoc it leaves open",
  syntax: "fix its syntax (bash would not read it as written)",
  internal: "split it into smaller commands",
};

/** Words that start a set-up change of this executable (self-call.ts has the exact rule). */
const SHAPE_WORDS = new Set(["hook", "link", "unlink", "mcp", "trust", "init", "uninit", "conditions", "enforcement", "profile"]);

/** True when a command may run this executable to change its set-up: a cheap superset of self-call.ts's rule. */
export function maySelfCall(c: CommandInfo): boolean {
  if (c.program === null) return !!c.dynamic;
  if (c.program.startsWith("agentihooks") || (c.via !== undefined && /xargs|parallel|find|watch/.test(c.via))) return true;
  // an argument only known when it runs may be a subcommand of this executable under another name
  if (c.argsExpand) return true;
  for (const a of c.args) if (SHAPE_WORDS.has(a)) return true;
  return false;
}

/**
 * True when the guard would pass the line without finding what it touches: the analysis finished, no
 * command may run this executable or is git, and every command only reads. False says nothing: the
 * guard judges the line in full.
 */
export function onlyReads(analysis: ShellAnalysis): boolean {
  for (const i of analysis.issues) if (Object.hasOwn(UNFINISHED_ADVICE, i.code)) return false;
  for (const c of analysis.commands) if (c.program === "git" || maySelfCall(c)) return false;
  return readOnlyProblem(analysis.commands, analysis) === undefined;
}
