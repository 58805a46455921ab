// The condition index's stat signature of a path: what changes when a file is edited (mtime, ctime,
// size) or replaced (inode), or a folder gains, loses or renames an entry. Its own module: every hook
// call's index check uses it, and nothing else of the layer hashing.
import { type Stats, lstatSync, statSync } from "node:fs";

/** The index's stat signature of a file or folder (catalog.ts `signature` uses it for every watched path). */
export function statSignature(st: Stats): string {
  return `${st.isDirectory() ? "d" : "f"}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.size}`;
}

/**
 * A path's signature now, "-" when it is missing or cannot be read: through stat, or through lstat
 * (`follow` false) for a layer's own entries, as the index signed each.
 */
export function pathSignature(path: string, follow = true): string {
  try {
    // a missing path is the usual answer for most watched ones: told without building an error
    const st = follow ? statSync(path, { throwIfNoEntry: false }) : lstatSync(path, { throwIfNoEntry: false });
    return st ? statSignature(st) : "-";
  } catch {
    return "-";
  }
}
