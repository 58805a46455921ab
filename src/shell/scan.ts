// The shell scanner: one pass over a command line, giving the simple commands it contains as words
// with provenance. It is not a full parser: it keeps only what decides which programs can run.
//
// Grammar (informal; bash's, reduced to what matters here):
//   list     := { SEP | command }             SEP := ';' '&' '&&' '||' '|' '|&' NEWLINE
//   command  := '(' list ')'  |  '((' arith '))'  |  simple
//   simple   := { redirect | word }            its first word may instead be a keyword:
//     if then elif else fi do done while until '{' '}' '!' coproc   -> skipped, a command follows
//     for|select NAME [in words] | for '((' arith '))'                -> words scanned, not run
//     case word in { ['('] pat {'|' pat} ')' list (';;'|';&'|';;&') } esac
//     '[[' words and operators ']]'  |  function NAME ['()']  |  NAME '(' ')'  (function definition)
//   redirect := [digits] ('<' '>' '>>' '<<' '<<-' '<<<' '<>' '>|' '<&' '>&') word  |  ('&>' '&>>') word
//   word     := { plain | '\' c | "'"..."'" | '"' dq '"' | "$'" ansi "'" | '$"' dq '"' | '$(' list ')'
//               | '$((' arith '))' | '${' param '}' | '$' name | '`' text '`' | ('<(' | '>(') list ')' }
//   dq       := { c | '\' [$`"\\ NEWLINE] | '$'... | '`' text '`' }
// Heredoc bodies start after the NEWLINE that ends their line, in order of their `<<`. Unquoted
// bodies are scanned for substitutions (they run); the body itself is kept for a shell that reads it.
//
// Bounds: nesting deeper than MAX_DEPTH, more than the step budget, or a syntax error stops the
// scan at once (the commands found so far are kept, and the caller reports the line as dynamic).

/** Word flags: why a word's value is not known before it runs. A word with flags 0 is static. */
export const VARIABLE = 1;
export const SUBSTITUTION = 2;
export const PROCESS = 4;
export const ARITHMETIC = 8;
export const GLOB = 16;
export const BRACE = 32;
const FLAG_NAMES = ["variable", "substitution", "process", "arithmetic", "glob", "brace"];

export const MAX_DEPTH = 32;

/** One shell word: its value after quote removal (`text`), its source (`raw`), and its provenance. */
export interface Word {
  text: string;
  raw: string;
  flags: number;
  quoted: boolean;
  /** The word starts with an unquoted `NAME=` (or `NAME+=`, `NAME[...]=`). */
  assign: boolean;
}

export interface Redirect {
  op: string;
  fd: string;
  target: Word;
  /** Heredoc body (after `<<-` tab stripping), once its lines were read. */
  body?: string;
}

/** One simple command: its words and redirections, how deeply nested, and whether a pipe feeds it. */
export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
  depth: number;
  pipedIn: boolean;
}

export interface Issue {
  code: "unterminated" | "syntax" | "too-deep" | "too-long" | "budget" | "internal";
  message: string;
  offset: number;
}

/** Shared by every scan of one analysis, nested ones included: the step budget and the issues. */
export interface ScanContext {
  steps: number;
  budget: number;
  stopped: boolean;
  issues: Issue[];
}

export interface ScanResult {
  commands: SimpleCommand[];
  complete: boolean;
}

/** Returns the names of a word's flags (`["variable"]`), or `["literal"]` for a static word. */
export function provenance(word: Word): string[] {
  if (word.flags === 0) return ["literal"];
  return FLAG_NAMES.filter((_, i) => word.flags & (1 << i));
}

/** Returns a fresh context with the default step budget (enough for 32 nested re-scans of 64 KiB). */
export function newContext(budget = 1 << 22): ScanContext {
  return { steps: 0, budget, stopped: false, issues: [] };
}

/** Returns the simple commands of `text`; `complete` is false when the scan stopped early. */
export function scan(text: string, depth: number, ctx: ScanContext): ScanResult {
  const out: SimpleCommand[] = [];
  try {
    new Scanner(text, depth, ctx, out).run();
    return { commands: out, complete: true };
  } catch (e) {
    if (e !== STOP) throw e;
    ctx.stopped = true;
    return { commands: out, complete: false };
  }
}

// --- internal ---

const STOP = { stop: true };
const TERM = 1; // ends a word: blanks and operator characters
const SPECIAL = 2; // needs a look inside a word
const CLASS = new Uint8Array(128);
for (const c of " \t\r\n|&;()<>") CLASS[c.charCodeAt(0)] = TERM;
for (const c of "\\'\"$`*?[]{},") CLASS[c.charCodeAt(0)] = SPECIAL;
const C = (s: string) => s.charCodeAt(0);
const [NL, SP, TAB, CR, BS, SQ, DQ, DOLLAR, BQ, LP, RP, LT, GT, AMP, PIPE, SEMI, HASH, LB, RB] = [
  "\n", " ", "\t", "\r", "\\", "'", '"', "$", "`", "(", ")", "<", ">", "&", "|", ";", "#", "{", "}",
].map(C);
const KEYWORDS = new Set(["if", "then", "elif", "else", "fi", "do", "done", "while", "until", "{", "}", "!", "coproc"]);
const RESERVED = new Set([...KEYWORDS, "for", "select", "case", "[[", "function", "time"]);

interface Pending {
  redirect: Redirect;
  delim: string;
  strip: boolean;
  quoted: boolean;
}

/** Mutable state of the word being read; substitutions inside it only add flags. */
interface WordState {
  text: string;
  flags: number;
  quoted: boolean;
}

class Scanner {
  pos = 0;
  end: number;
  heredocs: Pending[] = [];
  pipe = false;
  open = 0;
  dangling = false;
  parens = 0; // open `( ... )` lists: a heredoc may end at `DELIM)` inside one
  constructor(
    readonly src: string,
    public depth: number,
    readonly ctx: ScanContext,
    readonly out: SimpleCommand[],
  ) {
    this.end = src.length;
  }

  run(): void {
    if (this.depth > MAX_DEPTH) this.fail("too-deep", `nesting deeper than ${MAX_DEPTH}`);
    this.charge(this.end);
    this.parseList(0, false);
    if (this.open > 0) this.fail("unterminated", "missing }, fi or done");
  }

  fail(code: Issue["code"], message: string): never {
    this.ctx.issues.push({ code, message, offset: this.pos });
    throw STOP;
  }

  charge(n: number): void {
    this.ctx.steps += n;
    if (this.ctx.steps > this.ctx.budget) this.fail("budget", "analysis step budget exhausted");
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail("too-deep", `nesting deeper than ${MAX_DEPTH}`);
  }

  at(i: number): number {
    return i < this.end ? this.src.charCodeAt(i) : -1;
  }

  /** True when `s` is a whole word at the current position (`esac`, `]]`). */
  atWord(s: string): boolean {
    if (!this.src.startsWith(s, this.pos) || this.pos + s.length > this.end) return false;
    const c = this.at(this.pos + s.length);
    return c < 0 || (c < 128 && CLASS[c] === TERM);
  }

  /** Skips blanks, comments and line continuations; with `nl`, newlines too (reading heredocs). */
  skipSpace(nl: boolean): void {
    while (this.pos < this.end) {
      const c = this.src.charCodeAt(this.pos);
      if (c === SP || c === TAB || c === CR) this.pos++;
      else if (c === BS && this.at(this.pos + 1) === NL) this.pos += 2;
      else if (c === HASH) this.skipComment();
      else if (c === NL && nl) this.newline();
      else return;
    }
  }

  skipComment(): void {
    const j = this.src.indexOf("\n", this.pos);
    this.pos = j < 0 || j > this.end ? this.end : j;
  }

  newline(): void {
    this.pos++;
    this.pipe = false;
    if (this.heredocs.length) this.readHeredocs();
  }

  /** Scans commands until `closer` (`)`), end of input, or in a case arm `;;` / `esac`. */
  parseList(closer: number, inCase: boolean): void {
    if (closer) this.parens++;
    for (;;) {
      this.skipSpace(false);
      const c = this.at(this.pos);
      const n = this.at(this.pos + 1);
      // `a &&`, `a |` at the end (or before `;` `)`) is a syntax error: bash runs nothing of it
      if (this.dangling && c !== NL && (c < 0 || c === SEMI || c === RP || (c === AMP && n !== GT) || c === PIPE)) {
        this.fail("syntax", "missing command after operator");
      }
      if (c < 0) {
        if (closer) this.fail("unterminated", "missing )");
        return;
      }
      if (c === NL) this.newline();
      else if (c === SEMI && (n === SEMI || n === AMP)) {
        if (inCase) return;
        this.fail("syntax", "unexpected ;; outside case");
      } else if (c === SEMI || (c === AMP && n !== GT)) {
        this.pos += c === AMP && n === AMP ? 2 : 1;
        this.pipe = false;
        this.dangling = c === AMP && n === AMP;
      } else if (c === PIPE) {
        this.pos += n === PIPE || n === AMP ? 2 : 1;
        this.pipe = n !== PIPE;
        this.dangling = true;
      } else if (c === RP) {
        if (closer !== RP) this.fail("syntax", "unexpected )");
        this.pos++;
        this.parens--;
        return;
      } else if (inCase && this.atWord("esac")) return;
      else {
        this.dangling = false;
        if (c === LP) this.parseGroup();
        else this.parseCommand();
      }
    }
  }

  /** `( list )` (a subshell) or `(( arith ))` (an arithmetic command). */
  parseGroup(): void {
    if (this.at(this.pos + 1) === LP && this.isArith(this.pos + 2)) {
      this.pos += 2;
      this.skipArith({ text: "", flags: 0, quoted: false });
      return;
    }
    this.pos++;
    this.enter();
    this.parseList(RP, false);
    this.depth--;
  }

  /** Scans one simple command, or one keyword (and its structure) at command position. */
  parseCommand(): void {
    const cmd: SimpleCommand = { words: [], redirects: [], depth: this.depth, pipedIn: this.pipe };
    let pushed = false;
    for (;;) {
      this.skipSpace(false);
      if (this.pos >= this.end) break;
      const redirect = this.isRedirect();
      const c = this.src.charCodeAt(this.pos);
      if (!redirect && c < 128 && CLASS[c] === TERM && !this.isProcSub(c)) break;
      const first = !pushed;
      if (first && !redirect && this.keyword()) return;
      if (first) {
        this.out.push(cmd);
        this.pipe = false;
        pushed = true;
      }
      if (redirect) this.readRedirect(cmd);
      else cmd.words.push(this.readWord(true));
      if (first && cmd.words.length === 1 && this.skipFunctionParens()) {
        cmd.words.length = 0; // `name() body`: a definition runs nothing; its body is scanned next
        return;
      }
    }
  }

  isProcSub(c: number): boolean {
    return (c === LT || c === GT) && this.at(this.pos + 1) === LP;
  }

  /** Handles a reserved word at command position; returns false (position unchanged) if none. */
  keyword(): boolean {
    const k = this.peekPlain();
    if (k === "") return false;
    this.pos += k.length;
    if (KEYWORDS.has(k)) return this.balance(k), true;
    if (k === "for" || k === "select") return this.skipForHeader(), true;
    if (k === "case") return this.parseCase(), true;
    if (k === "[[") return this.skipCondition(), true;
    if (k === "time" && this.timesCompound()) return true;
    if (k === "function") {
      this.skipSpace(false);
      if (this.pos < this.end && CLASS[this.src.charCodeAt(this.pos)] !== TERM) this.readWord(false);
      this.skipFunctionParens();
      return true;
    }
    this.pos -= k.length;
    return false;
  }

  /** Counts `{ if do` against `} fi done`: an unbalanced line is a syntax error (bash runs none of it). */
  balance(k: string): void {
    if (k === "{" || k === "if" || k === "do") this.open++;
    else if ((k === "}" || k === "fi" || k === "done") && --this.open < 0) this.fail("syntax", `unexpected ${k}`);
  }

  /**
   * After `time`: true (position after `-p`) when a compound command follows (`time { a; b; }`), so
   * `time` is bash's keyword; else false, and `time` stays a word for the wrapper table (`time -f`).
   */
  timesCompound(): boolean {
    const save = this.pos;
    this.skipSpace(false);
    if (this.atWord("-p")) this.pos += 2;
    this.skipSpace(false);
    const k = this.peekPlain();
    if (this.at(this.pos) === LP || (k !== "" && k !== "time" && k !== "function")) return true;
    this.pos = save;
    return false;
  }

  /** Returns the unquoted word at the position if it is short, plain and possibly reserved, else "". */
  peekPlain(): string {
    let i = this.pos;
    const stop = Math.min(this.end, i + 9);
    for (; i < stop; i++) {
      const c = this.src.charCodeAt(i);
      if (c >= 128 || CLASS[c] === TERM) break;
      if (c === BS || c === SQ || c === DQ || c === DOLLAR || c === BQ) return "";
    }
    if (i === this.pos || (i < this.end && CLASS[this.src.charCodeAt(i)] !== TERM)) return "";
    const k = this.src.slice(this.pos, i);
    return RESERVED.has(k) ? k : "";
  }

  skipFunctionParens(): boolean {
    const save = this.pos;
    this.skipSpace(false);
    if (this.at(this.pos) === LP) {
      this.pos++;
      this.skipSpace(false);
      if (this.at(this.pos) === RP) return this.pos++, true;
    }
    this.pos = save;
    return false;
  }

  /** `for NAME in words` / `for ((...))`: the words are expanded (substitutions run), not run. */
  skipForHeader(): void {
    this.skipSpace(false);
    if (this.at(this.pos) === LP && this.at(this.pos + 1) === LP) {
      this.pos += 2;
      this.skipArith({ text: "", flags: 0, quoted: false });
      return;
    }
    this.skipWords(false);
  }

  /** Reads words up to an operator; in `[[ ]]` the operators `( ) < > && || !` are skipped too. */
  skipWords(cond: boolean): void {
    for (;;) {
      this.skipSpace(cond);
      if (this.pos >= this.end) {
        if (cond) this.fail("unterminated", "missing ]]");
        return;
      }
      if (cond && this.atWord("]]")) return void (this.pos += 2);
      const c = this.src.charCodeAt(this.pos);
      if (c < 128 && CLASS[c] === TERM && !this.isProcSub(c)) {
        if (!cond) return;
        // `;` inside [[ ]] is a syntax error (bash runs nothing of the line); failing here also
        // keeps an unclosed `[[ x; rm` from hiding `rm`. `( ) | < > && ||` belong to the expression.
        if (c === SEMI) this.fail("syntax", "unexpected ; in [[ ]]");
        this.pos++;
      } else this.readWord(false);
    }
  }

  skipCondition(): void {
    this.skipWords(true);
  }

  parseCase(): void {
    this.enter();
    this.skipSpace(true);
    this.readWord(false);
    this.skipSpace(true);
    if (!this.atWord("in")) this.fail("syntax", "expected `in` after case word");
    this.pos += 2;
    for (;;) {
      this.skipSpace(true);
      if (this.pos >= this.end) this.fail("unterminated", "missing esac");
      if (this.atWord("esac")) break;
      this.readPatterns();
      this.parseList(0, true);
      if (this.src.startsWith(";;&", this.pos)) this.pos += 3;
      else if (this.at(this.pos) === SEMI) this.pos += 2;
    }
    this.pos += 4;
    this.depth--;
  }

  /** `[(] pattern { | pattern } )`: patterns are words, never programs. */
  readPatterns(): void {
    if (this.at(this.pos) === LP) this.pos++;
    for (;;) {
      this.skipSpace(true);
      const c = this.at(this.pos);
      if (c === RP) return void this.pos++;
      if (c === PIPE) this.pos++;
      else if (c < 0 || CLASS[c] === TERM) this.fail("syntax", "bad case pattern");
      else this.readWord(false);
    }
  }

  /** True at `<`, `>`, `&>`, or digits glued to one of them (but not at `<(` / `>(`). */
  isRedirect(): boolean {
    let i = this.pos;
    let c = this.at(i);
    if (c === AMP) return this.at(i + 1) === GT;
    while (c >= 48 && c <= 57) c = this.at(++i);
    return (c === LT || c === GT) && this.at(i + 1) !== LP;
  }

  readRedirect(cmd: SimpleCommand): void {
    const start = this.pos;
    while (this.at(this.pos) >= 48 && this.at(this.pos) <= 57) this.pos++;
    const fd = this.src.slice(start, this.pos);
    const opStart = this.pos;
    const c = this.at(this.pos++);
    const n = this.at(this.pos);
    if (c === AMP) this.pos += this.at(this.pos + 1) === GT ? 2 : 1;
    else if (c === LT && n === LT) this.pos += this.at(this.pos + 1) === LT || this.at(this.pos + 1) === C("-") ? 2 : 1;
    else if (n === GT || n === AMP || (c === GT && n === PIPE)) this.pos++;
    const op = this.src.slice(opStart, this.pos);
    this.skipSpace(false);
    const t = this.at(this.pos);
    if (t < 0 || (t < 128 && CLASS[t] === TERM && !this.isProcSub(t))) this.fail("syntax", `missing target after ${op}`);
    const target = this.readWord(false);
    const redirect: Redirect = { op, fd, target };
    cmd.redirects.push(redirect);
    if (op === "<<" || op === "<<-") {
      this.heredocs.push({ redirect, delim: target.text, strip: op === "<<-", quoted: target.quoted });
    }
  }

  /** Reads the pending heredoc bodies, which start right after the newline just consumed. */
  readHeredocs(): void {
    const pending = this.heredocs;
    this.heredocs = [];
    for (const h of pending) {
      const bodyStart = this.pos;
      let body = "";
      let bodyEnd = this.end;
      while (this.pos < this.end) {
        const j = this.src.indexOf("\n", this.pos);
        const lineEnd = j < 0 || j > this.end ? this.end : j;
        let s = this.pos;
        if (h.strip) while (this.src.charCodeAt(s) === TAB && s < lineEnd) s++;
        const line = this.src.slice(s, lineEnd);
        this.pos = Math.min(lineEnd + 1, this.end);
        if (line === h.delim) {
          bodyEnd = s;
          break;
        }
        // bash also ends a heredoc inside `$( ... )` at `DELIM)`: the `)` then closes the list
        if (this.parens > 0 && line.startsWith(h.delim) && line.charCodeAt(h.delim.length) === RP) {
          bodyEnd = s;
          this.pos = s + h.delim.length;
          break;
        }
        body += line + "\n";
      }
      h.redirect.body = body;
      if (!h.quoted) this.scanExpansions(bodyStart, bodyEnd);
    }
  }

  /** Scans [a, b) as an unquoted heredoc body: only `$...`, backticks and escapes mean anything. */
  scanExpansions(a: number, b: number): void {
    const [pos, end] = [this.pos, this.end];
    this.pos = a;
    this.end = b;
    const w: WordState = { text: "", flags: 0, quoted: false };
    while (this.pos < this.end) {
      const c = this.src.charCodeAt(this.pos);
      if (c === BS) this.pos += 2;
      else if (c === DOLLAR) this.readDollar(w, true);
      else if (c === BQ) this.readBacktick(w);
      else this.pos++;
    }
    this.pos = pos;
    this.end = end;
  }

  /** Reads one word; `assign` allows `NAME=(...)` array values. */
  readWord(assign: boolean): Word {
    const start = this.pos;
    const w: WordState = { text: "", flags: 0, quoted: false };
    const eq = this.assignEnd();
    let seg = this.pos;
    let bracket = false;
    let brace = 0; // 1: saw `{`, 2: saw `{` then `,`
    while (this.pos < this.end) {
      const c = this.src.charCodeAt(this.pos);
      const k = c < 128 ? CLASS[c] : 0;
      if (k === 0) {
        this.pos++;
        continue;
      }
      if (k === TERM) {
        if (c === LP && this.pos === eq && assign) {
          w.text += this.src.slice(seg, this.pos);
          this.readArray();
          seg = this.pos;
          continue;
        }
        if (this.isProcSub(c)) {
          w.text += this.src.slice(seg, this.pos);
          this.readNested(w, 2, PROCESS);
          seg = this.pos;
          continue;
        }
        if (c === LP && this.pos > start && "@!+*?".includes(this.src[this.pos - 1])) {
          this.skipExtglob(w);
          continue;
        }
        break;
      }
      if (c === 42 || c === 63) w.flags |= GLOB; // * ?
      else if (c === 91) bracket = true;
      else if (c === 93) w.flags |= bracket ? GLOB : 0;
      else if (c === LB) brace = brace || 1;
      else if (c === 44) brace = brace ? 2 : 0;
      else if (c === RB) w.flags |= brace === 2 ? BRACE : 0;
      if (c !== BS && c !== SQ && c !== DQ && c !== DOLLAR && c !== BQ) {
        this.pos++;
        continue;
      }
      w.text += this.src.slice(seg, this.pos);
      this.readQuoted(w, c);
      seg = this.pos;
    }
    w.text += this.src.slice(seg, this.pos);
    return { text: w.text, raw: this.src.slice(start, this.pos), flags: w.flags, quoted: w.quoted, assign: eq >= 0 };
  }

  /** Reads a backslash escape, a quoted string, a `$` expansion or a backtick substitution. */
  readQuoted(w: WordState, c: number): void {
    if (c === BS) {
      w.quoted = true;
      const n = this.at(this.pos + 1);
      if (n >= 0 && n !== NL) w.text += this.src[this.pos + 1];
      this.pos += n < 0 ? 1 : 2;
    } else if (c === SQ) {
      const j = this.src.indexOf("'", this.pos + 1);
      if (j < 0 || j >= this.end) this.fail("unterminated", "unterminated single quote");
      w.text += this.src.slice(this.pos + 1, j);
      w.quoted = true;
      this.pos = j + 1;
    } else if (c === DQ) this.readDquote(w);
    else if (c === DOLLAR) this.readDollar(w, false);
    else this.readBacktick(w);
  }

  /** Returns the index just after `NAME=` / `NAME+=` / `NAME[...]=` at the position, else -1. */
  assignEnd(): number {
    let i = this.pos;
    let c = this.at(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return -1;
    do c = this.at(++i);
    while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57));
    if (c === 91) {
      const j = this.src.indexOf("]", i);
      if (j < 0 || j >= this.end) return -1;
      i = j + 1;
      c = this.at(i);
    }
    if (c === 43) c = this.at(++i);
    return c === 61 ? i + 1 : -1;
  }

  /** `NAME=( words )`: each element is a word (its substitutions run). */
  readArray(): void {
    this.pos++;
    this.enter();
    for (;;) {
      this.skipSpace(true);
      const c = this.at(this.pos);
      if (c < 0) this.fail("unterminated", "missing ) in array");
      if (c === RP) break;
      if (c < 128 && CLASS[c] === TERM && !this.isProcSub(c)) this.pos++;
      else this.readWord(false);
    }
    this.pos++;
    this.depth--;
  }

  /** `@(a|b)` and friends: a pattern, so the word is a glob. */
  skipExtglob(w: WordState): void {
    let d = 0;
    do {
      const c = this.at(this.pos++);
      if (c < 0) this.fail("unterminated", "missing ) in pattern");
      d += c === LP ? 1 : c === RP ? -1 : 0;
    } while (d > 0);
    w.flags |= GLOB;
  }

  readDquote(w: WordState): void {
    w.quoted = true;
    let seg = ++this.pos;
    while (this.pos < this.end) {
      const c = this.src.charCodeAt(this.pos);
      if (c === DQ) {
        w.text += this.src.slice(seg, this.pos++);
        return;
      }
      if (c !== BS && c !== DOLLAR && c !== BQ) {
        this.pos++;
        continue;
      }
      w.text += this.src.slice(seg, this.pos);
      if (c === DOLLAR) this.readDollar(w, true);
      else if (c === BQ) this.readBacktick(w);
      else {
        const n = this.at(this.pos + 1);
        if (n === DOLLAR || n === BQ || n === DQ || n === BS) w.text += this.src[this.pos + 1];
        else if (n !== NL) w.text += n < 0 ? "\\" : "\\" + this.src[this.pos + 1];
        this.pos += n < 0 ? 1 : 2;
      }
      seg = this.pos;
    }
    this.fail("unterminated", "unterminated double quote");
  }

  /** `$'..'`, `$"..."`, `$(...)`, `$((...))`, `${...}`, `$name`, `$1`; a lone `$` is literal. */
  readDollar(w: WordState, inDq: boolean): void {
    const n = this.at(this.pos + 1);
    if (n === SQ && !inDq) {
      this.pos += 2;
      w.text += this.readAnsi();
      w.quoted = true;
    } else if (n === DQ && !inDq) {
      this.pos++;
      this.readDquote(w);
    } else if (n === LP && this.at(this.pos + 2) === LP && this.isArith(this.pos + 3)) {
      this.pos += 3;
      this.enter();
      this.skipArith(w);
      this.depth--;
    } else if (n === LP) this.readNested(w, 2, SUBSTITUTION);
    else if (n === LB) this.skipParam(w, inDq);
    else if ((n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95) {
      this.pos += 2;
      let c = this.at(this.pos);
      while ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (c >= 48 && c <= 57)) c = this.at(++this.pos);
      w.flags |= VARIABLE;
    } else if (n >= 0 && "0123456789@*#?$!-".includes(this.src[this.pos + 1])) {
      this.pos += 2;
      w.flags |= VARIABLE;
    } else {
      w.text += "$";
      this.pos++;
    }
  }

  /** `$(` / `<(` / `>(`: a nested list up to the matching `)`. */
  readNested(w: WordState, skip: number, flag: number): void {
    this.pos += skip;
    this.enter();
    this.parseList(RP, false);
    this.depth--;
    w.flags |= flag;
  }

  /** `${...}`: may hold quotes, substitutions and nested `${`. */
  skipParam(w: WordState, inDq: boolean): void {
    this.pos += 2;
    this.enter();
    for (;;) {
      const c = this.at(this.pos);
      if (c < 0) this.fail("unterminated", "missing }");
      if (c === RB) break;
      if (c === BS) this.pos += 2;
      else if (c === SQ && !inDq) this.readQuoted(w, c);
      else if (c === DQ || c === DOLLAR || c === BQ) this.readQuoted(w, c);
      else this.pos++;
    }
    this.pos++;
    this.depth--;
    w.flags |= VARIABLE;
  }

  /** Skips an arithmetic body (after its `((`) up to the closing `))`; substitutions in it run. */
  skipArith(w: WordState): void {
    let d = 2;
    for (;;) {
      const c = this.at(this.pos);
      if (c < 0) this.fail("unterminated", "missing ))");
      if (c === LP) d++;
      else if (c === RP && --d === 0) break;
      if (c === BS || c === SQ || c === DQ || c === DOLLAR || c === BQ) this.readQuoted(w, c);
      else this.pos++;
    }
    this.pos++;
    w.flags |= ARITHMETIC;
  }

  /** True when the `((` ending just before `p` closes with an adjacent `))` (so it is arithmetic). */
  isArith(p: number): boolean {
    let d = 2;
    let one = -2;
    let i = p;
    for (; i < this.end; i++) {
      const c = this.src.charCodeAt(i);
      if (c === LP) d++;
      else if (c === RP) {
        if (--d === 1) one = i;
        else if (d === 0) break;
      } else if (c === SQ || c === DQ) {
        i = this.src.indexOf(this.src[i], i + 1);
        if (i < 0) i = this.end;
      } else if (c === BS) i++;
    }
    this.charge(i - p);
    return d === 0 && one === i - 1;
  }

  /** Backticks: the text between them, with `\``, `\$`, `\\` unescaped, is scanned as a list. */
  readBacktick(w: WordState): void {
    let inner = "";
    let seg = ++this.pos;
    for (;;) {
      const c = this.at(this.pos);
      if (c < 0) this.fail("unterminated", "unterminated backquote");
      if (c === BQ) break;
      if (c !== BS) {
        this.pos++;
        continue;
      }
      const n = this.at(this.pos + 1);
      if (n === BQ || n === DOLLAR || n === BS) {
        inner += this.src.slice(seg, this.pos);
        seg = this.pos + 1;
      }
      this.pos += 2;
    }
    inner += this.src.slice(seg, this.pos++);
    w.flags |= SUBSTITUTION;
    const nested = new Scanner(inner, this.depth + 1, this.ctx, this.out);
    nested.run();
  }

  /** `$'...'` (position after the quote): returns the text with ANSI-C escapes decoded. */
  readAnsi(): string {
    let out = "";
    let seg = this.pos;
    for (;;) {
      const c = this.at(this.pos);
      if (c < 0) this.fail("unterminated", "unterminated $'");
      if (c === SQ) break;
      if (c !== BS) {
        this.pos++;
        continue;
      }
      out += this.src.slice(seg, this.pos);
      this.pos += 2;
      out += this.ansiEscape(this.src[this.pos - 1] ?? "");
      seg = this.pos;
    }
    out += this.src.slice(seg, this.pos++);
    return out;
  }

  /** Decodes one escape after `\` (the position is after its letter); unknown ones stay as typed. */
  ansiEscape(e: string): string {
    const simple = ANSI[e];
    if (simple !== undefined) return simple;
    if (e === "x" || e === "u" || e === "U" || (e >= "0" && e <= "7")) {
      const octal = e !== "x" && e !== "u" && e !== "U";
      if (octal) this.pos--;
      const max = octal ? 3 : e === "x" ? 2 : e === "u" ? 4 : 8;
      const re = octal ? /[0-7]/ : /[0-9a-fA-F]/;
      let digits = "";
      while (digits.length < max && this.pos < this.end && re.test(this.src[this.pos])) digits += this.src[this.pos++];
      const v = parseInt(digits, octal ? 8 : 16);
      if (!digits) return "\\" + e;
      return v <= 0x10ffff ? String.fromCodePoint(octal ? v & 0xff : v) : "";
    }
    if (e === "c" && this.pos < this.end) return String.fromCharCode(this.src.charCodeAt(this.pos++) & 0x1f);
    return "\\" + e;
  }
}

const ANSI: Record<string, string> = {
  n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};
