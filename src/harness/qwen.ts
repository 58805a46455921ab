// Qwen Code: Claude's event names and payload (plus an ISO `timestamp`) with Gemini CLI's tool names
// (run_shell_command, read_file, write_file, edit, grep_search, ...) and Claude's argument names.
// A deny is exit 2 with the reason on stderr (Qwen then reads stderr only, and an empty one lets the
// call through). What Qwen Code 0.24.4 does with each answer is measured by e2e/live/qwen.live.ts;
// the rest is read from its bundle (docs/harnesses.md).
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import { bashResponse, guardNormalize, isRecord, lookup, resolveEvent, resultText, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj } from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: false, // PreToolUse's additionalContext is read and then dropped by Qwen Code 0.24.4
  // Interactive: the person is asked; `-p`: the call is refused with the reason (never a silent allow)
  ask: true,
  inputRewrite: false, // PreToolUse has no rewrite: `tool_input` only feeds the next sequential hook
  outputRewrite: true, // through `continue: false`: the model gets the stop reason as the tool's error
  postBlock: true,
  contextLimit: 10_000,
};

/** Qwen tool names -> Claude's. MCP tools already arrive as `mcp__<server>__<tool>`. */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  run_shell_command: "Bash",
  read_file: "Read",
  write_file: "Write",
  edit: "Edit",
  notebook_edit: "NotebookEdit",
  glob: "Glob",
  grep_search: "Grep",
  list_directory: "LS",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  agent: "Agent",
  todo_write: "TodoWrite",
  ask_user_question: "AskUserQuestion",
  skill: "Skill",
  exit_plan_mode: "ExitPlanMode",
  enter_plan_mode: "EnterPlanMode",
};

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const name = lookup(TOOL_NAMES, rawName) ?? rawName;
  payload.tool_name = name;
  shapeToolInput(name, rawName, payload.tool_input as Obj, payload.cwd);
  const text = resultText(payload.tool_response);
  if (name === "Bash" && text !== undefined) {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(text);
  }
}

/**
 * Output per event. A deny is exit 2 + stderr only. PreToolUse takes Claude's permissionDecision
 * (`ask` for allow-or-ask). PostToolUse appends hookSpecificOutput.additionalContext to the result;
 * a block or replacement is `continue: false` whose stopReason the model gets in place of the result
 * (the session goes on); PostToolUseFailure's is appended to the error. UserPromptSubmit and Stop
 * take Claude's `decision: "block"`; SessionStart
 * and UserPromptSubmit their additionalContext. PermissionRequest is Claude's shape (read from the
 * bundle; it fires only where Qwen would prompt).
 */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.nestedPreDecision],
    PostToolUse: [P.stopWithOutput, P.nestedContext],
    PostToolUseFailure: [P.nestedContext],
    UserPromptSubmit: [P.block, P.nestedContext],
    SessionStart: [P.nestedContext],
    Stop: [P.block],
    PermissionRequest: [P.nestedPermission],
  },
  deny: [],
};

/**
 * Qwen Code 0.24 fires UserPromptSubmit again after every tool result, with `"prompt": ""` and no
 * `submitted_prompt`: no person wrote it. Judged as a prompt, it would close the gate the person's
 * request opened, run prompt conditions once per tool call, and let a prompt block end the turn.
 */
const CONTINUATION = "Qwen Code's UserPromptSubmit after a tool result (empty prompt): not a person's prompt";

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.qwen, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    const call: HookCall = { target: "qwen", event, payload, batch: [payload], rawToolName };
    if (event === "UserPromptSubmit" && payload.prompt === "" && payload.submitted_prompt === undefined) call.notAnEvent = CONTINUATION;
    return call;
  });
}

export const qwen: Harness = {
  target: "qwen",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
