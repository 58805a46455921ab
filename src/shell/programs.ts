// Words -> programs. Each simple command contributes its program word once assignments and wrappers
// are peeled off; then its builtin handling (builtins.ts), the options and settings that carry
// commands (carriers.ts), an interpreter's inline code (interpreters.ts) and what a runner runs
// (runners.ts). Fail closed: whenever a program, or a command line that will be run, is not known
// before the line runs, the analysis is dynamic, with the reason and where.
import { type ArithSink, hasIntegerAttribute, isInteger, readName, readOperand, readsVariable, shellAssigns } from "./arith";
import { carriesCommand, checkAssignment } from "./environment";
import { type CommandInfo, type Findings, type Site, addEffect, basename, dynamic, record, spanOf, stop } from "./findings";
import { type Seen, skipOptions, type Words } from "./options";
import { BUILTIN, CARRIER, INTERPRETER, RUNNER, tablesOf, UNMODELLED } from "./program-index";
import { readsStdin, run } from "./runners";
import { ARITHMETIC, MAX_DEPTH, type ScanContext, type SimpleCommand, type Span, scan, scanExpansionText } from "./scan";
import { splitAssignment, type Word } from "./syntax";
import { isLoader, wrapperOf } from "./wrappers";

export { type CommandInfo, type Findings, type InlineCode } from "./findings";

/** Returns empty findings for one analysis, wired to this module's walk. */
export function newFindings(ctx: ScanContext): Findings {
  return {
    programs: new Set(), modules: new Set(), wrappers: new Set(), dynamic: false, commands: [], inline: [], ctx,
    find: findPrograms, resolve: resolveWords, expand: findInExpansions, sh: findShLine,
  };
}

/** Adds to `f` the programs of the command line `text`, scanned at nesting `depth`. */
export function findPrograms(text: string, depth: number, f: Findings, via?: string, origin?: Span): void {
  if (f.ctx.stopped) return;
  // a command line handed on to a shell is a C string: it ends at a NUL (the top level's is a reason)
  const nul = depth > 0 ? text.indexOf("\0") : -1;
  if (nul >= 0) text = text.slice(0, nul);
  if (depth > MAX_DEPTH) return stop(f, `nesting deeper than ${MAX_DEPTH}`);
  const { commands, complete } = scan(text, depth, f.ctx, origin);
  if (!complete) f.dynamic = true;
  resolveAll(commands, f, via);
}

/**
 * Constructs POSIX sh (dash) and bash read differently: `$'..'` and `$".."`, `&>`, `<<<`, `|&`,
 * brace expansion, `[[`, `((`, `function`, `select`, arrays, `${x@op}` and `${x:off}`.
 */
const DIALECT = /\$['"]|&>|<<<|\|&|\{[^{}\s]*(?:,|\.\.)[^{}\s]*\}|\[\[|\(\(|\bfunction\b|\bselect\b|\b[A-Za-z_]\w*\+?=\(|\$\{[^}]*(?:@|:[-0-9 ])/;

/** Adds the programs of `text` as /bin/sh runs it (see Findings.sh). */
export function findShLine(text: string, depth: number, f: Findings, via?: string, origin?: Span, shell?: string): void {
  // the shell itself runs (programs find `sh` on PATH when $SHELL is not set: vim's `:!`, ssh's ProxyCommand)
  if (!shell && text.trim()) f.programs.add("sh");
  if (DIALECT.test(text)) {
    const span = origin ?? [0, text.length];
    dynamic(f, "shell-dialect", `${via ?? "a program"} runs this text with /bin/sh, which reads some of it differently from bash`, span);
  }
  findPrograms(text, depth, f, via, origin);
}

/** Adds the programs of the substitutions in `text`, which bash expands (a prompt, a subscript). */
export function findInExpansions(text: string, depth: number, f: Findings, origin: Span): void {
  if (f.ctx.stopped) return;
  if (depth > MAX_DEPTH) return stop(f, `nesting deeper than ${MAX_DEPTH}`);
  const { commands, complete } = scanExpansionText(text, depth, f.ctx, origin);
  if (!complete) f.dynamic = true;
  resolveAll(commands, f, "expansion");
}

// --- internal ---

function resolveAll(commands: SimpleCommand[], f: Findings, via?: string): void {
  for (const cmd of commands) {
    const site: Site = { cmd, depth: cmd.depth, via, origin: cmd.origin };
    if (cmd.timed) f.wrappers.add("time");
    if (cmd.words.length) resolveWords(cmd.words, 0, site, f);
    else if (cmd.redirects.length) record(f, site, null, [], 0);
  }
}

/** Resolves the command that starts at `words[i]`: assignments, then wrappers, then the program. */
function resolveWords(words: Word[], i: number, site: Site, f: Findings): void {
  const effects: string[] = [];
  while (i < words.length && words[i].assign) assignment(words[i++], site, f, effects);
  const ref: Words = { words };
  const wrappers: string[] = [];
  let shell = false;
  for (;;) {
    const w = ref.words[i];
    if (!w) {
      if (shell) readsStdin(site, f, wrappers[wrappers.length - 1]);
      return void withEffects(record(f, site, null, ref.words, i, false, wrappers), effects);
    }
    if (w.flags !== 0) {
      dynamic(f, "program-not-static", `the program is made by an expansion (${describe(w)}), so it is only known when the line runs`, spanOf(site, w));
      return void withEffects(record(f, site, null, ref.words, i, true, wrappers), effects);
    }
    const name = basename(w.text);
    const wrapper = wrapperOf(name);
    if (!wrapper) return program(name, ref.words, i, site, f, wrappers, effects);
    f.wrappers.add(name);
    wrappers.push(name);
    const seen: Seen = { direct: false };
    const before = f.commands.length;
    const next = skipOptions(ref, i + 1, wrapper, site, f, seen);
    if (seen.shell) shell = true;
    if (next < 0) return void (f.commands.length === before && record(f, site, null, [], 0, false, wrappers));
    i = next;
  }
}

/** Records the program `name` at `words[i]` and what it runs besides. */
function program(name: string, words: Word[], i: number, site: Site, f: Findings, wrappers: string[], effects: string[]): void {
  if (name === "") return void withEffects(record(f, site, null, words, i, false, wrappers), effects);
  f.programs.add(name);
  const info = withEffects(record(f, site, name, words, i, false, wrappers), effects);
  const tables = tablesOf(name);
  if (tables === 0) return; // most programs: no table has a row for them
  if (tables & UNMODELLED) {
    const why = load.runners().unmodelled(name);
    if (why) return dynamic(f, "unmodelled-runner", why, spanOf(site, words[i]));
  }
  if (tables & BUILTIN) load.builtins().runBuiltin(name, words, i + 1, site, f);
  if (tables & CARRIER) load.carriers().checkCarriers(isLoader(name) ? "ld.so" : name, words, i + 1, site, f, info);
  if (tables & INTERPRETER) load.interpreters().runInline(name, words, i + 1, site, f);
  if (tables & RUNNER) {
    const runner = load.runners().runnerOf(name);
    if (runner) run(runner, name, words, i + 1, site, f);
  }
}

/**
 * The modules that read the tables, loaded the first time a program with a row in them runs (Bun
 * bundles require() as a lazy chunk): a line of plain programs builds none of the tables.
 */
type Modules = {
  builtins: typeof import("./builtins");
  carriers: typeof import("./carriers");
  interpreters: typeof import("./interpreters");
  runners: typeof import("./runner-lookup");
};
const loaded: Partial<Modules> = {};
const load = {
  builtins: (): Modules["builtins"] => (loaded.builtins ??= require("./builtins")),
  carriers: (): Modules["carriers"] => (loaded.carriers ??= require("./carriers")),
  interpreters: (): Modules["interpreters"] => (loaded.interpreters ??= require("./interpreters")),
  runners: (): Modules["runners"] => (loaded.runners ??= require("./runner-lookup")),
};

function withEffects(info: CommandInfo, effects: string[]): CommandInfo {
  for (const e of effects) addEffect(info, e);
  return info;
}

/** `NAME=value` before the program: a variable that carries a command, or an integer's arithmetic. */
function assignment(w: Word, site: Site, f: Findings, effects: string[]): void {
  const { name, value, raw, append } = splitAssignment(w);
  const span = spanOf(site, w);
  if (carriesCommand(name)) effects.push(`environment ${name}`);
  checkAssignment(name, value, w.flags === 0, span, site, f, raw.startsWith("("));
  const sink: ArithSink = { ctx: f.ctx, expand: (t, sp) => f.expand(t, site.depth + 1, f, sp) };
  if (f.ctx.namerefs?.has(name)) readName(sink, value, w.flags === 0, span, 0); // `declare -n r; r=NAME` names r's target
  // judged once the line is read: `declare -i x` may come later in the text and still run first (a function)
  if (!integerValue(w, value, raw)) shellAssigns(f.ctx, name, span[0], span[1]);
  if (!hasIntegerAttribute(f.ctx, name)) return;
  if (append) readsVariable(f.ctx, name, span[0], span[1]); // `x+=1` evaluates x's value too
  if (raw.startsWith("(")) return dynamic(f, "integer-assignment", `the elements of the integer array \`${name}\` are evaluated as arithmetic`, span);
  readOperand(sink, { text: value, raw, flags: w.flags }, span);
}

/** True when an assignment's value is an integer: a literal, an arithmetic result, `$?`, `$#`, `$$`, `$!`. */
function integerValue(w: Word, value: string, raw: string): boolean {
  if (raw.startsWith("(")) return false;
  return (w.flags === 0 && isInteger(value)) || (w.flags === ARITHMETIC && /^\$\(\([^]*\)\)$/.test(raw)) || /^"?\$\{?[#?$!]\}?"?$/.test(raw);
}

function describe(w: Word): string {
  const raw = w.raw.length > 40 ? `${w.raw.slice(0, 40)}...` : w.raw;
  return `\`${raw}\``;
}
