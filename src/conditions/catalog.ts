// The cached condition index: $AGENTIHOOKS_HOME/cache/conditions-index.<target>.<crc>.json.
// A hit costs one stat of state.json, one stat per watched path and one small JSON read; no listing.
// It is rebuilt when a watched directory's signature changes (a file added, removed or renamed), when
// state.json changes, or when a candidate profile directory appears or disappears.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { writeFileAtomic } from "../state/atomic";
import { type State, loadState } from "../state/state-file";
import type { Condition, InvalidFile, Layer, Target } from "../types";
import { planLayers } from "./layers";
import { scanLayers } from "./scan";
import { findGitRoot } from "./trust";

const CACHE_VERSION = 2;
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
}

interface CacheFile {
  version: number;
  state: string;
  watched: [string, string][];
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
  problems: string[];
  repoRoot?: string;
}

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
  if (cached && cached.state === stateSig && cached.repoRoot === repoRoot && cached.watched.every(([p, s]) => signature(p) === s)) {
    return { ...cached, cachePath, fromCache: true };
  }
  return rebuild(opts, cachePath, statePath, stateSig);
}

function readCache(path: string): CacheFile | undefined {
  try {
    const v = JSON.parse(readFileSync(path, "utf8")) as CacheFile;
    // A corrupt or foreign file is never trusted: check the shape we rely on.
    if (v?.version !== CACHE_VERSION || typeof v.state !== "string" || !Array.isArray(v.watched) || !Array.isArray(v.conditions)) return undefined;
    if (!Array.isArray(v.layers) || !Array.isArray(v.invalid) || !Array.isArray(v.problems)) return undefined;
    return v;
  } catch {
    return undefined;
  }
}

function rebuild(opts: CatalogOptions, cachePath: string, statePath: string, stateSig: string): Catalog {
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
  const scanned = scanLayers(plan.layers, opts.config.strictModes);
  const file: CacheFile = { version: CACHE_VERSION, state: stateSig, watched, ...scanned, problems, repoRoot: plan.repoRoot };
  const fresh = [statePath, ...plan.watched].some((p) => {
    try {
      const st = statSync(p);
      return (p === statePath || st.isDirectory()) && now - st.mtimeMs < FRESH_MS;
    } catch {
      return false;
    }
  });
  if (stateOk && !fresh) {
    try {
      mkdirSync(join(opts.home, "cache"), { recursive: true });
      writeFileAtomic(cachePath, JSON.stringify(file));
    } catch (err) {
      opts.onNote?.(`cannot write the condition cache ${cachePath}: ${(err as Error).message}`);
    }
  }
  return { ...file, cachePath, fromCache: false };
}
