// The repository a working directory is in (the nearest ancestor holding `.git`) and where its git
// config lives. On every hook call's path and every index rebuild's (the index is kept per repository
// and watches that config), so it lives apart from the trust advice and the remotes' reader.
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

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

/** Returns the common git dir of a checkout (a worktree's `.git` file leads to its git dir, whose `commondir` names it). */
export function commonDir(root: string): string {
  const dotgit = join(root, ".git");
  let common = dotgit;
  try {
    if (statSync(dotgit).isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotgit, "utf8"));
      let gitdir = dotgit;
      if (m) gitdir = isAbsolute(m[1].trim()) ? m[1].trim() : resolve(root, m[1].trim());
      common = gitdir;
      try {
        const c = readFileSync(join(gitdir, "commondir"), "utf8").trim();
        common = isAbsolute(c) ? c : resolve(gitdir, c);
      } catch {}
    }
  } catch {}
  return common;
}

/** Returns the path of the config file holding a checkout's remotes (follows `.git` files and worktrees). */
export function gitConfigPath(root: string): string {
  return join(commonDir(root), "config");
}
