// The repository a command runs in and its checked-out branch, read from the files (`.git/HEAD`,
// a worktree's `gitdir:`), never by running git: rules are judged in the hook's own process.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { callMemo } from "../state/call-memo";

const roots = callMemo<string, string | null>();

/** Returns the root of the work tree holding `dir`, or null. */
export function gitRoot(dir: string): string | null {
  let d = resolve(dir);
  const seen: string[] = [];
  for (let i = 0; i < 128; i++) {
    const known = roots.get(d);
    if (known !== undefined) return remember(seen, known);
    seen.push(d);
    if (statSync(join(d, ".git"), { throwIfNoEntry: false })) return remember(seen, d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return remember(seen, null);
}

/**
 * Returns the branch checked out in the work tree holding `dir`: its name, null when HEAD is detached
 * or there is no repository, undefined when HEAD cannot be read.
 */
export function currentBranch(dir: string): string | null | undefined {
  const root = gitRoot(dir);
  if (!root) return null;
  const head = readHead(join(root, ".git"));
  if (head === undefined) return undefined;
  const ref = /^ref:\s*refs\/heads\/(.+?)\s*$/.exec(head);
  return ref ? ref[1] : null;
}

// --- internal ---

function remember(dirs: string[], root: string | null): string | null {
  for (const d of dirs) roots.set(d, root);
  return root;
}

/** Returns the text of HEAD for a `.git` folder, or a `.git` file pointing at one (a worktree). */
function readHead(dotGit: string): string | undefined {
  try {
    const st = statSync(dotGit);
    let gitDir = dotGit;
    if (st.isFile()) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
      if (!m) return undefined;
      gitDir = resolve(dirname(dotGit), m[1]);
    }
    return readFileSync(join(gitDir, "HEAD"), "utf8");
  } catch {
    return undefined;
  }
}
