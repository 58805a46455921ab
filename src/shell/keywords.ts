// Reserved words at command position: they are structure, never programs. Grammar:
//   if then elif else fi do done while until '{' '}' '!' coproc   -> skipped; a command follows
//   for|select NAME [in words] | for '((' arith '))'              -> words expanded, not run
//   case word in { ['('] pat {'|' pat} ')' list (';;' | ';&' | ';;&') } esac
//   '[[' words and operators ']]'  |  function NAME ['()']  |  NAME '(' ')'  (a definition)
//   time ['-p'] compound                                          -> bash's keyword
// `{ if do` are counted against `} fi done`: bash runs nothing of an unbalanced line.
import { CLASS, type Cursor, BQ, BS, DOLLAR, DQ, LP, PIPE, RP, SEMI, SQ, TERM } from "./cursor";
import { skipArith } from "./expansions";
import { skipLines } from "./heredocs";
import { readWord } from "./words";

/** Handles a reserved word at command position; returns false (position unchanged) if none. */
export function keyword(s: Cursor): boolean {
  const k = peekPlain(s);
  if (k === "") return false;
  s.pos += k.length;
  if (KEYWORDS.has(k)) return balance(s, k), true;
  if (k === "for" || k === "select") return skipForHeader(s), true;
  if (k === "case") return parseCase(s), true;
  if (k === "[[") return skipWords(s, true), true;
  if (k === "time" && timesCompound(s)) return true;
  if (k === "function") {
    s.skipSpace();
    if (s.pos < s.end && CLASS[s.src.charCodeAt(s.pos)] !== TERM) readWord(s, false);
    skipFunctionParens(s);
    return true;
  }
  s.pos -= k.length;
  return false;
}

/** Skips `( )` after a function name; returns false (position unchanged) if they are not there. */
export function skipFunctionParens(s: Cursor): boolean {
  const save = s.pos;
  s.skipSpace();
  if (s.at(s.pos) === LP) {
    s.pos++;
    s.skipSpace();
    if (s.at(s.pos) === RP) return s.pos++, true;
  }
  s.pos = save;
  return false;
}

// --- internal ---

const KEYWORDS = new Set(["if", "then", "elif", "else", "fi", "do", "done", "while", "until", "{", "}", "!", "coproc"]);
// KEYWORDS and the words that start a compound of their own (listed, not spread: see cursor.ts)
const RESERVED = new Set(["if", "then", "elif", "else", "fi", "do", "done", "while", "until", "{", "}", "!", "coproc", "for", "select", "case", "[[", "function", "time"]);

/** Counts `{ if do` against `} fi done`: an unbalanced line is a syntax error (bash runs none of it). */
function balance(s: Cursor, k: string): void {
  if (k === "{" || k === "if" || k === "do") s.open++;
  else if ((k === "}" || k === "fi" || k === "done") && --s.open < 0) s.fail("syntax", `unexpected ${k}`);
}

/**
 * After `time`: true (position after `-p`) when a compound command follows (`time { a; b; }`), so
 * `time` is bash's keyword; else false, and `time` stays a word for the wrapper table (`time -f`).
 */
function timesCompound(s: Cursor): boolean {
  const save = s.pos;
  s.skipSpace();
  if (s.atWord("-p")) s.pos += 2;
  s.skipSpace();
  const k = peekPlain(s);
  if (s.at(s.pos) === LP || (k !== "" && k !== "time" && k !== "function")) return true;
  s.pos = save;
  return false;
}

/** Returns the unquoted word at the position if it is short, plain and possibly reserved, else "". */
function peekPlain(s: Cursor): string {
  let i = s.pos;
  const stop = Math.min(s.end, i + 9);
  for (; i < stop; i++) {
    const c = s.src.charCodeAt(i);
    if (c >= 128 || CLASS[c] === TERM) break;
    if (c === BS || c === SQ || c === DQ || c === DOLLAR || c === BQ) return "";
  }
  if (i === s.pos || (i < s.end && CLASS[s.src.charCodeAt(i)] !== TERM)) return "";
  const k = s.src.slice(s.pos, i);
  return RESERVED.has(k) ? k : "";
}

/** `for NAME in words` / `for ((...))`: the words are expanded (substitutions run), not run. */
function skipForHeader(s: Cursor): void {
  s.skipSpace();
  if (s.at(s.pos) === LP && s.at(s.pos + 1) === LP) {
    s.pos += 2;
    skipArith(s, { text: "", flags: 0, quoted: false });
    return;
  }
  skipWords(s, false);
}

/** Reads words up to an operator; in `[[ ]]` (`cond`) the operators `( ) < > && || !` and newlines are skipped too. */
function skipWords(s: Cursor, cond: boolean): void {
  for (;;) {
    if (cond) skipLines(s);
    else s.skipSpace();
    if (s.pos >= s.end) {
      if (cond) s.fail("unterminated", "missing ]]");
      return;
    }
    if (cond && s.atWord("]]")) return void (s.pos += 2);
    const c = s.src.charCodeAt(s.pos);
    if (c < 128 && CLASS[c] === TERM && !s.isProcSub(c)) {
      if (!cond) return;
      // `;` inside [[ ]] is a syntax error (bash runs nothing of the line); failing here also
      // keeps an unclosed `[[ x; rm` from hiding `rm`. `( ) | < > && ||` belong to the expression.
      if (c === SEMI) s.fail("syntax", "unexpected ; in [[ ]]");
      s.pos++;
    } else readWord(s, false);
  }
}

/** `case WORD in` arms `esac`: the word and patterns are expanded, each arm's list runs. */
function parseCase(s: Cursor): void {
  s.enter();
  skipLines(s);
  readWord(s, false);
  skipLines(s);
  if (!s.atWord("in")) s.fail("syntax", "expected `in` after case word");
  s.pos += 2;
  for (;;) {
    skipLines(s);
    if (s.pos >= s.end) s.fail("unterminated", "missing esac");
    if (s.atWord("esac")) break;
    readPatterns(s);
    s.parseList(0, true);
    if (s.src.startsWith(";;&", s.pos)) s.pos += 3;
    else if (s.at(s.pos) === SEMI) s.pos += 2;
  }
  s.pos += 4;
  s.depth--;
}

/** `[(] pattern { | pattern } )`: patterns are words, never programs. */
function readPatterns(s: Cursor): void {
  if (s.at(s.pos) === LP) s.pos++;
  for (;;) {
    skipLines(s);
    const c = s.at(s.pos);
    if (c === RP) return void s.pos++;
    if (c === PIPE) s.pos++;
    else if (c < 0 || CLASS[c] === TERM) s.fail("syntax", "bad case pattern");
    else readWord(s, false);
  }
}
