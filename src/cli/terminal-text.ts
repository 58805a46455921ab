// Text for the person's terminal. What the CLI prints comes in part from payloads, the hook log,
// condition files and repositories the agent could write: an escape sequence there would reach the
// terminal (OSC 52 sets the clipboard, others move the cursor or rewrite what was printed). Every
// human-facing write goes through writeOut, which shows each control character visibly (`\x1b`,
// `\u202e`) and keeps only our own colours: paint.ts gives them as tokens that carry a random number
// made when this process started, which text written before it cannot hold.
import { randomBytes } from "node:crypto";
import { escapeControls } from "../control-chars";

const NONCE = randomBytes(8).toString("hex");
const TOKEN = new RegExp(`\uE000${NONCE}(\\d+)\uE001`, "g");
const sequences: string[] = [];

/** Returns a token that writeOut turns back into `sequence` (one of our own colours). */
export function colourToken(sequence: string): string {
  let i = sequences.indexOf(sequence);
  if (i < 0) i = sequences.push(sequence) - 1;
  return `\uE000${NONCE}${i}\uE001`;
}

/** Returns text ready for a terminal: controls escaped, then our colour tokens made real. */
export function terminalText(text: string, json = false): string {
  const safe = escapeControls(text, json);
  return sequences.length ? safe.replace(TOKEN, (_, i: string) => sequences[Number(i)] ?? "") : safe;
}

/** Writes human-facing (or JSON) output to stdout through terminalText. */
export function writeOut(text: string, json = false): void {
  process.stdout.write(terminalText(text, json));
}

/** Writes human-facing text to stderr through terminalText (a warning in our colours, a note). */
export function writeErr(text: string): void {
  process.stderr.write(terminalText(text));
}

/** Writes JSON output (a document) to stdout, pretty-printed, with DEL, C1 and bidi marks escaped too. */
export function writeJson(doc: unknown): void {
  writeOut(`${JSON.stringify(doc, null, 2)}\n`, true);
}
