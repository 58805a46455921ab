// Which paths hold conditions. A path is protected when, after `~` and `..` are resolved, it lies under
// a `.claude/conditions` or `.agentihooks/conditions` folder, or under the runtime layer
// ($AGENTIHOOKS_HOME/conditions, whatever the home is). The home's other decision files are protected
// the same way, because writing them changes what runs as well: the gate files (a forged one opens the
// gate), the condition index cache (a forged one lists any script), the built-in profiles and
// state.json (which bundle and profiles are layers). Both the path as written and its real path
// (symlinks of the nearest existing ancestor followed) are checked, so neither a symlink pointing into
// a layer nor a symlinked layer folder slips through.
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve, sep } from "node:path";

/** Folder pairs that make a path a condition layer wherever they appear. */
const LAYER_DIRS = [".claude", ".agentihooks"];
/** Entries of $AGENTIHOOKS_HOME (or any `.agentihooks` folder) that decide which conditions run. */
export const HOME_ENTRIES = ["conditions", "gates", "cache", "builtin", "state.json"];

export interface PathScope {
  cwd: string;
  /** HOME, for `~` expansion. */
  userHome: string;
  /** AGENTIHOOKS_HOME. */
  home: string;
}

/** Returns `p` with a leading `~` or `~/` expanded and made absolute against `cwd`. */
export function absolutePath(p: string, scope: PathScope): string {
  let path = p;
  if (path === "~" || path.startsWith("~/")) path = join(scope.userHome, path.slice(1));
  return isAbsolute(path) ? resolve(path) : resolve(scope.cwd, path);
}

/** Returns the real path of `p`: symlinks of its nearest existing ancestor followed, the rest appended. */
export function realish(p: string): string {
  let dir = p;
  const tail: string[] = [];
  for (let i = 0; i < 256; i++) {
    try {
      const real = realpathSync(dir);
      return tail.length ? join(real, ...tail.reverse()) : real;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) break;
      tail.push(basename(dir));
      dir = parent;
    }
  }
  return p;
}

const runtimeMemo = new Map<string, string[]>();

/** Returns the protected entries of the home: as configured and as resolved (memoized: one hook call, one home). */
export function runtimeDirs(home: string): string[] {
  let dirs = runtimeMemo.get(home);
  if (!dirs) {
    const base = resolve(home);
    const real = realish(base);
    const roots = real === base ? [base] : [base, real];
    dirs = [];
    for (const r of roots) for (const e of HOME_ENTRIES) dirs.push(join(r, e)); // not flatMap: see catalog.ts's gather
    runtimeMemo.set(home, dirs);
  }
  return dirs;
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** Returns true when an absolute, normalized path lies in a condition layer (lexically). */
function lexicallyProtected(p: string, runtime: string[]): boolean {
  if (runtime.some((d) => within(p, d))) return true;
  const parts = p.split(sep).map((s) => s.toLowerCase());
  for (let i = 0; i + 1 < parts.length; i++) {
    if (LAYER_DIRS.includes(parts[i]) && parts[i + 1] === "conditions") return true;
    if (parts[i] === ".agentihooks" && HOME_ENTRIES.includes(parts[i + 1])) return true;
  }
  return false;
}

/** Returns true when path `p` (as a tool or a command names it) is inside a condition layer. */
export function isProtectedPath(p: string, scope: PathScope): boolean {
  if (!p || p.includes("\0")) return false;
  const runtime = runtimeDirs(scope.home);
  const abs = absolutePath(p, scope);
  return lexicallyProtected(abs, runtime) || lexicallyProtected(realish(abs), runtime);
}

/**
 * Returns true when `p` is a folder that holds a condition layer one or two levels down (`.claude`,
 * a repository root with `.agentihooks/conditions`, the home itself): deleting or moving it removes
 * the conditions with it.
 */
export function holdsLayer(p: string, scope: PathScope): boolean {
  const abs = realish(absolutePath(p, scope));
  if (LAYER_DIRS.includes(basename(abs).toLowerCase())) return true;
  if (runtimeDirs(scope.home).some((d) => dirname(d) === abs)) return true; // the home itself
  return LAYER_DIRS.some((l) => existsSync(join(abs, l, "conditions")));
}
