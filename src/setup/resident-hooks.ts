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
