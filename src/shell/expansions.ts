// Quotes and expansions inside a word; the substitutions among them are scanned as lists, because
// they run. Grammar:
//   quoted := '\' c | "'" ... "'" | '"' dq '"' | "$'" ansi "'" | '$"' dq '"' | expansion | '`' text '`'
//   dq     := { c | '\' [$`"\\ NEWLINE] | expansion | '`' text '`' }
//   expansion := '$(' list ')' | '$((' arith '))' | '${' param '}' | '$' name | '$' [0-9@*#?$!-]
//   proc   := ('<(' | '>(') list ')'
// Inside double quotes `'`, `$'` and `$"` are plain characters (in a `${...}` there as well).
import { readAnsi } from "./ansi-c";
import { BQ, BS, type Cursor, DOLLAR, DQ, LB, LP, NL, RB, RP, SQ } from "./cursor";
import { ARITHMETIC, SUBSTITUTION, VARIABLE } from "./syntax";

/** Mutable state of the word being read; substitutions inside it only add flags. */
export interface WordState {
  text: string;
  flags: number;
  quoted: boolean;
}

/** Reads a backslash escape, a quoted string, a `$` expansion or a backtick substitution. */
export function readQuoted(s: Cursor, w: WordState, c: number): void {
  if (c === BS) {
    w.quoted = true;
    const n = s.at(s.pos + 1);
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

/** `$'..'`, `$"..."`, `$(...)`, `$((...))`, `${...}`, `$name`, `$1`; a lone `$` is literal. */
export function readDollar(s: Cursor, w: WordState, inDq: boolean): void {
  const n = s.at(s.pos + 1);
  if (n === SQ && !inDq) {
    s.pos += 2;
    w.text += readAnsi(s);
    w.quoted = true;
  } else if (n === DQ && !inDq) {
    s.pos++;
    readDquote(s, w);
  } else if (n === LP && s.at(s.pos + 2) === LP && isArith(s, s.pos + 3)) {
    s.pos += 3;
    s.enter();
    skipArith(s, w);
    s.depth--;
  } else if (n === LP) readNested(s, w, 2, SUBSTITUTION);
  else if (n === LB) skipParam(s, w, inDq);
  else if ((n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95) {
    s.pos += 2;
    let c = s.at(s.pos);
    while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57)) c = s.at(++s.pos);
    w.flags |= VARIABLE;
  } else if (n >= 0 && "0123456789@*#?$!-".includes(s.src[s.pos + 1])) {
    s.pos += 2;
    w.flags |= VARIABLE;
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

/** `${...}`: may hold quotes, substitutions and nested `${`. */
function skipParam(s: Cursor, w: WordState, inDq: boolean): void {
  s.pos += 2;
  s.enter();
  for (;;) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "missing }");
    if (c === RB) break;
    if (c === BS) s.pos += 2;
    else if (c === SQ && !inDq) readQuoted(s, w, c);
    else if (c === DQ || c === DOLLAR || c === BQ) readQuoted(s, w, c);
    else s.pos++;
  }
  s.pos++;
  s.depth--;
  w.flags |= VARIABLE;
}

/** Skips an arithmetic body (after its `((`) up to the closing `))`; substitutions in it run. */
export function skipArith(s: Cursor, w: WordState): void {
  let d = 2;
  for (;;) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "missing ))");
    if (c === LP) d++;
    else if (c === RP && --d === 0) break;
    if (c === BS || c === SQ || c === DQ || c === DOLLAR || c === BQ) readQuoted(s, w, c);
    else s.pos++;
  }
  s.pos++;
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
  s.scanNested(inner);
}
