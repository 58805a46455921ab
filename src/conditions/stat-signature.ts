// The condition index's stat signature of a path: what changes when a file is edited (mtime, ctime,
// size) or replaced (inode), or a folder gains, loses or renames an entry. Its own module: every hook
// call's index check uses it, and nothing else of the layer hashing.
import type { Stats } from "node:fs";

/** The index's stat signature of a file or folder (catalog.ts `signature` uses it for every watched path). */
export function statSignature(st: Stats): string {
  return `${st.isDirectory() ? "d" : "f"}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.size}`;
}
