// Whether a condition file may run: a regular file in its layer, and (strict modes, as sshd's
// StrictModes) not writable by others nor by a group other than the owner's private group, nor owned
// by another user (root excepted): the rules of state/private.ts, worded for a layer. The index
// checks every file when it is built; the hook checks again just before a run, because a chmod or a
// deletion does not change the layer's mtime and so does not rebuild the index.
import { type Stats, lstatSync } from "node:fs";
import { privacyVerdict } from "../state/private";
import { builtinFile } from "./builtin";

/** Returns why the file or folder at `path` fails the strict modes, with the command that fixes it, or undefined. */
export function strictModesProblem(st: Stats, what: string, path: string): string | undefined {
  const v = privacyVerdict(st, path, what);
  if (!v) return undefined;
  const mode = (st.mode & 0o777).toString(8);
  if (v.kind === "owner") return `${what} is owned by uid ${st.uid}, not by the user running the hook (uid ${process.getuid?.()}; run: ${v.fix})`;
  return `${what} is writable by group or others (mode ${mode}${v.why ? `: ${v.why}` : ""}; run: ${v.fix})`;
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
  return strict ? strictModesProblem(st, "file", path) : undefined;
}
