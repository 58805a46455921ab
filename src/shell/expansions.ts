// Quotes and expansions inside a word; the substitutions among them are scanned as lists, because
// they run. Grammar:
//   quoted := '\' c | "'" ... "'" | '"' dq '"' | "$'" ansi "'" | '$"' dq '"' | expansion | '`' text '`'
//   dq     := { c | '\' [$`"\\ NEWLINE] | expansion | '`' text '`' }
//   expansion := '$(' list ')' | '$((' arith '))' | '$[' arith ']' | '${' param '}' | '$' name | '$' [0-9@*#?$!-]
//   param  := ['!' | '#'] name ['[' arith ']'] [op word]        op: ':-' '-' ':=' ... '@P' ':' arith [':' arith]
//   proc   := ('<(' | '>(') list ')'
// Inside double quotes `'`, `$'` and `$"` are plain characters (in a `${...}` there as well).
// Arithmetic (arith.ts) reads its variables' values as expressions, so inside it every variable read
// is recorded, and a substitution's output makes the line dynamic. `${!x}` (the variable x names)
// and `${x@P}` (x's value expanded as a prompt) are dynamic too.
import { readAnsi } from "./ansi-c";
import { NUMERIC_SPECIALS, assigns, readExpression, readsVariable, shellAssigns, tokenAt, unseenWrite } from "./arith";
import { BQ, BS, type Cursor, DOLLAR, DQ, LB, LP, NL, PIPE, RB, RP, SQ } from "./cursor";
import { isIndirect, readFunsub } from "./braces";
import { ARITHMETIC, SUBSTITUTION, VARIABLE } from "./syntax";

/** Mutable state of the word being read; substitutions inside it only add flags. */
export interface WordState {
  text: string;
  flags: number;
  quoted: boolean;
  /** Inside arithmetic: variables read are recorded, substitutions make the line dynamic. */
  arith?: boolean;
}

/** Reads a backslash escape, a quoted string, a `$` expansion or a backtick substitution. */
export function readQuoted(s: Cursor, w: WordState, c: number): void {
  if (w.arith && (c === SQ || c === DQ || (c === DOLLAR && s.at(s.pos + 1) === SQ))) return quotedExpression(s, w, c);
  if (c === BS) {
    const n = s.at(s.pos + 1);
    if (n !== NL) w.quoted = true; // a line continuation is removed, quoting nothing
    if (n >= 0 && n !== NL) w.text += s.src[s.pos + 1];
    s.pos += n < 0 ? 1 : 2;
  } else if (c === SQ) {
    const j = s.src.indexOf("'", s.pos + 1);
    if (j < 0 || j >= s.end) s.fail("unterminated", "unterminated single quote");
    w.text += s.src.slice(s.pos + 1, j);
    w.quoted = true;
    s.pos = j + 1;
  } else if (c === DQ) readDquote(s, w);
  else if (c === DOLLAR) readDollar(s, w, false);
  else readBacktick(s, w);
}

/**
 * Quoted text inside arithmetic (`$(( 'x' ))`, `${s:'a[$(cmd)]'}`, `${a['i']}`): bash removes the
 * quotes and evaluates the text as an expression, so its names are read (their values are evaluated)
 * and a subscript in it is expanded, running its substitutions.
 */
function quotedExpression(s: Cursor, w: WordState, c: number): void {
  const start = s.pos;
  const before = w.text.length;
  w.arith = false;
  readQuoted(s, w, c);
  w.arith = true;
  const text = w.text.slice(before);
  if (text) readExpression({ ctx: s.ctx, expand: (t, span) => s.expandText(t, span) }, text, s.span(start, s.pos));
}

/** `"..."` (position at the opening quote): only `\`, `$` and backticks mean anything inside. */
function readDquote(s: Cursor, w: WordState): void {
  w.quoted = true;
  let seg = ++s.pos;
  while (s.pos < s.end) {
    const c = s.src.charCodeAt(s.pos);
    if (c === DQ) {
      w.text += s.src.slice(seg, s.pos++);
      return;
    }
    if (c !== BS && c !== DOLLAR && c !== BQ) {
      s.pos++;
      continue;
    }
    w.text += s.src.slice(seg, s.pos);
    if (c === DOLLAR) readDollar(s, w, true);
    else if (c === BQ) readBacktick(s, w);
    else {
      const n = s.at(s.pos + 1);
      if (n === DOLLAR || n === BQ || n === DQ || n === BS) w.text += s.src[s.pos + 1];
      else if (n !== NL) w.text += n < 0 ? "\\" : "\\" + s.src[s.pos + 1];
      s.pos += n < 0 ? 1 : 2;
    }
    seg = s.pos;
  }
  s.fail("unterminated", "unterminated double quote");
}

/** `$'..'`, `$"..."`, `$(...)`, `$((...))`, `$[...]`, `${...}`, `$name`, `$1`; a lone `$` is literal. */
export function readDollar(s: Cursor, w: WordState, inDq: boolean): void {
  const n = s.at(s.pos + 1);
  const start = s.pos;
  if (n === SQ && !inDq) {
    s.pos += 2;
    w.text += readAnsi(s, w);
    w.quoted = true;
  } else if (n === DQ && !inDq) {
    s.pos++;
    readDquote(s, w);
  } else if (n === LP && s.at(s.pos + 2) === LP && isArith(s, s.pos + 3)) {
    s.pos += 3;
    s.enter();
    skipArith(s, w);
    s.depth--;
  } else if (n === 91) {
    s.pos += 2;
    s.enter();
    skipArith(s, w, 93);
    s.depth--;
  } else if (n === LP) {
    readNested(s, w, 2, SUBSTITUTION);
    if (w.arith) s.dynamic("arithmetic-substitution", "the output of a substitution is evaluated as arithmetic", start, s.pos);
  } else if (n === LB) skipParam(s, w, inDq);
  else if ((n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95) {
    s.pos += 2;
    let c = s.at(s.pos);
    while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57)) c = s.at(++s.pos);
    w.flags |= VARIABLE;
    if (w.arith) readVariable(s, s.src.slice(start + 1, s.pos), start);
  } else if (n >= 0 && "0123456789@*#?$!-".includes(s.src[s.pos + 1])) {
    s.pos += 2;
    w.flags |= VARIABLE;
    if (w.arith && !NUMERIC_SPECIALS.includes(s.src[start + 1])) {
      s.dynamic("arithmetic-variable", `arithmetic reads $${s.src[start + 1]}, whose value comes from outside the line`, start, s.pos);
    }
  } else {
    w.text += "$";
    s.pos++;
  }
}

/** `$(` / `<(` / `>(` (`skip` characters): a nested list up to the matching `)`. */
export function readNested(s: Cursor, w: WordState, skip: number, flag: number): void {
  s.pos += skip;
  s.enter();
  s.parseList(RP, false);
  s.depth--;
  w.flags |= flag;
}

/**
 * Skips an arithmetic body (after its `((`, or `$[` with `closer` `]`) up to the closing `))` or `]`;
 * substitutions in it run, and its variable reads are recorded.
 */
export function skipArith(s: Cursor, w: WordState, closer = RP): void {
  const open = closer === RP ? LP : 91;
  const outer = w.arith;
  w.arith = true;
  let d = closer === RP ? 2 : 1;
  for (;;) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", closer === RP ? "missing ))" : "missing ]");
    if (c === open) d++;
    else if (c === closer && --d === 0) break;
    arithPiece(s, w, c);
  }
  s.pos++;
  w.arith = outer;
  w.flags |= ARITHMETIC;
}

/**
 * True when the `((` ending just before `p` closes with an adjacent `))`, so it is arithmetic;
 * `$((a) && b)` is a substitution whose list starts with a subshell.
 */
export function isArith(s: Cursor, p: number): boolean {
  let d = 2;
  let one = -2;
  let i = p;
  for (; i < s.end; i++) {
    const c = s.src.charCodeAt(i);
    if (c === LP) d++;
    else if (c === RP) {
      if (--d === 1) one = i;
      else if (d === 0) break;
    } else if (c === SQ || c === DQ) {
      i = s.src.indexOf(s.src[i], i + 1);
      if (i < 0) i = s.end;
    } else if (c === BS) i++;
  }
  s.charge(i - p);
  return d === 0 && one === i - 1;
}

/** Backticks: the text between them, with `\``, `\$`, `\\` unescaped, is scanned as a list. */
export function readBacktick(s: Cursor, w: WordState): void {
  let inner = "";
  const start = s.pos;
  let seg = ++s.pos;
  for (;;) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "unterminated backquote");
    if (c === BQ) break;
    if (c !== BS) {
      s.pos++;
      continue;
    }
    const n = s.at(s.pos + 1);
    if (n === BQ || n === DOLLAR || n === BS) {
      inner += s.src.slice(seg, s.pos);
      seg = s.pos + 1;
    }
    s.pos += 2;
  }
  inner += s.src.slice(seg, s.pos++);
  w.flags |= SUBSTITUTION;
  s.scanNested(inner, start, s.pos);
  if (w.arith) s.dynamic("arithmetic-substitution", "the output of a substitution is evaluated as arithmetic", start, s.pos);
}

// --- internal ---

function readVariable(s: Cursor, name: string, start: number): void {
  const [a, b] = s.span(start, s.pos);
  readsVariable(s.ctx, name, a, b);
}

/** Reads one piece of arithmetic: a quote or an expansion, or a token (a name in it is read). */
function arithPiece(s: Cursor, w: WordState, c: number): void {
  if (c === BS || c === SQ || c === DQ || c === DOLLAR || c === BQ) return readQuoted(s, w, c);
  const t = tokenAt(s.src, s.pos, s.end);
  if (t.name) readArithName(s, t.name, t.assigned === true, t.read === true, t.next);
  s.pos = t.next;
}

function readArithName(s: Cursor, name: string, assigned: boolean, read: boolean, end: number): void {
  if (assigned) assigns(s.ctx, name, 1);
  if (!read) return;
  const [a, b] = s.span(end - name.length, end);
  readsVariable(s.ctx, name, a, b);
}

/**
 * `${...}` (position at `$`): the parameter, its subscript (arithmetic), then an operator and a word
 * that may hold quotes, substitutions and nested `${`. A substring's offset and length are arithmetic.
 */
function skipParam(s: Cursor, w: WordState, inDq: boolean): void {
  const start = s.pos;
  const first = s.at(s.pos + 2);
  if (first === 32 || first === 9 || first === NL || first === PIPE) return readFunsub(s, w);
  s.pos += 2;
  s.enter();
  const bang = s.at(s.pos) === 33;
  if (bang || (s.at(s.pos) === 35 && s.at(s.pos + 1) !== RB)) s.pos++;
  const nameStart = s.pos;
  let c = s.at(s.pos);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) {
    while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57)) c = s.at(++s.pos);
  } else if (c >= 48 && c <= 57) while (c >= 48 && c <= 57) c = s.at(++s.pos);
  else if (c >= 0 && "@*#?$!-".includes(s.src[s.pos])) s.pos++;
  const name = s.src.slice(nameStart, s.pos);
  const subscript = s.at(s.pos) === 91 ? readSubscript(s, w, name) : "";
  if (w.arith && /^[A-Za-z_]/.test(name)) readVariable(s, name, start);
  if (bang && isIndirect(s, name, subscript)) {
    s.dynamic("indirect-expansion", "${!name} expands the variable that name's value names, which may be an array element whose subscript runs code", start, s.pos);
  }
  const op = s.at(s.pos);
  const assigned = (op === 61 || (op === 58 && s.at(s.pos + 1) === 61)) && /^[A-Za-z_]/.test(name); // `${x:=WORD}`
  readOperator(s, w, inDq, start);
  if (assigned) {
    const [a, b] = s.span(start, s.pos + 1);
    unseenWrite(s.ctx, name, "${name:=word}", a, b);
    shellAssigns(s.ctx, name, a, b);
  }
  s.pos++;
  s.depth--;
  w.flags |= VARIABLE;
}

/**
 * `[...]` after the name of `array`: an arithmetic subscript (or `@`, `*`), or a key if the array is
 * associative, which only the whole line tells (`declare -A`): the variables it reads are judged
 * then (arith.ts). Returns its source text.
 */
export function readSubscript(s: Cursor, w: WordState, array: string): string {
  const open = ++s.pos;
  const outer = w.arith;
  const reads = s.ctx.arith;
  s.ctx.arith = [];
  w.arith = true;
  for (let d = 1; ; ) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "missing ]");
    if (c === 93 && --d === 0) break;
    if (c === 91) d++;
    arithPiece(s, w, c);
  }
  w.arith = outer;
  if (s.ctx.arith.length) (s.ctx.subscriptReads ??= []).push({ array, reads: s.ctx.arith });
  s.ctx.arith = reads;
  return s.src.slice(open, s.pos++);
}

/** The operator part of `${...}` up to its `}`: `@P` is dynamic, `:off:len` arithmetic, the rest a word. */
function readOperator(s: Cursor, w: WordState, inDq: boolean, start: number): void {
  const c = s.at(s.pos);
  const outer = w.arith;
  if (c === 64 && s.at(s.pos + 1) === 80) s.dynamic("prompt-expansion", "${x@P} expands x's value as a prompt, running the substitutions in it", start, s.pos + 2);
  if (c === 58 && !"-=+?".includes(s.src[s.pos + 1] ?? "")) w.arith = true;
  for (;;) {
    const ch = s.at(s.pos);
    if (ch < 0) s.fail("unterminated", "missing }");
    if (ch === RB) break;
    if (ch === BS) s.pos += 2;
    else if (ch === SQ && !inDq) readQuoted(s, w, ch);
    else if (ch === DQ || ch === DOLLAR || ch === BQ) readQuoted(s, w, ch);
    else if (w.arith) {
      const t = tokenAt(s.src, s.pos, s.end);
      if (t.name) readArithName(s, t.name, t.assigned === true, t.read === true, t.next);
      s.pos = t.next;
    } else s.pos++;
  }
  w.arith = outer;
}
