// The cached condition index (its file format: index-file.ts).
// A hit costs one stat of state.json, one stat per watched path and one small JSON read; no listing.
// It is rebuilt when a watched directory's signature changes (a file added, removed or renamed), when
// state.json changes, or when a candidate profile directory appears or disappears; a rebuild lists only
// the layer folders that changed. A trusted directory layer's files (an edit in place changes no
// folder) are checked by confirm() before one of its conditions runs: the hook asks only then, every
// other caller at once.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Config } from "../config";
import type { State } from "../state/state-file";
import type { Condition, InvalidFile, Layer, Step, Target } from "../types";
import { builtinFiles } from "./builtin";
import { type IndexContent, type IndexFile, INDEX_VERSION, indexedConditions, indexText, parseContent, parseHashes, parseIndex } from "./index-file";
import type { FileHash } from "./layer-hashes";
import type { Subject } from "./matcher";
import { firstPrivacyProblem } from "../state/private";
import type { Interpreters } from "../run/interpreters";
import type { LayerPlan, PreviousDirectory } from "./layers";
import { pathSignature } from "./stat-signature";
import { findGitRoot } from "./git-root";
import { findManagedRoot } from "./managed-root";

/** The local account files that decide whether a group is private (state/private-group.ts). */
const ACCOUNT_FILES = ["/etc/passwd", "/etc/group"];

/** A directory changed less than this long ago may still be mid-edit: do not cache what it shows. */
const FRESH_MS = 2000;

export interface Catalog {
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
  problems: string[];
  /**
   * Why the layers cannot be read as configured (state.json unreadable, a linked bundle or profile
   * gone, a layer or index that another user could write, a refused condition file): the hook denies
   * PreToolUse with these reasons instead of running without those guards. Never cached.
   */
  broken?: string[];
  repoRoot?: string;
  /** What runs .sh and .py conditions: absolute paths found when the index was built, never the PATH. */
  interpreters: Interpreters;
  /** Condition names (`pre-bash-git`) and rule ids (`git.push-force`) turned off in state.json. */
  disabled?: string[];
  cachePath: string;
  fromCache: boolean;
  /** Returns the conditions of `step` that can match `subject`, in execution order (a superset is fine). */
  conditionsFor(step: Step, subject: Subject): Condition[];
  /**
   * Returns this catalog when the trusted directory layer's files still have the signatures the index
   * holds for them (or it has none to check), else the catalog rebuilt (that layer then waits for the
   * person if its content changed). Ask it before a condition of the directory layer runs.
   */
  confirm(): Catalog;
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
  /** The call came through the plugin's launcher: a harness with no chain recorded gets init's default. */
  plugin?: boolean;
  /** Where the managed tier's override is read (default process.env; managed-root.ts). */
  env?: Record<string, string | undefined>;
  /** The person turned agentihooks off: only the managed tier's conditions are returned. */
  managedOnly?: boolean;
  /** The hook: the directory layer's files are left to confirm() (every other caller gets them checked). */
  confirmLater?: boolean;
}

/** Returns a stat signature: changes when a directory gains, loses or renames an entry. */
export function signature(path: string): string {
  // A built-in profile's folder is inside the executable: its listing changes only with its names.
  const builtin = builtinFiles(path);
  if (builtin) return `builtin:${builtin.join("|")}`;
  return pathSignature(path);
}

/** Returns the cache file for a target and repository (the key never needs state.json's content). */
export function cachePathFor(opts: CatalogOptions, repoRoot: string | undefined): string {
  // A plugin call may record a chain on its first miss (pluginDefault): it never reuses an index built without that.
  const parts = [opts.home, repoRoot ?? "", opts.config.trustedOwners.join(","), opts.config.strictModes ? "strict" : "lax", opts.config.python ?? ""];
  if (opts.plugin) parts.push("plugin"); // a push, not a spread: the hot path runs no iterator code
  const key = parts.join("|");
  // FNV-1a, not Bun.hash.crc32: the first use of Bun.hash cost every hook call ~0.2 ms (bench/README.md, entry 36)
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  const crc = `0000000${(h >>> 0).toString(16)}`.slice(-8);
  return join(opts.home, "cache", `conditions-index.${opts.target}.${crc}.json`);
}

function readIndex(path: string): IndexFile | undefined {
  try {
    return parseIndex(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** True when state.json and every watched path still have the signatures the index was built with. */
function signaturesHold(index: IndexFile, stateSig: string): boolean {
  if (index.head.state !== stateSig) return false;
  // loops, not every(): the first call of a builtin such as every() costs a hook call ~0.03 ms (bench/README.md, entry 36)
  for (const [p, s] of index.head.watched) if (signature(p) !== s) return false;
  return true;
}

/** True when the index at `cachePath` would be used as it is. */
export function indexIsFresh(cachePath: string, statePath: string): boolean {
  const index = readIndex(cachePath);
  return !!index && signaturesHold(index, signature(statePath));
}

/**
 * Returns the catalog, with the administrator's tier on top when the machine has one (managed-layer.ts:
 * listed on every call, never from the person's cache).
 */
export function loadCatalog(opts: CatalogOptions): Catalog {
  const root = findManagedRoot(opts.env);
  const lower = loadPersonCatalog(opts);
  if (!root) return lower;
  const { loadManagedTier, withManaged } = require("./managed-layer") as typeof import("./managed-layer");
  const tier = loadManagedTier(root);
  const withTier = (person: Catalog): Catalog => {
    const out = withManaged(person, tier, opts.managedOnly);
    out.confirm = () => {
      const confirmed = person.confirm();
      return confirmed === person ? out : withTier(confirmed);
    };
    return out;
  };
  return withTier(lower);
}

/** Returns the catalog from the cache when every signature still holds, else rebuilds it. */
function loadPersonCatalog(opts: CatalogOptions): Catalog {
  const repoRoot = findGitRoot(opts.cwd);
  const cachePath = cachePathFor(opts, repoRoot);
  const statePath = join(opts.home, "state.json");
  const stateSig = signature(statePath);
  // Strict modes: a home, cache folder or index another user could write is not trusted (loud: broken).
  const unsafe = opts.config.strictModes ? firstPrivacyProblem([opts.home, join(opts.home, "cache"), cachePath]) : undefined;
  const cached = unsafe ? undefined : readIndex(cachePath);
  if (cached && cached.head.repoRoot === repoRoot && signaturesHold(cached, stateSig)) {
    const catalog = catalogOf(cached, cachePath, true, () => rebuild(opts, cachePath, statePath, stateSig));
    let held = false;
    catalog.confirm = () => {
      if (held || (held = deferredHold(cached, cachePath))) return catalog;
      return rebuild(opts, cachePath, statePath, stateSig, cached, undefined, true);
    };
    return opts.confirmLater ? catalog : catalog.confirm();
  }
  return rebuild(opts, cachePath, statePath, stateSig, cached, unsafe);
}

/**
 * True when every file signature the index left to confirm() still holds. A content line that does not
 * parse lied, and a hashes file that is missing or not this index's says nothing: both rebuild.
 */
function deferredHold(index: IndexFile, cachePath: string): boolean {
  const content = parseContent(index.content);
  if (!content) return false;
  if (index.head.fileChecks !== "before run") return true;
  const layer = directoryLayer(index);
  // an empty layer has no hashes file
  const files = content.hashes ? readHashes(cachePath, content.hashes) : [];
  if (!layer || !files || files.length !== content.count) return false;
  // the files as they were hashed (a symbolic link is not watched: re-pointing one replaces it, which changes its folder)
  for (const [name, sig, hash] of files) if (!hash.startsWith("symlink:") && signature(`${layer.path}/${name}`) !== sig) return false;
  return true;
}

/** The hashes file beside an index (index-file.ts IndexContent.hashes): conditions-hashes.<target>.<crc>.json. */
const hashesPath = (cachePath: string) => join(dirname(cachePath), basename(cachePath).replace(/^conditions-index\./, "conditions-hashes."));

/** The digest an index names its hashes file by. */
const hashesDigest = (text: string) => (Bun.SHA256.hash(text, "hex") as string).slice(0, 32);

/** The hashes file beside `cachePath` when its digest is `digest`, else undefined. */
function readHashes(cachePath: string, digest: string): FileHash[] | undefined {
  let text: string;
  try {
    text = readFileSync(hashesPath(cachePath), "utf8");
  } catch {
    return undefined;
  }
  return hashesDigest(text) === digest ? parseHashes(text) : undefined;
}

/**
 * A plugin install never ran `init`: the first call that finds no chain for its harness records the
 * one `init` records (the built-in default profile), so the hook, `conditions list` and `doctor` agree.
 */
function pluginDefault(state: State, opts: CatalogOptions, statePath: string, problems: string[]): State {
  if (state.targets?.[opts.target]?.profiles !== undefined || state.targets?.global?.profiles !== undefined) return state;
  const next: State = { ...state, targets: { ...(state.targets ?? {}), [opts.target]: { ...(state.targets?.[opts.target] ?? {}), profiles: ["default"] } } };
  try {
    const { saveState } = require("../state/state-file") as typeof import("../state/state-file");
    saveState(next, statePath);
  } catch (err) {
    problems.push(`cannot record the plugin's default profile in ${statePath}: ${(err as Error).message}`);
  }
  return next;
}

/** Returns the catalog over an index; conditions are parsed per group, on first use. */
function catalogOf(index: IndexFile, cachePath: string, fromCache: boolean, rebuildNow: () => Catalog): Catalog {
  // A line damaged in place means the file lied: trust the folders instead.
  const conditions = indexedConditions(index, () => {
    const c = rebuildNow();
    return { all: () => c.conditions, forCall: (step, subject) => c.conditionsFor(step, subject) };
  });
  const { layers, invalid, problems, repoRoot, interpreters, disabled } = index.head;
  const catalog: Catalog = {
    layers,
    invalid,
    problems,
    repoRoot,
    interpreters,
    disabled,
    cachePath,
    fromCache,
    get conditions() {
      return conditions.all();
    },
    conditionsFor: conditions.forCall,
    confirm: () => catalog,
  };
  return catalog;
}

/**
 * The interpreters and the paths watched for them: the last index's when none of those paths changed
 * (a rebuild for a change elsewhere, as a hot call uses them), else resolved again (run/interpreters.ts).
 */
function interpretersFor(opts: CatalogOptions, previous?: IndexFile): { interpreters: Interpreters; programs: string[] } {
  const was = previous?.head.programs;
  if (previous && was?.length) {
    const sigs = new Map(previous.head.watched);
    let held = true;
    for (const p of was) if (sigs.get(p) !== signature(p)) held = false;
    if (held) return { interpreters: previous.head.interpreters, programs: was };
  }
  const programs: string[] = [];
  const { resolveInterpreters } = require("../run/interpreters") as typeof import("../run/interpreters");
  return { interpreters: resolveInterpreters(opts.config.python, opts.config.strictModes, programs), programs };
}

/** The directory layer as `index` left it, its content line parsed only if it is needed. */
function previousDirectory(index: IndexFile, cachePath: string, filesChanged: boolean): PreviousDirectory {
  let line: IndexContent | undefined | null = null; // parsed once, on first use
  const read = () => (line === null ? (line = parseContent(index.content)) : line);
  let parsed: ReturnType<PreviousDirectory["content"]> | null = null;
  return {
    watched: index.head.watched,
    layer: directoryLayer(index),
    fileChecks: index.head.fileChecks,
    contentText: index.content,
    contentReads: () => read()?.count !== undefined,
    filesChanged,
    content: () => {
      if (parsed === null) {
        const c = read();
        // a hashes file that is not this index's leaves no hash to reuse: every file is read again
        parsed = c?.count === undefined ? undefined : { files: (c.hashes && readHashes(cachePath, c.hashes)) || [], count: c.count, problem: c.problem };
      }
      return parsed;
    },
  };
}

function directoryLayer(index: IndexFile): PreviousDirectory["layer"] {
  for (const l of index.head.layers) if (l.source === "directory") return l;
  return undefined;
}

/** The content line of a listed directory layer (index-file.ts IndexContent), and its hashes file's text. */
function contentLine(plan: LayerPlan): { line: string; hashes?: string } {
  const content: IndexContent = {};
  let hashes: string | undefined;
  if (plan.content) {
    content.count = plan.content.count;
    if (plan.content.files.length) {
      hashes = JSON.stringify(plan.content.files);
      content.hashes = hashesDigest(hashes);
    }
    if (plan.content.problem) content.problem = plan.content.problem;
  }
  return { line: JSON.stringify(content), hashes };
}

/**
 * Returns what the index watches: `paths` with their signatures now, then the directory layer's folders,
 * and its files when planLayers says every call checks them, all with the signatures taken before they
 * were hashed (an edit during the hash rebuilds); and the layer's files apart. Plain loops: a thousand
 * files went through spreads, sets and closures on every rebuild (bench/README.md, entry 36).
 */
function watchList(plan: LayerPlan, paths: string[]): { watched: [string, string][]; files: [string, string][] } {
  const signed = new Map(plan.signed);
  const seen = new Set<string>();
  const watched: [string, string][] = [];
  for (const p of paths) {
    if (seen.has(p)) continue;
    seen.add(p);
    watched.push([p, signed.get(p) ?? signature(p)]);
  }
  const files: [string, string][] = [];
  for (const entry of plan.signed) {
    if (seen.has(entry[0])) continue;
    seen.add(entry[0]);
    const file = entry[1].startsWith("f:");
    if (file) files.push(entry);
    if (!file || plan.fileChecks === "every call") watched.push(entry);
  }
  return { watched, files };
}

/**
 * Lists what changed since `previous` (all of it without one), writes the index and returns its catalog.
 * `filesChanged`: confirm() found a file of the directory layer changed, so its files are read again
 * rather than taken over from `previous`.
 */
function rebuild(opts: CatalogOptions, cachePath: string, statePath: string, signed: string, previous?: IndexFile, unsafe?: string, filesChanged = false): Catalog {
  // Loaded on a miss only: a hook call that hits the cache never evaluates the scanner, the layer
  // planner, the built-in profiles or the state validator. Bun bundles require() as a lazy chunk.
  const { loadState } = require("../state/state-file") as typeof import("../state/state-file");
  const { planLayers } = require("./layers") as typeof import("./layers");
  const { indexLayers } = require("./scan") as typeof import("./scan");
  const { sweepTempFiles, writeFileAtomic } = require("../state/atomic") as typeof import("../state/atomic");
  const { brokenLayers } = require("./broken") as typeof import("./broken");
  const problems: string[] = [];
  const broken: string[] = unsafe ? [`the condition index cannot be trusted: ${unsafe}`] : [];
  let state = opts.state;
  let stateSig = signed;
  if (!state) {
    try {
      state = loadState(statePath, opts.config.strictModes);
    } catch (err) {
      state = {};
      problems.push((err as Error).message);
      broken.push(`${(err as Error).message} (the bundle and profile layers cannot be read)`);
    }
    const loaded = state;
    if (opts.plugin && !broken.length) state = pluginDefault(state, opts, statePath, problems);
    if (state !== loaded) stateSig = signature(statePath); // recorded just now: the index holds the new state
  }
  const plan = planLayers(state, opts.target, opts.cwd, opts.home, opts.config, previous && previousDirectory(previous, cachePath, filesChanged));
  problems.push(...plan.problems);
  broken.push(...plan.broken);
  const now = Date.now();
  // Signatures are taken before the scan, so a change during the scan invalidates what we write.
  // Strict modes accept a folder writable by its owner's private group: a change of the accounts may end that.
  const accounts = opts.config.strictModes ? ACCOUNT_FILES : [];
  // An interpreter replaced, removed, installed or chmod-ed rebuilds the index, which checks it again.
  const { interpreters, programs } = interpretersFor(opts, previous);
  const { watched, files } = watchList(plan, [...plan.watched, ...accounts, ...programs]);
  const sigs = new Map(watched);
  for (const [p, sig] of files) sigs.set(p, sig);
  // a verdict taken over keeps its line, which names the hashes file already there
  const { line: content, hashes } = plan.contentText !== undefined ? { line: plan.contentText, hashes: undefined } : contentLine(plan);
  const part = indexLayers(plan.layers, opts.config.strictModes, (p) => sigs.get(p) ?? signature(p), previous);
  const index: IndexFile = {
    head: { version: INDEX_VERSION, state: stateSig, watched, layers: part.layers, folders: part.folders, invalid: part.invalid, problems, repoRoot: plan.repoRoot, interpreters, programs, disabled: state.disabled, fileChecks: plan.fileChecks, body: 0 },
    lines: part.lines,
    content,
  };
  broken.push(...brokenLayers(plan.layers, part.folders, part.invalid, opts.config.strictModes));
  const fresh = [statePath, ...plan.watched].some((p) => {
    try {
      const st = statSync(p);
      return (p === statePath || st.isDirectory()) && now - st.mtimeMs < FRESH_MS;
    } catch {
      return false;
    }
  });
  if (broken.length) opts.onNote?.(broken[0]);
  if (!broken.length && !fresh) {
    try {
      mkdirSync(join(opts.home, "cache"), { recursive: true, mode: 0o700 });
      // the hashes first: an index is only written once the file its line names is there
      if (hashes !== undefined) writeFileAtomic(hashesPath(cachePath), hashes, 0o600, false);
      writeFileAtomic(cachePath, indexText(index.head, index.lines, content), 0o600, false);
      sweepTempFiles(join(opts.home, "cache"), now);
    } catch (err) {
      opts.onNote?.(`cannot write the condition cache ${cachePath}: ${(err as Error).message}`);
    }
  }
  // Lines copied from `previous` may be damaged in place: then list every folder again.
  const catalog = catalogOf(index, cachePath, false, () => rebuild(opts, cachePath, statePath, stateSig));
  if (broken.length) catalog.broken = broken;
  return catalog;
}
