// The managed tier's layers and how they sit on top of the person's catalog (docs/managed.md):
//   <root>/profiles.txt        the tier's profile chain, one name a line: built-in, or <root>/profiles/<name>/
//   <root>/conditions/         the tier's own conditions and rules files (highest)
// Nothing below can replace them: a condition of a user, bundle, profile or repository layer with the
// key of a managed one is reported and not run; `conditions disable` names and [[allow]] entries of
// lower layers do not apply to them (run/rules.ts); the tier's preset is a floor (rules/preset.ts).
// Lower layers may only add: their own conditions run beside the tier's, and deny > ask > allow.
// The tier is listed on every call, never cached: the index lives in the person's home, which the
// person can write. Loaded only when a tier exists (catalog.ts requires it lazily).
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Condition, InvalidFile, Layer, Step } from "../types";
import { builtinFile, builtinProfileDir } from "./builtin";
import { type ManagedRoot, MANAGED_SOURCE, rootOwnedProblem } from "./managed-root";
import type { Subject } from "./matcher";
import { listFolder } from "./scan";
import { selectConditions } from "./select";
import { lexists } from "../fs-kind";

/** What the tier holds. */
export interface ManagedTier {
  root: string;
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
  /** Why (part of) the tier cannot be used: the hook denies guarded calls with these. */
  broken: string[];
  /** The tier's profile chain. */
  chain: string[];
}

/** What the tier needs of a catalog (catalog.ts's Catalog, without importing it: it loads this file). */
export interface Stack {
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
  problems: string[];
  broken?: string[];
  conditionsFor(step: Step, subject: Subject): Condition[];
}

/** Ends the line that reports a lower condition with a managed condition's name. */
export const SHADOWED_NOTE = "it does not run (the administrator's tier cannot be overridden)";

/** Above every rank a person's layers can reach (catalog orders are rank * 1e6 + i). */
const BASE_ORDER = 1e9;

/** Returns the tier at `root` (already found); a tier that fails the root checks holds nothing and is broken. */
export function loadManagedTier(root: ManagedRoot): ManagedTier {
  const tier: ManagedTier = { root: root.path, layers: [], conditions: [], invalid: [], broken: [], chain: [] };
  if (root.problem) {
    tier.broken.push(`the managed tier ${root.path} cannot be trusted: ${root.problem}`);
    return tier;
  }
  const chain = readChain(root.path, tier);
  const folders: [source: string, path: string][] = [];
  for (const name of chain) {
    const builtin = builtinProfileDir(name);
    const own = join(root.path, "profiles", name);
    if (builtin) folders.push([`${MANAGED_SOURCE}:profile:${name}`, builtin]);
    else if (lexists(own)) folders.push([`${MANAGED_SOURCE}:profile:${name}`, own]);
    else tier.broken.push(`the managed profile "${name}" (${join(root.path, "profiles.txt")}) is neither built in nor in ${own}`);
  }
  folders.push([MANAGED_SOURCE, join(root.path, "conditions")]);
  const byKey = new Map<string, Condition>();
  folders.forEach(([source, path], rank) => {
    for (const c of listLayer(source, path, root.path, rank, tier)) {
      byKey.delete(c.key); // within the tier, a later layer replaces an earlier one, as below
      byKey.set(c.key, c);
    }
  });
  tier.conditions = [...byKey.values()].sort((a, b) => a.order - b.order);
  return tier;
}

/**
 * Returns `lower` with the tier on top: the tier's conditions run last (so their rewrites win) and a
 * lower condition with a managed key is left out. `managedOnly`: the person turned agentihooks off
 * (CONDITIONS_ENABLED=false), which turns off their own layers, not the tier.
 */
export function withManaged<C extends Stack>(lower: C, tier: ManagedTier, managedOnly = false): C {
  const keys = new Set(tier.conditions.map((c) => c.key));
  const mine = (list: Condition[]) => (managedOnly ? [] : list.filter((c) => !keys.has(c.key)));
  let all: Condition[] | undefined;
  let problems: string[] | undefined;
  const broken = [...(managedOnly ? [] : (lower.broken ?? [])), ...tier.broken];
  // The lower catalog's getters stay getters: spreading it would parse every condition group on each call.
  const out = Object.defineProperties({}, Object.getOwnPropertyDescriptors(lower)) as C;
  const field = (value: unknown) => ({ value, enumerable: true, writable: true, configurable: true });
  return Object.defineProperties(out, {
    layers: field([...lower.layers, ...tier.layers]),
    invalid: field([...lower.invalid, ...tier.invalid]),
    problems: { enumerable: true, configurable: true, get: () => (problems ??= [...lower.problems, ...shadowedBy(tier, lower.conditions)]) },
    conditions: { enumerable: true, configurable: true, get: () => (all ??= [...mine(lower.conditions), ...tier.conditions].map((c, i) => ({ ...c, order: i }))) },
    broken: field(broken.length ? broken : undefined),
    conditionsFor: field((step: Step, subject: Subject) => [...mine(lower.conditionsFor(step, subject)), ...selectConditions(tier.conditions, step, subject)]),
  });
}

/** Returns one line per lower condition whose key is the tier's: it is not run. */
export function shadowedBy(tier: ManagedTier, lower: Condition[]): string[] {
  const managed = new Map(tier.conditions.map((c) => [c.key, c]));
  // The same built-in file in the person's chain and the tier's (both name `default`) overrides nothing.
  const same = (c: Condition) => builtinFile(c.path) !== undefined && builtinFile(c.path) === builtinFile(managed.get(c.key)?.path ?? "");
  return lower
    .filter((c) => managed.has(c.key) && !same(c))
    .map((c) => `${c.path} (${c.source}) has the name of the managed condition ${managed.get(c.key)?.path}: ${SHADOWED_NOTE}`);
}

// --- internal ---

/** Returns the chain in <root>/profiles.txt (none when it does not exist). */
function readChain(root: string, tier: ManagedTier): string[] {
  const path = join(root, "profiles.txt");
  if (!lexists(path)) return [];
  const problem = fileProblem(path, root);
  if (problem) {
    tier.broken.push(`the managed profile chain ${path} is refused: ${problem}`);
    return [];
  }
  const names = readFileSync(path, "utf8").split("\n").map((l) => l.replace(/#.*/, "").trim()).filter(Boolean);
  const bad = names.find((n) => !/^[A-Za-z0-9_.-]+$/.test(n) || n === "." || n === "..");
  if (bad) {
    tier.broken.push(`the managed profile chain ${path} names "${bad}", which is not a profile name (letters, digits, _ . -)`);
    return [];
  }
  tier.chain = names;
  return names;
}

/** Lists one folder of the tier into conditions; its files and the folder must pass the root checks. */
function listLayer(source: string, path: string, root: string, rank: number, tier: ManagedTier): Condition[] {
  const builtin = path.startsWith("builtin:");
  const layer: Layer = { source, path, exists: builtin || lexists(path), count: 0, skipped: false, note: `the administrator's tier (${root})` };
  tier.layers.push(layer);
  if (!layer.exists) return [];
  const dirProblem = builtin ? undefined : rootOwnedProblem(path, root);
  if (dirProblem) {
    tier.broken.push(`the managed layer ${path} cannot be trusted: ${dirProblem}`);
    layer.skipped = true;
    layer.note = dirProblem;
    return [];
  }
  const listing = listFolder(path, false);
  if (listing.listError) tier.broken.push(`the managed layer ${path} ${listing.listError}`);
  const out: Condition[] = [];
  for (const f of listing.files) {
    const full = `${path}/${f.file}`;
    if ("error" in f) {
      tier.invalid.push({ path: full, source, error: f.error });
      continue;
    }
    const problem = builtin ? undefined : fileProblem(full, root);
    if (problem) {
      tier.invalid.push({ path: full, source, error: problem });
      tier.broken.push(`the managed condition ${full} is refused: ${problem}`);
      continue;
    }
    const { file, step, matcher, name, async, ext, key } = f;
    out.push({ file, step, matcher, name, async, ext, key, path: full, source, order: BASE_ORDER + rank * 1e6 + out.length });
  }
  layer.count = out.length;
  return out;
}

/** Why a file of the tier may not be used: not a regular file, or changeable by someone but root. */
function fileProblem(path: string, root: string): string | undefined {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return "is a symbolic link; a managed file must be a regular file";
    if (!st.isFile()) return "is not a regular file";
  } catch (err) {
    return `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  return rootOwnedProblem(path, root);
}
