// The repository a working directory is in: the nearest ancestor holding `.git`. On every hook call's
// path (the condition index is kept per repository), so it lives apart from the trust advice.
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Returns the nearest ancestor of `cwd` holding `.git` (a file or a folder), or undefined. */
export function findGitRoot(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (let i = 0; i < 128; i++) {
    try {
      statSync(join(dir, ".git"));
      return dir;
    } catch {}
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}
