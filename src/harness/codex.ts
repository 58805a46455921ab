// OpenAI Codex CLI: Claude's payload shape with its own tool names (harness-protocols §2.3), and a
// strict output schema where every unknown key voids the whole answer (§2.4 "Strict schema").
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import {
  bashResponse, guardNormalize, isRecord, lookup, resolveEvent, shapeToolInput, TOOL_EVENTS, validatePayload,
} from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: false, // the reference uses no PreToolUse context channel on Codex (notes §2.8)
  ask: false, // `ask` is unsupported and fails open
  inputRewrite: false,
  outputRewrite: false, // updatedMCPToolOutput / updatedToolOutput rejected
  postBlock: false,
  contextLimit: 10_000,
};

/**
 * Codex tool names -> Claude's. Current Codex already sends `Bash` for every shell; the shell aliases
 * are insurance for older builds and code mode (reference notes §2.9; §2.3 lists the shell variants).
 */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  apply_patch: "Edit",
  exec_command: "Bash",
  exec: "Bash",
  shell: "Bash",
  local_shell: "Bash",
  unified_exec: "Bash",
  shell_command: "Bash",
  "container.exec": "Bash",
  read_file: "Read",
  spawn_agent: "Agent",
  request_user_input: "AskUserQuestion",
};

/**
 * Codex output per event. PreToolUse has no context channel: a deny is exit 2 + stderr with an empty
 * stdout (Codex ignores stdout on exit 2); notes go to `systemMessage`, an allowed top-level key (§2.4).
 * Stop/SubagentStop must carry no hookSpecificOutput.
 */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.systemMessage],
    PostToolUse: [P.nestedContext],
    PostToolUseFailure: [P.nestedContext],
    SessionStart: [P.nestedContext],
    UserPromptSubmit: [P.block, P.nestedContext],
    SubagentStart: [P.nestedContext],
    Stop: [P.block],
    SubagentStop: [P.block],
    PermissionRequest: [P.nestedPermission],
  },
  deny: [],
};

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const name = lookup(TOOL_NAMES, rawName) ?? rawName;
  payload.tool_name = name;
  shapeToolInput(name, rawName, payload.tool_input as Record<string, unknown>, payload.cwd);
  // §2.3: Bash's tool_response is a plain string; conditions get Claude's object shape
  if (name === "Bash" && typeof payload.tool_response === "string") {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(payload.tool_response);
  }
}

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.codex, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    return { target: "codex", event, payload, batch: [payload], rawToolName };
  });
}

export const codex: Harness = {
  target: "codex",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
