// The condition layers, lowest to highest priority:
//   1 bundle     <bundle>/.claude/conditions/
//   2 profile:N  <profile>/.claude/conditions/ for each profile of the chain, in chain order
//   3 runtime    $AGENTIHOOKS_HOME/conditions/
//   4 directory  <git-root>/.agentihooks/conditions/  (only when the repository is trusted)
// A profile name resolves to the first existing of: built-in, <bundle>/profiles/<name>, a linked path.
// A layer that is configured but cannot be read as configured (a linked bundle that is gone, a
// profile that is not found, trust records that cannot be read) is a `broken` reason: the hook then
// denies PreToolUse with it rather than run without that layer's guards.
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { type State, linkedProfiles, profileChain } from "../state/state-file";
import { loadTrustStore, setTrust } from "../state/trust-store";
import type { Target } from "../types";
import { builtinProfileDir, isBuiltinPath } from "./builtin";
import { gitConfigPath, readOriginUrl, readRemotes } from "./remotes";
import { findGitRoot, judgeUrls, type Owner, ownerOf, type TrustVerdict } from "./trust";

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
}

const conditionsDir = (root: string) => join(root, ".claude", "conditions");

/** Returns the layers for one target and working directory, with trust decided. */
export function planLayers(state: State, target: Target, cwd: string, home: string, config: Config): LayerPlan {
  const plan: LayerPlan = { layers: [], watched: [], problems: [], broken: [] };
  const { layers, watched } = plan;
  const bundle = state.bundle?.path;
  if (bundle) {
    layers.push({ source: "bundle", path: conditionsDir(bundle), rank: 0, skipped: false, note: `linked bundle ${bundle}` });
    watched.push(gitConfigPath(bundle));
    if (!existsSync(bundle)) fail(plan, `the linked bundle ${bundle} does not exist (agentihooks unlink, or link it again)`);
  }
  const linked = linkedProfiles(state, target);
  for (const name of profileChain(state, target)) {
    const candidates = [builtinProfileDir(name), bundle ? join(bundle, "profiles", name) : undefined, linked[name]].filter((p): p is string => !!p);
    watched.push(...candidates);
    const found = candidates.find((p) => isBuiltinPath(p) || existsSync(p));
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
    watched.push(gitConfigPath(repoRoot), join(home, "trust.json"));
    const verdict = judgeRepository(repoRoot, layerPath, bundle, home, config, plan);
    layers.push({
      source: "directory",
      path: layerPath,
      rank: layers.length,
      skipped: !verdict.trusted,
      untrustedOwner: verdict.trusted ? undefined : verdict.owner,
      note: verdict.trusted ? `repository ${repoRoot}: ${verdict.why}` : `skipped: ${verdict.why}`,
    });
  }
  for (const l of layers) watched.push(l.path);
  return plan;
}

function fail(plan: LayerPlan, reason: string): void {
  plan.problems.push(reason);
  plan.broken.push(reason);
}

/** Decides whether the repository's own layer may run, and remembers an untrusted one. */
function judgeRepository(root: string, layerPath: string, bundle: string | undefined, home: string, config: Config, plan: LayerPlan): TrustVerdict {
  const key = realRoot(root);
  const { store, problem } = loadTrustStore(home, config.strictModes);
  if (problem) {
    fail(plan, `the trust records cannot be used: ${problem}`);
    return { trusted: false, why: "the trust records cannot be used" };
  }
  const record = store.repositories[key];
  if (record?.trusted) return { trusted: true, why: `a person trusted it (agentihooks trust, ${record.since})` };
  if (record?.by === "person") return { trusted: false, owner: record.owner, why: `a person revoked its trust (${record.since}); agentihooks trust ${key} trusts it again` };
  const remotes = readRemotes(root);
  if (remotes.error) return config.trustedOwners.includes("*") ? { trusted: true, why: `CONDITIONS_TRUSTED_OWNERS=* (${remotes.error})` } : { trusted: false, why: remotes.error };
  // What was seen once still counts: a remote removed or renamed since then does not make it trusted,
  // but the person trusting its owner (CONDITIONS_TRUSTED_OWNERS, the bundle) does.
  const urls = [...new Set([...(record?.urls ?? []), ...remotes.urls])];
  // The bundle's owner is read only when there is a remote to compare it with (it costs a git process).
  const bundleOwner: Owner | undefined = urls.length && bundle ? ownerOfBundle(bundle) : undefined;
  const verdict = judgeUrls(urls, bundleOwner, config.trustedOwners);
  if (record && !verdict.trusted) return { ...verdict, why: `${verdict.why}; seen untrusted since ${record.since} (${record.by === "clone" ? "cloned" : "seen"} by the hook); a person can trust it: agentihooks trust ${key}` };
  if (!record && !verdict.trusted && existsSync(layerPath)) {
    try {
      setTrust(home, key, { trusted: false, by: "seen", why: verdict.why, owner: verdict.owner, urls });
    } catch (err) {
      plan.problems.push(`cannot remember ${key} as untrusted: ${(err as Error).message}`);
    }
  }
  return verdict;
}

/** Returns the bundle's owner, from its origin as git reads it. */
export function ownerOfBundle(bundle: string): Owner | undefined {
  const url = readOriginUrl(bundle);
  return url ? ownerOf(url) : undefined;
}

/** The repository root's real path: the key of its trust record. */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}
