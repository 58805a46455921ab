// Copilot CLI: a hooks file of our own, ~/.copilot/hooks/agentihooks.json (user) or
// .github/hooks/agentihooks.json (project). camelCase events, so the payload carries no event name
// and `--event` is on argv. One command form per entry: Copilot skips an entry with both `exec` and
// `bash` ("but not both — hook will be skipped", in its log only). User scope: `exec` + `args`, no
// shell; when the executable is gone Copilot denies every tool call ("hook errored", fail-closed), so
// guards never silently stop, and doctor names the fix. Project scope: the file is committed and read
// by the cloud agent and by teammates, where this machine's path does not exist, so it carries only a
// guarded `bash` command that exits 0 (no opinion) when the executable is not there. Both behaviours
// are measured live (e2e/live/copilot-setup.live.ts).
import { join } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, type TreeShape, unregisterHooks } from "./hook-tree";
import { copilotHome, firstShellWord, type HarnessSetup, type HookSpec, hookArgs, isAgentihooksPath, shellQuote } from "./harness-setup";

/**
 * The events registered. `errorOccurred` (a failed model call) is recorded and runs `notify`
 * conditions. `preMcpToolCall` is not registered: measured on CLI 1.0.102 it only adjusts the MCP
 * request's `_meta` (a deny, exit 2 or a crash there does not stop the call), and it fires after
 * preToolUse, which already guards every MCP call (e2e/live/copilot-mcp.live.ts); registering it
 * would run every `pre` condition twice per MCP call.
 */
const EVENTS = [
  "sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse", "postToolUseFailure",
  "permissionRequest", "agentStop", "subagentStart", "subagentStop", "preCompact", "notification", "errorOccurred",
] as const;

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

const GUARD_HEAD = "[ -x ";
const GUARD_EXEC = " ] || exit 0; exec ";

/** Returns the executable a handler of ours calls (exec form, or our guarded bash form), else undefined. */
function ourExe(h: Json): string | undefined {
  if (!isRecord(h)) return undefined;
  if (h.exec !== undefined) {
    return Array.isArray(h.args) && h.args[0] === "hook" && isAgentihooksPath(h.exec) ? h.exec : undefined;
  }
  if (typeof h.bash !== "string" || !h.bash.startsWith(GUARD_HEAD)) return undefined;
  const at = h.bash.indexOf(GUARD_EXEC);
  const first = at < 0 ? undefined : firstShellWord(h.bash.slice(at + GUARD_EXEC.length));
  return first && /^\s+hook(\s|$)/.test(first.rest) && isAgentihooksPath(first.word) ? first.word : undefined;
}

/** Returns the guarded bash command: exit 0 (no opinion) where the executable is not installed. */
export function copilotBash(exe: string, event: string): string {
  const q = shellQuote(exe);
  return `${GUARD_HEAD}${q}${GUARD_EXEC}${[q, ...hookArgs("copilot", event)].join(" ")}`;
}

function handler(spec: HookSpec, event: string): JsonObject {
  if (spec.scope === "project") return { type: "command", bash: copilotBash(spec.exe, event), timeoutSec: spec.timeoutSec };
  return { type: "command", exec: spec.exe, args: hookArgs("copilot", event), timeoutSec: spec.timeoutSec };
}

const shape = (where: (key: string) => string): TreeShape => ({ nested: false, isOurs: (h) => ourExe(h) !== undefined, where });

export const copilotSetup: HarnessSetup = {
  target: "copilot",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".github", "hooks", "agentihooks.json");
    return join(copilotHome(ctx), "hooks", "agentihooks.json");
  },
  add(config, spec, where) {
    const base: JsonObject = Object.keys(config).length ? config : { version: 1 };
    return registerHooks(base, EVENTS, (event) => handler(spec, event), shape(where));
  },
  remove: (config, where) => unregisterHooks(config, shape(where)),
  find: (config, where) => findHooks(config, shape(where)).map((f) => ({ ...f, exe: ourExe(f.handler) ?? "" })),
  isEmpty: (config) => Object.keys(config).every((k) => k === "version"),
};
