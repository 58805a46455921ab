// A lock file for read-modify-write of small JSON files shared by parallel hook processes (Claude runs
// one hook process per parallel tool call). open(O_CREAT|O_EXCL) is atomic on every local filesystem;
// a holder keeps the lock for about a millisecond, so a lock older than STALE_MS belongs to a process
// that died mid-write and is broken.
import { closeSync, linkSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

const STALE_MS = 10_000;
const WAIT_MS = 5_000;

/** Runs `fn` holding `<path>.lock` and returns its result; undefined when the lock cannot be had in time. */
export function withLock<T>(path: string, fn: () => T): T | undefined {
  const lock = `${path}.lock`;
  if (!acquire(lock)) return undefined;
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lock);
    } catch {}
  }
}

function acquire(lock: string): boolean {
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT") mkdirSync(dirname(lock), { recursive: true, mode: 0o700 });
      else if (code !== "EEXIST") throw err;
      else breakIfStale(lock);
    }
    if (Date.now() > deadline) return false;
    // Jittered back-off so 50 waiters do not retry in lock-step.
    if (attempt > 0) Bun.sleepSync(1 + Math.floor(Math.random() * Math.min(8, attempt)));
  }
}

/**
 * Removes a stale lock. It is renamed away first, so two processes breaking it at once cannot both
 * delete it; if the renamed file turns out to be a fresh lock taken in between, it is linked back.
 */
function breakIfStale(lock: string): void {
  let ino: number;
  try {
    const st = statSync(lock);
    if (Date.now() - st.mtimeMs < STALE_MS) return;
    ino = st.ino;
  } catch {
    return;
  }
  const aside = `${lock}.stale.${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  try {
    if (statSync(aside).ino !== ino) linkSync(aside, lock);
  } catch {}
  try {
    unlinkSync(aside);
  } catch {}
}
