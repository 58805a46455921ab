// Where enforcements come from, lowest to highest priority; entries merge by id and the later wins:
//   bundle       <bundle>/enforcements.json
//   profile:N    <profile>/enforcements.json for each profile of the chain
//   runtime      $AGENTIHOOKS_HOME/enforcements.json        (written by `enforcement set`)
//   local        <git-root>/.agentihooks/enforcements.json  (`--local`; only in trusted repositories)
// The candidate paths come from the cached condition catalog, so bundle, profile resolution and the
// repository trust rule are the conditions' own, and a call with no enforcement files costs a few stats.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "../config";
import { type Catalog, loadCatalog } from "../conditions/catalog";
import { type Matcher, parseMatcher } from "../conditions/matcher";
import type { Target } from "../types";

export interface Enforcement {
  id: string;
  message: string;
  cadence: number;
  matcher?: string;
  tag?: string;
  created_at?: string;
  [key: string]: unknown;
}

/** An entry that loaded, with where it came from and its parsed matcher. */
export interface ActiveEnforcement {
  entry: Enforcement;
  source: string;
  path: string;
  matcher?: Matcher;
}

export interface SourceFile {
  source: string;
  path: string;
  exists: boolean;
  skipped: boolean;
  untrusted_owner?: string;
  count: number;
}

export interface Problem {
  source: string;
  path: string;
  error: string;
}

export interface Loaded {
  active: ActiveEnforcement[];
  sources: SourceFile[];
  problems: Problem[];
  repoRoot?: string;
}

export interface StoreOptions {
  target: Target;
  cwd: string;
  home: string;
  config: Config;
  /** The catalog for this target and cwd when the caller has it (the hook's pipeline): not loaded twice. */
  catalog?: Catalog;
}

/** Returns the candidate files in priority order (untrusted repository files marked skipped). */
export function sourceFiles(opts: StoreOptions): { sources: SourceFile[]; repoRoot?: string } {
  const catalog = opts.catalog ?? loadCatalog(opts);
  const sources: SourceFile[] = [];
  let sawRuntime = false;
  for (const layer of catalog.layers) {
    // A layer path is <root>/.claude/conditions (bundle, profiles) or <root>/conditions (runtime) or
    // <root>/.agentihooks/conditions (directory); the enforcements file sits next to that folder's parent.
    const flat = layer.source === "runtime" || layer.source === "directory";
    const root = flat ? dirname(layer.path) : dirname(dirname(layer.path));
    const source = layer.source === "directory" ? "local" : layer.source;
    if (source === "runtime") sawRuntime = true;
    sources.push(fileInfo(source, join(root, "enforcements.json"), layer.skipped, layer.untrusted_owner));
  }
  if (!sawRuntime) sources.push(fileInfo("runtime", join(opts.home, "enforcements.json"), false));
  return { sources, repoRoot: catalog.repoRoot };
}

function fileInfo(source: string, path: string, skipped: boolean, owner?: string): SourceFile {
  let exists = false;
  try {
    exists = statSync(path).isFile();
  } catch {}
  return { source, path, exists, skipped, untrusted_owner: owner, count: 0 };
}

/** Returns every active enforcement (merged by id, later source wins) plus the files that failed. */
export function loadEnforcements(opts: StoreOptions): Loaded {
  const { sources, repoRoot } = sourceFiles(opts);
  const byId = new Map<string, ActiveEnforcement>();
  const problems: Problem[] = [];
  for (const src of sources) {
    if (!src.exists || src.skipped) continue;
    const parsed = readEnforcementFile(src.path);
    if (typeof parsed === "string") {
      problems.push({ source: src.source, path: src.path, error: parsed });
      continue;
    }
    src.count = parsed.entries.length;
    for (const a of parsed.entries) byId.set(a.entry.id, { ...a, source: src.source, path: src.path });
  }
  return { active: [...byId.values()], sources, problems, repoRoot };
}

export interface ParsedFile {
  /** The whole document, so a rewrite keeps its shape and unknown keys. */
  root: unknown;
  entries: ActiveEnforcement[];
}

/** Returns the file's entries, or one line saying why the whole file is unusable. */
export function readEnforcementFile(path: string): ParsedFile | string {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    return `cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  if (!text.trim()) return { root: [], entries: [] };
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    return `not valid JSON (${(err as Error).message})`;
  }
  return parseDocument(root);
}

/** Returns the entries of a parsed document (a list or `{"enforcements": [...]}`), or why it is invalid. */
export function parseDocument(root: unknown): ParsedFile | string {
  const isObj = root !== null && typeof root === "object" && !Array.isArray(root);
  const list = Array.isArray(root) ? root : isObj ? (root as { enforcements?: unknown }).enforcements : undefined;
  if (list === undefined && isObj) return { root, entries: [] };
  if (!Array.isArray(list)) return 'expected a list of enforcements or {"enforcements": [...]}';
  // Loaded only when a file exists: most calls have none.
  const { validateEnforcementList } = require("../generated/validators/enforcement-list.js") as typeof import("../generated/validators/enforcement-list.js");
  if (!validateEnforcementList(list)) {
    const e = validateEnforcementList.errors?.[0];
    const m = /^\/(\d+)(\/.*)?$/.exec(e?.instancePath ?? "");
    const where = m ? `entry ${Number(m[1]) + 1}${idOf(list[Number(m[1])])}${m[2] ? ` ${m[2].slice(1)}` : ""}` : "list";
    return `${where}: ${e?.message ?? "is invalid"}`;
  }
  const entries: ActiveEnforcement[] = [];
  for (const [i, raw] of (list as Enforcement[]).entries()) {
    const entry = clean(raw);
    let matcher: Matcher | undefined;
    if (entry.matcher !== undefined) {
      const m = parseMatcher(entry.matcher);
      if (typeof m === "string") return `entry ${i + 1}${idOf(raw)}: invalid matcher: ${m}`;
      matcher = m;
    }
    entries.push({ entry, source: "", path: "", matcher });
  }
  return { root, entries };
}

const idOf = (v: unknown) => {
  const id = v && typeof v === "object" ? (v as { id?: unknown }).id : undefined;
  return typeof id === "string" ? ` (id "${id}")` : "";
};

/** Returns the entry with empty or null matcher/tag removed: both mean "none". */
function clean(raw: Enforcement): Enforcement {
  const entry: Enforcement = { ...raw };
  if (entry.matcher === null || (typeof entry.matcher === "string" && !entry.matcher.trim())) delete entry.matcher;
  else if (typeof entry.matcher === "string") entry.matcher = entry.matcher.trim();
  if (entry.tag === null || entry.tag === "") delete entry.tag;
  return entry;
}
