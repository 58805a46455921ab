// Writing a set of files all or nothing: every target is checked before the first write (its folder
// can be created or written, the file is a regular file we may replace, a symlink leads to a file of
// ours), then each file is written atomically; when one write fails, the files already written get
// their previous bytes back (or are removed, with the folders this run created) and the error says,
// one line each, what was written, what was undone and what could not be.
import { type Stats, accessSync, constants, lstatSync, mkdirSync, readFileSync, realpathSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { AgentihooksError, oneLine } from "../errors";
import { writeFileAtomic } from "../state/atomic";

/** One file operation: write `data` (null deletes the file). */
export interface FileOp {
  path: string;
  data: Uint8Array | string | null;
  /** Mode of a file this run creates (an existing file keeps its own). */
  mode: number;
}

/** A failure before or during the writes, with one line per thing that happened. */
export class WriteError extends AgentihooksError {
  constructor(public lines: string[]) {
    super("E_WRITE", lines.join("; "));
  }
}

/** Where the bytes go: a symlink is followed to the file it names (the link stays a link). */
export function writeTarget(path: string): string {
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch {
    return path;
  }
  try {
    return st.isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path; // dangling: opProblem says so
  }
}

/** Returns why `op` cannot be carried out, or undefined when it can. */
export function opProblem(op: FileOp): string | undefined {
  const { path } = op;
  let st: Stats | undefined;
  try {
    st = lstatSync(path);
  } catch (err) {
    if (!["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) return `${path}: cannot read (${oneLine(err)})`;
  }
  if (st?.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return `${path} is a symlink to a file that does not exist: point it at a file or remove it`;
    }
    const uid = process.getuid?.();
    const target = statSync(real);
    if (!target.isFile()) return `${path} is a symlink to ${real}, which is not a regular file`;
    if (uid !== undefined && uid !== 0 && target.uid !== uid) return `${path} is a symlink to ${real}, which belongs to another user (uid ${target.uid})`;
    return opProblem({ ...op, path: real });
  }
  if (st && !st.isFile()) return `${path} is not a regular file`;
  if (op.data === null && !st) return undefined;
  if (st) {
    try {
      accessSync(path, constants.W_OK);
    } catch (err) {
      return `${path} is not writable (${codeOf(err)})`;
    }
  }
  const dir = existingAncestor(dirname(path));
  if (!dir.isDir) return `${dir.path} is not a folder, so ${path} cannot be created`;
  try {
    accessSync(dir.path, constants.W_OK | constants.X_OK);
  } catch (err) {
    return `cannot write in ${dir.path} (${codeOf(err)}), so ${path} cannot be ${op.data === null ? "removed" : st ? "replaced" : "created"}`;
  }
  return undefined;
}

/** Returns why each operation that cannot be carried out cannot (symlinks followed), [] when all can. */
export function opsProblems(ops: FileOp[]): string[] {
  return ops.map((op) => opProblem({ ...op, path: writeTarget(op.path) })).filter((p): p is string => !!p);
}

/** Returns the nearest folder of `dir` that exists (itself included), and whether it is a folder. */
function existingAncestor(dir: string): { path: string; isDir: boolean } {
  for (let d = dir; ; d = dirname(d)) {
    try {
      return { path: d, isDir: statSync(d).isDirectory() };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "";
      if (!["ENOENT", "ENOTDIR"].includes(code) || d === dirname(d)) return { path: d, isDir: false };
    }
  }
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? oneLine(err);

interface Undo {
  path: string;
  /** The previous bytes and mode, or undefined when the file did not exist. */
  prior?: { bytes: Buffer; mode: number };
  /** The first folder this run created for the file (removed, with what is below it, when empty). */
  madeDir?: string;
  /** The write that failed: an atomic write leaves the file as it was, only its folders go. */
  untouched?: boolean;
}

/**
 * Checks every operation, then carries them out in order. Throws a WriteError, with nothing left
 * changed, when a check fails or a write fails and every undo succeeds; the lines say what could not
 * be undone otherwise. Returns nothing: success means every file is as planned.
 */
export function writeAll(ops: FileOp[], what: string): void {
  const resolved = ops.map((op) => ({ ...op, path: writeTarget(op.path) }));
  const problems = resolved.map(opProblem).filter((p): p is string => !!p);
  if (problems.length) throw new WriteError([...problems.map((p) => `${what}: ${p}`), `${what}: nothing was written`]);
  const done: Undo[] = [];
  for (const op of resolved) {
    const undo: Undo = { path: op.path };
    try {
      undo.prior = readPrior(op.path);
      if (op.data === null) {
        if (undo.prior) unlinkSync(op.path);
      } else {
        undo.madeDir = mkdirSync(dirname(op.path), { recursive: true, mode: 0o700 });
        writeFileAtomic(op.path, op.data, undo.prior?.mode ?? op.mode);
      }
    } catch (err) {
      done.push({ path: op.path, madeDir: undo.madeDir, untouched: true });
      throw new WriteError([`${what}: ${op.data === null ? "removing" : "writing"} ${op.path} failed (${oneLine(err)})`, ...rollBack(done)]);
    }
    done.push(undo);
  }
}

function readPrior(path: string): Undo["prior"] {
  try {
    return { bytes: readFileSync(path), mode: statSync(path).mode & 0o7777 };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Undoes the writes in reverse order; returns one line per file. */
function rollBack(done: Undo[]): string[] {
  const lines: string[] = [];
  let failed = false;
  for (const u of [...done].reverse()) {
    try {
      if (u.untouched) {
        // the failed write changed nothing but maybe the folders it made
      } else if (u.prior) {
        writeFileAtomic(u.path, u.prior.bytes, u.prior.mode);
        lines.push(`rolled back: ${u.path} has its previous bytes again`);
      } else {
        try {
          unlinkSync(u.path);
          lines.push(`rolled back: removed ${u.path} (this run created it)`);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        }
      }
      if (u.madeDir) removeMadeDirs(dirname(u.path), u.madeDir);
    } catch (err) {
      failed = true;
      lines.push(`could not roll back ${u.path} (${oneLine(err)}): ${u.prior ? "it holds the new text" : "this run created it"}`);
    }
  }
  lines.push(failed ? "some changes could not be undone: see the lines above" : "nothing was changed");
  return lines;
}

/** Removes the empty folders from `dir` up to `top`, the first folder this run created. */
function removeMadeDirs(dir: string, top: string): void {
  for (let d = dir; ; d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    if (d === top || d === dirname(d)) return;
  }
}
