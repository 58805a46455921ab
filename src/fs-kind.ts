// What a path is, asked the way the gate, the managed tier and setup ask it: one stat and no throw.
// Dependency-free, so the hook's hot path may import it.
import { lstatSync, statSync } from "node:fs";

/** True when `path` is a folder, following symlinks. */
export function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** True when `path` is a regular file, following symlinks. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** True when anything is at `path`, a dangling symlink included (lstat). */
export function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
