// The cached condition index: $AGENTIHOOKS_HOME/cache/conditions-index.<target>.<crc>.json.
// A hit costs one stat of state.json, one stat per watched path and one small JSON read; no listing.
// It is rebuilt when a watched directory's signature changes (a file added, removed or renamed), when
// state.json changes, or when a candidate profile directory appears or disappears.
// The file is JSON lines: a header (signatures, layers, and one group per step and matcher), then one line
// per group with its conditions. A hook call parses the header and only the groups whose matcher fits the
// call, so a thousand conditions that do not apply cost one line scan, not a thousand objects.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import type { State } from "../state/state-file";
import type { Condition, InvalidFile, Layer, Step, Target } from "../types";
import { type Subject, matches, parseMatcher } from "./matcher";
import type { MemoEntry } from "./folder-memo";
import type { LayerSpec } from "./layers";
import type { FolderListing } from "./scan";
import { findGitRoot } from "./trust";

const CACHE_VERSION = 3;
/** A directory changed less than this long ago may still be mid-edit: do not cache what it shows. */
const FRESH_MS = 2000;

export interface Catalog {
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
  problems: string[];
  repoRoot?: string;
  cachePath: string;
  fromCache: boolean;
  /** Returns the conditions of `step` that can match `subject`, in execution order (a superset is fine). */
  conditionsFor(step: Step, subject: Subject): Condition[];
}

interface CacheHeader {
  version: number;
  state: string;
  watched: [string, string][];
  layers: Layer[];
  invalid: InvalidFile[];
  problems: string[];
  repoRoot?: string;
  /** [step, matcher, count]: group i's conditions are line i + 1 after the header. */
  groups: [Step, string, number][];
  /** Length of everything after the header line: a truncated file is never trusted. */
  body: number;
}

type Scanned = Pick<Catalog, "layers" | "conditions" | "invalid">;

export interface CatalogOptions {
  target: Target;
  cwd: string;
  home: string;
  config: Config;
  /** Pre-loaded state (CLI); the hook lets the catalog load it only on a miss. */
  state?: State;
  /** Called with a one-line note when caching degrades (read-only home, bad state.json). */
  onNote?: (note: string) => void;
}

/** Returns a stat signature: changes when a directory gains, loses or renames an entry. */
export function signature(path: string): string {
  try {
    const st = statSync(path);
    return `${st.isDirectory() ? "d" : "f"}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.size}`;
  } catch {
    return "-";
  }
}

/** Returns the cache file for a target and repository (the key never needs state.json's content). */
export function cachePathFor(opts: CatalogOptions, repoRoot: string | undefined): string {
  const key = [opts.home, repoRoot ?? "", opts.config.trustedOwners.join(","), opts.config.strictModes ? "strict" : "lax"].join("|");
  const crc = (Bun.hash.crc32(key) >>> 0).toString(16).padStart(8, "0");
  return join(opts.home, "cache", `conditions-index.${opts.target}.${crc}.json`);
}

/** Returns the catalog from the cache when every signature still holds, else rebuilds it. */
export function loadCatalog(opts: CatalogOptions): Catalog {
  const repoRoot = findGitRoot(opts.cwd);
  const cachePath = cachePathFor(opts, repoRoot);
  const statePath = join(opts.home, "state.json");
  const stateSig = signature(statePath);
  const cached = readCache(cachePath);
  if (cached && cached.head.state === stateSig && cached.head.repoRoot === repoRoot && cached.head.watched.every(([p, s]) => signature(p) === s)) {
    return fromCache(cached.head, cached.lines, cachePath, () => rebuild(opts, cachePath, statePath, stateSig));
  }
  return rebuild(opts, cachePath, statePath, stateSig);
}

function readCache(path: string): { head: CacheHeader; lines: string[] } | undefined {
  try {
    const text = readFileSync(path, "utf8");
    const nl = text.indexOf("\n");
    const v = JSON.parse(text.slice(0, nl)) as CacheHeader;
    // A corrupt, truncated or foreign file is never trusted: check the shape we rely on.
    if (v?.version !== CACHE_VERSION || typeof v.state !== "string" || !Array.isArray(v.watched) || !Array.isArray(v.groups)) return undefined;
    if (!Array.isArray(v.layers) || !Array.isArray(v.invalid) || !Array.isArray(v.problems)) return undefined;
    if (nl < 0 || text.length - nl - 1 !== v.body) return undefined;
    const lines = text.slice(nl + 1).split("\n");
    return lines.length === v.groups.length + 1 ? { head: v, lines } : undefined;
  } catch {
    return undefined;
  }
}

/** Returns a catalog over a cache hit: conditions are parsed per group, on first use. */
function fromCache(head: CacheHeader, lines: string[], cachePath: string, rebuildNow: () => Catalog): Catalog {
  const parsed: Condition[][] = [];
  let fallback: Catalog | undefined;
  const group = (i: number): Condition[] => {
    try {
      return (parsed[i] ??= JSON.parse(lines[i]) as Condition[]);
    } catch {
      fallback ??= rebuildNow(); // a line damaged in place: the file lied, so trust the folders instead
      return fallback.conditions.filter((c) => c.step === head.groups[i][0] && c.matcher === head.groups[i][1]);
    }
  };
  // A loop, not flatMap: a builtin's first use costs ~0.1 ms at start-up, and the hook path avoids this one.
  const gather = (keep: (g: CacheHeader["groups"][number]) => boolean) => {
    const out: Condition[] = [];
    for (let i = 0; i < head.groups.length; i++) if (keep(head.groups[i])) out.push(...group(i));
    return out.sort((a, b) => a.order - b.order);
  };
  let all: Condition[] | undefined;
  const { layers, invalid, problems, repoRoot } = head;
  return {
    layers,
    invalid,
    problems,
    repoRoot,
    cachePath,
    fromCache: true,
    get conditions() {
      return (all ??= gather(() => true));
    },
    conditionsFor: (step, subject) => gather(([s, m]) => s === step && couldMatch(m, subject)),
  };
}

/** True when the matcher text can match the subject; an invalid matcher is kept (select rejects it). */
function couldMatch(matcher: string, subject: Subject): boolean {
  const m = parseMatcher(matcher);
  return typeof m === "string" || matches(m, subject);
}

/** Returns the conditions grouped by (step, matcher), groups in order of their first condition. */
function groupConditions(conditions: Condition[]): Condition[][] {
  const groups = new Map<string, Condition[]>();
  for (const c of conditions) {
    const k = `${c.step}\0${c.matcher}`;
    groups.get(k)?.push(c) ?? groups.set(k, [c]);
  }
  return [...groups.values()];
}

/** Returns the cache file text: the header line, then one line per (step, matcher) group. */
function cacheText(head: Omit<CacheHeader, "groups" | "body">, groups: Condition[][]): string {
  const lines = groups.map((g) => JSON.stringify(g));
  const body = lines.map((l) => `${l}\n`).join("");
  const header: CacheHeader = { ...head, groups: groups.map((g) => [g[0].step, g[0].matcher, g.length]), body: body.length };
  return `${JSON.stringify(header)}\n${body}`;
}

function rebuild(opts: CatalogOptions, cachePath: string, statePath: string, stateSig: string): Catalog {
  // Loaded on a miss only: a hook call that hits the cache never evaluates the scanner, the layer
  // planner, the built-in profiles or the state validator. Bun bundles require() as a lazy chunk.
  const { loadState } = require("../state/state-file") as typeof import("../state/state-file");
  const { planLayers } = require("./layers") as typeof import("./layers");
  const { scanLayers } = require("./scan") as typeof import("./scan");
  const { writeFileAtomic } = require("../state/atomic") as typeof import("../state/atomic");
  const problems: string[] = [];
  let state = opts.state;
  let stateOk = true;
  if (!state) {
    try {
      state = loadState(statePath);
    } catch (err) {
      stateOk = false;
      state = {};
      problems.push((err as Error).message);
      opts.onNote?.(`${(err as Error).message}; bundle and profile layers are skipped`);
    }
  }
  const plan = planLayers(state, opts.target, opts.cwd, opts.home, opts.config);
  problems.push(...plan.problems);
  const now = Date.now();
  // Signatures are taken before the scan, so a change during the scan invalidates what we write.
  const watched: [string, string][] = [...new Set(plan.watched)].map((p) => [p, signature(p)]);
  const folders = listFolders(cachePath, new Map(watched), opts.config.strictModes);
  const scanned: Scanned = scanLayers(plan.layers, opts.config.strictModes, folders.listingOf);
  const groups = groupConditions(scanned.conditions);
  const head = { version: CACHE_VERSION, state: stateSig, watched, layers: scanned.layers, invalid: scanned.invalid, problems, repoRoot: plan.repoRoot };
  const fresh = [statePath, ...plan.watched].filter((p) => {
    try {
      const st = statSync(p);
      return (p === statePath || st.isDirectory()) && now - st.mtimeMs < FRESH_MS;
    } catch {
      return false;
    }
  });
  try {
    mkdirSync(join(opts.home, "cache"), { recursive: true });
    folders.save(new Set(fresh));
    if (stateOk && fresh.length === 0) writeFileAtomic(cachePath, cacheText(head, groups), 0o644, false);
  } catch (err) {
    opts.onNote?.(`cannot write the condition cache ${cachePath}: ${(err as Error).message}`);
  }
  const { conditions } = scanned;
  // One matcher check per (step, matcher) group, as on a cache hit, not one per condition.
  const conditionsFor = (step: Step, subject: Subject) =>
    groups
      .filter((g) => g[0].step === step && couldMatch(g[0].matcher, subject))
      .flat()
      .sort((a, b) => a.order - b.order);
  return { ...head, conditions, cachePath, fromCache: false, conditionsFor };
}

/**
 * Lists layer folders for a rebuild through the folder memo: a folder whose signature (taken before the
 * scan) matches its memo entry is not listed again. `save` writes the memo back, leaving out folders
 * changed too recently to trust (they may be mid-edit).
 */
function listFolders(cachePath: string, sigs: Map<string, string>, strict: boolean) {
  const { listFolder } = require("./scan") as typeof import("./scan");
  const { folderMemoPath, readFolderMemo, writeFolderMemo } = require("./folder-memo") as typeof import("./folder-memo");
  const memoPath = folderMemoPath(cachePath);
  const before = readFolderMemo(memoPath);
  const after = new Map<string, MemoEntry>();
  let listed = false;
  const listingOf = (spec: LayerSpec): FolderListing => {
    const sig = sigs.get(spec.path) ?? signature(spec.path);
    const old = before.get(spec.path);
    if (old && old.sig === sig && sig !== "-") {
      after.set(spec.path, old);
      return old.listing;
    }
    const listing = listFolder(spec.path, strict, old?.listing);
    listed = true;
    after.set(spec.path, { sig, listing });
    return listing;
  };
  const save = (fresh: Set<string>) => {
    for (const p of fresh) after.delete(p);
    if (listed || after.size !== before.size) writeFolderMemo(memoPath, after);
  };
  return { listingOf, save };
}
