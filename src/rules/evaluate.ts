// Judges one tool call against rules files: every rule against every command of a Bash line (or the
// path of a file tool), in the active preset, minus the rules disabled in state.json and those an
// [[allow]] entry lets through. The strongest answer wins (deny > ask > allow > context), and every
// deny or ask names its rule and how to allow it.
import type { LineFacts } from "../facts/facts";
import { matchCommand, matchPath } from "./match";
import { gitRoot } from "./repo";
import { linePrograms } from "./rule-index";
import { type AllowEntry, type DynamicDecision, MAYBE, type PerPreset, type Preset, type Rule, type RuleDecision, type RulesFile, YES } from "./types";

/** What one call gives the rules. */
export interface RulesCall {
  tool: string;
  /** The command line (Bash), for [[allow]] `command`. */
  command?: string;
  facts?: LineFacts;
  /** A file tool's paths, absolute. */
  paths?: string[];
  cwd: string;
  home: string;
  /** The session's repository (computed on first use). */
  project?: string;
  /** The programs the line runs, null among them when one is only known when it runs (computed on first use). */
  programs?: Set<string | null>;
}

/** One rule that fired. */
export interface Verdict {
  rule: Rule;
  decision: "deny" | "ask" | "allow" | "context";
  /** The rule could only fire (a part of the line is only known when it runs): on_dynamic decided. */
  dynamic?: string;
  /** It could only fire because the line may run any program: one such verdict stands for the file's rules. */
  anyProgram?: boolean;
  /** How many more rules of the file this verdict stands for. */
  more?: number;
  /** The program of the command it fired on, or the tool's path. */
  subject: string;
}

export interface Judged {
  verdicts: Verdict[];
  /** Rules that fired but an [[allow]] entry let through, with its reason. */
  allowed: { rule: string; reason: string }[];
}

const RANK = { deny: 4, ask: 3, allow: 2, context: 1 } as const;

/**
 * Returns the verdicts of `file`'s rules on `call`, strongest first. `only`: the positions of the rules
 * that may answer it (rule-index.ts), ascending; the others are not looked at.
 */
export function judgeCall(file: RulesFile, call: RulesCall, preset: Preset, disabled: ReadonlySet<string>, allows: readonly AllowEntry[], only?: readonly number[]): Judged {
  const out: Judged = { verdicts: [], allowed: [] };
  const all = file.rule ?? [];
  for (const rule of only ? only.map((i) => all[i]) : all) {
    if (disabled.has(rule.id)) continue;
    const verdict = judgeRule(rule, file, call, preset);
    if (!verdict) continue;
    const allow = allows.find((a) => a.rule === rule.id && allowFits(a, call));
    if (allow) out.allowed.push({ rule: rule.id, reason: allow.reason });
    else out.verdicts.push(verdict);
  }
  out.verdicts.sort((a, b) => RANK[b.decision] - RANK[a.decision]);
  // A line that may run any program makes every rule a guess: one verdict (the strongest) says so,
  // and none when a rule of the file's own programs already answers as strongly.
  const guesses = out.verdicts.filter((v) => v.anyProgram);
  if (!guesses.length) return out;
  const real = out.verdicts.filter((v) => !v.anyProgram);
  if (real.length && RANK[real[0].decision] >= RANK[guesses[0].decision]) out.verdicts = real;
  else {
    guesses[0].more = guesses.length - 1 || undefined;
    out.verdicts = [guesses[0], ...real];
  }
  return out;
}

/** Returns a rule's decision in `preset` (`off`: the rule does not apply). Paranoid denies what asks. */
export function decisionIn(d: PerPreset<RuleDecision>, preset: Preset): RuleDecision {
  const v = typeof d === "string" ? d : (pick(d, preset) ?? "off");
  return preset === "paranoid" && v === "ask" ? "deny" : v;
}

/**
 * Returns what a rule that can only fire does in `preset`: the rule's on_dynamic (a part of its own
 * command is only known when it runs), else the file's (also for a line that may run any program),
 * else ignore / ask / deny.
 */
export function dynamicIn(rule: Rule, file: RulesFile, preset: Preset): DynamicDecision {
  const d = rule.on_dynamic ?? file.on_dynamic ?? { default: "ignore", strict: "ask", paranoid: "deny" };
  const v = typeof d === "string" ? d : (pick(d, preset) ?? "ignore");
  return preset === "paranoid" && v === "ask" ? "deny" : v;
}

/** The reason text of a verdict: the rule id, why, the safer way, and how to allow it. */
export function reasonOf(v: Verdict): string {
  const others = v.more ? ` (and ${v.more} more rule${v.more === 1 ? "" : "s"} of this file)` : "";
  const head = v.anyProgram
    ? `${v.rule.id}${others}: the line may run a program these rules guard: ${v.dynamic}`
    : v.dynamic
      ? `${v.rule.id}: ${v.subject} may do this, but ${v.dynamic} (${v.rule.reason})`
      : `${v.rule.id}: ${v.rule.reason}`;
  const instead = v.rule.alternative && !v.anyProgram ? ` Instead: ${v.rule.alternative}.` : "";
  const how =
    v.decision !== "deny" && v.decision !== "ask"
      ? ""
      : v.anyProgram
        ? " To allow it: write the program out in the line, or change the file's on_dynamic (docs/rules.md)."
        : ` To allow it: agentihooks conditions disable ${v.rule.id}, or an [[allow]] entry with a reason (docs/rules.md).`;
  return `${head}.${instead}${how}`.replace(/\.\./g, ".");
}

// --- internal ---

function pick<T>(d: Partial<Record<Preset, T>>, preset: Preset): T | undefined {
  return preset === "default" ? d.default : preset === "strict" ? (d.strict ?? d.default) : (d.paranoid ?? d.strict ?? d.default);
}

function judgeRule(rule: Rule, file: RulesFile, call: RulesCall, preset: Preset): Verdict | undefined {
  const decision = decisionIn(rule.decision, preset);
  if (decision === "off") return undefined;
  // anyProgram: the line may run any program (this pack's too): the file's on_dynamic decides, not the rule's
  let maybe: { unknown: string; subject: string; anyProgram?: boolean } | undefined;
  const fired = (subject: string): Verdict => ({ rule, decision, subject });
  const where = {
    home: call.home,
    get project() {
      return (call.project ??= gitRoot(call.cwd) ?? call.cwd); // a stat walk: only for a path predicate
    },
  };
  if (call.facts && rule.program !== undefined && mayRun(rule.program, call)) {
    for (const c of call.facts.commands) {
      const m = matchCommand(rule, c, file, where);
      if (m.tri === YES) return fired(c.program ?? "a command");
      if (m.tri === MAYBE && (!maybe || maybe.anyProgram)) maybe = { unknown: m.unknown ?? "a part of the line is only known when it runs", subject: c.program ?? "a program only known when the line runs", anyProgram: m.anyProgram };
    }
    // A dynamic line may run any program: this one too.
    if (!maybe && call.facts.dynamic) maybe = { unknown: `the line is dynamic (${call.facts.why[0]?.message ?? "a part is only known when it runs"})`, subject: "the line", anyProgram: true };
  }
  for (const p of call.paths ?? []) {
    const m = matchPath(rule, call.tool, p, call.cwd, file, where);
    if (m.tri === YES) return fired(p);
    if (m.tri === MAYBE) maybe ??= { unknown: "the path is only known when it runs", subject: p };
  }
  if (!maybe) return undefined;
  const onDynamic = dynamicIn(maybe.anyProgram ? { ...rule, on_dynamic: undefined } : rule, file, preset);
  if (onDynamic === "ignore" || decision === "allow" || decision === "context") return undefined;
  // what on_dynamic says for the preset (a rule that allows or only comments does nothing on a guess)
  return { rule, decision: onDynamic, subject: maybe.subject, dynamic: maybe.unknown, ...(maybe.anyProgram ? { anyProgram: true } : {}) };
}

/** True when the line may run one of `names`: most lines run none of a rule's programs, and are done at once. */
function mayRun(names: string | string[], call: RulesCall): boolean {
  const facts = call.facts!;
  if (facts.dynamic) return true;
  const programs = (call.programs ??= linePrograms(facts));
  if (programs.has(null)) return true;
  return typeof names === "string" ? programs.has(names) : names.some((n) => programs.has(n));
}

function allowFits(a: AllowEntry, call: RulesCall): boolean {
  if (a.command !== undefined && (call.command === undefined || !new RegExp(a.command).test(call.command))) return false;
  if (a.cwd !== undefined) {
    const dir = a.cwd === "~" || a.cwd.startsWith("~/") ? call.home + a.cwd.slice(1) : a.cwd;
    const d = dir.replace(/\/+$/, "");
    if (call.cwd !== d && !call.cwd.startsWith(`${d}/`)) return false;
  }
  return true;
}
