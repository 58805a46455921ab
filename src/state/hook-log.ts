// The hook's own log: one JSON line per hook call (the decision record, src/decisions/record.ts) under
// $AGENTIHOOKS_HOME/logs/, private to the user. Never stdout (stdout is the answer). A read-only or
// full home only loses the log.
//
// Each line carries `prev`, the hash of the line before it (across rotated files), and logs/hook.head
// holds the hash of the last line, so `agentihooks log verify` finds a line edited, inserted or deleted
// anywhere, the last one included. Parallel hooks append under a short lock file so the chain never
// forks; a lock that cannot be had in time loses the chain for that line (marked), never the record.
import { type Stats, appendFileSync, closeSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const LOG_FILE = "hook.jsonl";
export const HEAD_FILE = "hook.head";
const LOCK_FILE = "hook.lock";
/** The file hook.lock is a link to while a hook holds the lock (lock()). */
const TOKEN_FILE = "hook.lock-token";
/** Rotated files: hook-<time>.jsonl, oldest first by name. */
export const ROTATED = /^hook-\d{8}T\d{6}(?:\.\d+)?Z(?:-\d+)?\.jsonl$/;

export interface LogLimits {
  /** Rotate when the current file reaches this size. */
  maxBytes: number;
  /** Rotate when the current file's first record is older than this; delete rotated files older too. */
  maxAgeDays: number;
  /** Rotated files kept. */
  keep: number;
}

export const DEFAULT_LIMITS: LogLimits = { maxBytes: 5 * 1024 * 1024, maxAgeDays: 30, keep: 5 };

/** The first line of a chain: no line before it. */
export const GENESIS = "00000000000000000000000000000000"; // 32 zeros

let warned = false;

/** Returns the hash that links a line to the next one. */
export function lineHash(line: string): string {
  // the static form: a hasher object's first use cost every call ~0.03 ms more
  return (Bun.SHA256.hash(line, "hex") as string).slice(0, 32);
}

/** Keys every line has from the log itself; a record carrying one loses it. */
const LOG_KEYS = ["t", "host", "user", "prev"];

/** Returns one log line: the log's own keys around the record's, as JSON. */
function logLine(t: string, who: Identity, record: Record<string, unknown>, prev: string): string {
  let r = record;
  if (LOG_KEYS.some((k) => Object.hasOwn(record, k))) {
    r = { ...record };
    for (const k of LOG_KEYS) delete r[k];
  }
  // text around the record's own JSON: a spread into a new object cost every call a copy of it
  const body = JSON.stringify(r);
  return `{"t":${JSON.stringify(t)},"host":${JSON.stringify(who.host)},"user":${JSON.stringify(who.user)}${body.length > 2 ? `,${body.slice(1, -1)}` : ""},"prev":${JSON.stringify(prev)}}`;
}

/** Appends records to logs/hook.jsonl; returns a one-line note when logging failed, else undefined. */
export function writeLog(logsDir: string, records: Record<string, unknown>[], limits: LogLimits = DEFAULT_LIMITS): string | undefined {
  if (records.length === 0) return undefined;
  const path = join(logsDir, LOG_FILE);
  try {
    const who = currentIdentity(logsDir);
    const locked = lock(logsDir);
    try {
      if (locked) rotateIfDue(logsDir, path, limits);
      let prev = locked ? head(logsDir) : undefined;
      let text = "";
      const t = new Date().toISOString();
      for (const r of records) {
        const line = logLine(t, who, r, prev ?? "unlocked");
        text += `${line}\n`;
        if (prev !== undefined) prev = lineHash(line);
      }
      appendFileSync(path, text, { mode: 0o600 });
      if (locked && prev !== undefined) writeFileSync(join(logsDir, HEAD_FILE), prev, { mode: 0o600 });
    } finally {
      if (locked) unlock(logsDir);
    }
    return undefined;
  } catch (err) {
    if (warned) return undefined;
    warned = true;
    return `cannot write the hook log ${path}: ${(err as Error).message}`;
  }
}

interface Identity {
  host: string;
  user: string;
  uid?: number;
  /** When it was read from the system (ms since the epoch). */
  at: number;
}

/** How long who and where are taken from the cache: a host renamed shows in the records within this. */
const IDENTITY_TTL_MS = 60_000;

let who: Identity | undefined;

/**
 * Who and where, read from the system at most once a minute: the hostname from /proc and the account
 * from /etc/passwd cost every call ~0.15 ms (bench/README.md, entry 36). Kept in the home's cache
 * folder (beside the condition index, where the gate keeps the agent out), and for a minute in a
 * process that answers many calls (the resident server).
 */
function currentIdentity(logsDir: string): Identity {
  const now = Date.now();
  const uid = process.getuid?.();
  const fresh = (i: Identity | undefined): i is Identity => !!i && i.uid === uid && now - i.at >= 0 && now - i.at < IDENTITY_TTL_MS;
  if (fresh(who)) return who;
  const path = join(dirname(logsDir), "cache", "identity.json");
  try {
    const c = JSON.parse(readFileSync(path, "utf8")) as Identity;
    if (typeof c?.host === "string" && typeof c.user === "string" && typeof c.at === "number" && fresh(c)) return (who = c);
  } catch {}
  who = { ...identity(uid), uid, at: now };
  try {
    // written whole or read as broken (then read from the system again). Into the cache folder the
    // condition index made, never a new one: a call that writes nothing else (a bad registration) stays so.
    writeFileSync(path, JSON.stringify(who), { mode: 0o600 });
  } catch {}
  return who;
}

/**
 * Who and where: the account by name where the system knows it, else by uid. Read from /proc and
 * /etc/passwd where they answer, as gethostname() and getpwuid() would: loading node:os costs every
 * hook call about 0.4 M instructions (bench/README.md, entry 34). It answers for the rest (another
 * system, an account that only NSS knows).
 */
function identity(uid: number | undefined): { host: string; user: string } {
  // loaded once a minute at most (currentIdentity)
  let user = uid === undefined ? undefined : (require("./private-group") as typeof import("./private-group")).userName(uid);
  if (!user) {
    try {
      user = os().userInfo().username;
    } catch {}
  }
  if (!user || user === "unknown") user = process.env.USER || process.env.LOGNAME || `uid:${uid ?? "?"}`;
  return { host: kernelHostname() || os().hostname(), user };
}

const os = () => require("node:os") as typeof import("node:os");

function kernelHostname(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/hostname", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The hash of the last line written: hook.head, or the current file's last line, or the genesis. */
function head(logsDir: string): string {
  try {
    const h = readFileSync(join(logsDir, HEAD_FILE), "utf8").trim();
    if (/^[0-9a-f]{32}$/.test(h)) return h;
  } catch {}
  const last = lastLine(join(logsDir, LOG_FILE));
  return last === undefined ? GENESIS : lineHash(last);
}

/** Returns the last line of a file (reading only its tail), or undefined when it has none. */
export function lastLine(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const size = statSync(path).size;
    const len = Math.min(size, 256 * 1024);
    const buf = Buffer.alloc(len);
    readSync(fd, buf, 0, len, size - len);
    const text = buf.toString("utf8").replace(/\n+$/, "");
    if (!text) return undefined;
    return text.slice(text.lastIndexOf("\n") + 1);
  } finally {
    closeSync(fd);
  }
}

const LOCK_WAIT_MS = 1000;
const LOCK_STALE_MS = 2000;

/**
 * Takes logs/hook.lock: a hard link to logs/hook.lock-token, which fails with EEXIST while another
 * hook holds it. A link costs a tenth of creating a file on a journaling file system (bench/README entry
 * 33); older builds take the same name with O_EXCL, so the two exclude each other during an upgrade. The
 * link's time is set at once, so a lock older than LOCK_STALE_MS (a killed hook's) is broken by either.
 */
function lock(logsDir: string): boolean {
  const path = join(logsDir, LOCK_FILE);
  const token = join(logsDir, TOKEN_FILE);
  const until = Date.now() + LOCK_WAIT_MS;
  let links = true;
  for (let made = false; ; ) {
    try {
      if (links) {
        linkSync(token, path);
        // the link's time is what says the lock is fresh: a link whose time cannot be set is given back
        if (!touched(path)) {
          unlinkSync(path);
          links = false;
          continue;
        }
      } else closeSync(openSync(path, "wx", 0o600));
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // a file system without hard links: the lock is a file of its own
      if (links && (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "EMLINK")) {
        links = false;
        continue;
      }
      // the logs folder and the token are made on the first call only
      if (code === "ENOENT" && !made) {
        mkdirSync(logsDir, { recursive: true, mode: 0o700 });
        try {
          closeSync(openSync(token, "wx", 0o600));
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
        }
        made = true;
        continue;
      }
      if (code !== "EEXIST") return false;
    }
    try {
      if (Date.now() - statSync(path).mtimeMs > LOCK_STALE_MS) unlinkSync(path);
    } catch {}
    if (Date.now() > until) return false;
    Bun.sleepSync(1);
  }
}

/** Sets a path's times to now; false when it cannot. */
function touched(path: string): boolean {
  try {
    const now = new Date();
    utimesSync(path, now, now);
    return true;
  } catch {
    return false;
  }
}

function unlock(logsDir: string): void {
  try {
    unlinkSync(join(logsDir, LOCK_FILE));
  } catch {}
}

/** Rotates the current file when it is too large or too old, then prunes rotated files (under the lock). */
function rotateIfDue(logsDir: string, path: string, limits: LogLimits): void {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return;
  }
  const size = st.size;
  const born = st.birthtimeMs || st.ctimeMs;
  const maxAge = limits.maxAgeDays * 86400e3;
  // A file born within maxAge holds no older record (its first line was written when it was made), so
  // only an older file, or one whose birth time the file system does not keep, has its first record read.
  const young = st.birthtimeMs > 0 && Date.now() - st.birthtimeMs <= maxAge;
  if (size < limits.maxBytes && !(size > 0 && !young && Date.now() - firstTime(path, born) > maxAge)) return;
  const stamp = new Date().toISOString().replace(/[-:]/g, "");
  let target = join(logsDir, `hook-${stamp}.jsonl`);
  for (let n = 1; existsSync(target); n++) target = join(logsDir, `hook-${stamp}-${n}.jsonl`);
  renameSync(path, target);
  prune(logsDir, limits);
}

function firstTime(path: string, fallback: number): number {
  try {
    const fd = openSync(path, "r");
    // a Uint8Array, not a Buffer: Buffer's first use costs ~0.15 ms, and this runs on every hook call
    const buf = new Uint8Array(64);
    readSync(fd, buf, 0, 64, 0);
    closeSync(fd);
    const t = /"t":"([^"]+)"/.exec(new TextDecoder().decode(buf))?.[1];
    const ms = t ? Date.parse(t) : NaN;
    return Number.isNaN(ms) ? fallback : ms;
  } catch {
    return fallback;
  }
}

/** Keeps the newest `keep` rotated files that are younger than maxAgeDays. */
function prune(logsDir: string, limits: LogLimits): void {
  const rotated = rotatedFiles(logsDir);
  const cutoff = Date.now() - limits.maxAgeDays * 86400e3;
  rotated.forEach((f, i) => {
    const p = join(logsDir, f);
    let old = false;
    try {
      old = statSync(p).mtimeMs < cutoff;
    } catch {}
    if (old || i < rotated.length - limits.keep) rmSync(p, { force: true });
  });
}

/** Rotated log files, oldest first. */
export function rotatedFiles(logsDir: string): string[] {
  try {
    return readdirSync(logsDir).filter((f) => ROTATED.test(f)).sort();
  } catch {
    return [];
  }
}

/** Every log file in order, oldest first: rotated ones, the old single rotation, then the current. */
export function logFiles(logsDir: string): string[] {
  return [...rotatedFiles(logsDir), `${LOG_FILE}.1`, LOG_FILE].map((f) => join(logsDir, f)).filter((f) => existsSync(f));
}
