// The enforcement operations shared by the CLI and the MCP server (enforcement_set / _list / _clear).
// Writes go to $AGENTIHOOKS_HOME/enforcements.json, or with `local` to the repository's
// .agentihooks/enforcements.json; each is a locked read-modify-write with an atomic rename.
import { join } from "node:path";
import { readConfig } from "../config";
import { parseMatcher } from "../conditions/matcher";
import { findGitRoot } from "../conditions/git-root";
import { AgentihooksError } from "../errors";
import { homeDir } from "../state/home";
import { writeFileAtomic } from "../state/atomic";
import { TARGETS, type Target, targetWords } from "../types";
import { withLock } from "./lock";
import { type Enforcement, type Loaded, type Problem, type SourceFile, loadEnforcements, readEnforcementFile } from "./store";
import { isFile } from "../fs-kind";

export interface Scope {
  local?: boolean;
  cwd?: string;
  /** Whose profile chain supplies the profile sources (default AGENTIHOOKS_TARGET, else claude). */
  target?: string;
}

export interface SetInput extends Scope {
  message: string;
  cadence: number | string;
  matcher?: string;
  tag?: string;
}

export interface SetResult {
  entry: Enforcement;
  scope: "runtime" | "local";
  path: string;
  /** Set when the entry will not be delivered as things stand (an untrusted repository). */
  warning?: string;
}

export interface ListResult {
  enforcements: (Enforcement & { source: string; path: string })[];
  sources: SourceFile[];
  problems: Problem[];
}

export interface ClearResult {
  removed: Enforcement[];
  scope: "runtime" | "local";
  path: string;
}

function targetOf(flag?: string): Target {
  const t = (flag || process.env.AGENTIHOOKS_TARGET || "claude").toLowerCase();
  if (!(TARGETS as readonly string[]).includes(t)) throw new AgentihooksError("E_USAGE", `unknown target "${t}" (${targetWords()})`);
  return t as Target;
}

function loadAll(scope: Scope): Loaded {
  return loadEnforcements({ target: targetOf(scope.target), cwd: scope.cwd ?? process.cwd(), home: homeDir(), config: readConfig().config });
}

/** Returns the file a write goes to; `local` needs a git repository around cwd. */
function writablePath(scope: Scope): { path: string; scope: "runtime" | "local" } {
  if (!scope.local) return { path: join(homeDir(), "enforcements.json"), scope: "runtime" };
  const root = findGitRoot(scope.cwd ?? process.cwd());
  if (!root) throw new AgentihooksError("E_USAGE", `--local needs a git repository, and ${scope.cwd ?? process.cwd()} is not inside one`);
  return { path: join(root, ".agentihooks", "enforcements.json"), scope: "local" };
}

/** Runs `fn` on the entries of `path` under its lock and writes them back in the file's own shape. */
function rewrite<T>(path: string, fn: (list: Enforcement[]) => T): T {
  const out = withLock(path, () => {
    let root: unknown = { enforcements: [] };
    let list: Enforcement[] = [];
    if (isFile(path)) {
      const parsed = readEnforcementFile(path);
      if (typeof parsed === "string") throw new AgentihooksError("E_ENFORCEMENT", `${path}: ${parsed}; fix or remove the file first`);
      root = Array.isArray(parsed.root) || (parsed.root && typeof parsed.root === "object") ? parsed.root : root;
      list = Array.isArray(root) ? (root as Enforcement[]) : (((root as { enforcements?: Enforcement[] }).enforcements ??= []) as Enforcement[]);
    }
    const result = fn(list);
    const doc = Array.isArray(root) ? list : { ...(root as object), enforcements: list };
    writeFileAtomic(path, `${JSON.stringify(doc, null, 2)}\n`);
    return { result };
  });
  if (!out) throw new AgentihooksError("E_LOCKED", `${path} stayed locked by another process; try again`);
  return out.result;
}

/** Returns the cadence as an integer >= 1, or throws a one-line error. */
export function checkCadence(v: number | string): number {
  const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isInteger(n) || n < 1) throw new AgentihooksError("E_USAGE", `cadence must be a whole number of at least 1, not ${JSON.stringify(v)}`);
  return n;
}

/** Adds an enforcement and returns it with where it was written. */
export function setEnforcement(input: SetInput): SetResult {
  const message = (input.message ?? "").trim();
  if (!message) throw new AgentihooksError("E_USAGE", "the enforcement message is empty");
  const cadence = checkCadence(input.cadence);
  const matcher = input.matcher?.trim() || undefined;
  if (matcher) {
    const m = parseMatcher(matcher);
    if (typeof m === "string") throw new AgentihooksError("E_USAGE", `invalid matcher: ${m}`);
  }
  const tag = input.tag?.trim() || undefined;
  const where = writablePath(input);
  const entry = rewrite(where.path, (list) => {
    let id = crypto.randomUUID().slice(0, 8);
    while (list.some((e) => e.id === id)) id = crypto.randomUUID().slice(0, 8);
    const e: Enforcement = { id, message, cadence, ...(matcher ? { matcher } : {}), ...(tag ? { tag } : {}), created_at: new Date().toISOString() };
    list.push(e);
    return e;
  });
  const result: SetResult = { entry, ...where };
  if (where.scope === "local") {
    const src = loadAll(input).sources.find((s) => s.source === "local");
    if (src?.skipped) result.warning = `this repository is not trusted${src.untrusted_owner ? ` (owner ${src.untrusted_owner})` : ""}: its enforcements are not delivered`;
  }
  return result;
}

/** Returns every active enforcement with its source, the source files, and the files that failed. */
export function listEnforcements(scope: Omit<Scope, "local"> = {}): ListResult {
  const loaded = loadAll(scope);
  return {
    enforcements: loaded.active.map((a) => ({ ...a.entry, source: a.source, path: a.path })),
    sources: loaded.sources,
    problems: loaded.problems,
  };
}

/** Removes by id, by tag, or (neither given) every entry of the runtime or local file. */
export function clearEnforcement(input: Scope & { id?: string; tag?: string }): ClearResult {
  const where = writablePath(input);
  const id = input.id?.trim();
  const tag = input.tag?.trim();
  const removed = rewrite(where.path, (list) => {
    const gone = list.filter((e) => (id ? e.id === id : tag ? e.tag === tag : true));
    const keep = list.filter((e) => !gone.includes(e));
    list.splice(0, list.length, ...keep);
    return gone;
  });
  if (!removed.length && (id || tag)) throw new AgentihooksError("E_NOT_FOUND", notFound(input, where.path, id, tag));
  return { removed, ...where };
}

/** Says where an id or tag lives when it is not in the file being cleared. */
function notFound(scope: Scope, path: string, id?: string, tag?: string): string {
  const what = id ? `enforcement "${id}"` : `tag "${tag}"`;
  const elsewhere = loadAll(scope).active.find((a) => (id ? a.entry.id === id : a.entry.tag === tag));
  if (elsewhere) return `${what} comes from ${elsewhere.path} (${elsewhere.source}); edit that file to remove it`;
  return `${what} not found in ${path}`;
}

/** Returns the malformed enforcement files (for `conditions list`); a failure becomes one entry, never a throw. */
export function enforcementProblems(scope: Omit<Scope, "local"> = {}): Problem[] {
  try {
    return loadAll(scope).problems;
  } catch (err) {
    return [{ source: "-", path: "-", error: `cannot load enforcements: ${(err as Error).message}` }];
  }
}
