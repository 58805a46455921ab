// A file with more than one name may be a hard link to a protected file: writing it writes that one.
// Its inode is compared with the protected files that can be listed (the fixed protected places, the
// layers of its repository and of the working directory's, the bundle's and linked profiles' layers).
// Only files with several links pay for this.
import { lstatSync, readdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { findGitRoot } from "../conditions/git-root";
import { checkDeadline } from "./limits";
import { callMemo } from "../state/call-memo";

interface Place<K> {
  path: string;
  under: boolean;
  kind: K;
}

/**
 * A file with more than one name may be a hard link to a protected file (writing it writes that
 * one): its inode is compared with the protected files that can be listed (the home's, the layers of
 * its repository and of the working directory's, the bundle's and linked profiles' layers, the hook
 * registrations, the executable). Only files with several links pay for this.
 */
export function hardLinkKind<K extends string>(real: string, roots: Place<K>[], cwd: string, home: string): K | "layer" | undefined {
  let st: Stats;
  try {
    st = lstatSync(real);
  } catch {
    return undefined;
  }
  if (!st.isFile() || st.nlink < 2) return undefined;
  const id = idOf(st);
  const same = (path: string) => {
    try {
      return idOf(statSync(path)) === id;
    } catch {
      return false;
    }
  };
  for (const r of roots) {
    if (same(r.path)) return r.kind;
    if (r.under && fileIds(r.path).has(id)) return r.kind;
  }
  const dirs = new Set<string>();
  for (const from of [dirname(real), cwd]) {
    const root = gitRoot(from);
    if (root) for (const l of [".agentihooks", ".claude"]) dirs.add(join(root, l, "conditions"));
  }
  for (const d of linkedLayers(home)) dirs.add(d);
  for (const d of dirs) if (fileIds(d).has(id)) return "layer";
  return undefined;
}

// Memoized for one call (state/call-memo.ts), like the protected roots: every operand with several links
// asks the same folders, so each is listed, each folder's git root found and state.json read once.
const idsMemo = callMemo<string, Set<string>>();
const gitRootMemo = callMemo<string, string | undefined>();
const linkedMemo = callMemo<string, string[]>();

const idOf = (st: Stats) => `${st.dev}:${st.ino}`;

/** The device:inode of every file listFiles finds under `dir` (what each resolves to). */
function fileIds(dir: string): Set<string> {
  let ids = idsMemo.get(dir);
  if (!ids) {
    ids = new Set();
    for (const f of listFiles(dir)) {
      checkDeadline("looking for hard links to protected files");
      try {
        ids.add(idOf(statSync(f)));
      } catch {}
    }
    idsMemo.set(dir, ids);
  }
  return ids;
}

function gitRoot(dir: string): string | undefined {
  if (!gitRootMemo.has(dir)) gitRootMemo.set(dir, findGitRoot(dir));
  return gitRootMemo.get(dir);
}

function linkedLayers(home: string): string[] {
  let dirs = linkedMemo.get(home);
  if (!dirs) linkedMemo.set(home, (dirs = linkedLayerDirs(home)));
  return dirs;
}

/** The files of a folder and its subfolders (bounded), or none. */
function listFiles(dir: string, depth = 0, out: string[] = []): string[] {
  if (depth > 3 || out.length > 2000) return out;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    checkDeadline("looking for hard links to protected files");
    const p = join(dir, n);
    try {
      if (lstatSync(p).isDirectory()) listFiles(p, depth + 1, out);
      else out.push(p);
    } catch {}
  }
  return out;
}

/** The layer folders state.json links (the bundle's, its profiles', linked profiles'). */
function linkedLayerDirs(home: string): string[] {
  try {
    const state = JSON.parse(readFileSync(join(home, "state.json"), "utf8"));
    const paths: string[] = [];
    if (typeof state?.bundle?.path === "string") paths.push(state.bundle.path, ...listDirs(join(state.bundle.path, "profiles")));
    const linked = [state?.linked_profiles, ...Object.values(state?.targets ?? {}).map((t) => (t as { linked_profiles?: unknown })?.linked_profiles)];
    for (const l of linked) if (l && typeof l === "object") for (const v of Object.values(l)) if (typeof v === "string") paths.push(v);
    return paths.map((p) => join(p, ".claude", "conditions"));
  } catch {
    return [];
  }
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir).map((n) => join(dir, n));
  } catch {
    return [];
  }
}

