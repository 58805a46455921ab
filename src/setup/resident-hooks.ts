// `init --resident`: Claude Code's guard and tool events as `mcp_tool` handlers that call the `hook` tool
// of the agentihooks MCP server init registers (src/resident/). Everything else stays a command hook. A
// handler of this shape is ours whatever its input, so init replaces it, a plain init turns it back into
// a command hook, and uninit removes it (in Claude's config and in Codex's).
//
// Codex keeps a process per call: Codex 0.169 calls mcp_tool hooks (and the server answers them), but it
// has no `onFailure`, and a call whose hook failed runs: with its server killed or hung, every guarded
// call went through (measured in e2e/live/resident.live.ts).
import { HOOK_TOOL, inputTemplate, RESIDENT_EVENTS, type ResidentTarget } from "../resident/hook-input";
import { MCP_NAME, type HookSpec } from "./harness-setup";
import type { Json, JsonObject } from "./json-file";

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** true for an `mcp_tool` handler calling our server's `hook` tool. */
export function isResidentHandler(h: Json): boolean {
  return isRecord(h) && h.type === "mcp_tool" && h.server === MCP_NAME && h.tool === HOOK_TOOL;
}

/** The harnesses --resident moves (see above for Codex). */
export const RESIDENT_INIT: readonly ResidentTarget[] = ["claude"];

/**
 * Returns `command(event)`, or on a resident event with --resident, the `mcp_tool` handler, with
 * `"onFailure": "block"`: a server that is gone, hung or answering garbage refuses the call.
 */
export function residentOr(target: ResidentTarget, spec: HookSpec, command: (event: string) => JsonObject): (event: string) => JsonObject {
  return (event) => {
    if (!spec.resident || !RESIDENT_INIT.includes(target) || !RESIDENT_EVENTS[target].includes(event)) return command(event);
    return { type: "mcp_tool", server: MCP_NAME, tool: HOOK_TOOL, input: inputTemplate(target, event) as JsonObject, timeout: spec.timeoutSec, onFailure: "block" };
  };
}

/** Gives resident handlers (which name no executable) the executable of the config's command handlers, for doctor. */
export function withResidentExe<T extends { handler: JsonObject; exe: string }>(found: T[]): T[] {
  const exe = found.find((f) => !isResidentHandler(f.handler))?.exe ?? "";
  return found.map((f) => (isResidentHandler(f.handler) ? { ...f, exe } : f));
}

/**
 * The rule that takes the hook tool out of the model's tool list in Claude Code: the tool judges the
 * harness's calls, the agent has no use for it. Measured with 2.1.328: with this deny rule the model's
 * call gets "No such tool available" while the mcp_tool hooks still call it.
 */
export const HIDE_HOOK_TOOL = `mcp__${MCP_NAME}__${HOOK_TOOL}`;

/** Returns Claude's settings with the hook tool denied to the model (unless `permissions.deny` is not a list: left alone). */
export function withHiddenHookTool(config: JsonObject): JsonObject {
  const permissions = config.permissions ?? {};
  if (!isRecord(permissions)) return config;
  const deny = permissions.deny ?? [];
  if (!Array.isArray(deny) || deny.includes(HIDE_HOOK_TOOL)) return config;
  return { ...config, permissions: { ...permissions, deny: [...deny, HIDE_HOOK_TOOL] } };
}

/** Returns Claude's settings without that rule; a `deny` list or `permissions` object it leaves empty goes too. */
export function withoutHiddenHookTool(config: JsonObject): JsonObject {
  const permissions = config.permissions;
  if (!isRecord(permissions) || !Array.isArray(permissions.deny) || !permissions.deny.includes(HIDE_HOOK_TOOL)) return config;
  const { deny: _, ...rest } = permissions;
  const deny = permissions.deny.filter((r) => r !== HIDE_HOOK_TOOL);
  const next: JsonObject = deny.length ? { ...rest, deny } : rest;
  const { permissions: __, ...others } = config;
  return Object.keys(next).length ? { ...others, permissions: next } : others;
}
