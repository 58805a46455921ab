// What the scanner gives back: simple commands made of words, each word with its provenance (why
// its value may not be known before the line runs), redirections, and the issues that stopped it.

/** Word flags: why a word's value is not known before it runs. A word with flags 0 is static. */
export const VARIABLE = 1;
export const SUBSTITUTION = 2;
export const PROCESS = 4;
export const ARITHMETIC = 8;
export const GLOB = 16;
export const BRACE = 32;
/** An ANSI-C escape whose decoding depends on the locale or is not a character (`$'\\U110000'`). */
export const UNCERTAIN = 64;
const FLAG_NAMES = ["variable", "substitution", "process", "arithmetic", "glob", "brace", "uncertain"];

export const MAX_DEPTH = 32;

/** One shell word: its value after quote removal (`text`), its source (`raw`), and its provenance. */
export interface Word {
  text: string;
  raw: string;
  flags: number;
  quoted: boolean;
  /** The word starts with an unquoted `NAME=` (or `NAME+=`, `NAME[...]=`). */
  assign: boolean;
  /** Where the word is in the text its scan read (see `ScanContext` for nested texts). */
  start: number;
  end: number;
}

export interface Redirect {
  op: string;
  fd: string;
  target: Word;
  /** Heredoc body (after `<<-` tab stripping), once its lines were read. */
  body?: string;
  /** Where the body is in the top-level line. */
  bodySpan?: Span;
}

/** One simple command: its words and redirections, how deeply nested, and whether a pipe feeds it. */
export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
  depth: number;
  pipedIn: boolean;
  /** The span of the top-level line this command's text came from, when it is nested text (`bash -c '...'`). */
  origin?: Span;
  /** Follows bash's `time` keyword, which other shells (and bash mid-pipeline) run as the `time` program. */
  timed?: boolean;
}

/** A range [start, end) of the top-level command line. */
export type Span = readonly [number, number];

/**
 * Why a line is dynamic: which construct, and where in the top-level line. A construct inside nested
 * text (a `bash -c` string, a backtick body) is placed at the span of that text.
 */
export interface Reason {
  construct: string;
  message: string;
  start: number;
  end: number;
}

export interface Issue {
  code: "unterminated" | "syntax" | "too-deep" | "too-long" | "budget" | "internal";
  message: string;
  offset: number;
}

/** Shared by every scan of one analysis, nested ones included: the step budget, issues and reasons. */
export interface ScanContext {
  steps: number;
  budget: number;
  stopped: boolean;
  issues: Issue[];
  reasons: Reason[];
  /**
   * What the line assigns to each variable: 1 only integers (`x=5`, `(( i = 0 ))`), 2 anything else.
   * Arithmetic evaluates a variable's value as an expression (`x='a[$(rm f)]'; (( x ))` runs rm), so
   * a variable read in arithmetic is safe only when every value the line gives it is an integer.
   */
  vars?: Map<string, 1 | 2>;
  /** Variables read in arithmetic, with where: judged once the whole line is known. */
  arith: { name: string; start: number; end: number; what?: string }[];
  /** Variables given the integer attribute (`declare -i n`): assigning to them is arithmetic. */
  integers?: Set<string>;
  /**
   * Values the shell itself assigns that are not known integers (`for x in WORDS`, `${x:=WORD}`), with
   * where: judged once the line is known, because assigning to an integer variable is arithmetic.
   */
  shellAssigned?: { name: string; start: number; end: number }[];
  /** Namerefs declared without a target (`declare -n r`): assigning to one names its target. */
  namerefs?: Set<string>;
  /** Associative arrays (`declare -A m`): their subscripts are keys, not arithmetic. */
  assoc?: Set<string>;
  /** The variables an array's subscripts read (`a[SUB]`, `a=([SUB]=v)`): arithmetic unless it is associative. */
  subscriptReads?: { array: string; reads: ScanContext["arith"] }[];
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
  // `vars` and `integers` are made when a line first needs them: most lines assign nothing
  return { steps: 0, budget, stopped: false, issues: [], reasons: [], arith: [] };
}

/** At most this many reasons are kept: one is enough to fire a guard, a few explain it. */
export const MAX_REASONS = 32;

/** Records that the line is dynamic because of `construct` at [start, end). */
export function addReason(ctx: ScanContext, construct: string, message: string, start: number, end: number): void {
  if (ctx.reasons.length < MAX_REASONS) ctx.reasons.push({ construct, message, start, end });
}

/**
 * The parts of an assignment word (`a[i]+=v`): the variable's name without subscript or `+` (`a`),
 * the value's text and raw text (after the first `=`), and whether it appends (`+=`).
 */
export function splitAssignment(w: Pick<Word, "text" | "raw">): { name: string; value: string; raw: string; append: boolean } {
  const eq = w.text.indexOf("=");
  return { name: w.text.slice(0, eq).replace(/\[[^]*$|\+$/, ""), value: w.text.slice(eq + 1), raw: w.raw.slice(w.raw.indexOf("=") + 1), append: w.text[eq - 1] === "+" };
}
