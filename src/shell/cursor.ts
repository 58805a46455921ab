// The scanner's cursor: the text, the position in it, and the state that the parts of the grammar
// share (pending heredocs, open keywords, whether a pipe feeds the next command). The grammar lives
// in free functions over a cursor, one module per concept; the two abstract methods are where it
// recurses into itself (a `$( )` or backtick body is a whole list again), which keeps the modules'
// imports acyclic.
import { addReason, type Issue, MAX_DEPTH, type Redirect, type ScanContext, type SimpleCommand, type Span } from "./syntax";

/** Thrown to stop the scan at the first problem (the issue is already recorded); only `scan` catches it. */
export const STOP = { stop: true };

/** Character classes of ASCII: TERM ends a word (blanks, operator characters); SPECIAL needs a look inside one. */
export const TERM = 1;
export const SPECIAL = 2;
export const CLASS = new Uint8Array(128);
// Index loops and one constant per character, not for-of or destructuring: this runs on every hook
// call's start-up, where the interpreter's iteration code costs more than the table itself.
const classify = (chars: string, k: number) => {
  for (let i = 0; i < chars.length; i++) CLASS[chars.charCodeAt(i)] = k;
};
// Carriage return is no blank to bash: `A=<CR>foo rm f` assigns A and runs rm, so CR is a word character.
classify(" \t\n|&;()<>", TERM);
classify("\\'\"$`*?[]{},.", SPECIAL);

const code = (c: string) => c.charCodeAt(0);
export const NL = code("\n");
export const SP = code(" ");
export const TAB = code("\t");
export const BS = code("\\");
export const SQ = code("'");
export const DQ = code('"');
export const DOLLAR = code("$");
export const BQ = code("`");
export const LP = code("(");
export const RP = code(")");
export const LT = code("<");
export const GT = code(">");
export const AMP = code("&");
export const PIPE = code("|");
export const SEMI = code(";");
export const HASH = code("#");
export const LB = code("{");
export const RB = code("}");
export const DASH = code("-");

/** A `<<` whose body starts after the next newline. */
export interface PendingHeredoc {
  redirect: Redirect;
  delim: string;
  strip: boolean;
  quoted: boolean;
}

export abstract class Cursor {
  pos = 0;
  end: number;
  heredocs: PendingHeredoc[] = [];
  /** The next command is fed by a pipe. */
  pipe = false;
  /** `{ if do` not yet closed by `} fi done`. */
  open = 0;
  /** An operator (`&&`, `|`) still waits for its right-hand command. */
  dangling = false;
  /** Open `( ... )` lists: a heredoc may end at `DELIM)` inside one. */
  parens = 0;
  /** The `time` keyword was just read: the next command is timed (a `time` program in other shells). */
  timed = false;
  constructor(
    readonly src: string,
    public depth: number,
    readonly ctx: ScanContext,
    readonly out: SimpleCommand[],
    /** The span of the top-level line this text came from, when it is nested text; else undefined. */
    readonly origin?: Span,
  ) {
    this.end = src.length;
  }

  /** Returns [a, b) as a span of the top-level line. */
  span(a: number, b: number): Span {
    return this.origin ?? [a, b];
  }

  /** Records that the line is dynamic because of the construct at [a, b) of this text. */
  dynamic(construct: string, message: string, a: number, b: number): void {
    const [start, end] = this.span(a, b);
    addReason(this.ctx, construct, message, start, end);
  }

  /** Scans commands until `closer` (`)`), end of input, or in a case arm `;;` / `esac`. */
  abstract parseList(closer: number, inCase: boolean): void;

  /** Scans `text` (a backtick body, found at [a, b) of this text) as a list one level deeper, into the same output. */
  abstract scanNested(text: string, a: number, b: number): void;

  /** Scans `text` (from `span` of the top-level line) for the substitutions it holds, one level deeper. */
  abstract expandText(text: string, span: Span): void;

  fail(code: Issue["code"], message: string): never {
    this.ctx.issues.push({ code, message, offset: this.origin ? this.origin[0] : this.pos });
    throw STOP;
  }

  /** Spends `n` steps of the analysis' budget: every re-scan of the same text costs again. */
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

  /** True at `<(` or `>(` (a process substitution, which is a word, not a redirection). */
  isProcSub(c: number): boolean {
    return (c === LT || c === GT) && this.at(this.pos + 1) === LP;
  }

  /** Skips blanks, comments and line continuations (newlines are the heredoc module's: `skipLines`). */
  skipSpace(): void {
    while (this.pos < this.end) {
      const c = this.src.charCodeAt(this.pos);
      if (c === SP || c === TAB) this.pos++;
      else if (c === BS && this.at(this.pos + 1) === NL) this.pos += 2;
      else if (c === HASH) this.skipComment();
      else return;
    }
  }

  skipComment(): void {
    const j = this.src.indexOf("\n", this.pos);
    this.pos = j < 0 || j > this.end ? this.end : j;
  }
}
