// Reserved words at command position: they are structure, never programs. Grammar:
//   if then elif else fi do done while until '{' '}' '!' coproc   -> skipped; a command follows
//   for|select NAME [in words] | for '((' arith '))'              -> words expanded, not run
//   case word in { ['('] pat {'|' pat} ')' list (';;' | ';&' | ';;&') } esac
//   '[[' words and operators ']]'  |  function NAME ['()']  |  NAME '(' ')'  (a definition)
//   time ['-p'] ['--'] pipeline                                   -> bash's keyword
// `{ if do` are counted against `} fi done`: bash runs nothing of an unbalanced line.
import { type ArithSink, assigns, isInteger, readName, readOperand, shellAssigns, unseenWrite } from "./arith";
import { CLASS, type Cursor, BQ, BS, DOLLAR, DQ, LB, LP, PIPE, RP, SEMI, SQ, TERM } from "./cursor";
import { skipArith } from "./expansions";
import { skipLines } from "./heredocs";
import { BRACE, type Word } from "./syntax";
import { readWord } from "./words";

/** Handles a reserved word at command position; returns false (position unchanged) if none. */
export function keyword(s: Cursor): boolean {
  const k = peekPlain(s);
  if (k === "") return false;
  s.pos += k.length;
  if (k === "coproc") skipCoprocName(s);
  if (KEYWORDS.has(k)) return balance(s, k), true;
  if (k === "for" || k === "select") return skipForHeader(s), true;
  if (k === "case") return parseCase(s), true;
  if (k === "[[") return readConditional(s, skipWords(s, true)), true;
  if (k === "time") return skipTimeOptions(s), true;
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
const RESERVED_FIRST = "itefdwu{}!cs[";
const RESERVED = new Set(["if", "then", "elif", "else", "fi", "do", "done", "while", "until", "{", "}", "!", "coproc", "for", "select", "case", "[[", "function", "time"]);

/** Counts `{ if do` against `} fi done`: an unbalanced line is a syntax error (bash runs none of it). */
function balance(s: Cursor, k: string): void {
  if (k === "{" || k === "if" || k === "do") s.open++;
  else if ((k === "}" || k === "fi" || k === "done") && --s.open < 0) s.fail("syntax", `unexpected ${k}`);
}

/**
 * `time` at the start of a command is bash's keyword, whatever follows (`time X=1 cmd`, `time time
 * cmd`, `time { a; }`): it times the pipeline after its `-p` and `--`. Only a quoted or later `time`
 * (`\time -f %e cmd`, `X=1 time cmd`) is the program, read by the wrapper table. sh, and bash after
 * a `|`, run the program instead: the command after it is marked so `time` is reported as a wrapper.
 */
function skipTimeOptions(s: Cursor): void {
  s.timed = true;
  for (;;) {
    const save = s.pos;
    s.skipSpace();
    if (s.atWord("-p")) s.pos += 2;
    else if (s.atWord("--")) s.pos += 2;
    else return void (s.pos = save);
  }
}

/** Returns the unquoted word at the position if it is short, plain and possibly reserved, else "". */
function peekPlain(s: Cursor): string {
  // every reserved word starts with one of these: most words are ruled out by their first character
  if (!RESERVED_FIRST.includes(s.src[s.pos] ?? " ")) return "";
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
  const words = skipWords(s, false);
  const items = words[1]?.text === "in" && words[1].flags === 0 ? words.slice(2) : undefined;
  if (!words[0]) return;
  const span = s.span(words[0].start, words[words.length - 1].end);
  if (words[0].flags !== 0) return s.dynamic("variable-name", "the loop variable's name is made by an expansion", span[0], span[1]);
  const integers = items?.every(isIntegerWord) === true;
  if (integers) return assigns(s.ctx, words[0].text, 1);
  unseenWrite(s.ctx, words[0].text, "the loop", span[0], span[1]);
  shellAssigns(s.ctx, words[0].text, span[0], span[1]);
}

/** An integer in a `for` list: a literal, or a brace sequence of integers (`{1..10}`). */
const isIntegerWord = (w: Word) => (w.flags === 0 && isInteger(w.text)) || (w.flags === BRACE && /^\{-?\d+\.\.-?\d+(?:\.\.-?\d+)?\}$/.test(w.raw));

/**
 * `[[ ... ]]`: the operands of `-eq -ne -lt -le -gt -ge` are arithmetic, and `-v NAME` evaluates a
 * subscript (arith.ts).
 */
function readConditional(s: Cursor, words: Word[]): void {
  const sink: ArithSink = { ctx: s.ctx, expand: (text, span) => s.expandText(text, span) };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w.flags !== 0) continue;
    if (ARITH_TESTS.includes(w.text)) {
      for (const o of [words[i - 1], words[i + 1]]) if (o) readOperand(sink, o, s.span(o.start, o.end));
    } else if (w.text === "-v" && words[i + 1]) {
      const o = words[i + 1];
      readName(sink, o.text, o.flags === 0, s.span(o.start, o.end), 0);
    }
  }
}

const ARITH_TESTS = ["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];

/** `coproc NAME { ...; }`: NAME names the coprocess and is no program when a compound follows. */
function skipCoprocName(s: Cursor): void {
  const save = s.pos;
  s.skipSpace();
  const start = s.pos;
  while (s.pos < s.end && /[A-Za-z0-9_]/.test(s.src[s.pos])) s.pos++;
  const named = s.pos > start;
  s.skipSpace();
  const c = s.at(s.pos);
  if (!(named && (c === LB || c === LP))) s.pos = save;
}

/**
 * Reads words up to an operator and returns them; in `[[ ]]` (`cond`) the operators `( ) < > && || !`
 * and newlines are skipped too.
 */
function skipWords(s: Cursor, cond: boolean): Word[] {
  const words: Word[] = [];
  for (;;) {
    if (cond) skipLines(s);
    else s.skipSpace();
    if (s.pos >= s.end) {
      if (cond) s.fail("unterminated", "missing ]]");
      return words;
    }
    if (cond && s.atWord("]]")) {
      s.pos += 2;
      return words;
    }
    const c = s.src.charCodeAt(s.pos);
    if (c < 128 && CLASS[c] === TERM && !s.isProcSub(c)) {
      if (!cond) return words;
      // `;` inside [[ ]] is a syntax error (bash runs nothing of the line); failing here also
      // keeps an unclosed `[[ x; rm` from hiding `rm`. `( ) | < > && ||` belong to the expression.
      if (c === SEMI) s.fail("syntax", "unexpected ; in [[ ]]");
      s.pos++;
    } else words.push(readWord(s, false));
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
