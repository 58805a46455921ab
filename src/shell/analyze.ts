// The one entry point of shell analysis: a command line in, the programs it can run out.
// Never throws and never runs long: oversized input, deep nesting, a spent step budget or a line that
// does not parse all return at once as dynamic, with the programs found so far. The rule: a construct
// the analysis does not fully model makes the line dynamic, and `why` says which and where.
import type { Analysis } from "../types";
import { judgeReads } from "./arith";
import { joinContinuations } from "./continuations";
import { type CommandInfo, type Findings, findPrograms, type InlineCode, newFindings } from "./programs";
import { type Issue, newContext, type Reason } from "./scan";

export const MAX_INPUT_BYTES = 64 * 1024;

/** Why a line is dynamic, placed in it: the construct, a sentence, the span and its text. */
export interface DynamicReason extends Reason {
  text: string;
}

/** The analysis of one command line, with the detail a person (or `agentihooks programs`) needs. */
export interface ShellAnalysis extends Analysis {
  /** Sorted, unique, lowercased basenames of every program the line can run. */
  programs: string[];
  /** Python modules run with `-m` (`python -m pip`): not programs, but `bash.<cli>` matches them. */
  modules: string[];
  /** Wrappers the line runs (`sudo`, `env`, `timeout`): not programs, but `bash.<cli>` matches them. */
  wrappers: string[];
  /** Some program (or some command line that runs) is not known before the line runs. */
  dynamic: boolean;
  /** Why it is dynamic (empty when it is not); at most a few dozen, the first is the leftmost. */
  why: DynamicReason[];
  /** Each simple command, resolved: program (null when none or unknown), args, depth, redirections. */
  commands: CommandInfo[];
  /** Interpreters' inline code (`python -c`, `perl -e`, awk programs, heredocs fed to them). */
  inline: InlineCode[];
  /** Why the analysis stopped early or failed closed (unterminated quote, too deep, too long...). */
  issues: Issue[];
}

/** Returns the programs `command` can run and whether any of them cannot be known statically. */
export function analyze(command: string): ShellAnalysis {
  const result = analyzeAsWritten(command);
  const joined = typeof command === "string" && !result.issues.some((i) => i.code === "too-long") ? joinContinuations(command) : undefined;
  return joined && joined.text !== command ? withJoined(result, analyzeAsWritten(joined.text), joined.at, command) : result;
}

// --- internal ---

function analyzeAsWritten(command: string): ShellAnalysis {
  const ctx = newContext();
  const f = newFindings(ctx);
  if (typeof command !== "string") return fail(f, "", "internal", "command is not a string");
  if (tooLong(command)) return fail(f, command, "too-long", `command longer than ${MAX_INPUT_BYTES} bytes`);
  const nul = command.indexOf("\0");
  if (nul >= 0) ctx.reasons.push({ construct: "nul", message: "a NUL byte: bash reads the line only up to it", start: nul, end: nul + 1 });
  try {
    findPrograms(command, 0, f);
    judgeReads(ctx);
  } catch (e) {
    // A bug, never a property of the input: fail closed rather than let the hook crash.
    ctx.issues.push({ code: "internal", message: e instanceof Error ? e.message : String(e), offset: 0 });
    f.dynamic = true;
  }
  return finish(f, command);
}

/**
 * Adds what the line reads as with its continuations removed (`joined`, whose index i was `at[i]` of
 * `line`): its programs, modules and wrappers, and its reasons placed back in the line.
 */
function withJoined(a: ShellAnalysis, joined: ShellAnalysis, at: number[], line: string): ShellAnalysis {
  const place = (i: number) => (i < at.length ? at[i] : line.length);
  const why = joined.why.map((r) => {
    const start = place(r.start);
    const end = Math.max(start, r.end > 0 ? place(r.end - 1) + 1 : start);
    return { ...r, start, end, text: excerpt(line, start, end) };
  });
  const merged = whyOf([...a.why, ...why], line);
  const union = (x: string[], y: string[]) => (y.every((n) => x.includes(n)) ? x : [...new Set([...x, ...y])].sort());
  // the commands of the joined line too, when they differ (the gate checks every command's words)
  const shape = (cs: CommandInfo[]) => cs.map((c) => `${c.program} ${c.args.join(" ")}`).join("\n");
  const commands = shape(a.commands) === shape(joined.commands) ? a.commands : [...a.commands, ...joined.commands];
  return { ...a, programs: union(a.programs, joined.programs), modules: union(a.modules, joined.modules), wrappers: union(a.wrappers, joined.wrappers), dynamic: merged.length > 0, why: merged, commands, inline: [...a.inline, ...joined.inline].slice(0, 16) };
}

function fail(f: Findings, line: string, code: Issue["code"], message: string): ShellAnalysis {
  f.ctx.issues.push({ code, message, offset: 0 });
  f.dynamic = true;
  return finish(f, line);
}

function finish(f: Findings, line: string): ShellAnalysis {
  const ctx = f.ctx;
  for (const i of ctx.issues) ctx.reasons.push({ construct: i.code, message: i.message, start: i.offset, end: Math.min(line.length, i.offset + 1) });
  if ((f.dynamic || ctx.stopped) && !ctx.reasons.length) ctx.reasons.push({ construct: "unknown", message: "a part of the line is only known when it runs", start: 0, end: line.length });
  const why = ctx.reasons.length ? whyOf(ctx.reasons, line) : [];
  return { programs: sorted(f.programs), modules: sorted(f.modules), wrappers: sorted(f.wrappers), dynamic: why.length > 0, why, commands: f.commands, inline: f.inline, issues: ctx.issues };
}

/** The reasons, each once, with their text, leftmost first. */
function whyOf(reasons: Reason[], line: string): DynamicReason[] {
  const seen = new Set<string>();
  return reasons
    .filter((r) => {
      const key = `${r.construct} ${r.start} ${r.end} ${r.message}`;
      return !seen.has(key) && (seen.add(key), true);
    })
    .map((r) => ({ ...r, text: excerpt(line, r.start, r.end) }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

const sorted = (s: Set<string>) => (s.size === 0 ? [] : s.size === 1 ? [...s] : [...s].sort());

function excerpt(line: string, start: number, end: number): string {
  const t = line.slice(start, end);
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
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
