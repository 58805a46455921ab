// Capture mode: with AGENTIHOOKS_CAPTURE_DIR set in the harness's environment, every hook call also
// writes what it received (argv and the payload's bytes, verbatim) to that folder, one private file
// per call. The live suite uses it to rebuild e2e/transcripts/ from what the real harnesses send; a
// person can use it to see the real payloads of their own harness.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes one capture record; never throws (capturing must not change the hook's answer). */
export function capturePayload(dir: string, argv: string[], text: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = `${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}.json`;
    // wx: a fresh file of our own, never one planted at that name
    writeFileSync(join(dir, name), `${JSON.stringify({ argv, stdin: text })}\n`, { mode: 0o600, flag: "wx" });
  } catch {}
}
