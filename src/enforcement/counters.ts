// Per-session enforcement counters: $AGENTIHOOKS_HOME/sessions/<session>/enforcement-counters.json.
// Parallel tool calls run parallel hook processes of one session, so every update is a locked
// read-modify-write with an atomic temp+rename write: readers never see half a file, and no
// increment is lost. Other features keep their own files in the same session folder; only ours are
// touched here.
import { readdirSync, readFileSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../state/atomic";
import { withLock } from "./lock";

export const COUNTERS_FILE = "enforcement-counters.json";
/** Sessions whose counters are kept; the oldest beyond this are dropped when a new session starts. */
export const SESSION_KEEP = 500;
/** Pending deliveries kept per session (a failed tool call never fires the PostToolUse that consumes one). */
const PENDING_KEEP = 64;

export interface Counters {
  version: 1;
  /** Tool calls counted in this session (on PreToolUse). */
  tool_calls: number;
  /** Matching tool calls per enforcement id. */
  matches: Record<string, number>;
  /** Plain enforcements already shown in this session (SessionStart, a prompt or a call). */
  seen: string[];
  /** Ids due on a call, keyed by tool_use_id, for harnesses that deliver on PostToolUse. */
  pending: Record<string, string[]>;
  /** A PreToolUse was counted in this session (so PostToolUse must not count again). */
  pre_seen?: boolean;
}

export const emptyCounters = (): Counters => ({ version: 1, tool_calls: 0, matches: {}, seen: [], pending: {} });

/** Returns a folder name for a session id: safe characters only, and a hash when anything was changed. */
export function sessionDirName(sessionId: string): string {
  const safe = sessionId.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 96);
  if (safe === sessionId && safe !== "" && !/^\.+$/.test(safe)) return safe;
  const crc = (Bun.hash.crc32(sessionId) >>> 0).toString(16).padStart(8, "0");
  return `${safe.replace(/^\.+/, "") || "session"}-${crc}`;
}

/** Returns the counters file of a session. */
export function countersPath(home: string, sessionId: string): string {
  return join(home, "sessions", sessionDirName(sessionId), COUNTERS_FILE);
}

/** Returns the session's counters (empty when missing or unreadable: counting restarts, never fails). */
export function readCounters(path: string): Counters {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as Partial<Counters>;
    if (!v || typeof v !== "object" || typeof v.tool_calls !== "number") return emptyCounters();
    return {
      version: 1,
      tool_calls: v.tool_calls,
      matches: v.matches && typeof v.matches === "object" ? v.matches : {},
      seen: Array.isArray(v.seen) ? v.seen : [],
      pending: v.pending && typeof v.pending === "object" ? v.pending : {},
      pre_seen: v.pre_seen === true || undefined,
    };
  } catch {
    return emptyCounters();
  }
}

/**
 * Returns what `fn` returned after it changed the session's counters under the lock, or undefined
 * when the lock could not be had (the call is then not counted, and the caller says so).
 */
export function updateCounters<T>(home: string, sessionId: string, fn: (c: Counters) => T): T | undefined {
  const path = countersPath(home, sessionId);
  let created = false;
  const result = withLock(path, () => {
    let existed = true;
    try {
      statSync(path);
    } catch {
      existed = false;
    }
    const c = existed ? readCounters(path) : emptyCounters();
    const out = fn(c);
    trimPending(c);
    writeFileAtomic(path, JSON.stringify(c), 0o600, false);
    created = !existed;
    return out;
  });
  // Pruning lists every session folder, so it runs only when a session's first counter is written.
  if (created) pruneSessions(home, SESSION_KEEP);
  return result;
}

function trimPending(c: Counters): void {
  const keys = Object.keys(c.pending);
  for (const k of keys.slice(0, Math.max(0, keys.length - PENDING_KEEP))) delete c.pending[k];
}

/** Removes a session's counters (SessionEnd), and its folder when nothing else lives there. */
export function dropCounters(home: string, sessionId: string): void {
  const path = countersPath(home, sessionId);
  try {
    statSync(path);
  } catch {
    return; // nothing counted in this session: SessionEnd costs one stat
  }
  withLock(path, () => removeCounterFile(path));
  try {
    rmdirSync(join(path, "..")); // again, now that the lock file is gone
  } catch {}
}

function removeCounterFile(path: string): void {
  try {
    unlinkSync(path);
  } catch {}
  try {
    rmdirSync(join(path, "..")); // fails harmlessly when another feature keeps files there
  } catch {}
}

/** Keeps the counters of the `keep` most recently updated sessions and drops the rest. */
export function pruneSessions(home: string, keep: number): number {
  const root = join(home, "sessions");
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return 0;
  }
  const withCounters: { path: string; mtime: number }[] = [];
  for (const n of names) {
    const path = join(root, n, COUNTERS_FILE);
    try {
      withCounters.push({ path, mtime: statSync(path).mtimeMs });
    } catch {}
  }
  if (withCounters.length <= keep) return 0;
  withCounters.sort((a, b) => a.mtime - b.mtime);
  const drop = withCounters.slice(0, withCounters.length - keep);
  for (const d of drop) removeCounterFile(d.path);
  return drop.length;
}
