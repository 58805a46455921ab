// Words: plain characters glued to quotes and expansions (`r''m` is `rm`), ending at a blank or an
// operator character. Grammar:
//   word   := { plain | quoted | proc | extglob }     (quoted, proc: see expansions.ts)
//   assign := NAME ['[' ... ']'] ['+'] '=' (word | '(' { word } ')')
//   extglob := [@!+*?] '(' pattern ')'
// Flags record why a word is not static: `*`, `?`, `[...]` make a glob and `{a,b}` a brace
// expansion (either could name any program); expansions add their own.
import { BQ, BS, CLASS, type Cursor, DOLLAR, DQ, LB, LP, RB, RP, SQ, TERM } from "./cursor";
import { readNested, readQuoted, readSubscript, type WordState } from "./expansions";
import { skipLines } from "./heredocs";
import { BRACE, GLOB, PROCESS, type Word } from "./syntax";

/** Reads one word at the position; `assign` allows `NAME=(...)` array values. */
export function readWord(s: Cursor, assign: boolean): Word {
  const start = s.pos;
  const w: WordState = { text: "", flags: 0, quoted: false };
  const eq = assignEnd(s);
  if (eq >= 0) readAssignName(s, w, eq);
  let seg = s.pos;
  let bracket = false;
  let brace = 0; // 1: saw `{`, 2: saw `{` then `,`
  while (s.pos < s.end) {
    const c = s.src.charCodeAt(s.pos);
    const k = c < 128 ? CLASS[c] : 0;
    if (k === 0) {
      s.pos++;
      continue;
    }
    if (k === TERM) {
      if (c === LP && s.pos === eq && assign) {
        w.text += s.src.slice(seg, s.pos);
        readArray(s, w.text.replace(/\+?=$/, ""));
        seg = s.pos;
        continue;
      }
      if (s.isProcSub(c)) {
        w.text += s.src.slice(seg, s.pos);
        readNested(s, w, 2, PROCESS);
        seg = s.pos;
        continue;
      }
      if (c === LP && s.pos > start && "@!+*?".includes(s.src[s.pos - 1])) {
        skipExtglob(s, w);
        continue;
      }
      break;
    }
    if (c === 42 || c === 63) w.flags |= GLOB; // * ?
    else if (c === 91) bracket = true;
    else if (c === 93) w.flags |= bracket ? GLOB : 0;
    else if (c === LB) brace = brace || 1;
    else if (c === 44) brace = brace ? 2 : 0;
    else if (c === 46 && brace && s.at(s.pos + 1) === 46) brace = 2; // `{1..3}`, `{r..r}m`
    else if (c === RB) w.flags |= brace === 2 ? BRACE : 0;
    if (c !== BS && c !== SQ && c !== DQ && c !== DOLLAR && c !== BQ) {
      s.pos++;
      continue;
    }
    w.text += s.src.slice(seg, s.pos);
    readQuoted(s, w, c);
    seg = s.pos;
  }
  w.text += s.src.slice(seg, s.pos);
  return { text: w.text, raw: s.src.slice(start, s.pos), flags: w.flags, quoted: w.quoted, assign: eq >= 0, start, end: s.pos };
}

// --- internal ---

/** Returns the index just after `NAME=` / `NAME+=` / `NAME[...]=` at the position, else -1. */
function assignEnd(s: Cursor): number {
  let i = s.pos;
  let c = s.at(i);
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return -1;
  do c = s.at(++i);
  while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57));
  if (c === 91) {
    const j = s.src.indexOf("]", i);
    if (j < 0 || j >= s.end) return -1;
    i = j + 1;
    c = s.at(i);
  }
  if (c === 43) c = s.at(++i);
  return c === 61 ? i + 1 : -1;
}

/**
 * `NAME[sub]=` / `NAME+=`: the name goes to the word's text; an indexed array's subscript is
 * arithmetic (its variable reads are recorded). Stops before the `=`.
 */
function readAssignName(s: Cursor, w: WordState, eq: number): void {
  const start = s.pos;
  while (s.pos < eq && s.src.charCodeAt(s.pos) !== 91 && s.src.charCodeAt(s.pos) !== 43 && s.src.charCodeAt(s.pos) !== 61) s.pos++;
  w.text += s.src.slice(start, s.pos);
  if (s.src.charCodeAt(s.pos) === 91) w.text += `[${readSubscript(s, w, w.text)}]`;
}

/** `NAME=( words )`: each element is a word (its substitutions run); `[SUB]=` is NAME's subscript. */
function readArray(s: Cursor, name: string): void {
  s.pos++;
  s.enter();
  for (;;) {
    skipLines(s);
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "missing ) in array");
    if (c === RP) break;
    if (c === 91) readSubscript(s, { text: "", flags: 0, quoted: false }, name);
    else if (c < 128 && CLASS[c] === TERM && !s.isProcSub(c)) s.pos++;
    else readWord(s, false);
  }
  s.pos++;
  s.depth--;
}


/** `@(a|b)` and friends: a pattern, so the word is a glob. */
function skipExtglob(s: Cursor, w: WordState): void {
  let d = 0;
  do {
    const c = s.at(s.pos++);
    if (c < 0) s.fail("unterminated", "missing ) in pattern");
    d += c === LP ? 1 : c === RP ? -1 : 0;
  } while (d > 0);
  w.flags |= GLOB;
}
