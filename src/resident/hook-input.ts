// The resident path's contract with the harness: which events go to the `hook` tool of the agentihooks
// MCP server, the `input` map each `mcp_tool` handler sends, and the payload rebuilt from it.
//
// Neither harness can pass the whole hook input to a tool (measured in their shipped code, 2026-12-02):
// `input` is a template whose `${a.b}` placeholders are filled one field at a time. The two differ:
// - Claude Code 2.1.328 turns every value into a string (an object becomes its JSON text, a boolean
//   "true") and a missing field into "";
// - Codex 0.169 keeps a whole-string placeholder's JSON type, and a missing field fails the hook.
// So each handler lists the payload's fields by name (Codex: only those its input schema requires), and
// the server turns Claude's strings back into their types by field.
import { PayloadError } from "../errors";
import { isRecord, type Obj } from "../harness/common";
import type { Target } from "../types";

/** The tool every resident handler calls. */
export const HOOK_TOOL = "hook";

/** The harnesses with `mcp_tool` hooks. */
export type ResidentTarget = "claude" | "codex";
export const RESIDENT_TARGETS: readonly ResidentTarget[] = ["claude", "codex"];

/** The guard and tool events that go to the server; the others (gate arming, session, stop) stay processes. */
export const RESIDENT_EVENTS: Readonly<Record<ResidentTarget, readonly string[]>> = {
  claude: ["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"],
  codex: ["PreToolUse", "PostToolUse", "PermissionRequest"],
};

const CLAUDE_COMMON = [
  "session_id", "prompt_id", "transcript_path", "cwd", "permission_mode", "effort", "hook_event_name",
  "agent_id", "agent_type", "tool_name", "tool_input", "tool_use_id", "mcp_server",
];

/** Claude's fields per event (harness-protocols §1.3, live-harnesses.md); absent ones arrive as "". */
const CLAUDE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: CLAUDE_COMMON,
  PostToolUse: [...CLAUDE_COMMON, "tool_response", "duration_ms"],
  PostToolUseFailure: [...CLAUDE_COMMON, "error", "is_interrupt", "duration_ms"],
  PermissionRequest: [...CLAUDE_COMMON, "permission_suggestions"],
};

const CODEX_COMMON = ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input"];

/**
 * Codex's fields per event: exactly the `required` ones of its 0.169 input schemas
 * (test/harness/fixtures/codex-0.169), since a placeholder Codex cannot fill fails the hook. The
 * optional `agent_id`/`agent_type` of a subagent's call cannot be asked for, so they are not passed.
 */
const CODEX_FIELDS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: [...CODEX_COMMON, "tool_use_id"],
  PostToolUse: [...CODEX_COMMON, "tool_use_id", "tool_response"],
  PermissionRequest: CODEX_COMMON,
};

const FIELDS: Readonly<Record<ResidentTarget, Readonly<Record<string, readonly string[]>>>> = { claude: CLAUDE_FIELDS, codex: CODEX_FIELDS };

/** Returns the `input` map of one handler: the harness and event as literals, every payload field as a placeholder. */
export function inputTemplate(target: ResidentTarget, event: string): Obj {
  const payload: Obj = {};
  for (const field of FIELDS[target][event] ?? []) payload[field] = `\${${field}}`;
  return { target, event, payload };
}

/** Claude fields whose value is JSON (an object's text once Claude has filled the placeholder). */
const CLAUDE_JSON = new Set(["tool_input", "tool_response", "effort", "mcp_server", "permission_suggestions"]);

/**
 * Returns one Claude field with its type back. A `tool_response` that is text and parses as an object
 * or a list is read as that (Claude's own responses are objects; a string response that is exactly
 * JSON cannot be told apart); `tool_input` must be an object.
 */
function claudeValue(field: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (field === "is_interrupt") return value === "true" ? true : value === "false" ? false : value;
  if (field === "duration_ms") return Number.isFinite(Number(value)) ? Number(value) : value;
  if (!CLAUDE_JSON.has(field)) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null) return parsed;
  } catch {}
  if (field === "tool_input") throw new PayloadError("tool_input is not a JSON object");
  return field === "tool_response" ? value : undefined;
}

export interface ResidentCall {
  target: ResidentTarget;
  event: string;
  /** The payload as the harness would have written it on a command hook's stdin. */
  raw: Obj;
}

/** Returns the target and event the arguments name, even when the rest is unusable (fail-closed needs them). */
export function callIdentity(args: unknown): { target?: ResidentTarget; event?: string } {
  if (!isRecord(args)) return {};
  const target = RESIDENT_TARGETS.find((t) => t === args.target);
  return { target, event: typeof args.event === "string" ? args.event : undefined };
}

/**
 * Rebuilds the hook payload from a `hook` tool call. Throws PayloadError naming what is wrong. The
 * payload must carry an absolute cwd: a resident call never falls back to the server's own folder.
 */
export function residentCall(args: unknown): ResidentCall {
  const { target, event } = callIdentity(args);
  if (!target) throw new PayloadError(`the hook tool needs target claude or codex`);
  if (!event || !(event in FIELDS[target])) throw new PayloadError(`the hook tool cannot answer ${JSON.stringify(event ?? "")} for ${target}`);
  const payload = (args as Obj).payload;
  if (!isRecord(payload)) throw new PayloadError(`${event} payload is not an object`);
  const raw: Obj = {};
  for (const [field, value] of Object.entries(payload)) {
    if (target === "claude") {
      if (value === "") continue; // a field the event did not carry
      const typed = claudeValue(field, value);
      if (typed !== undefined) raw[field] = typed;
    } else raw[field] = value;
  }
  if (typeof raw.cwd !== "string" || !raw.cwd.startsWith("/")) throw new PayloadError(`${event} payload has no absolute cwd`);
  return { target, event, raw };
}

/** true for a target with `mcp_tool` hooks. */
export const isResidentTarget = (t: Target): t is ResidentTarget => (RESIDENT_TARGETS as readonly string[]).includes(t);
