// `init --sandbox` and `uninit`, and doctor's per-harness verdict: is the gate OS-enforced (the
// harness's own sandbox keeps every protected place out of the agent's tool commands) or pattern-only?
// Claude Code: init turns sandboxed Bash on and denies every place (claude-sandbox.ts). Codex: init
// only reads its sandbox keys and says which writable root holds which place (codex-sandbox.ts).
// Copilot CLI 1.0.102 has no sandbox for its shell tool: pattern-only.
import { accessSync, constants, statSync } from "node:fs";
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import type { State } from "../state/state-file";
import type { Target } from "../types";
import { amendChange, type FileChange } from "./apply";
import type { Check } from "./check";
import { claudeSetup } from "./claude-config";
import { addSandbox, readSandbox, removeSandbox, renderSandbox, type SandboxRecord } from "./claude-sandbox";
import { codexVerdict, readCodexSandbox } from "./codex-sandbox";
import type { SetupContext } from "./harness-setup";
import { harnessDir } from "./installed";
import { type JsonObject, parseJsonText, readConfigFile } from "./json-file";
import { protectedPlaces, uncovered } from "./sandbox-places";

/** Programs Claude Code's Linux sandbox needs (bubblewrap for the filesystem, socat for its network proxy). */
const LINUX_NEEDS = ["bwrap", "socat"];

/** Returns the programs of LINUX_NEEDS not on PATH (none off Linux). */
export function missingSandboxPrograms(env: Record<string, string | undefined>): string[] {
  if (process.platform !== "linux") return [];
  return LINUX_NEEDS.filter((name) => !(env.PATH ?? "").split(":").some((dir) => {
    if (!dir) return false;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return statSync(join(dir, name)).isFile();
    } catch {
      return false;
    }
  }));
}

/** The record of what init added to Claude's settings, or undefined. */
export function claudeSandboxRecord(state: State): SandboxRecord | undefined {
  const r = state.targets?.claude?.sandbox as SandboxRecord | undefined;
  return r && typeof r === "object" && typeof r.settings === "string" && Array.isArray(r.denyWrite) ? r : undefined;
}

const parseObject = (text: string, path: string): JsonObject => {
  const v = text.trim() === "" ? {} : parseJsonText(text, path);
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new AgentihooksError("E_CONFIG", `${path}:1: expected a JSON object at the top level`);
  return v as JsonObject;
};

/**
 * Plans Claude's sandbox settings into `changes` (one write with the hook registration) and records
 * what is added in `state`; returns the lines to print. Refuses on Linux without bubblewrap and socat:
 * with `failIfUnavailable`, Claude would not start.
 */
export function planClaudeSandbox(changes: FileChange[], ctx: SetupContext, state: State, exe: string): string[] {
  const missing = missingSandboxPrograms(ctx.env);
  if (missing.length) {
    throw new AgentihooksError("E_SANDBOX", `--sandbox: Claude Code's sandbox needs ${missing.join(" and ")} on PATH (Debian/Ubuntu: apt-get install bubblewrap socat); nothing was written`);
  }
  const path = claudeSetup.configPath("user", ctx);
  const places = protectedPlaces(ctx, state, exe);
  let record: SandboxRecord | undefined;
  const isOurs = (text: string) => {
    try {
      return claudeSetup.find(parseObject(text, path), () => path).length > 0;
    } catch {
      return false;
    }
  };
  amendChange(changes, path, (text) => {
    const added = addSandbox(parseObject(text, path), places, path, claudeSandboxRecord(state));
    record = added.record;
    return renderSandbox(text, added.config);
  }, `claude: sandboxed Bash on in ${path}, writes denied to ${places.length} protected places`, harnessDir("claude", ctx), isOurs);
  state.targets = { ...(state.targets ?? {}), claude: { ...(state.targets?.claude ?? {}), sandbox: record as unknown as JsonObject } };
  return [`claude: the gate is OS-enforced for Bash: ${places.join(", ")}`];
}

/** Returns a transform that takes init's sandbox settings out of Claude's settings value, or undefined. */
export function claudeSandboxStrip(state: State, path: string): ((v: JsonObject) => JsonObject) | undefined {
  const record = claudeSandboxRecord(state);
  return record && record.settings === path ? (v) => removeSandbox(v, record) : undefined;
}

/** Returns the state without the sandbox record (uninit), or the same state when there is none. */
export function withoutSandboxRecord(state: State): State {
  if (!claudeSandboxRecord(state)) return state;
  const next: State = structuredClone(state);
  const claude = { ...(next.targets?.claude ?? {}) };
  delete claude.sandbox;
  next.targets = { ...(next.targets ?? {}), claude };
  return next;
}

/** Doctor: one check per harness saying whether the gate is OS-enforced there, and what is missing. */
export function sandboxChecks(targets: Target[], ctx: SetupContext, state: State, exe: string, workspace: string): Check[] {
  const places = protectedPlaces(ctx, state, exe);
  const checks: Check[] = [];
  if (targets.includes("claude")) checks.push(claudeCheck(ctx, places));
  if (targets.includes("codex")) {
    const v = codexVerdict(places, readCodexSandbox(ctx), workspace, ctx.env);
    for (const text of v.lines) checks.push({ level: v.enforced ? "ok" : "info", text, fix: v.enforced ? undefined : "keep the protected places out of Codex's writable roots (see docs/init.md, \"The OS-enforced gate\")" });
  }
  if (targets.includes("copilot")) checks.push({ level: "info", text: "copilot: pattern-only: Copilot CLI runs its shell tool without a sandbox of its own, so only agentihooks' pattern gate keeps the protected places" });
  return checks;
}

function claudeCheck(ctx: SetupContext, places: string[]): Check {
  const path = claudeSetup.configPath("user", ctx);
  const fix = "agentihooks init --sandbox --target claude";
  let config: JsonObject;
  try {
    config = readConfigFile(path).value;
  } catch {
    return { level: "info", text: `claude: pattern-only: ${path} cannot be read` };
  }
  const s = readSandbox(config, ctx.home);
  if (!s.on) return { level: "info", text: `claude: pattern-only: ${s.why} in ${path}`, fix };
  const open = uncovered(places, s.denied);
  if (open.length) return { level: "warn", text: `claude: not fully OS-enforced: sandboxed Bash is on, but sandbox.filesystem.denyWrite does not cover ${open.join(", ")}`, fix };
  const missing = missingSandboxPrograms(ctx.env);
  if (missing.length) return { level: "fail", text: `claude: not OS-enforced: sandboxed Bash is on, but ${missing.join(" and ")} is not on PATH: Claude Code cannot start its sandbox (and, with failIfUnavailable, refuses to start)`, fix: "apt-get install bubblewrap socat (or your system's packages)" };
  return { level: "ok", text: `claude: the gate is OS-enforced for Bash: sandboxed, and writes denied to all ${places.length} protected places` };
}
