// `link` and `unlink`: record a bundle or an extra profile directory in state.json. The bundle's path is
// all trust needs: layers.ts reads its origin owner and trusts that owner's repositories.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { builtinProfileNames } from "../conditions/builtin";
import { ownerOfBundle } from "../conditions/layers";
import { ownerKey } from "../conditions/trust";
import { AgentihooksError } from "../errors";
import { type State, loadState, profileChain, saveState } from "../state/state-file";
import { TARGETS, type Target } from "../types";
import { checkProfile } from "./init";

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

/** Links a bundle; returns the lines to print. */
export function linkBundle(dir: string): string[] {
  const path = requireDir(dir, "bundle");
  const state = loadState();
  const previous = state.bundle?.path;
  state.bundle = { path, linked_at: new Date().toISOString() };
  saveState(state);
  const lines = [`linked bundle ${path}${previous && previous !== path ? ` (replaces ${previous})` : ""}`];
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
  const state = loadState();
  if (target) {
    state.targets = { ...(state.targets ?? {}) };
    const t = { ...(state.targets[target] ?? {}) };
    t.linked_profiles = { ...(t.linked_profiles ?? {}), [name]: path };
    state.targets[target] = t;
  } else state.linked_profiles = { ...(state.linked_profiles ?? {}), [name]: path };
  saveState(state);
  const lines = [`linked profile ${name} -> ${path}${target ? ` (${target} only)` : ""}`];
  const bundled = state.bundle?.path && existsSync(join(state.bundle.path, "profiles", name));
  if (builtinProfileNames().includes(name) || bundled) {
    lines.push(`  warning: ${bundled ? "the bundle" : "a built-in profile"} also has a profile "${name}" and resolves first; pick another name`);
  }
  if (!existsSync(join(path, ".claude", "conditions"))) lines.push(`  note: ${join(path, ".claude", "conditions")} does not exist yet; the profile's conditions go there`);
  lines.push(`  use it: agentihooks init --profile ${name}${target ? ` --target ${target}` : ""} (profiles resolve built-in, then bundle, then linked)`);
  return lines;
}

/** Unlinks the bundle; returns the lines to print. */
export function unlinkBundle(): string[] {
  const state = loadState();
  const path = state.bundle?.path;
  if (!path) throw new AgentihooksError("E_LINK", "no bundle is linked");
  delete state.bundle;
  saveState(state);
  return [`unlinked bundle ${path}`, ...danglingChains(state)];
}

/** Unlinks a profile from every scope it is linked in; returns the lines to print. */
export function unlinkProfile(name: string): string[] {
  const state = loadState();
  const removed: string[] = [];
  if (state.linked_profiles?.[name]) {
    removed.push(state.linked_profiles[name]);
    const { [name]: _, ...rest } = state.linked_profiles;
    state.linked_profiles = rest;
  }
  for (const t of TARGETS) {
    const lp = state.targets?.[t]?.linked_profiles;
    if (!lp?.[name]) continue;
    removed.push(lp[name]);
    const { [name]: _, ...rest } = lp;
    (state.targets as Record<string, { linked_profiles?: Record<string, string> }>)[t].linked_profiles = rest;
  }
  if (!removed.length) throw new AgentihooksError("E_LINK", `profile "${name}" is not linked`);
  saveState(state);
  return [`unlinked profile ${name} (${[...new Set(removed)].join(", ")})`, ...danglingChains(state)];
}

/** Warns about installed chains that name a profile which no longer resolves. */
function danglingChains(state: State): string[] {
  const out: string[] = [];
  for (const t of TARGETS) {
    for (const name of profileChain(state, t)) {
      try {
        checkProfile(state, t, name);
      } catch {
        out.push(`  warning: ${t}'s profile chain names "${name}", which no longer resolves (fix: agentihooks init --target ${t} --profile <names>)`);
      }
    }
  }
  return out;
}
