// Arithmetic reads variables' values as expressions, and an array subscript in such a value is
// expanded: `x='a[$(rm f)]'; (( x ))` runs rm. The same happens in `$((x))`, `[[ $x -eq 0 ]]`, `let`,
// `declare -i`, `b[x]=1`, `${b[x]}`, `${s:x}`, and for names given to `read`, `printf -v` or `[ -v ]`.
// So a variable read in arithmetic is safe only when every value the line gives it is an integer
// (literal, or an arithmetic result); anything else, or a variable the line never sets (its value
// comes from the environment), makes the line dynamic. The uses are judged once the line is read.
import { isIntegerVariable, isSpecial, writeMatters } from "./core";
import { addReason, type ScanContext, type Span } from "./syntax";

/** Special parameters that always hold an integer: `$#`, `$?`, `$$`, `$!`. */
export const NUMERIC_SPECIALS = "#?$!";

/** Where arithmetic facts go: the analysis' context, and a scan for the expansions in a text. */
export interface ArithSink {
  ctx: ScanContext;
  /** Scans `text` for the substitutions it holds (they run when bash expands it). */
  expand(text: string, span: Span): void;
}

/** Records that arithmetic reads variable `name` at [start, end). */
export function readsVariable(ctx: ScanContext, name: string, start: number, end: number, what?: string): void {
  ctx.arith.push(what ? { name, start, end, what } : { name, start, end });
}

/**
 * Records a write to `name` whose value the analysis does not see (`read`, `printf -v`, `for`,
 * `${x:=v}`): the value is unknown from then on, and the line is dynamic when bash or a program acts
 * on that variable (`PS4`, `GIT_EXTERNAL_DIFF`; core.ts).
 */
export function unseenWrite(ctx: ScanContext, name: string, how: string, start: number, end: number): void {
  assigns(ctx, name, 2);
  if (writeMatters(name)) addReason(ctx, "unseen-assignment", `${how} gives \`${name}\` a value only known when the line runs, and bash or a program acts on that variable`, start, end);
}

/** True when `name` has the integer attribute (`declare -i` in the line, or bash's own: RANDOM, OPTIND...): assigning to it is arithmetic. */
export function hasIntegerAttribute(ctx: ScanContext, name: string): boolean {
  return ctx.integers?.has(name) === true || isIntegerVariable(name);
}

/** True when the line keeps `name` an integer: every write to it is a visible integer, and bash does not set it. */
export function knownInteger(ctx: ScanContext, name: string): boolean {
  return ctx.vars?.get(name) === 1 && !isSpecial(name);
}

/** Records a value the line gives `name`: an integer (1) or anything else (2). */
export function assigns(ctx: ScanContext, name: string, kind: 1 | 2): void {
  const vars = (ctx.vars ??= new Map());
  if (vars.get(name) !== 2) vars.set(name, kind);
}

/** True when `text` is a value arithmetic reads as a plain integer (`5`, `-3`, `0x1f`, `8#17`, empty). */
export function isInteger(text: string): boolean {
  return /^[-+]?(?:[0-9]+|0[xX][0-9a-fA-F]+|[0-9]+#[0-9A-Za-z@_]+)?$/.test(text.trim());
}

/**
 * Reads the static expression `text` (at `span`): its variable names are arithmetic reads, a name
 * followed by `=` an integer assignment; a `$` or backtick in it is expanded by bash when a subscript
 * holds it, so it is scanned and makes the line dynamic.
 */
export function readExpression(sink: ArithSink, text: string, span: Span): void {
  if (/[$`]/.test(text)) {
    addReason(sink.ctx, "arithmetic-expansion", "an arithmetic expression holds text that bash expands when it evaluates it", span[0], span[1]);
    return sink.expand(text, span);
  }
  forEachName(text, (name, assigned, read) => {
    if (assigned) assigns(sink.ctx, name, 1);
    if (read) readsVariable(sink.ctx, name, span[0], span[1]);
  });
}

/**
 * Checks a word used as a variable name (`read NAME`, `printf -v NAME`, `[ -v NAME ]`): a name made by
 * an expansion may name an array element whose subscript runs code; a static subscript is an
 * expression. `isStatic` is false for a word whose text is not known.
 */
export function readName(sink: ArithSink, text: string, isStatic: boolean, span: Span, assigned: 1 | 2 | 0): void {
  if (!isStatic) {
    addReason(sink.ctx, "variable-name", "a variable name made by an expansion may name an array element whose subscript runs code", span[0], span[1]);
    return;
  }
  const open = text.indexOf("[");
  const name = open < 0 ? text : text.slice(0, open);
  if (assigned) assigns(sink.ctx, name, assigned);
  if (open < 0) return;
  const subscript = text.slice(open + 1, text.lastIndexOf("]") > open ? text.lastIndexOf("]") : undefined);
  // an associative array's key is expanded, not evaluated: only its substitutions matter
  if (!sink.ctx.assoc?.has(name) || /[$`]/.test(subscript)) readExpression(sink, subscript, span);
}

/**
 * Checks a word that arithmetic evaluates (`[[ A -eq B ]]`): a static one is an expression, `$x` or
 * `${x}` reads x, an arithmetic expansion is an integer; anything else is only known when it runs.
 */
export function readOperand(sink: ArithSink, w: { text: string; raw: string; flags: number }, span: Span): void {
  if (w.flags === 0) return readExpression(sink, w.text, span);
  const name = variableOf(w.raw);
  if (name !== undefined) return readsVariable(sink.ctx, name, span[0], span[1]);
  if (/^"?\$\{?[#?$!]\}?"?$/.test(w.raw) || /^"?\$\(\([^]*\)\)"?$/.test(w.raw)) return;
  addReason(sink.ctx, "arithmetic-operand", "an operand that arithmetic evaluates is only known when the line runs", span[0], span[1]);
}

/** The variable a raw word is nothing but a reference to (`$x`, `${x}`, `"$x"`), if it is one. */
export function variableOf(raw: string): string | undefined {
  const v = /^"?\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))"?$/.exec(raw);
  return v ? (v[1] ?? v[2]) : undefined;
}

/** Records a value the shell assigns to `name` at [start, end) that is not known to be an integer. */
export function shellAssigns(ctx: ScanContext, name: string, start: number, end: number): void {
  (ctx.shellAssigned ??= []).push({ name, start, end });
}

/**
 * Judges every arithmetic read of the line (a variable not only ever an integer makes it dynamic),
 * and every value the shell assigns to an integer variable.
 */
export function judgeReads(ctx: ScanContext): void {
  for (const e of ctx.subscriptReads ?? []) if (!ctx.assoc?.has(e.array)) ctx.arith.push(...e.reads);
  if (ctx.shellAssigned) {
    for (const a of ctx.shellAssigned) {
      if (hasIntegerAttribute(ctx, a.name)) addReason(ctx, "integer-assignment", `a value assigned to the integer variable \`${a.name}\` is evaluated as arithmetic, where a[$(cmd)] runs cmd`, a.start, a.end);
    }
  }
  if (!ctx.arith.length) return;
  for (const u of ctx.arith) {
    if (knownInteger(ctx, u.name)) continue;
    const why = isSpecial(u.name) ? "bash sets it, to a value the line does not show" : ctx.vars?.has(u.name) ? "the line gives it a value that is not an integer" : "its value comes from outside the line";
    addReason(ctx, "arithmetic-variable", `${u.what ?? "arithmetic reads"} \`${u.name}\`, and ${why}: a value like a[$(cmd)] runs cmd`, u.start, u.end);
  }
  ctx.arith.length = 0;
}

/** One token of an expression: a variable name (with how it is used) or anything else, up to `next`. */
export interface Token {
  next: number;
  name?: string;
  assigned?: boolean;
  read?: boolean;
}

/**
 * Returns the token of `text` at `i`: a variable name, `assigned` when an assignment operator goes
 * with it (`=`, `+=`, `++`...) and `read` unless that is a plain `=`; a number (`0x1f`, `16#ff`) is
 * one token, any other character too.
 */
export function tokenAt(text: string, i: number, limit = text.length): Token {
  const c = text.charCodeAt(i);
  if (c >= 48 && c <= 57) {
    while (i < limit && (isNameChar(text.charCodeAt(i)) || text[i] === "#" || text[i] === "@")) i++;
    return { next: i };
  }
  if (!isNameStart(c)) return { next: i + 1 };
  const start = i;
  while (i < limit && isNameChar(text.charCodeAt(i))) i++;
  const op = operatorAround(text, start, i, limit);
  return { next: i, name: text.slice(start, i), assigned: op !== "", read: op !== "=" };
}

// --- internal ---

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);

/** Calls `visit` for every variable name of the expression `text`. */
function forEachName(text: string, visit: (name: string, assigned: boolean, read: boolean) => void): void {
  for (let i = 0; i < text.length; ) {
    const t = tokenAt(text, i);
    if (t.name) visit(t.name, t.assigned === true, t.read === true);
    i = t.next;
  }
}

/** Returns the assignment operator around the name at [start, i) ("=", "op=", "++"), or "". */
function operatorAround(text: string, start: number, i: number, limit: number): string {
  let j = i;
  if (text[j] === "[") {
    let d = 0;
    for (; j < limit; j++) {
      if (text[j] === "[") d++;
      else if (text[j] === "]" && --d === 0) break;
    }
    j++;
  }
  while (text[j] === " " || text[j] === "\t") j++;
  const before = text.slice(Math.max(0, start - 2), start);
  if (before === "++" || before === "--" || text.startsWith("++", j) || text.startsWith("--", j)) return "++";
  if (text[j] === "=" && text[j + 1] !== "=") return "=";
  return /^(?:<<|>>|[-+*\/%&^|])=/.test(text.slice(j, j + 3)) ? "op=" : "";
}
