// Whether a condition file may run: a regular file in its layer, and (strict modes, as sshd's
// StrictModes) not writable by group or others nor owned by another user (root excepted). The index
// checks every file when it is built; the hook checks again just before a run, because a chmod or a
// deletion does not change the layer's mtime and so does not rebuild the index.
import { type Stats, lstatSync } from "node:fs";
import { builtinFile } from "./builtin";

const uid = typeof process.getuid === "function" ? process.getuid() : 0;

/** Returns why a file or folder fails the strict modes, or undefined. */
export function strictModesProblem(st: Stats, what: string): string | undefined {
  if (st.mode & 0o022) return `${what} is writable by group or others (run: chmod go-w)`;
  if (st.uid !== uid && st.uid !== 0) return `${what} is owned by uid ${st.uid}, not by the user running the hook (uid ${uid})`;
  return undefined;
}

/** Returns why the condition file at `path` must not run, or undefined. */
export function fileProblem(path: string, strict: boolean): string | undefined {
  if (builtinFile(path)) return undefined; // a built-in condition is part of the executable, not a file
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "was removed after the index was built" : `cannot stat: ${(err as Error).message}`;
  }
  if (st.isSymbolicLink()) return "is a symbolic link; a condition must be a regular file in its layer";
  if (st.isDirectory()) return "is a directory, not a condition file";
  if (!st.isFile()) return "is not a regular file";
  return strict ? strictModesProblem(st, "file") : undefined;
}
