// The one entry point of shell analysis: a command line in, the programs it can run out.
// Never throws and never runs long: oversized input, deep nesting, a spent step budget or a line that
// does not parse all return at once as dynamic, with the programs found so far.
import type { Analysis } from "../types";
import { type CommandInfo, type Findings, findPrograms } from "./programs";
import { type Issue, newContext } from "./scan";

export const MAX_INPUT_BYTES = 64 * 1024;

/** The analysis of one command line, with the detail a person (or `agentihooks programs`) needs. */
export interface ShellAnalysis extends Analysis {
  /** Sorted, unique, lowercased basenames of every program the line can run. */
  programs: string[];
  /** Python modules run with `-m` (`python -m pip`): not programs, but `bash.<cli>` matches them. */
  modules: string[];
  /** Some program (or some command line that runs) is not known before the line runs. */
  dynamic: boolean;
  /** Each simple command, resolved: program (null when none or unknown), args, depth, redirections. */
  commands: CommandInfo[];
  /** Why the analysis stopped early or failed closed (unterminated quote, too deep, too long...). */
  issues: Issue[];
}

/** Returns the programs `command` can run and whether any of them cannot be known statically. */
export function analyze(command: string): ShellAnalysis {
  const ctx = newContext();
  const f: Findings = { programs: new Set(), modules: new Set(), dynamic: false, commands: [], ctx };
  if (typeof command !== "string") {
    ctx.issues.push({ code: "internal", message: "command is not a string", offset: 0 });
    return finish(f, true);
  }
  if (tooLong(command)) {
    ctx.issues.push({ code: "too-long", message: `command longer than ${MAX_INPUT_BYTES} bytes`, offset: 0 });
    return finish(f, true);
  }
  try {
    findPrograms(command, 0, f);
  } catch (e) {
    // A bug, never a property of the input: fail closed rather than let the hook crash.
    ctx.issues.push({ code: "internal", message: e instanceof Error ? e.message : String(e), offset: 0 });
    f.dynamic = true;
  }
  return finish(f, f.dynamic || ctx.stopped);
}

// --- internal ---

function finish(f: Findings, dynamic: boolean): ShellAnalysis {
  return { programs: [...f.programs].sort(), modules: [...f.modules].sort(), dynamic, commands: f.commands, issues: f.ctx.issues };
}

/** True when the UTF-8 encoding of `s` is over the limit (counted without encoding it). */
function tooLong(s: string): boolean {
  if (s.length > MAX_INPUT_BYTES) return true;
  if (s.length * 3 <= MAX_INPUT_BYTES) return false;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  return bytes > MAX_INPUT_BYTES;
}
