// The programs that run condition files, found without the PATH. The agent can write folders on the
// PATH (~/.local/bin, a project's node_modules/.bin): a `bash`, `python3` or `env` dropped there would
// otherwise run in place of every condition. So interpreters are looked up only in fixed system folders,
// to absolute paths, when the condition index is built (catalog.ts records them and watches their files);
// a shebang is read when the file runs, because editing a file does not rebuild the index.
// Strict modes: an interpreter, or a folder above it, that another user could write is refused, by the
// rules condition files follow (state/private.ts).
import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { privacyVerdict } from "../state/private";

/** Where interpreters are looked for, in this order; never the PATH. */
export const SYSTEM_BIN = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"];
/** Where bash is looked for: the system's own. */
const BASH = ["/bin/bash", "/usr/bin/bash"];
/** Where python3 is looked for when AGENTIHOOKS_PYTHON does not name one. */
const PYTHON = ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"];

/** An interpreter's absolute path, or why there is none. */
export type Resolved = { path: string } | { error: string };

export interface Interpreters {
  bash: Resolved;
  python: Resolved;
}

/** Why `path` (following links) or a folder above it could be written by another user, or undefined. */
export function trustProblem(path: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (err) {
    return `cannot resolve ${path}: ${(err as Error).message}`;
  }
  // The folders of the name and of the file it leads to: a link in a writable folder can be re-pointed.
  const chain = new Set<string>([real]);
  for (const start of [dirname(path), dirname(real)]) {
    for (let d = start; ; d = dirname(d)) {
      chain.add(d);
      if (d === dirname(d)) break;
    }
  }
  for (const p of chain) {
    try {
      const v = privacyVerdict(statSync(p), p);
      if (v) return `${v.problem}; run ${v.fix}`;
    } catch (err) {
      return `cannot stat ${p}: ${(err as Error).message}`;
    }
  }
  return undefined;
}

/** True when `path` is an executable regular file. */
function isProgram(path: string): boolean {
  try {
    const st = statSync(path);
    return st.isFile() && (st.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/**
 * Returns the first of `candidates` that is a program, checked (strict), and pushes onto `watched` the
 * paths whose change must rebuild the index.
 */
function firstOf(what: string, candidates: string[], strict: boolean, watched?: string[]): Resolved {
  for (const path of candidates) {
    watched?.push(path);
    if (!isProgram(path)) continue;
    // Watched before the check: a chmod that fixes a refused one rebuilds the index too.
    try {
      watched?.push(realpathSync(path));
    } catch {}
    watched?.push(dirname(path));
    const problem = strict ? trustProblem(path) : undefined;
    if (problem) return { error: `the interpreter ${path} is refused: ${problem}` };
    return { path };
  }
  if (candidates.length === 1) return { error: `the interpreter ${what} does not exist or is not executable` };
  return { error: `no ${what} found in ${candidates.join(", ")} (the PATH is never searched)` };
}

/** Returns the program `name` resolved in the system folders (an absolute name is taken as it is). */
export function systemProgram(name: string, strict: boolean, watched?: string[]): Resolved {
  if (name.startsWith("/")) return firstOf(name, [name], strict, watched);
  if (!name || name.includes("/")) return { error: `"${name}" is neither an absolute path nor a program name` };
  return firstOf(name, SYSTEM_BIN.map((d) => `${d}/${name}`), strict, watched);
}

/**
 * Returns bash and Python resolved for the index. `python` is AGENTIHOOKS_PYTHON: an absolute path, or a
 * name looked up in the system folders; unset, the first python3 of PYTHON.
 */
export function resolveInterpreters(python: string | undefined, strict: boolean, watched?: string[]): Interpreters {
  return {
    bash: firstOf("bash", BASH, strict, watched),
    python: python ? systemProgram(python, strict, watched) : firstOf("python3", PYTHON, strict, watched),
  };
}

const PYTHON_NAME = /^python[0-9.]*$/;

/** Python's isolated mode: no PYTHON* variables, no user site-packages, not the script's folder on sys.path. */
export const pythonArgs = (interpreter: string): string[] => (PYTHON_NAME.test(basename(interpreter)) ? ["-I"] : []);

/** Returns the first line of `path` when it starts with #!, without the #!. */
function shebangOf(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buf = Buffer.alloc(256);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString("latin1");
    if (!text.startsWith("#!")) return undefined;
    const nl = text.indexOf("\n");
    return (nl < 0 ? text.slice(2) : text.slice(2, nl)).replace(/\r$/, "").trim();
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Returns the argv that runs an executable file by its shebang, or why it cannot run. `#!/usr/bin/env X`
 * looks X up in the system folders (env would search the PATH); any other interpreter is absolute and
 * the kernel runs it, once checked. A file without a shebang (a binary) is run as it is.
 */
export function shebangArgv(path: string, strict: boolean): string[] | string {
  const line = shebangOf(path);
  if (line === undefined) return [path];
  const [interpreter, ...rest] = line.split(/[ \t]+/);
  if (!interpreter.startsWith("/")) return `its shebang names "${interpreter}", not an absolute path`;
  if (basename(interpreter) !== "env") {
    const found = systemProgram(interpreter, strict);
    return "error" in found ? `its shebang's ${found.error}` : [path];
  }
  const words = rest[0] === "-S" ? rest.slice(1) : rest;
  const name = words[0];
  if (!name) return "its shebang runs env with no program";
  if (name.startsWith("-") || name.includes("=")) return `its shebang passes env options or variables ("${name}"); name the interpreter: #!/usr/bin/env <program>`;
  const found = systemProgram(name, strict);
  if ("error" in found) return `its shebang's ${found.error}`;
  return [found.path, ...pythonArgs(found.path), ...words.slice(1), path];
}
