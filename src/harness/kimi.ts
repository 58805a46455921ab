// Kimi Code: Claude's event names and tool names (FetchURL aside: Bash, Read, Write, Edit, Glob, Grep, mcp__<server>__<tool>)
// in a snake_case payload with `client_type` and `tool_call_id`; its file tools name the file `path`,
// and UserPromptSubmit's `prompt` is a list of content parts.
// What Kimi Code 2.1.0 does with each answer, read from its bundle and measured in e2e/live/kimi.live.ts:
// - PreToolUse: exit 2 blocks with stderr as the reason the model gets; stdout's
//   `hookSpecificOutput.permissionDecision: "deny"` blocks too. Nothing else is read: no allow, no ask,
//   no rewrite, no context. Any exit but 0 and 2 (a missing program) lets the call run: init's command
//   turns those into a deny (setup/kimi-config.ts).
// - PostToolUse and PostToolUseFailure are fired and forgotten: no context, no block.
// - UserPromptSubmit: exit 2 stops the prompt; an exit-0 stdout (or its JSON `message`) reaches the
//   model as a <hook_result>.
// - Stop: exit 2 (or a deny) makes the agent go on with the reason, once per turn.
// - SessionStart's answer is not read; PermissionRequest is not registered (init: setup/kimi-config.ts).
import { isAbsolute, resolve } from "node:path";
import { PayloadError } from "../errors";
import type { Answer, Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import { addAliases, bashResponse, guardNormalize, isRecord, lookup, resolveEvent, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj } from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { DEFAULT_BLOCK, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: false, // Kimi reads only a block from PreToolUse
  ask: false, // no ask: policy sends a deny
  inputRewrite: false,
  outputRewrite: false, // PostToolUse is fired and forgotten
  postBlock: false,
  contextLimit: 10_000,
};

/** Kimi's file tools name the file `path`; conditions read Claude's `file_path`. */
const ARG_KEYS: Readonly<Record<string, string>> = { path: "file_path" };
const FILE_TOOLS: ReadonlySet<string> = new Set(["Read", "Write", "Edit"]);

/** Kimi's FetchURL is Claude's WebFetch; every other tool already has Claude's name. */
const TOOL_NAMES: Readonly<Record<string, string>> = { FetchURL: "WebFetch" };

function shapeTool(payload: Payload): void {
  const name = lookup(TOOL_NAMES, payload.tool_name as string) ?? (payload.tool_name as string);
  payload.tool_name = name;
  const input = payload.tool_input as Obj;
  if (FILE_TOOLS.has(name)) addAliases(input, ARG_KEYS, false);
  for (const key of ["file_path", "path"]) {
    const value = input[key];
    if (typeof value === "string" && value !== "" && !isAbsolute(value)) input[key] = resolve(payload.cwd, value);
  }
  shapeToolInput(name, name, input, payload.cwd);
  if (payload.tool_response === undefined && payload.tool_output !== undefined) payload.tool_response = payload.tool_output;
  if (name === "Bash" && typeof payload.tool_response === "string") {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(payload.tool_response);
  }
}

/** UserPromptSubmit and SessionStart context: Kimi shows an exit-0 JSON's `message` to the model. */
const OUTPUT: OutputTable = {
  events: {
    UserPromptSubmit: [(f, e, limit) => void (e.context && (f.top.message = e.context.slice(0, limit)))],
  },
  deny: [],
};

/** A prompt or Stop block is exit 2 with the reason on stderr, the block Kimi reads on every event. */
function emit(event: EventName, effect: Effect): Answer {
  if ((event === "UserPromptSubmit" || event === "Stop") && effect.block !== undefined) {
    return { stdout: "", stderr: `${effect.block.trim() || DEFAULT_BLOCK}\n`, exitCode: 2 };
  }
  return render(OUTPUT, event, effect, capabilities.contextLimit);
}

/** Kimi sends the prompt as its content parts ([{type: "text", text}, ...]): the text parts, joined. */
function promptText(prompt: unknown): unknown {
  if (!Array.isArray(prompt)) return prompt;
  return prompt
    .filter((p): p is Obj => isRecord(p) && p.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("\n");
}

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.kimi, raw.hook_event_name, eventHint);
    if (event === "UserPromptSubmit") raw = { ...raw, prompt: promptText(raw.prompt) };
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    return { target: "kimi", event, payload, batch: [payload], rawToolName };
  });
}

export const kimi: Harness = { target: "kimi", capabilities, normalize, emit };
