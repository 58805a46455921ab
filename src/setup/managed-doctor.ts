// `doctor`'s lines on the administrator's tier (docs/managed.md): whether the machine has one, whether
// the hook can trust it (and the command that fixes it when not), what it pins, and which harnesses'
// managed files call agentihooks. A person cannot fix a refused tier: the fix is root's.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadManagedTier } from "../conditions/managed-layer";
import { findManagedRoot, MANAGED_DIR, rootOwnedProblem } from "../conditions/managed-root";
import { TARGETS, type Target } from "../types";
import type { Check } from "./check";
import { managedFiles, tierPaths } from "./managed-files";

/** Returns the managed tier's checks and the harnesses whose managed file calls agentihooks. */
export function managedChecks(env: Record<string, string | undefined>): { checks: Check[]; registered: Target[] } {
  const checks: Check[] = [];
  const registered = registeredHarnesses(env, checks);
  const root = findManagedRoot(env);
  if (!root) {
    checks.push({ level: "info", text: `managed tier: none (${MANAGED_DIR} does not exist; an administrator sets one up with: sudo agentihooks init --managed)` });
    return { checks, registered };
  }
  const tier = loadManagedTier(root);
  if (root.problem) {
    checks.push({ level: "fail", text: `managed tier ${root.path}: every guarded call is denied: ${root.problem}`, fix: fixIn(root.problem) });
    return { checks, registered };
  }
  for (const b of tier.broken) checks.push({ level: "fail", text: `managed tier: every guarded call is denied: ${b}`, fix: fixIn(b) });
  for (const i of tier.invalid) checks.push({ level: "warn", text: `managed tier: ${i.path}: ${i.error}`, fix: "the administrator renames or fixes it" });
  const names = tier.conditions.map((c) => `${c.file} [${c.source}]`);
  const chain = tier.chain.length ? `; its profile chain: ${tier.chain.join(", ")}` : "";
  checks.push({ level: "ok", text: `managed tier ${root.path}${root.overridden ? " (AGENTIHOOKS_MANAGED_DIR)" : ""} pins ${names.length} condition${names.length === 1 ? "" : "s"}${names.length ? `: ${names.join(", ")}` : ""}${chain}; no layer of yours can replace, disable or allow past them` });
  return { checks, registered };
}

// --- internal ---

/** The command a problem line names (`fix: ...`), else a general one. */
function fixIn(problem: string): string {
  return /\(fix: ([^)]+)\)/.exec(problem)?.[1] ?? "the administrator runs: sudo agentihooks init --managed";
}

/** Adds a line per harness whose managed file calls agentihooks; returns those harnesses. */
function registeredHarnesses(env: Record<string, string | undefined>, checks: Check[]): Target[] {
  const prefix = (env.AGENTIHOOKS_MANAGED_PREFIX ?? "").replace(/\/+$/, "");
  const installed = readInstalledExe(tierPaths(prefix).root);
  const out: Target[] = [];
  for (const f of managedFiles([...TARGETS], prefix, { exe: "/agentihooks", timeoutSec: 1, scope: "user" }, false, tierPaths(prefix).root)) {
    let text: string;
    try {
      text = readFileSync(f.path, "utf8");
    } catch {
      continue;
    }
    if (!f.holdsOurs(text)) continue;
    if (f.switchOnly) {
      checks.push({ level: "info", text: `${f.target}: ${f.path} lets only managed hooks run (allowManagedHooksOnly)` });
      continue;
    }
    out.push(f.target);
    const only = /"allowManagedHooksOnly": true|^allow_managed_hooks_only = true/m.test(text) ? " (managed hooks only)" : "";
    checks.push({ level: "ok", text: `${f.target}: the managed registration ${f.path} calls agentihooks${only}; the person's own settings cannot remove it` });
  }
  if (out.length && installed) {
    const problem = existsSync(installed) ? rootOwnedProblem(installed) : `${installed} does not exist`;
    if (problem) checks.push({ level: "fail", text: `the managed registrations call ${installed}: ${problem}`, fix: "the administrator runs init --managed again from an executable only root can change" });
  }
  return out;
}

function readInstalledExe(root: string): string | undefined {
  try {
    const v = JSON.parse(readFileSync(join(root, "installed.json"), "utf8")) as { exe?: unknown };
    return typeof v.exe === "string" ? v.exe : undefined;
  } catch {
    return undefined;
  }
}
