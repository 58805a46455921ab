// The condition layers, lowest to highest priority:
//   1 bundle     <bundle>/.claude/conditions/
//   2 profile:N  <profile>/.claude/conditions/ for each profile of the chain, in chain order
//   3 runtime    $AGENTIHOOKS_HOME/conditions/
//   4 directory  <git-root>/.agentihooks/conditions/  (only when the repository is trusted)
// A profile name resolves to the first existing of: built-in, <bundle>/profiles/<name>, a linked path.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { type State, linkedProfiles, profileChain } from "../state/state-file";
import type { Target } from "../types";
import { builtinProfileDir, isBuiltinPath } from "./builtin";
import { findGitRoot, gitConfigPath, judgeTrust, ownerOf, readOriginUrl } from "./trust";

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
}

const conditionsDir = (root: string) => join(root, ".claude", "conditions");

/** Returns the layers for one target and working directory, with trust decided. */
export function planLayers(state: State, target: Target, cwd: string, home: string, config: Config): LayerPlan {
  const layers: LayerSpec[] = [];
  const watched: string[] = [];
  const problems: string[] = [];
  const bundle = state.bundle?.path;
  let bundleOwner: string | undefined;
  if (bundle) {
    layers.push({ source: "bundle", path: conditionsDir(bundle), rank: 0, skipped: false, note: `linked bundle ${bundle}` });
    const cfg = gitConfigPath(bundle);
    watched.push(cfg);
    const url = readOriginUrl(cfg);
    bundleOwner = url ? ownerOf(url) : undefined;
  }
  const linked = linkedProfiles(state, target);
  for (const name of profileChain(state, target)) {
    const candidates = [builtinProfileDir(name), bundle ? join(bundle, "profiles", name) : undefined, linked[name]].filter(
      (p): p is string => !!p,
    );
    watched.push(...candidates);
    const found = candidates.find((p) => isBuiltinPath(p) || existsSync(p));
    if (!found) {
      problems.push(`profile "${name}" not found (looked in: ${candidates.join(", ") || "built-in profiles"})`);
      continue;
    }
    // A built-in profile is a virtual folder of its own (conditions/builtin.ts), not a checkout.
    layers.push({ source: `profile:${name}`, path: isBuiltinPath(found) ? found : conditionsDir(found), rank: layers.length, skipped: false, note: `profile ${name} at ${found}` });
  }
  layers.push({ source: "runtime", path: join(home, "conditions"), rank: layers.length, skipped: false, note: "the machine's runtime layer" });
  const repoRoot = findGitRoot(cwd);
  if (repoRoot) {
    const cfg = gitConfigPath(repoRoot);
    watched.push(cfg);
    const url = readOriginUrl(cfg);
    const verdict = judgeTrust(url ? ownerOf(url) : undefined, url !== undefined, bundleOwner, config.trustedOwners);
    layers.push({
      source: "directory",
      path: join(repoRoot, ".agentihooks", "conditions"),
      rank: layers.length,
      skipped: !verdict.trusted,
      untrustedOwner: verdict.trusted ? undefined : (verdict.owner ?? url),
      note: verdict.trusted ? `repository ${repoRoot}: ${verdict.why}` : `skipped: ${verdict.why}`,
    });
  }
  for (const l of layers) watched.push(l.path);
  return { layers, watched, repoRoot, problems };
}
