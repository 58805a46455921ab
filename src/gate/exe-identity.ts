// Is a file this executable, or another agentihooks? The same file (a hard link, a symlink to it), a
// copy (the same size and the same bytes where sampled), or a file that names agentihooks near its end
// (another build: a Bun executable keeps its program at its end; a wrapper script is small). Used by
// the gate (a renamed copy run from the agent's shell) and by uninit/doctor (hooks registered by a
// copy with another name).
import { closeSync, openSync, readSync, statSync } from "node:fs";

export interface Identity {
  dev: number;
  ino: number;
  size: number;
  path: string;
}

export function identity(path: string): Identity | undefined {
  try {
    const st = statSync(path);
    return { dev: st.dev, ino: st.ino, size: st.size, path };
  } catch {
    return undefined;
  }
}

/** The same file, or a copy (same size, same bytes where sampled), or a file that names agentihooks. */
export function isSameProgram(st: Identity, self: Identity): boolean {
  if (st.dev === self.dev && st.ino === self.ino) return true;
  if (st.size === self.size && samplesEqual(st.path, self.path, st.size)) return true;
  return namesAgentihooks(st.path, st.size); // a patched copy, another build, a wrapper script
}

const SAMPLE = 64 * 1024;

function read(path: string, offset: number, length: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buf = Buffer.alloc(length);
    const n = readSync(fd, buf, 0, length, offset);
    return buf.subarray(0, n);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function samplesEqual(a: string, b: string, size: number): boolean {
  for (const at of [0, Math.floor(size / 2), Math.max(0, size - SAMPLE)]) {
    const x = read(a, at, SAMPLE);
    const y = read(b, at, SAMPLE);
    if (!x || !y || !x.equals(y)) return false;
  }
  return true;
}

/** The embedded program of a Bun executable sits at its end; a wrapper script is small. */
const TAIL = 8 * 1024 * 1024;

function namesAgentihooks(path: string, size: number): boolean {
  const tail = read(path, Math.max(0, size - TAIL), Math.min(size, TAIL));
  return !!tail && tail.includes("agentihooks");
}

/** Returns true when the file at `path` is the running executable or another agentihooks build. */
export function isAgentihooksExecutable(path: string, self = process.execPath): boolean {
  const st = identity(path);
  const me = identity(self);
  return !!st && !!me && isSameProgram(st, me);
}
