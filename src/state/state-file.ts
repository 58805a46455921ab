import { readFileSync } from "node:fs";
import { AgentihooksError } from "../errors";
import { validateState } from "../generated/validators/state.js";
import type { Target } from "../types";
import { writeFileAtomic } from "./atomic";
import { homePaths } from "./home";
import { pathPrivacyProblem } from "./private";

/** state.json: what `init` and `link` recorded. */
export interface StateTarget {
  profiles?: string[];
  linked_profiles?: Record<string, string>;
  [key: string]: unknown;
}
export interface State {
  version?: number;
  /** `owner`: the bundle's origin host/owner when it was linked (null: it had none; absent: linked by an older version). */
  bundle?: { path: string; linked_at?: string; owner?: string | null } | null;
  linked_profiles?: Record<string, string>;
  targets?: Partial<Record<Target | "global", StateTarget>>;
  /** Conditions (by key, `pre-bash-git`) and rules (by id, `git.push-force`) turned off: `conditions disable`. */
  disabled?: string[];
  [key: string]: unknown;
}

/**
 * Returns the parsed state.json, `{}` when it does not exist; throws a one-line error naming the file
 * when it cannot be read, is empty or corrupt, or (strict modes) another user could have written it.
 */
export function loadState(path = homePaths().state, strict = false): State {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new AgentihooksError("E_STATE", `${path}: cannot read (${(err as Error).message})`);
  }
  const unsafe = strict ? pathPrivacyProblem(path) : undefined;
  if (unsafe) throw new AgentihooksError("E_STATE", `${unsafe}: not trusted`);
  if (text.trim() === "") throw new AgentihooksError("E_STATE", `${path}: is empty (remove it to start over, or run agentihooks init again)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AgentihooksError("E_STATE", `${path}: not valid JSON (${(err as Error).message})`);
  }
  if (!validateState(value)) {
    const e = validateState.errors?.[0];
    const where = e?.instancePath || "(root)";
    throw new AgentihooksError("E_STATE", `${path}: ${where} ${e?.message ?? "is invalid"}`);
  }
  return value as State;
}

/** Writes state.json atomically. */
export function saveState(state: State, path = homePaths().state): void {
  writeFileAtomic(path, `${JSON.stringify({ version: 1, ...state }, null, 2)}\n`);
}

/** Returns the profile chain installed for `target` (falls back to the `global` entry). */
export function profileChain(state: State, target: Target): string[] {
  return state.targets?.[target]?.profiles ?? state.targets?.global?.profiles ?? [];
}

/** Returns linked profile paths visible to `target`: global links, then the target's own. */
export function linkedProfiles(state: State, target: Target): Record<string, string> {
  return { ...(state.linked_profiles ?? {}), ...(state.targets?.[target]?.linked_profiles ?? {}) };
}
