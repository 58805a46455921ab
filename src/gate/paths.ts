// What the gate protects: every file that decides which conditions run. Writing any of them is a way
// around the gate, so each is guarded as the condition folders are:
//   layer     .claude/conditions/ and .agentihooks/conditions/ anywhere, and the runtime layer
//   home      the home's other decision files: gates (a forged one opens the gate), the index cache (a
//             forged one lists any script), built-in profiles, state.json (links, bundle, profiles),
//             trust.json (which repositories may run their own conditions)
//   harness   the harnesses' hook registrations (remove ours, or add one that rewrites a call after we
//             judged it): Claude's settings*.json, Codex's hooks.json and config.toml, Copilot's hooks/
//             folders and settings.json, user and project alike
//   executable the agentihooks executable that is running (replacing it replaces every guard)
//   git       .git/config of a repository holding a layer (its remotes decide trust)
// A path counts when, after `~` and `..` are resolved, it or the path its symlinks lead to (dangling
// ones too) lies in one of them.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, type Stats, statSync } from "node:fs";
import { findGitRoot } from "../conditions/trust";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { followLinks } from "./links";

export type ProtectedKind = "layer" | "home" | "harness" | "executable" | "git";

/** How each kind reads in a deny reason. */
export const KIND_TEXT: Record<ProtectedKind, string> = {
  layer: "a condition layer",
  home: "the gate's own state (gates, index cache, built-in profiles, state.json, trust records)",
  harness: "a harness's hook registration",
  executable: "the agentihooks executable",
  git: "the git config of a repository that holds a condition layer",
};

/** Entries of $AGENTIHOOKS_HOME (or any `.agentihooks` folder) that decide which conditions run. */
export const HOME_ENTRIES = ["conditions", "gates", "cache", "builtin", "state.json", "trust.json"];

/** Consecutive path segments that are protected wherever they appear; `under`: and all beneath. */
export interface Template {
  segs: string[];
  under: boolean;
  kind: ProtectedKind;
}

export const TEMPLATES: Template[] = [
  { segs: [".claude", "conditions"], under: true, kind: "layer" },
  ...HOME_ENTRIES.map((e): Template => ({ segs: [".agentihooks", e], under: true, kind: e === "conditions" ? "layer" : "home" })),
  { segs: [".claude", "settings.json"], under: false, kind: "harness" },
  { segs: [".claude", "settings.local.json"], under: false, kind: "harness" },
  { segs: [".codex", "hooks.json"], under: false, kind: "harness" },
  { segs: [".codex", "config.toml"], under: false, kind: "harness" },
  { segs: [".copilot", "hooks"], under: true, kind: "harness" },
  { segs: [".copilot", "settings.json"], under: false, kind: "harness" },
  { segs: [".github", "hooks"], under: true, kind: "harness" },
  { segs: [".github", "copilot", "settings.json"], under: false, kind: "harness" },
  { segs: [".github", "copilot", "settings.local.json"], under: false, kind: "harness" },
];

/** Folders that hold protected things when they are deleted or moved as a whole. */
export const HOLDER_DIRS = [".claude", ".agentihooks", ".codex", ".copilot", ".github"];

export interface PathScope {
  cwd: string;
  /** HOME, for `~` expansion. */
  userHome: string;
  /** AGENTIHOOKS_HOME. */
  home: string;
  /** The hook's environment (CODEX_HOME, CLAUDE_CONFIG_DIR, COPILOT_HOME, variables of a command line). */
  env?: Record<string, string | undefined>;
  /** The running executable. */
  exe?: string;
}

/** A protected location at a fixed place: `under` covers everything beneath it. */
export interface Root {
  path: string;
  under: boolean;
  kind: ProtectedKind;
}

/** Returns `p` with a leading `~` or `~/` expanded and made absolute against `cwd`. */
export function absolutePath(p: string, scope: PathScope, cwd = scope.cwd): string {
  let path = p;
  if (path === "~" || path.startsWith("~/")) path = join(scope.userHome, path.slice(1));
  return isAbsolute(path) ? resolve(path) : resolve(cwd, path);
}

const rootsMemo = new Map<string, Root[]>();

/** Returns a folder as given and as its symlinks resolve (one realpath; the walk only when it does not exist). */
function bothSpellings(dir: string): string[] {
  const base = resolve(dir);
  let real: string;
  try {
    real = realpathSync.native(base);
  } catch {
    real = followLinks(base);
  }
  return real === base ? [base] : [base, real];
}

/** Returns the protected locations at fixed places for this scope (memoized: one hook call, one scope). */
export function protectedRoots(scope: PathScope): Root[] {
  const env = scope.env ?? {};
  const key = [scope.home, scope.userHome, scope.exe, env.CODEX_HOME, env.CLAUDE_CONFIG_DIR, env.COPILOT_HOME].join("\0");
  let roots = rootsMemo.get(key);
  if (roots) return roots;
  const out: Root[] = [];
  roots = out;
  /** Entries under a folder: both spellings of the folder, and where an entry that is a symlink leads. */
  const under = (dir: string, entries: [string, boolean, ProtectedKind][]) => {
    for (const d of bothSpellings(dir)) {
      for (const [name, deep, kind] of entries) {
        const path = join(d, name);
        out.push({ path, under: deep, kind });
        try {
          if (lstatSync(path).isSymbolicLink()) out.push({ path: followLinks(path), under: deep, kind });
        } catch {}
      }
    }
  };
  under(scope.home, HOME_ENTRIES.map((e) => [e, true, e === "conditions" ? "layer" : "home"]));
  under(env.CLAUDE_CONFIG_DIR || join(scope.userHome, ".claude"), [["settings.json", false, "harness"], ["settings.local.json", false, "harness"]]);
  under(env.CODEX_HOME || join(scope.userHome, ".codex"), [["hooks.json", false, "harness"], ["config.toml", false, "harness"]]);
  under(env.COPILOT_HOME || join(scope.userHome, ".copilot"), [["hooks", true, "harness"], ["settings.json", false, "harness"]]);
  if (scope.exe) for (const p of bothSpellings(scope.exe)) out.push({ path: p, under: false, kind: "executable" });
  rootsMemo.set(key, out);
  return out;
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** Returns the kind of protection an absolute, normalized path falls under (lexically), or undefined. */
export function lexicalKind(p: string, roots: Root[]): ProtectedKind | undefined {
  for (let i = 0; i < roots.length; i++) {
    const r = roots[i];
    if (r.under ? within(p, r.path) : p === r.path) return r.kind;
  }
  // Plain loops and a first-name lookup: this runs on every call, once, cold (no closures to set up).
  const parts = p.toLowerCase().split("/");
  const n = parts.length;
  for (let i = 0; i < n; i++) {
    const candidates = BY_FIRST.get(parts[i]);
    if (!candidates) continue;
    for (let c = 0; c < candidates.length; c++) {
      const t = candidates[c];
      const segs = t.segs;
      if (i + segs.length > n) continue;
      let k = 1;
      while (k < segs.length && parts[i + k] === segs[k]) k++;
      if (k === segs.length && (t.under || i + k === n)) return t.kind;
    }
  }
  if (n >= 3 && parts[n - 1] === "config" && parts[n - 2] === ".git") {
    if (holdsLayer(dirname(dirname(p)))) return "git";
  }
  return undefined;
}

/** The templates by their first segment's name. */
const BY_FIRST = new Map<string, Template[]>();
for (const t of TEMPLATES) BY_FIRST.set(t.segs[0], [...(BY_FIRST.get(t.segs[0]) ?? []), t]);

/** Returns true when a folder holds a condition layer of its own (a bundle, a profile or a repository). */
export function holdsLayer(dir: string): boolean {
  return existsSync(join(dir, ".agentihooks", "conditions")) || existsSync(join(dir, ".claude", "conditions"));
}

/** Returns the protection kind of path `p` as a tool or a command names it (as written, or where it leads). */
export function protectedKind(p: string, scope: PathScope, cwd = scope.cwd, memo?: Map<string, string>): ProtectedKind | undefined {
  if (!p) return undefined;
  const roots = protectedRoots(scope);
  let abs = absolutePath(p, scope, cwd);
  // /proc/self/cwd is the shell's folder, not the hook's; another process's /proc folders lead anywhere
  if (abs.startsWith("/proc/")) {
    const self = /^\/proc\/(?:self|thread-self)\/(cwd|root)(\/.*)?$/.exec(abs);
    if (!self) return /^\/proc\/[^/]+\/(?:cwd|root|fd|map_files)(?:\/|$)/.test(abs) ? "layer" : undefined;
    abs = resolve(self[1] === "cwd" ? cwd : "/", `.${self[2] ?? ""}`);
  }
  const real = followLinks(abs, memo);
  return lexicalKind(abs, roots) ?? lexicalKind(real, roots) ?? hardLinkKind(real, scope);
}

/** protectedKind for a folder that exists (a working directory): a folder is never a hard link. */
export function protectedDirKind(dir: string, scope: PathScope, memo?: Map<string, string>): ProtectedKind | undefined {
  const roots = protectedRoots(scope);
  const abs = resolve(dir);
  return lexicalKind(abs, roots) ?? lexicalKind(followLinks(abs, memo), roots);
}

/**
 * A file with more than one name may be a hard link to a protected file (writing it writes that
 * one): its inode is compared with the protected files that can be listed (the home's, the layers of
 * its repository and of the working directory's, the bundle's and linked profiles' layers, the hook
 * registrations, the executable). Only files with several links pay for this.
 */
function hardLinkKind(real: string, scope: PathScope): ProtectedKind | undefined {
  let st: Stats;
  try {
    st = lstatSync(real);
  } catch {
    return undefined;
  }
  if (!st.isFile() || st.nlink < 2) return undefined;
  const same = (path: string) => {
    try {
      const o = statSync(path);
      return o.ino === st.ino && o.dev === st.dev;
    } catch {
      return false;
    }
  };
  for (const r of protectedRoots(scope)) {
    if (same(r.path)) return r.kind;
    if (r.under) for (const f of listFiles(r.path)) if (same(f)) return r.kind;
  }
  const dirs = new Set<string>();
  for (const from of [dirname(real), scope.cwd]) {
    const root = findGitRoot(from);
    if (root) for (const l of [".agentihooks", ".claude"]) dirs.add(join(root, l, "conditions"));
  }
  for (const d of linkedLayerDirs(scope.home)) dirs.add(d);
  for (const d of dirs) for (const f of listFiles(d)) if (same(f)) return "layer";
  return undefined;
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

/** Returns true when path `p` is protected (see protectedKind). A NUL byte makes a path suspect. */
export function isProtectedPath(p: string, scope: PathScope): boolean {
  if (p.includes("\0")) return true;
  return protectedKind(p, scope) !== undefined;
}

/**
 * Returns true when deleting or moving folder `p` would take protected things with it: it lies above
 * a protected location, is itself a `.claude`/`.agentihooks` folder, or holds a layer, hook
 * registrations or the `.git` of a repository with a layer one level down.
 */
export function holdsProtected(p: string, scope: PathScope, cwd = scope.cwd, memo?: Map<string, string>): boolean {
  const abs = absolutePath(p, scope, cwd);
  for (const path of new Set([abs, followLinks(abs, memo)])) {
    if (protectedRoots(scope).some((r) => within(r.path, path))) return true;
    const name = basename(path).toLowerCase();
    if (name === ".claude" || name === ".agentihooks") return true;
    if (name === ".git" && holdsLayer(dirname(path))) return true;
    if (HOLDER_DIRS.includes(name) && TEMPLATES.some((t) => t.segs[0] === name && existsSync(join(path, ...t.segs.slice(1))))) return true;
    if (holdsLayer(path)) return true;
    if (TEMPLATES.some((t) => t.kind === "harness" && existsSync(join(path, ...t.segs)))) return true;
  }
  return false;
}
