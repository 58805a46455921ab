// The hook's own log: one JSON line per hook call and per condition run, under $AGENTIHOOKS_HOME/logs/,
// rotated by size. Never stdout (stdout is the answer). A read-only or full home only loses the log.
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";

export const LOG_FILE = "hook.jsonl";
const MAX_BYTES = 5 * 1024 * 1024;
let warned = false;

/** Appends records to logs/hook.jsonl; returns a one-line note when logging failed, else undefined. */
export function writeLog(logsDir: string, records: Record<string, unknown>[]): string | undefined {
  if (records.length === 0) return undefined;
  const path = join(logsDir, LOG_FILE);
  const text = records.map((r) => JSON.stringify({ t: new Date().toISOString(), ...r })).join("\n") + "\n";
  try {
    mkdirSync(logsDir, { recursive: true, mode: 0o700 });
    rotateIfLarge(path);
    appendFileSync(path, text, { mode: 0o600 });
    return undefined;
  } catch (err) {
    if (warned) return undefined;
    warned = true;
    return `cannot write the hook log ${path}: ${(err as Error).message}`;
  }
}

function rotateIfLarge(path: string): void {
  try {
    if (statSync(path).size < MAX_BYTES) return;
    // rename is atomic: parallel hooks either append to the old file or start the new one
    renameSync(path, `${path}.1`);
  } catch {}
}
