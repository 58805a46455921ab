import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Temp files are `.<name>.<pid>.<rand>.tmp`: dot-prefixed so every reader and the loader ignore them. */
export function tempPathFor(path: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${rand}.tmp`);
}

/**
 * Writes `data` to `path` atomically: a temp file in the same directory, then rename. A reader sees the
 * old file or the new one, never half of either, even when the writer is killed mid-way.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644, durable = true): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = tempPathFor(path);
  const fd = openSync(tmp, "wx", mode);
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
