// The server's own executable on disk: an upgrade replaces (or rewrites) the file the running process
// was started from, and a server that kept answering would judge calls with the old code. Its identity
// (device, inode, size, modification time) is taken at start and compared at every call.
import { readlinkSync, statSync } from "node:fs";

export interface ExeWatch {
  /** The executable's path as it was at start. */
  path: string;
  /** Returns why the file is no longer the one this process runs, or undefined while it is. */
  changed(): string | undefined;
}

const identity = (path: string): string | undefined => {
  try {
    const st = statSync(path);
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
};

/** Starts watching `/proc/self/exe`'s target (process.execPath where there is no /proc). */
export function watchOwnExe(): ExeWatch {
  let path: string;
  try {
    path = readlinkSync("/proc/self/exe").replace(/ \(deleted\)$/, "");
  } catch {
    path = process.execPath;
  }
  const start = identity(path);
  return {
    path,
    changed() {
      const now = identity(path);
      if (now === start) return undefined;
      return now === undefined ? `${path} is gone` : `${path} changed on disk`;
    },
  };
}
