// What the scanner gives back: simple commands made of words, each word with its provenance (why
// its value may not be known before the line runs), redirections, and the issues that stopped it.

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
