// The shell scanner: one pass over a command line, giving the simple commands it contains as words
// with provenance. It is not a full parser: it keeps only what decides which programs can run.
//
// Grammar (informal; bash's, reduced to what matters here), and the module that reads each part:
//   list     := { SEP | command }                                   structure.ts
//   command  := '(' list ')'  |  '((' arith '))'  |  keyword  |  simple
//   keyword  := if ... fi | for/while/until ... done | case ... esac    keywords.ts
//               | '[[' ... ']]' | function NAME | time compound
//   simple   := { redirect | word }
//   redirect := [digits] op word                                     redirects.ts
//   word     := { plain | quoted | expansion | proc | extglob }      words.ts
//   quoted, expansion, proc: '\' "'" '"' "$'" '$"' '$(' '$((' '${' '$' '`' '<(' '>('   expansions.ts
//   "$'" ansi "'"                                                    ansi-c.ts
//   heredoc bodies, after the NEWLINE that ends their line           heredocs.ts
// The cursor (cursor.ts) holds the text and the state these parts share; syntax.ts the output.
//
// Bounds: nesting deeper than MAX_DEPTH, more than the step budget, or a syntax error stops the
// scan at once (the commands found so far are kept, and the caller reports the line as dynamic).
import { STOP } from "./cursor";
import { Scanner } from "./structure";
import type { ScanContext, ScanResult, SimpleCommand, Span, Word as ScannedWord } from "./syntax";

export {
  ARITHMETIC, BRACE, GLOB, type Issue, MAX_DEPTH, newContext, PROCESS, provenance, type Reason, type Redirect,
  type ScanContext, type ScanResult, type SimpleCommand, type Span, SUBSTITUTION, VARIABLE,
} from "./syntax";

/**
 * A word as other modules see it: a scanned word (with its place in the line, syntax.ts), or one a
 * reader built from text that has no place (the gate's `for NAME in WORDS`), without `start`/`end`.
 */
export type Word = Omit<ScannedWord, "start" | "end"> & Partial<Pick<ScannedWord, "start" | "end">>;

/**
 * Returns the simple commands of `text`; `complete` is false when the scan stopped early. `origin` is
 * the span of the top-level line that nested text came from (its reasons are placed there).
 */
export function scan(text: string, depth: number, ctx: ScanContext, origin?: Span): ScanResult {
  return guarded(ctx, (out) => new Scanner(text, depth, ctx, out, origin).run());
}

/** Returns the commands of the substitutions in `text`, read as an unquoted heredoc body would be. */
export function scanExpansionText(text: string, depth: number, ctx: ScanContext, origin?: Span): ScanResult {
  return guarded(ctx, (out) => new Scanner(text, depth, ctx, out, origin).runExpansions());
}

// --- internal ---

function guarded(ctx: ScanContext, body: (out: SimpleCommand[]) => void): ScanResult {
  const out: SimpleCommand[] = [];
  try {
    body(out);
    return { commands: out, complete: true };
  } catch (e) {
    if (e !== STOP) throw e;
    ctx.stopped = true;
    return { commands: out, complete: false };
  }
}
