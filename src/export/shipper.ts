// The shipper: sends the decision log to an OTLP endpoint, in batches, after the fact. The hook only
// appends its record (and may start a shipper, detached); nothing on its path waits on a network.
// What was sent is remembered as the chain hash of the last acknowledged record (logs/ship.json), so a
// collector that is down loses nothing: the records stay in the log (bounded by its rotation) and the
// next run sends them, once. One shipper at a time (logs/ship.lock holds its pid).
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type DecisionRecord, isHookRecord, parseRecord } from "../decisions/read";
import { writeFileAtomic } from "../state/atomic";
import { LOG_FILE, lineHash, logFiles } from "../state/hook-log";
import type { OtlpTarget } from "./otlp-config";
import { encodeLogs, encodeTraces } from "./otlp-encode";
import { SHIP_LOCK } from "./start-shipper";

export const SHIP_STATE = "ship.json";
const BATCH = 500;

export interface ShipOptions {
  /** Give up retrying after this long (the records stay for the next run). */
  maxTimeMs: number;
  /** After catching up, keep watching for new records this long before exiting (0: exit at once). */
  idleMs: number;
  say?: (line: string) => void;
}

export interface ShipResult {
  sent: number;
  pending: number;
  /** Records that rotation removed before they were sent. */
  lost: boolean;
  error?: string;
}

interface Pending {
  records: DecisionRecord[];
  hashes: string[];
  lost: boolean;
}

/** Every hook record after the last acknowledged one, with each line's chain hash. */
function pending(logsDir: string, shipped: string | undefined): Pending {
  const lines: string[] = [];
  for (const f of logFiles(logsDir)) for (const l of readFileSync(f, "utf8").split("\n")) if (l.trim()) lines.push(l);
  let from = 0;
  let lost = false;
  if (shipped) {
    const at = lines.findIndex((l) => lineHash(l) === shipped);
    if (at >= 0) from = at + 1;
    else lost = true; // the last sent record was rotated away: everything here is newer
  }
  const out: Pending = { records: [], hashes: [], lost };
  for (const line of lines.slice(from)) {
    const r = parseRecord(line);
    if (!r || !isHookRecord(r)) continue;
    out.records.push(r);
    out.hashes.push(lineHash(line));
  }
  return out;
}

function readState(logsDir: string): { shipped?: string } {
  try {
    return JSON.parse(readFileSync(join(logsDir, SHIP_STATE), "utf8"));
  } catch {
    return {};
  }
}

async function post(url: string, body: Uint8Array, target: OtlpTarget): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    headers: { ...target.headers, "content-type": "application/x-protobuf" },
    body,
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
}

/** Takes the shipper lock; false when a live shipper holds it. */
export function takeShipLock(logsDir: string): boolean {
  const path = join(logsDir, SHIP_LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch {}
    let pid = 0;
    try {
      pid = Number(readFileSync(path, "utf8"));
    } catch {}
    if (pid > 0 && alive(pid)) return false;
    try {
      unlinkSync(path); // a shipper that died
    } catch {}
  }
  return false;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function releaseShipLock(logsDir: string): void {
  try {
    unlinkSync(join(logsDir, SHIP_LOCK));
  } catch {}
}

/** Sends what is pending; retries with back-off until maxTimeMs; watches for idleMs after catching up. */
export async function ship(logsDir: string, target: OtlpTarget, opts: ShipOptions): Promise<ShipResult> {
  const deadline = Date.now() + opts.maxTimeMs;
  const result: ShipResult = { sent: 0, pending: 0, lost: false };
  let delay = 500;
  let idleSince = Date.now();
  // Only this shipper (it holds the lock) moves the cursor: read once, then kept here.
  let shipped = readState(logsDir).shipped;
  let seen = "";
  for (;;) {
    touch(join(logsDir, SHIP_LOCK));
    // Caught up and the log unchanged since: nothing to read again (the log can be megabytes).
    const now = logSignature(logsDir);
    if (result.pending === 0 && now === seen) {
      if (Date.now() - idleSince >= opts.idleMs || Date.now() >= deadline) return result;
      await Bun.sleep(Math.min(500, opts.idleMs));
      continue;
    }
    seen = now;
    const p = pending(logsDir, shipped);
    if (p.lost && !result.lost) {
      result.lost = true;
      opts.say?.("some records were rotated out of the log before they could be sent");
    }
    result.pending = p.records.length;
    if (!p.records.length) {
      if (Date.now() - idleSince >= opts.idleMs || Date.now() >= deadline) return result;
      await Bun.sleep(Math.min(500, opts.idleMs));
      continue;
    }
    const batch = p.records.slice(0, BATCH);
    try {
      await post(target.logs, encodeLogs(batch), target);
      await post(target.traces, encodeTraces(batch), target);
      shipped = p.hashes[batch.length - 1];
      writeFileAtomic(join(logsDir, SHIP_STATE), JSON.stringify({ shipped, t: new Date().toISOString() }), 0o600, false);
      result.sent += batch.length;
      result.pending -= batch.length;
      delay = 500;
      idleSince = Date.now();
    } catch (err) {
      result.error = (err as Error).message;
      if (Date.now() + delay > deadline) return result;
      opts.say?.(`send failed (${result.error}); retrying in ${delay} ms`);
      await Bun.sleep(delay);
      delay = Math.min(delay * 2, 30_000);
    }
  }
}

/** The current log file's size and change time: any append or rotation changes it. */
function logSignature(logsDir: string): string {
  try {
    const st = statSync(join(logsDir, LOG_FILE));
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return "none";
  }
}

function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {}
}
