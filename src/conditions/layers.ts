// The condition layers, lowest to highest priority:
//   1 bundle     <bundle>/.claude/conditions/
//   2 profile:N  <profile>/.claude/conditions/ for each profile of the chain, in chain order
//   3 runtime    $AGENTIHOOKS_HOME/conditions/
//   4 directory  <git-root>/.agentihooks/conditions/  (only the content a person approved: layer-hashes.ts)
// A profile name resolves to the first existing of: built-in, <bundle>/profiles/<name>, a linked path.
// A layer that is configured but cannot be read as configured (a linked bundle that is gone, a
// profile that is not found, trust records that cannot be read) is a `broken` reason: the hook then
// denies PreToolUse with it rather than run without that layer's guards.
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { type State, linkedProfiles, profileChain } from "../state/state-file";
import type { TrustRecord } from "../state/trust-store";
import type { Target } from "../types";
import { builtinProfileDir, isBuiltinPath } from "./builtin";
import type { FileHash, LayerContent, PreviousContent } from "./layer-hashes";
import { pathSignature } from "./stat-signature";
import { findGitRoot, gitConfigPath } from "./git-root";
import type { Owner, TrustVerdict } from "./trust";

// The remotes' reader and the owner rules advise an untrusted layer only: loaded for that, not for every rebuild.
const remotes = () => require("./remotes") as typeof import("./remotes");
const owners = () => require("./trust") as typeof import("./trust");
// The trust records and the layer's listing: not loaded when a rebuild takes the last verdict over (carriedVerdict).
const records = () => require("../state/trust-store") as typeof import("../state/trust-store");
const hashing = () => require("./layer-hashes") as typeof import("./layer-hashes");

export interface LayerSpec {
  source: string;
  path: string;
  rank: number;
  skipped: boolean;
  untrustedOwner?: string;
  note: string;
}

export interface LayerPlan {
  layers: LayerSpec[];
  /** Paths whose stat signature decides whether a cached index is still valid. */
  watched: string[];
  repoRoot?: string;
  problems: string[];
  /** Layers that cannot be read as configured: a PreToolUse call is denied with these reasons. */
  broken: string[];
  /** [path, signature] of the directory layer's entries, taken before they were hashed. */
  signed: [string, string][];
  /** What the directory layer holds (layer-hashes.ts), kept in the index for the next rebuild. */
  content?: LayerContent;
  /**
   * When the index checks the directory layer's file signatures (its folders' are always watched): on
   * every call when an edit in place can change what runs on every call (a trusted layer with an
   * enforcements.json beside it, or an untrusted one whose trusted record a restored file would match
   * again); before one of its conditions runs (catalog.ts confirm()) for any other trusted layer; never
   * when no edit can make it trusted (it waits for the person's `agentihooks trust`, which trust.json
   * records).
   */
  fileChecks?: FileChecks;
  /** The last index's content line, taken over as text with the verdict (see PreviousDirectory). */
  contentText?: string;
}

export type FileChecks = "every call" | "before run" | "never";

/** The directory layer as the last index left it (catalog.ts), for a rebuild to take over what still holds. */
export interface PreviousDirectory {
  /** The last index's watched paths and signatures. */
  watched: readonly [string, string][];
  /** Its directory layer. */
  layer?: { path: string; skipped: boolean; note?: string };
  /** When its files were checked. */
  fileChecks?: FileChecks;
  /** Its content line as text, whether it reads, and what it says with its hashes file (undefined when either does not read). */
  contentText: string;
  contentReads(): boolean;
  content(): { files: FileHash[]; count: number; problem?: string } | undefined;
  /** confirm() found one of its files changed: nothing of it is taken over. */
  filesChanged: boolean;
}

const conditionsDir = (root: string) => join(root, ".claude", "conditions");

/** Returns the layers for one target and working directory, with trust decided. */
export function planLayers(state: State, target: Target, cwd: string, home: string, config: Config, previous?: PreviousDirectory): LayerPlan {
  const plan: LayerPlan = { layers: [], watched: [], problems: [], broken: [], signed: [] };
  const { layers, watched } = plan;
  const bundle = state.bundle?.path;
  if (bundle) {
    const owner = state.bundle?.owner;
    const ownerNote = owner === undefined ? "its owner is read from its current origin (linked before owners were recorded: run agentihooks link again)" : owner ? `owner ${owner}, recorded at link` : "no origin at link";
    layers.push({ source: "bundle", path: conditionsDir(bundle), rank: 0, skipped: false, note: `linked bundle ${bundle} (${ownerNote})` });
    watched.push(gitConfigPath(bundle));
    if (!existsSync(bundle)) fail(plan, `the linked bundle ${bundle} does not exist (agentihooks unlink, or link it again)`);
  }
  const linked = linkedProfiles(state, target);
  for (const name of profileChain(state, target)) {
    const candidates: string[] = [];
    for (const p of [builtinProfileDir(name), bundle ? join(bundle, "profiles", name) : undefined, linked[name]]) if (p) candidates.push(p);
    watched.push(...candidates);
    let found: string | undefined;
    for (const p of candidates) if (!found && (isBuiltinPath(p) || existsSync(p))) found = p;
    if (!found) {
      fail(plan, `profile "${name}" not found (looked in: ${candidates.join(", ") || "built-in profiles"})`);
      continue;
    }
    // A built-in profile is a virtual folder of its own (conditions/builtin.ts), not a checkout.
    layers.push({ source: `profile:${name}`, path: isBuiltinPath(found) ? found : conditionsDir(found), rank: layers.length, skipped: false, note: `profile ${name} at ${found}` });
  }
  layers.push({ source: "runtime", path: join(home, "conditions"), rank: layers.length, skipped: false, note: "the machine's runtime layer" });
  const repoRoot = findGitRoot(cwd);
  if (repoRoot) {
    plan.repoRoot = repoRoot;
    const layerPath = join(repoRoot, ".agentihooks", "conditions");
    watched.push(gitConfigPath(repoRoot), join(home, "trust.json"), join(repoRoot, ".agentihooks"));
    const verdict = judgeRepository(repoRoot, layerPath, state, home, config, plan, previous);
    layers.push({
      source: "directory",
      path: layerPath,
      rank: layers.length,
      skipped: !verdict.trusted,
      untrustedOwner: verdict.trusted ? undefined : verdict.owner,
      note: verdict.trusted ? `repository ${repoRoot}: ${verdict.why}` : verdict.why,
    });
  }
  for (const l of layers) watched.push(l.path);
  return plan;
}

function fail(plan: LayerPlan, reason: string): void {
  plan.problems.push(reason);
  plan.broken.push(reason);
}

/**
 * Decides whether the repository's own layer may run: only the content a person approved (its file
 * names and hashes equal a trusted record). The owners only advise: the note says whose it looks like.
 */
function judgeRepository(root: string, layerPath: string, state: State, home: string, config: Config, plan: LayerPlan, previous?: PreviousDirectory): TrustVerdict {
  const carried = previous && carriedVerdict(root, layerPath, home, previous);
  if (carried) {
    plan.signed.push(...carried.folders);
    plan.fileChecks = "before run";
    plan.contentText = previous.contentText;
    return carried.verdict;
  }
  const key = realRoot(root);
  const { store, problem } = records().loadTrustStore(home, config.strictModes);
  if (problem) {
    fail(plan, `the trust records cannot be used: ${problem}`);
    return { trusted: false, why: "the trust records cannot be used" };
  }
  const record = store.repositories[key];
  // Only a trusted record with files can be matched by the layer's content: without one, no file is read.
  const restorable = !!(record?.trusted && record.files);
  // An empty layer runs nothing; the repository's enforcements.json beside it is delivered once the person trusted the repository.
  const enforcements = existsSync(join(root, ".agentihooks", "enforcements.json"));
  // Files the last index left to confirm() are not stat'ed again for a change elsewhere while they stay
  // left to it: the verdict is taken over them and they are still checked before one runs.
  const reuse = restorable && !enforcements && previous?.fileChecks === "before run" && !previous.filesChanged;
  const parsed = previous?.content();
  const before: PreviousContent | undefined = parsed && previous ? { ...parsed, watched: previous.watched } : undefined;
  const { layerContent } = hashing();
  let content = layerContent(layerPath, before, restorable ? (reuse ? "reuse" : "hash") : "count");
  let verdict = contentVerdict(key, root, content, record, enforcements, state, config);
  // taken over files that no longer match the record are read after all: which ones changed is the reason given
  if (reuse && !verdict.trusted) {
    content = layerContent(layerPath, before, "hash");
    verdict = contentVerdict(key, root, content, record, enforcements, state, config);
  }
  plan.signed.push(...content.watched);
  plan.content = content;
  plan.fileChecks = verdict.trusted ? (enforcements ? "every call" : "before run") : restorable ? "every call" : "never";
  return verdict;
}

/**
 * The last index's verdict on a trusted layer whose files are checked before they run, when nothing
 * it rests on changed: the trust records (trust.json), the `.agentihooks` folder (an enforcements.json
 * added) and every folder of the layer (a file added, removed or renamed). An edit in place of a file
 * is not looked for here: the rebuilt index leaves the same signatures to confirm(), which checks them
 * before one of the layer's conditions runs. A rebuild for a change elsewhere then reads and hashes
 * nothing of the layer, as a rebuild copies the listing of a folder that did not change.
 */
function carriedVerdict(root: string, layerPath: string, home: string, previous: PreviousDirectory): { verdict: TrustVerdict; folders: [string, string][] } | undefined {
  const layer = previous.layer;
  const prefix = `repository ${root}: `;
  if (previous.filesChanged || previous.fileChecks !== "before run" || !layer || layer.skipped || layer.path !== layerPath || !layer.note?.startsWith(prefix)) return undefined;
  // a content line that does not read is not taken over (it would never confirm)
  if (!previous.contentReads()) return undefined;
  const was = new Map(previous.watched);
  // as the index signed them: these two through stat (catalog.ts signature), the layer's folders through lstat
  for (const p of [join(home, "trust.json"), join(root, ".agentihooks")]) if (!was.has(p) || was.get(p) !== pathSignature(p)) return undefined;
  const folders: [string, string][] = [];
  for (const [p, sig] of previous.watched) if (sig.startsWith("d:") && (p === layerPath || p.startsWith(`${layerPath}/`))) folders.push([p, sig]);
  if (!folders.some(([p]) => p === layerPath)) return undefined;
  for (const [p, sig] of folders) if (pathSignature(p, false) !== sig) return undefined;
  return { verdict: { trusted: true, why: layer.note.slice(prefix.length) }, folders };
}

/** Whether the layer's content is what the person approved (`record`), and why. */
function contentVerdict(key: string, root: string, content: LayerContent, record: TrustRecord | undefined, enforcements: boolean, state: State, config: Config): TrustVerdict {
  if (!content.count && !content.problem && (!enforcements || record?.trusted)) return { trusted: true, why: "its layer holds no files" };
  const again = `run agentihooks trust ${key} in your terminal to approve it`;
  if (content.problem) return { trusted: false, why: `untrusted: ${content.problem}` };
  if (record?.trusted && record.files) {
    const change = hashing().contentChange(record.files, content.files);
    if (!change) return { trusted: true, why: `its ${content.files.length} file${content.files.length === 1 ? "" : "s"} are the ones you approved (${record.by === "person" ? "agentihooks trust" : "a gated condition_set"}, ${record.since})` };
    return { trusted: false, why: `untrusted: ${change}; ${again}` };
  }
  if (record?.trusted) return { trusted: false, why: `untrusted: trusted (${record.since}) before agentihooks recorded what it approved; ${again}` };
  if (record?.by === "person") return { trusted: false, owner: record.owner, why: `untrusted: a person revoked its trust (${record.since}); ${again}` };
  return { trusted: false, ...ownerAdvice(root, state, config, record?.urls ?? [], again) };
}

/** Says whose the repository looks like (advice only: no owner makes a layer run). */
function ownerAdvice(root: string, state: State, config: Config, seen: string[], again: string): { owner?: string; why: string } {
  const found = remotes().readRemotes(root);
  const urls = [...new Set([...seen, ...found.urls])];
  if (found.error) return { why: `untrusted: never trusted (${found.error}); ${again}` };
  if (!urls.length) return { why: `untrusted: never trusted (no origin remote: local work, or a copy of someone's repository); ${again}` };
  const { owner, from } = bundleOwner(state);
  const verdict = owners().judgeUrls(urls, owner, config.trustedOwners);
  const whose = from === "remote" ? " (the bundle's owner read from its current origin: link it again to record it)" : "";
  if (verdict.trusted) return { owner: verdict.owner, why: `untrusted: never trusted; origin owner ${verdict.owner ?? "?"} matches your bundle or CONDITIONS_TRUSTED_OWNERS${whose}: ${again}` };
  return { owner: verdict.owner, why: `untrusted: never trusted; ${verdict.why}${whose}: read its files, then ${again}` };
}

/**
 * Returns the bundle's owner: the one `link` recorded in state.json (the agent can re-point the
 * bundle's remote, not the record); state written before owners were recorded falls back to the
 * bundle's current origin, and says so.
 */
export function bundleOwner(state: State): { owner?: Owner; from: "link" | "remote" | "none" } {
  const recorded = state.bundle?.owner;
  if (typeof recorded === "string") {
    const slash = recorded.indexOf("/");
    return slash > 0 ? { owner: { host: recorded.slice(0, slash), owner: recorded.slice(slash + 1) }, from: "link" } : { from: "none" };
  }
  if (recorded === null || !state.bundle?.path) return { from: "none" };
  const owner = ownerOfBundle(state.bundle.path);
  return owner ? { owner, from: "remote" } : { from: "none" };
}

/** Returns the bundle's owner, from its origin as git reads it now (`link` records it). */
export function ownerOfBundle(bundle: string): Owner | undefined {
  const url = remotes().readOriginUrl(bundle);
  return url ? owners().ownerOf(url) : undefined;
}

/** Returns `host/owner` of the bundle at `path` as `link` records it (null: no origin). */
export function recordedOwner(path: string): string | null {
  const o = ownerOfBundle(path);
  return o ? owners().ownerKey(o) : null;
}

/** The repository root's real path: the key of its trust record. */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

