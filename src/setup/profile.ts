// `profile list` and `profile use`: the profile chain each harness runs, what profiles exist to run,
// and switching the recorded chain in state.json. Switching touches no harness config: the hook reads
// the chain from state.json on its next call. A name that resolves nowhere is refused before anything
// is written, since a chain with a missing profile makes the hook deny every call.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { builtinProfileNames } from "../conditions/builtin";
import { AgentihooksError } from "../errors";
import { type State, linkedProfiles, loadState, profileChain, saveState } from "../state/state-file";
import { TARGETS, type Target } from "../types";
import { checkProfile } from "./init";

/** Where a profile name resolves for a target: the first of built-in, bundle, linked. */
export type Origin = "built-in" | "bundle" | "linked" | "missing";

export interface ChainEntry {
  name: string;
  from: Origin;
  path?: string;
}

export interface ProfileListing {
  chains: Record<Target, { recorded: boolean; profiles: ChainEntry[] }>;
  builtin: string[];
  bundle?: { path: string; profiles: string[] };
  linked: { name: string; path: string; target?: Target }[];
}

/** Returns where `name` resolves for `target` (the order planLayers uses). */
export function resolveProfile(state: State, target: Target, name: string): ChainEntry {
  if (builtinProfileNames().includes(name)) return { name, from: "built-in" };
  const bundle = state.bundle?.path;
  if (bundle && existsSync(join(bundle, "profiles", name))) return { name, from: "bundle", path: join(bundle, "profiles", name) };
  const linked = linkedProfiles(state, target)[name];
  if (linked && existsSync(linked)) return { name, from: "linked", path: linked };
  return { name, from: "missing" };
}

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith(".")).map((d) => d.name).sort();
  } catch {
    return [];
  }
}

/** Returns each harness's chain (resolved) and every profile there is to use. */
export function listProfiles(state = loadState()): ProfileListing {
  const chains = Object.fromEntries(
    TARGETS.map((t) => [t, { recorded: state.targets?.[t]?.profiles !== undefined || state.targets?.global?.profiles !== undefined, profiles: profileChain(state, t).map((n) => resolveProfile(state, t, n)) }]),
  ) as ProfileListing["chains"];
  const linked: ProfileListing["linked"] = Object.entries(state.linked_profiles ?? {}).map(([name, path]) => ({ name, path }));
  for (const t of TARGETS) for (const [name, path] of Object.entries(state.targets?.[t]?.linked_profiles ?? {})) linked.push({ name, path, target: t });
  const bundle = state.bundle?.path ? { path: state.bundle.path, profiles: subdirs(join(state.bundle.path, "profiles")) } : undefined;
  return { chains, builtin: builtinProfileNames(), bundle, linked };
}

/** Returns the listing as text. */
export function renderProfiles(l: ProfileListing): string {
  const out = ["Profile chains (state.json; the hook runs them in this order)"];
  for (const t of TARGETS) {
    const c = l.chains[t];
    const names = c.profiles.map((p) => (p.from === "missing" ? `${p.name} (NOT FOUND: every call is denied)` : `${p.name} (${p.from})`));
    out.push(`  ${t.padEnd(8)} ${names.join(", ") || (c.recorded ? "(empty: no profile)" : "(none recorded; agentihooks init records default)")}`);
  }
  out.push("", `Built-in profiles: ${l.builtin.join(", ") || "none"}`);
  if (l.bundle) out.push(`Bundle profiles (${join(l.bundle.path, "profiles")}): ${l.bundle.profiles.join(", ") || "none"}`);
  out.push(`Linked profiles: ${l.linked.length ? "" : "none"}`);
  for (const p of l.linked) out.push(`  ${p.name} -> ${p.path}${p.target ? ` (${p.target} only)` : ""}${existsSync(p.path) ? "" : " (missing)"}`);
  out.push("", "Switch: agentihooks profile use NAME[,NAME] [--target claude|codex|copilot|gemini|opencode]");
  return `${out.join("\n")}\n`;
}

/** Returns the profile names of a `use` argument (comma separated); throws on an empty list. */
export function parseChain(arg: string): string[] {
  const names = arg.split(",").map((s) => s.trim()).filter(Boolean);
  if (!names.length) throw new AgentihooksError("E_USAGE", "no profile named (agentihooks profile use NAME[,NAME])");
  return names;
}

/** Records `names` as the chain of `targets`; returns the lines to print. Checks every name before writing. */
export function useProfiles(names: string[], targets: readonly Target[]): string[] {
  const state = loadState();
  for (const t of targets) for (const n of names) checkProfile(state, t, n);
  const before = Object.fromEntries(targets.map((t) => [t, profileChain(state, t).join(",") || "none"]));
  state.targets = { ...(state.targets ?? {}) };
  for (const t of targets) state.targets[t] = { ...(state.targets[t] ?? {}), profiles: [...names] };
  saveState(state);
  return targets.map((t) => `${t}: profiles ${before[t]} -> ${names.join(",")}`);
}
