// The administrator's tier: a machine-wide layer at /etc/agentihooks (docs/managed.md). It is read only
// when it and every folder above it belong to root and nobody else can write them, because the person
// it guards (the user the hook runs as) must not be able to change it. A folder that fails is not
// skipped in silence: the hook denies guarded calls with the reason and the fix (fail closed).
//
// AGENTIHOOKS_MANAGED_DIR names another root for tests, honoured ONLY when /etc/agentihooks does not
// exist: the person (and an agent that runs the hook itself) can set the hook's environment, so the
// variable must never be a way out of a tier the machine has. Where none exists, it can only add a layer,
// and that layer passes the same root-ownership checks. This file is on every hook call: one lstat
// when no tier is installed.
import { lstatSync, realpathSync, type Stats } from "node:fs";
import { dirname } from "node:path";

/** Where the machine-wide layer lives. */
export const MANAGED_DIR = "/etc/agentihooks";

/** A condition's source label in the managed tier starts with this (`managed`, `managed:profile:<name>`). */
export const MANAGED_SOURCE = "managed";

/** True for a condition (or layer) of the administrator's tier. */
export const isManagedSource = (source: string) => source === MANAGED_SOURCE || source.startsWith(`${MANAGED_SOURCE}:`);

/** The managed tier's root, and why it cannot be read when it cannot. */
export interface ManagedRoot {
  path: string;
  /** From AGENTIHOOKS_MANAGED_DIR (no /etc/agentihooks on this machine). */
  overridden: boolean;
  /** Why it is refused: the hook denies guarded calls with this. */
  problem?: string;
}

/** Returns the managed tier's root, or undefined when the machine has none. */
export function findManagedRoot(env: Record<string, string | undefined> = process.env): ManagedRoot | undefined {
  const there = exists(MANAGED_DIR);
  if (there === undefined) return { path: MANAGED_DIR, overridden: false, problem: `${MANAGED_DIR} cannot be read (${lastError})` };
  if (there) return { path: MANAGED_DIR, overridden: false, problem: rootOwnedProblem(MANAGED_DIR) };
  const other = env.AGENTIHOOKS_MANAGED_DIR;
  if (!other) return undefined;
  if (!other.startsWith("/")) return { path: other, overridden: true, problem: `AGENTIHOOKS_MANAGED_DIR must be an absolute path (it is "${other}")` };
  const found = exists(other);
  if (!found) return { path: other, overridden: true, problem: `AGENTIHOOKS_MANAGED_DIR names ${other}, which does not exist` };
  return { path: other, overridden: true, problem: rootOwnedProblem(other) };
}

/**
 * Returns why `path` (a folder or file of the tier) could be changed by someone other than root, or
 * undefined. Checked on its real path, from `/` down: each part owned by root and not writable by group
 * or others. A folder above the tier may be world-writable with the sticky bit (/tmp): nobody but root
 * can then rename or remove root's entries in it.
 */
export function rootOwnedProblem(path: string, top?: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (err) {
    return `${path} cannot be resolved (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  const inTier = top ? realOr(top) : real;
  for (let p = real; ; p = dirname(p)) {
    let st: Stats;
    try {
      st = lstatSync(p);
    } catch (err) {
      return `${p} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
    }
    const problem = partProblem(st, p, p === inTier || p.startsWith(`${inTier}/`));
    if (problem) return problem;
    if (p === dirname(p)) return undefined;
  }
}

/** Returns why the program that would run a managed condition may not (someone but root can change it). */
export function managedRunnerProblem(program: string): string | undefined {
  const problem = rootOwnedProblem(program);
  return problem && `its runner cannot be trusted for the managed tier: ${problem}`;
}

// --- internal ---

let lastError = "";

/** true, false (ENOENT), or undefined when it cannot be told. */
function exists(path: string): boolean | undefined {
  try {
    // no throw for the usual answer (no tier here): an error built on every hook call costs start-up time
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "ENOENT" || code === "ENOTDIR") return false;
    lastError = code || String(err);
    return undefined;
  }
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function partProblem(st: Stats, p: string, inTier: boolean): string | undefined {
  const mode = st.mode & 0o7777;
  const octal = (mode & 0o777).toString(8);
  if (st.uid !== 0) return `${p} is owned by uid ${st.uid}, not root: the managed tier is not used (fix: sudo chown root: ${p})`;
  const sticky = !inTier && st.isDirectory() && (mode & 0o1000) !== 0;
  if (mode & 0o022 && !sticky) return `${p} is writable by ${mode & 0o002 ? "every user" : "its group"} (mode ${octal}): the managed tier is not used (fix: sudo chmod go-w ${p})`;
  return undefined;
}
