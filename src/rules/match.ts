// Whether one rule matches one simple command (or a file tool's path): each part the rule names
// (program, subcommand, options, operands, option values, redirections, `when`) is YES, NO or MAYBE,
// and the rule is their conjunction. A command whose program is only known when the line runs may be
// any program: MAYBE for every rule that names one.
import type { CommandFact, FactWord } from "../facts/facts";
import { gitInvocation } from "../facts/git";
import { type ReadWords, readWords } from "./options";
import { commandHolds, type PredicateContext, wordHolds } from "./predicates";
import { type AnyAllNone, MAYBE, NO, type OptionTable, type Rule, type RulesFile, type Tri, YES } from "./types";

/** The answer for one rule and one command, with what made it MAYBE. */
export interface Match {
  tri: Tri;
  /** Why it could not be told (MAYBE only). */
  unknown?: string;
  /** MAYBE because the program itself is only known when the line runs (not this rule's business alone). */
  anyProgram?: true;
}

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : typeof v === "string" ? [v] : v);

/** Returns whether `rule` matches command `c` (the home, the session's project and the file give what predicates need). */
export function matchCommand(rule: Rule, c: CommandFact, file: RulesFile, where: { home: string; project: string }): Match {
  const programs = list(rule.program);
  if (!programs.length) return { tri: NO };
  if (c.program === null) return c.dynamic ? { tri: MAYBE, unknown: "a program only known when the line runs", anyProgram: true } : { tri: NO };
  if (!programs.includes(c.program)) return { tri: NO };
  let args = c.args;
  let cwd = c.cwd;
  let unknown: string | undefined;
  let sub: string[] = [];
  const git = gitInvocation(c);
  if (git) {
    args = git.args;
    cwd = git.cwd;
    if (git.dynamic) unknown = git.dynamic;
    if (git.sub !== null) sub = [git.sub];
  }
  const wanted = list(rule.subcommand);
  // git's subcommand is known and the rule names others: no match, whatever its words are (most
  // rules of a git line end here, before its words are read)
  if (git && git.sub !== null && wanted.length && !wanted.some((w) => w.split(/\s+/)[0] === git.sub)) return { tri: NO };
  // the options whose values a rule reads take a value, whether or not a table says so; git's own
  // subcommand picks its table (a rule naming checkout and switch reads `git checkout` with checkout's)
  const table = mergeTables(file.commands, c.program, git && git.sub !== null ? wanted.filter((w) => w.split(/\s+/)[0] === git.sub) : wanted, rule.values?.options);
  let read = readWords(args, table);
  let tri: Tri = YES;
  if (wanted.length && git && git.sub === null) {
    // no subcommand, or one only known when it runs (a word, an alias given with -c "$X")
    if (!git.dynamic) return { tri: NO };
    tri = MAYBE;
    unknown ??= git.dynamic;
  } else if (wanted.length) {
    const s = matchSubcommand(wanted, git ? sub : null, read);
    if (s.tri === NO) return s;
    if (s.tri === MAYBE) {
      tri = MAYBE;
      unknown ??= s.unknown;
    }
    read = s.rest ?? read;
  } else if (git && git.sub === null && git.dynamic) tri = MAYBE;
  const ctx: PredicateContext = { cwd, home: where.home, project: where.project, protectedBranches: file.protected_branches ?? ["main", "master"] };
  const parts: [Tri, string][] = [
    [options(rule.options, read), "an option only known when the line runs"],
    [operands(rule.operands, read, ctx), "an operand only known when the line runs"],
    [values(rule.values, read, ctx), "an option's value only known when the line runs"],
    [words(rule.redirects, writtenFiles(c), ctx), "a redirection only known when the line runs"],
    [when(rule.when, ctx, git?.dynamic), "where the command runs is only known when the line runs"],
  ];
  for (const [t, why] of parts) {
    if (t === NO) return { tri: NO };
    if (t === MAYBE) {
      tri = MAYBE;
      unknown ??= why;
    }
  }
  return tri === MAYBE ? { tri, unknown } : { tri };
}

/** Returns whether `rule` matches a file tool's path. */
export function matchPath(rule: Rule, tool: string, path: string, cwd: string, file: RulesFile, where: { home: string; project: string }): Match {
  if (!rule.tools?.some((t) => t.toLowerCase() === tool.toLowerCase())) return { tri: NO };
  const ctx: PredicateContext = { cwd, home: where.home, project: where.project, protectedBranches: file.protected_branches ?? ["main", "master"] };
  return { tri: words(rule.paths, [{ value: path, raw: path }], ctx) };
}

// --- internal ---

/** The files a command's output redirections write (`>`, `>>`, `>|`, `&>`, `>& file`; not `2>&1`). */
function writtenFiles(c: CommandFact): FactWord[] {
  return c.redirects.filter((r) => r.op.includes(">") && !(r.op.endsWith("&") && /^(?:\d+-?|-)$/.test(r.target.value ?? ""))).map((r) => r.target);
}

function mergeTables(tables: RulesFile["commands"], program: string, sub: string[], valued: string[] = []): OptionTable | undefined {
  const own = tables?.[program];
  // `git worktree remove` reads the tables of `git worktree` and `git worktree remove`
  const keys = new Set(sub.flatMap((s) => s.split(/\s+/).map((_, i, ws) => `${program} ${ws.slice(0, i + 1).join(" ")}`)));
  const subs = [...keys].map((k) => tables?.[k]).filter((t): t is OptionTable => !!t);
  if (!own && !subs.length && !valued.length) return undefined;
  const all = [own, ...subs, { values: valued }].filter((t): t is OptionTable => !!t);
  const out: OptionTable = { flags: all.flatMap((t) => t.flags ?? []), values: all.flatMap((t) => t.values ?? []), optional: all.flatMap((t) => t.optional ?? []) };
  for (const t of all) {
    if (t.aliases) out.aliases = { ...out.aliases, ...t.aliases };
    if (t.lists) out.lists = { ...out.lists, ...t.lists };
    if (t.single_dash) out.single_dash = true;
    if (t.default_operand !== undefined) out.default_operand = t.default_operand;
  }
  return out;
}

/**
 * Matches the subcommand words (`push`, `system prune`): git's comes from its invocation, another
 * program's are its first operands. Returns the words after them as `rest`.
 */
function matchSubcommand(wanted: string[], gitSub: string[] | null, read: ReadWords): Match & { rest?: ReadWords } {
  let best: Tri = NO;
  for (const w of wanted) {
    const want = w.split(/\s+/);
    const have = gitSub ? [...gitSub, ...read.operands.map((o) => o.value)] : read.operands.map((o) => o.value);
    let t: Tri = YES;
    for (let i = 0; i < want.length; i++) {
      const h = have[i];
      if (h === null) t = MAYBE;
      else if (h !== want[i]) {
        t = h === undefined && read.unknown ? MAYBE : NO;
        if (t === NO) break;
      }
    }
    if (t === YES) {
      const skip = gitSub ? want.length - 1 : want.length;
      return { tri: YES, rest: { ...read, operands: read.operands.slice(skip) } };
    }
    if (t === MAYBE) best = MAYBE;
  }
  return best === MAYBE ? { tri: MAYBE, unknown: "a subcommand only known when the line runs" } : { tri: NO };
}

function options(spec: AnyAllNone | undefined, read: ReadWords): Tri {
  if (!spec) return YES;
  const has = (name: string) => read.options.some((o) => o.name === name);
  const unknown = read.unknown > 0;
  let tri: Tri = YES;
  if (spec.any?.length) tri = and(tri, spec.any.some(has) ? YES : unknown ? MAYBE : NO);
  if (spec.all?.length) tri = and(tri, spec.all.every(has) ? YES : unknown ? MAYBE : NO);
  if (spec.none?.length) tri = and(tri, spec.none.some(has) ? NO : unknown ? MAYBE : YES);
  return tri;
}

function operands(spec: Rule["operands"], read: ReadWords, ctx: PredicateContext): Tri {
  if (!spec) return YES;
  const ops = read.operands.slice(spec.skip ?? 0);
  const uncertain = ops.some((o) => o.value === null || o.glob);
  let tri: Tri = YES;
  if (spec.min !== undefined && ops.length < spec.min) tri = and(tri, read.unknown ? MAYBE : NO);
  if (spec.max !== undefined && ops.length > spec.max) tri = and(tri, NO);
  else if (spec.max !== undefined && uncertain) tri = and(tri, MAYBE);
  return and(tri, words(spec, ops, ctx));
}

function values(spec: Rule["values"], read: ReadWords, ctx: PredicateContext): Tri {
  if (!spec) return YES;
  const vals = read.options.filter((o) => spec.options.includes(o.name) && o.value).map((o) => o.value!);
  if (!vals.length) return read.unknown ? MAYBE : NO;
  return words(spec, vals, ctx);
}

/** any: some word fits one of the predicates; all: every word does (and there is one); none: no word does. */
function words(spec: AnyAllNone | undefined, ws: FactWord[], ctx: PredicateContext): Tri {
  if (!spec) return YES;
  const fits = (w: FactWord, preds: string[]): Tri => preds.reduce<Tri>((t, p) => or(t, wordHolds(p, w, ctx)), NO);
  let tri: Tri = YES;
  if (spec.any?.length) tri = and(tri, ws.reduce<Tri>((t, w) => or(t, fits(w, spec.any!)), NO));
  if (spec.all?.length) tri = and(tri, ws.length ? ws.reduce<Tri>((t, w) => and(t, fits(w, spec.all!)), YES) : NO);
  if (spec.none?.length) tri = and(tri, not(ws.reduce<Tri>((t, w) => or(t, fits(w, spec.none!)), NO)));
  return tri;
}

function when(preds: string[] | undefined, ctx: PredicateContext, gitDynamic: string | undefined): Tri {
  let tri: Tri = YES;
  for (const p of preds ?? []) tri = and(tri, p === "dynamic-settings" ? (gitDynamic ? YES : NO) : commandHolds(p, ctx));
  return tri;
}

const and = (a: Tri, b: Tri): Tri => (a === NO || b === NO ? NO : a === MAYBE || b === MAYBE ? MAYBE : YES);
const or = (a: Tri, b: Tri): Tri => (a === YES || b === YES ? YES : a === MAYBE || b === MAYBE ? MAYBE : NO);
const not = (a: Tri): Tri => (a === YES ? NO : a === NO ? YES : MAYBE);
