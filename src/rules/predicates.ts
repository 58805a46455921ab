// The predicates a rule names (docs/rules.md): over one word (an operand, an option's value, a
// redirection target), over a file tool's path, or over the command (`when`). Each answers YES, NO or
// MAYBE (the word, or the folder it is relative to, is only known when the line runs). Paths are
// judged as written, `~` and `$HOME` expanded, `..` resolved, relative to the folder the command runs
// in; a glob is judged by the folder its fixed part names (`/*` covers `/`). Symlinks are not followed.
// "The repository" is the session's (the git work tree of its folder, else that folder).
import { resolve } from "node:path";
import type { FactWord } from "../facts/facts";
import { currentBranch, gitRoot } from "./repo";
import { classifySql } from "./sql";
import { MAYBE, NO, type Tri, YES } from "./types";

/** What a predicate may need about the command: where it runs and whose home it is. */
export interface PredicateContext {
  cwd: string | null;
  home: string;
  /** The repository the session works in (its folder when it is in none): what "outside" means. */
  project: string;
  protectedBranches: readonly string[];
}

type WordPredicate = (w: FactWord, ctx: PredicateContext, arg: string) => Tri;
type CommandPredicate = (ctx: PredicateContext) => Tri;

/** Returns why `name` is not a predicate of `kind` (word: operands, values, redirects; path: tools' paths; command: when), or undefined. */
export function predicateProblem(name: string, kind: "word" | "path" | "command"): string | undefined {
  if (kind === "command") return Object.hasOwn(COMMAND, name) ? undefined : `unknown predicate "${name}" (when: ${Object.keys(COMMAND).join(", ")})`;
  const [head, arg] = split(name);
  if (!Object.hasOwn(WORD, head)) return `unknown predicate "${name}" (${Object.keys(WORD).join(", ")})`;
  if (ARGUMENT.has(head) !== (arg !== undefined)) return ARGUMENT.has(head) ? `"${head}:" needs an argument` : `"${head}" takes no argument`;
  if (head === "regex") {
    try {
      new RegExp(arg!);
    } catch (err) {
      return `${name}: ${(err as Error).message}`;
    }
  }
  if (head === "sql" && !SQL_KINDS.has(arg!)) return `unknown SQL kind "${arg}" (${[...SQL_KINDS].join(", ")})`;
  return undefined;
}

/** Returns whether word predicate `name` holds for `w`. */
export function wordHolds(name: string, w: FactWord, ctx: PredicateContext): Tri {
  const [head, arg] = split(name);
  return WORD[head](w, ctx, arg ?? "");
}

/** Returns whether command predicate `name` holds. */
export function commandHolds(name: string, ctx: PredicateContext): Tri {
  return COMMAND[name](ctx);
}

/** Returns the absolute path a word names, null when not known before the line runs. */
export function pathOf(w: FactWord, ctx: Pick<PredicateContext, "cwd" | "home">): { path: string; glob: boolean } | null {
  let text = w.value;
  if (text === null) {
    text = expandVariable(w.raw, ctx.home);
    if (text === null) return null;
  } else if (w.raw.startsWith("~") && (text === "~" || text.startsWith("~/"))) text = ctx.home + text.slice(1);
  else if (w.raw.startsWith("~") && text.startsWith("~")) return null; // `~user`: another user's home, not read here
  let glob = false;
  if (w.glob) {
    const cut = text.search(/[*?[]/);
    text = text.slice(0, text.lastIndexOf("/", cut) + 1) || ".";
    glob = true;
  }
  if (!text.startsWith("/") && ctx.cwd === null) return null;
  return { path: resolve(ctx.cwd ?? "/", text), glob };
}

// --- internal ---

/**
 * `$HOME`, `${HOME}`, `$TMPDIR`, `${TMPDIR:-/tmp}` and the like at the start of a word whose rest is
 * static (`"$TMPDIR/build"`): the path they name, else null. HOME is the call's; TMPDIR the hook's own
 * environment's (the harness gives the shell the same one), and when unset the word's default, else unknown.
 */
function expandVariable(raw: string, home: string): string | null {
  const m = /^\$(?:(HOME|TMPDIR)|\{(HOME|TMPDIR)(?::?-([^}$`'"\\]*))?\})(\/[^$`'"\\*?[]*)?$/.exec(raw.replace(/"/g, ""));
  if (!m) return null;
  const name = m[1] ?? m[2];
  const value = name === "HOME" ? home : process.env.TMPDIR || m[3];
  return value ? value + (m[4] ?? "") : null;
}

const SQL_KINDS = new Set(["drop", "truncate", "delete-all", "update-all", "delete", "alter", "flush", "write"]);
const ARGUMENT = new Set(["glob", "regex", "sql"]);
const SYSTEM = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/root", "/sbin", "/srv", "/sys", "/usr", "/var", "/System", "/Library", "/Applications", "/private", "/snap", "/nix"];
/** Everything under these is the system's; the others of SYSTEM count only as themselves (`/var`, not `/var/tmp/x`). */
const SYSTEM_TREES = ["/bin", "/boot", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/sbin", "/usr", "/System", "/proc", "/sys"];

function split(name: string): [string, string | undefined] {
  const colon = name.indexOf(":");
  return colon < 0 ? [name, undefined] : [name.slice(0, colon), name.slice(colon + 1)];
}

const under = (path: string, dir: string) => path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);

/** A path predicate: MAYBE when the path is not known. */
const onPath = (test: (p: { path: string; glob: boolean }, ctx: PredicateContext, arg: string) => boolean): WordPredicate => (w, ctx, arg) => {
  const p = pathOf(w, ctx);
  return p === null ? MAYBE : test(p, ctx, arg) ? YES : NO;
};

/** A predicate over a path and the session's project (a `cd` elsewhere does not move the project). */
const onRepo = (test: (path: string, root: string, glob: boolean) => boolean): WordPredicate => (w, ctx) => {
  const p = pathOf(w, ctx);
  return p === null ? MAYBE : test(p.path, ctx.project, p.glob) ? YES : NO;
};

function branchName(ref: string): string {
  return ref.replace(/^refs\/heads\//, "").replace(/^heads\//, "");
}

function isProtected(ref: string, ctx: PredicateContext): boolean {
  const name = branchName(ref);
  return ctx.protectedBranches.some((b) => (b.includes("*") ? new Bun.Glob(b).match(name) : b === name));
}

/** The destination of a push refspec: `+src:dst` -> dst, `src` -> src, `:` (matching) -> "". */
function destination(refspec: string): string {
  const r = refspec.startsWith("+") ? refspec.slice(1) : refspec;
  const colon = r.lastIndexOf(":");
  // `a:+refs/heads/main` is no valid refspec, but what it names is main: judged as a push there
  return colon < 0 ? r : r.slice(colon + 1).replace(/^\+/, "");
}

const WORD: Readonly<Record<string, WordPredicate>> = {
  // a path only known when the line runs (`"$DIR"`, xargs' and find -exec's `{}`): YES, never MAYBE
  "path-unknown": (w, ctx) => (pathOf(w, ctx) === null ? YES : NO),
  "path-root": onPath(({ path }) => path === "/"),
  "path-home": onPath(({ path }, ctx) => path === resolve(ctx.home)),
  "path-system": onPath(({ path }) => path === "/" || SYSTEM.includes(path) || SYSTEM_TREES.some((d) => under(path, d))),
  "path-outside-repo": onRepo((path, root) => !under(path, root)),
  "path-repo-root": onRepo((path, root) => path === root),
  "path-repo-parent": onRepo((path, root) => path !== root && under(root, path)),
  glob: (w, ctx, pattern) => {
    const p = pathOnce(w, ctx);
    if (p === null) {
      // `$DIR/id_rsa`: the folder is only known when it runs, the name is not; `**/NAME` needs no more
      const name = /\/([^/$`"'\\*?[]+)"?$/.exec(w.raw)?.[1];
      return name && pattern.startsWith("**/") && !pattern.slice(3).includes("/") && new Bun.Glob(pattern.slice(3)).match(name) ? YES : MAYBE;
    }
    const tilde = pattern === "~" || pattern.startsWith("~/");
    if (!mayHold(p.path, tilde ? pattern.slice(1) : pattern, tilde ? ctx.home : "")) return NO;
    return new Bun.Glob(tilde ? ctx.home + pattern.slice(1) : pattern).match(p.path) ? YES : NO;
  },
  regex: (w, _ctx, re) => (w.value === null ? MAYBE : new RegExp(re).test(w.value) ? YES : NO),
  "protected-branch": (w, ctx) => (w.value === null ? MAYBE : isProtected(w.value, ctx) ? YES : NO),
  "forced-refspec": (w) => (w.value === null ? MAYBE : w.value.startsWith("+") ? YES : NO),
  "push-protected": (w, ctx) => {
    if (w.value === null) return MAYBE;
    const dst = destination(w.value);
    if (dst === "") return YES; // `:`: every branch both sides have, a protected one among them
    if (dst === "HEAD" || dst === "@") {
      const b = ctx.cwd === null ? undefined : currentBranch(ctx.cwd);
      return b === undefined ? MAYBE : b !== null && isProtected(b, ctx) ? YES : NO;
    }
    return isProtected(dst, ctx) ? YES : NO;
  },
  sql: (w, _ctx, kind) => (w.value === null ? MAYBE : classifySql(w.value).has(kind) ? YES : NO),
};

let lastWord: FactWord | undefined;
let lastCtx: PredicateContext | undefined;
let lastPath: ReturnType<typeof pathOf> = null;

/** pathOf, once for a word judged against a rule's dozens of globs in a row. */
function pathOnce(w: FactWord, ctx: PredicateContext): ReturnType<typeof pathOf> {
  if (w !== lastWord || ctx !== lastCtx) [lastWord, lastCtx, lastPath] = [w, ctx, pathOf(w, ctx)];
  return lastPath;
}

/** The literal pieces of each plain glob (see literalPieces), by glob as the rule writes it. */
const PIECES = new Map<string, string[] | null>();

/**
 * False when glob `home` + `rest` cannot match `path`: the path lacks a literal piece of `rest`, or does
 * not start with a plain `home` (`~/...`): told without building a matcher. A pack checks a file tool's
 * path against dozens of globs, and building each cost ~1 ms a call in all; nearly every path lacks a
 * piece of nearly every glob. Keyed by the rule's own text (the same string on every call), not by the
 * expanded one (a new string to hash for every glob of every call).
 */
function mayHold(path: string, rest: string, home: string): boolean {
  if (home) {
    // a home holding glob syntax makes the pattern's text its own: no shortcut
    if (!plainHome(home)) return true;
    if (!path.startsWith(home)) return false;
  }
  let pieces = PIECES.get(rest);
  if (pieces === undefined) PIECES.set(rest, (pieces = literalPieces(rest)));
  if (pieces === null) return true;
  for (let i = 0; i < pieces.length; i++) if (!path.includes(pieces[i])) return false;
  return true;
}

/** True when a home folder holds no glob syntax: `~/x` then matches only paths starting with it. */
const plainHome = (home: string): boolean => !/[*?[\]{}\\!]/.test(home);

/**
 * The text between a glob's wildcards and slashes: every path it matches holds each piece. null for a
 * glob with a class, a brace, an escape or a negation, whose literal text is not plainly its own.
 */
function literalPieces(glob: string): string[] | null {
  for (const c of "[]{}\\!") if (glob.includes(c)) return null;
  return glob.split(/[*?/]+/).filter((piece) => piece !== "");
}

const COMMAND: Readonly<Record<string, CommandPredicate>> = {
  "current-branch-protected": (ctx) => {
    if (ctx.cwd === null) return MAYBE;
    const b = currentBranch(ctx.cwd);
    return b === undefined ? MAYBE : b !== null && isProtected(b, ctx) ? YES : NO;
  },
  "outside-repo": (ctx) => (ctx.cwd === null ? MAYBE : gitRoot(ctx.cwd) ? NO : YES),
  // git given a setting or alias only known when it runs (`-c "$X"`, `--config-env`): match.ts answers it
  "dynamic-settings": () => NO,
};
