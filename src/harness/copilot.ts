// GitHub Copilot (CLI and cloud agent). Two payload forms (harness-protocols §3.3): camelCase with no
// event name (`sessionId`, `toolName`, `toolArgs` as object or JSON text, `toolCalls` batches), and
// the VS Code form (snake_case, Claude tool names, `tool_result`). Output is flat (§3.4).
// What the real CLI does with each answer is measured by e2e/live/copilot*.live.ts.
import { PayloadError } from "../errors";
import type { Answer, Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import {
  addAliases, bashResponse, guardNormalize, isBlank, isRecord, lookup, parseArgs, resolveEvent, shapeToolInput,
  TOOL_EVENTS, validatePayload, type Obj,
} from "./common";
import { liftError, liftMcpCall } from "./copilot-events";
import { callId, ID_KEY, takeCarriedId } from "./copilot-ids";
import { mcpToolName } from "./copilot-mcp";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: true, // reaches the model as its own user message (live: copilot-answers)
  // Interactive: the person is asked; `-p`: "Denied by preToolUse hook (unable to ask user for
  // confirmation)" with the reason; autopilot denies too (CLI 1.0.97). Never a silent allow.
  ask: true,
  inputRewrite: true,
  // modifiedArgs without a decision is applied and Copilot's own permission rules then judge the
  // rewritten call (live: a rewrite to a command --allow-tool does not cover is refused), so a
  // rewrite needs no "allow" here and cannot widen what the session permits.
  rewriteWithoutDecision: true,
  outputRewrite: true,
  postBlock: false,
  contextLimit: 10_240, // §3.4: postToolUse additionalContext capped at 10 KB
};

/** camelCase top-level keys -> Claude's. Earlier rows win when two feed one key (toolArgs over toolInput). */
const TOP_KEYS: Readonly<Record<string, string>> = {
  sessionId: "session_id",
  toolName: "tool_name",
  toolArgs: "tool_input",
  toolInput: "tool_input", // permissionRequest sends a subset of toolArgs under this name
  toolResult: "tool_response",
  tool_result: "tool_response", // VS Code form
  transcriptPath: "transcript_path",
  workspaceRoot: "cwd",
  agentType: "agent_type", // subagentStart/subagentStop: what substart-<matcher> conditions match
  agentId: "agent_id",
  toolCallId: "tool_use_id", // preMcpToolCall, the only payload that carries the call's id
  errorContext: "error_context", // errorOccurred: model_call, tool_execution, system, user_input
};

/** Argument aliases, added next to the originals (reference notes §2.9). */
const ARG_KEYS: Readonly<Record<string, string>> = {
  path: "file_path",
  file_text: "content",
  old_str: "old_string",
  new_str: "new_string",
};

/**
 * Copilot tool names -> Claude's (§3.3 "Claude name mapping for PascalCase hooks"). MCP tools arrive
 * as `<server>-<tool>` and become `mcp__<server>__<tool>` (copilot-mcp.ts); `mcp__`-prefixed names
 * pass through unchanged. `write_bash` types its `input` into a running shell session: it is Bash
 * with that input as the command, marked `typed_input` (see TYPED_INPUT).
 */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  powershell: "Bash",
  shell: "Bash",
  view: "Read",
  create: "Write",
  edit: "Edit",
  apply_patch: "Edit",
  glob: "Glob",
  grep: "Grep",
  rg: "Grep",
  web_fetch: "WebFetch",
  web_search: "WebSearch",
  task: "Agent",
  ask_user: "AskUserQuestion",
  update_todo: "TodoWrite",
  write_bash: "Bash",
  write_powershell: "Bash",
};

/**
 * Tools that type text into a program already running in a shell session (Copilot's `write_bash`;
 * offered by no model in CLI 1.0.102, which dropped interactive input, but still dispatched to hooks
 * when a model calls it). What reads the text is unknown: a shell would run it as a command line, a
 * REPL or `ssh` would do something else. So `bash.<cli>` guards see it as a command line (its
 * programs) and as dynamic (every `bash.<cli>` guard fires): `typed_input` tells the pipeline.
 */
const TYPED_INPUT: ReadonlySet<string> = new Set(["write_bash", "write_powershell"]);

/** `str_replace_editor` is several tools; its `command` argument says which. Unknown ones count as Edit. */
const EDITOR_COMMANDS: Readonly<Record<string, string>> = {
  create: "Write",
  str_replace: "Edit",
  insert: "Edit",
  undo_edit: "Edit",
  view: "Read",
};

const isTool = (raw: Obj) => "toolCalls" in raw || "toolName" in raw;

/** Shape -> event for camelCase payloads without a name or --event; first match wins. */
const SHAPES: ReadonlyArray<[(raw: Obj) => boolean, EventName]> = [
  [(raw) => isTool(raw) && "toolResult" in raw, "PostToolUse"],
  [(raw) => isTool(raw) && "error" in raw, "PostToolUseFailure"],
  [(raw) => isTool(raw) && "permissionSuggestions" in raw, "PermissionRequest"],
  [isTool, "PreToolUse"],
  [(raw) => "errorContext" in raw, "Notification"],
  [(raw) => "prompt" in raw, "UserPromptSubmit"],
  [(raw) => "stopReason" in raw || "stop_hook_active" in raw, "Stop"],
  [(raw) => "source" in raw, "SessionStart"],
];

function inferEvent(raw: Obj): EventName | undefined {
  // only permissionRequest names itself, as `hookName`
  const named = typeof raw.hookName === "string" ? lookup(EVENT_NAMES.copilot, raw.hookName) : undefined;
  return named ?? SHAPES.find(([matches]) => matches(raw))?.[1];
}

/** Output per event (§3.4): flat keys everywhere; agentStop/subagentStop take only decision/reason. */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.flatPreDecision, P.flatContext],
    PostToolUse: [P.flatToolOutput, P.flatContext],
    PostToolUseFailure: [P.flatContext],
    SessionStart: [P.flatContext],
    UserPromptSubmit: [P.block, P.flatContext],
    SubagentStart: [P.flatContext],
    Stop: [P.block],
    SubagentStop: [P.block],
    PermissionRequest: [P.flatPermission],
  },
  deny: [P.flatPreDecision],
};

function toolNameOf(rawName: string, input: Obj, cwd: string): string {
  if (rawName.startsWith("mcp__")) return rawName;
  if (rawName === "str_replace_editor") return (typeof input.command === "string" && lookup(EDITOR_COMMANDS, input.command)) || "Edit";
  return lookup(TOOL_NAMES, rawName) ?? mcpToolName(rawName, cwd) ?? rawName;
}

/** Returns the text of a Copilot tool result: `{resultType, textResultForLlm}`, its snake form, or text. */
function resultText(result: unknown): string | undefined {
  if (typeof result === "string") return result;
  if (!isRecord(result)) return undefined;
  const text = result.textResultForLlm ?? result.text_result_for_llm;
  return typeof text === "string" ? text : undefined;
}

function shapeTool(payload: Payload, rawArgs: unknown): void {
  const rawName = payload.tool_name as string;
  const input = payload.tool_input as Obj;
  // The id first, from the arguments as Copilot sent them (before any alias is added).
  if (!payload.tool_use_id) payload.tool_use_id = takeCarriedId(input) ?? callId(payload.session_id, rawName, withoutId(rawArgs));
  else takeCarriedId(input);
  const name = toolNameOf(rawName, input, payload.cwd);
  payload.tool_name = name;
  if (TYPED_INPUT.has(rawName)) {
    payload.typed_input = true;
    if (typeof input.input === "string" && isBlank(input.command)) input.command = input.input;
  }
  addAliases(input, ARG_KEYS, false);
  shapeToolInput(name, rawName, input, payload.cwd);
  const text = resultText(payload.tool_response);
  if (name === "Bash" && text !== undefined) {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(text);
  }
}

/** Returns one object per call: each `toolCalls` entry over the shared fields, or the payload itself. */
function splitCalls(base: Obj, event: EventName): Obj[] {
  const calls = base.toolCalls;
  delete base.toolCalls;
  if (calls === undefined || calls === null) return [base];
  if (!Array.isArray(calls) || calls.length === 0) {
    throw new PayloadError(`${event} payload: toolCalls must be a non-empty array`);
  }
  return calls.map((call, i) => {
    if (!isRecord(call)) throw new PayloadError(`${event} payload: toolCalls[${i}] is not an object`);
    return { ...base, tool_name: call.name, tool_input: call.args, tool_use_id: call.id ?? base.tool_use_id };
  });
}

/** Returns the arguments without the id a rewrite carried (the pre hashed them without it). */
function withoutId(args: unknown): unknown {
  if (!isRecord(args) || !(ID_KEY in args)) return args;
  const { [ID_KEY]: _, ...rest } = args;
  return rest;
}

function finish(obj: Obj, event: EventName): Payload {
  obj.tool_input = parseArgs(obj.tool_input);
  const payload = validatePayload(obj, event);
  // obj.tool_input is the parse itself: validatePayload edits a copy of it
  if (TOOL_EVENTS.has(event)) shapeTool(payload, obj.tool_input);
  return payload;
}

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.copilot, raw.hook_event_name, eventHint, () => inferEvent(raw));
    const base: Obj = { ...raw };
    liftMcpCall(base);
    if (event === "Notification" && ("errorContext" in raw || eventHint === "errorOccurred")) liftError(base);
    addAliases(base, TOP_KEYS, true);
    const calls = splitCalls(base, event);
    const rawToolName = typeof calls[0].tool_name === "string" ? calls[0].tool_name : undefined;
    const batch = calls.map((call) => finish(call, event));
    return { target: "copilot", event, payload: batch[0], batch, rawToolName };
  });
}

/** A rewrite carries the call's id into the new arguments, so its post (which repeats them) keeps it. */
function emit(event: EventName, effect: Effect, payload?: Payload): Answer {
  const id = payload?.tool_use_id;
  if (event === "PreToolUse" && effect.updatedInput && typeof id === "string" && id) {
    effect = { ...effect, updatedInput: { ...effect.updatedInput, [ID_KEY]: id } };
  }
  return render(OUTPUT, event, effect, capabilities.contextLimit);
}

export const copilot: Harness = { target: "copilot", capabilities, normalize, emit };
