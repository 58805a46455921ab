// `link` and `unlink`: record a bundle or an extra profile directory in state.json. The bundle's path is
// all trust needs: layers.ts reads its origin owner and trusts that owner's repositories.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { builtinProfileNames } from "../conditions/builtin";
import { ownerOfBundle } from "../conditions/layers";
import { ownerKey } from "../conditions/trust";
import { AgentihooksError } from "../errors";
import { readConfig } from "../config";
import { homePaths } from "../state/home";
import { refuseUnsafe, secureHome } from "../state/secure-home";
import { type State, loadState, profileChain, saveState } from "../state/state-file";
import { TARGETS, type Target } from "../types";
import { resolveProfile } from "./profile";

function requireDir(dir: string, what: string): string {
  const path = resolve(dir);
  if (!existsSync(path) || !statSync(path).isDirectory()) throw new AgentihooksError("E_LINK", `${what} directory not found: ${path}`);
  return path;
}

function listDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return [];
  }
}

/**
 * Makes the home private and (strict modes) repairs the linked layers' folders and conditions; throws,
 * before anything is recorded, what it cannot repair. Returns the repair lines.
 */
function secureLinked(layers: string[], doing: string): string[] {
  const secured = secureHome(homePaths().home, readConfig().config.strictModes, layers);
  refuseUnsafe(secured, doing);
  return secured.repaired.map((r) => `  ${r}`);
}

/** Links a bundle; returns the lines to print. */
export function linkBundle(dir: string): string[] {
  const path = requireDir(dir, "bundle");
  const layers = [join(path, ".claude", "conditions"), ...listDirs(join(path, "profiles")).map((p) => join(path, "profiles", p, ".claude", "conditions"))];
  const repaired = secureLinked(layers, `cannot link ${path}`);
  const state = loadState();
  const previous = state.bundle?.path;
  state.bundle = { path, linked_at: new Date().toISOString() };
  saveState(state);
  const lines = [`linked bundle ${path}${previous && previous !== path ? ` (replaces ${previous})` : ""}`, ...repaired];
  const hasConditions = existsSync(join(path, ".claude", "conditions"));
  const profiles = listDirs(join(path, "profiles"));
  if (hasConditions) lines.push(`  conditions: ${join(path, ".claude", "conditions")}`);
  if (profiles.length) lines.push(`  profiles: ${profiles.join(", ")}`);
  if (!hasConditions && !profiles.length) lines.push("  note: the bundle has neither .claude/conditions/ nor profiles/ yet");
  const owner = ownerOfBundle(path);
  lines.push(owner ? `  repositories owned by ${ownerKey(owner)} (the bundle's origin) may run their own .agentihooks/conditions/` : "  the bundle has no origin remote: no owner is trusted through it");
  return lines;
}

/** Links an extra profile directory under `name` (for one target, or all); returns the lines to print. */
export function linkProfile(name: string, dir: string, target?: Target): string[] {
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new AgentihooksError("E_PROFILE", `invalid profile name "${name}" (letters, digits, _ . - only)`);
  const path = requireDir(dir, `profile ${name}`);
  const repaired = secureLinked([join(path, ".claude", "conditions")], `cannot link ${path}`);
  const state = loadState();
  if (target) {
    state.targets = { ...(state.targets ?? {}) };
    const t = { ...(state.targets[target] ?? {}) };
    t.linked_profiles = { ...(t.linked_profiles ?? {}), [name]: path };
    state.targets[target] = t;
  } else state.linked_profiles = { ...(state.linked_profiles ?? {}), [name]: path };
  saveState(state);
  const lines = [`linked profile ${name} -> ${path}${target ? ` (${target} only)` : ""}`, ...repaired];
  const bundled = state.bundle?.path && existsSync(join(state.bundle.path, "profiles", name));
  if (builtinProfileNames().includes(name) || bundled) {
    lines.push(`  warning: ${bundled ? "the bundle" : "a built-in profile"} also has a profile "${name}" and resolves first; pick another name`);
  }
  if (!existsSync(join(path, ".claude", "conditions"))) lines.push(`  note: ${join(path, ".claude", "conditions")} does not exist yet; the profile's conditions go there`);
  lines.push(`  use it: agentihooks init --profile ${name}${target ? ` --target ${target}` : ""} (profiles resolve built-in, then bundle, then linked)`);
  return lines;
}

/** Unlinks the bundle; refuses while a chain needs its profiles (unless `force`); returns the lines to print. */
export function unlinkBundle(force = false): string[] {
  const state = loadState();
  const path = state.bundle?.path;
  if (!path) throw new AgentihooksError("E_LINK", "no bundle is linked");
  const after: State = structuredClone(state);
  delete after.bundle;
  const lost = lostProfiles(state, after);
  refuseOrWarn(lost, force, `unlinking the bundle ${path}`);
  saveState(after);
  const conditions = listFiles(join(path, ".claude", "conditions"));
  const dropped = conditions.length ? [`  its ${conditions.length} condition${conditions.length === 1 ? " no longer runs" : "s no longer run"}: ${conditions.join(", ")}`] : [];
  return [`unlinked bundle ${path}`, ...dropped, ...deniedLines(lost)];
}

/** Unlinks a profile from every scope it is linked in; refuses while a chain needs it (unless `force`). */
export function unlinkProfile(name: string, force = false): string[] {
  const state = loadState();
  const after: State = structuredClone(state);
  const removed: string[] = [];
  if (after.linked_profiles?.[name]) {
    removed.push(after.linked_profiles[name]);
    const { [name]: _, ...rest } = after.linked_profiles;
    after.linked_profiles = rest;
  }
  for (const t of TARGETS) {
    const lp = after.targets?.[t]?.linked_profiles;
    if (!lp?.[name]) continue;
    removed.push(lp[name]);
    const { [name]: _, ...rest } = lp;
    (after.targets as Record<string, { linked_profiles?: Record<string, string> }>)[t].linked_profiles = rest;
  }
  if (!removed.length) throw new AgentihooksError("E_LINK", `profile "${name}" is not linked`);
  const lost = lostProfiles(state, after);
  refuseOrWarn(lost, force, `unlinking profile ${name}`);
  saveState(after);
  return [`unlinked profile ${name} (${[...new Set(removed)].join(", ")})`, ...deniedLines(lost)];
}

/** A chain's profile that resolves now and would resolve nowhere after a change. */
interface Lost {
  target: Target;
  name: string;
  chain: string[];
}

/** Returns the chain profiles that `before` resolves and `after` does not. */
function lostProfiles(before: State, after: State): Lost[] {
  const out: Lost[] = [];
  for (const t of TARGETS) {
    const chain = profileChain(before, t);
    for (const name of chain) {
      if (resolveProfile(before, t, name).from !== "missing" && resolveProfile(after, t, name).from === "missing") out.push({ target: t, name, chain });
    }
  }
  return out;
}

/** Returns the command that drops the lost profiles from each chain they are in. */
function switchBack(lost: Lost[]): string[] {
  const byTarget = new Map<Target, Lost[]>();
  for (const l of lost) byTarget.set(l.target, [...(byTarget.get(l.target) ?? []), l]);
  const commands = [...byTarget].map(([t, ls]) => {
    const kept = ls[0].chain.filter((n) => !ls.some((l) => l.name === n));
    return [kept.length ? kept.join(",") : "default", t] as const;
  });
  // One command for all harnesses when they would get the same chain.
  if (commands.length === TARGETS.length && commands.every(([c]) => c === commands[0][0])) return [`agentihooks profile use ${commands[0][0]}`];
  return commands.map(([c, t]) => `agentihooks profile use ${c} --target ${t}`);
}

/** Throws while chains need what is being unlinked, naming them and the switch that frees them. */
function refuseOrWarn(lost: Lost[], force: boolean, doing: string): void {
  if (!lost.length || force) return;
  const uses = lost.map((l) => `${l.target} runs profile ${l.name}`).join(", ");
  throw new AgentihooksError("E_LINK", `refused: ${uses}; ${doing} would make the hook deny every tool call of ${[...new Set(lost.map((l) => l.target))].join(", ")}. Switch first: ${switchBack(lost).join(" && ")} (or pass --force)`);
}

/** Returns what --force leaves denied, and the fix. */
function deniedLines(lost: Lost[]): string[] {
  if (!lost.length) return [];
  const targets = [...new Set(lost.map((l) => l.target))];
  return [
    `  denied: every tool call of ${targets.join(", ")}: the profile chain names ${[...new Set(lost.map((l) => l.name))].join(", ")}, which no longer resolve${lost.length === 1 ? "s" : ""}`,
    `  fix: ${switchBack(lost).join(" && ")}`,
  ];
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => !f.startsWith(".")).sort();
  } catch {
    return [];
  }
}
