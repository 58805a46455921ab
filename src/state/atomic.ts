import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Temp files are `.<name>.<pid>.<rand>.tmp`: dot-prefixed so every reader and the loader ignore them. */
export function tempPathFor(path: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${rand}.tmp`);
}

/**
 * Writes `data` to `path` atomically: a temp file in the same directory, then rename. A reader sees the
 * old file or the new one, never half of either, even when the writer is killed mid-way. Private
 * whatever the umask: folders it creates are 0700, the file `mode` (0600 by default) never lets group
 * or others write.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600, durable = true): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = tempPathFor(path);
  const fd = openSync(tmp, "wx", mode & ~0o022);
  try {
    writeFileSync(fd, data); // writes it all, however many write(2) calls that takes
    // fsync can take tens of milliseconds on a busy disk. Files rebuilt from their sources (the index,
    // counters) skip it: after a power loss they may come back empty, and their readers treat that as
    // missing. Everything a person wrote (conditions, state, configs) stays durable.
    if (durable) fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {}
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {}
    throw err;
  }
}

/** Temp files older than this whose writer is gone are left-overs of a killed process. */
const STALE_MS = 60 * 1000;

/**
 * Removes temp files (`.<name>.<pid>.<rand>.tmp`) that a killed writer left in `dir`: older than a
 * minute and their pid no longer running. Cheap enough for the rebuild path; never throws.
 */
export function sweepTempFiles(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) unlinkSync(path);
    } catch {}
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
