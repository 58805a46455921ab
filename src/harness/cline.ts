// Cline CLI (3.0, `cline` on npm): hook files named after the event (PreToolUse, PostToolUse, ...) in
// ~/.cline/hooks/ or a project's .clinerules/hooks/, each run with the payload on stdin:
// `{hookName: "tool_call", taskId, workspaceRoots, tool_call: {id, name, input}, preToolUse: {...}}`
// (tool_result carries `{..., output, error}`). Cline reads only stdout's JSON, whatever the exit code:
// `cancel: true` (+ `errorMessage`) stops the whole task before the tool runs, `contextModification`
// is added to what the model reads next. Measured in e2e/live/cline.live.ts (3.0.65); read from its
// shipped @cline/core 0.0.86 for the rest.
import { isAbsolute, resolve } from "node:path";
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import { guardNormalize, isRecord, lookup, resolveEvent, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj } from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { render, type OutputTable, type Part } from "./output";

const capabilities: Capabilities = {
  preContext: true, // contextModification before a tool reaches the model's next request
  ask: false, // no person is asked: policy sends a deny instead
  inputRewrite: false, // overrideInput takes Cline's own input shape, not the normalized one
  outputRewrite: false,
  postBlock: false, // a post cancel stops the task after the tool ran; the reason becomes context instead
  contextLimit: 50_000, // Cline cuts a hook's context at 50,000 characters
};

/** Cline's built-in tool names -> Claude's. A name with `__` is an MCP tool (`<server>__<tool>`). */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  run_commands: "Bash",
  read_files: "Read",
  editor: "Edit",
  apply_patch: "Edit",
  search_codebase: "Grep",
  fetch_web_content: "WebFetch",
  web_search: "WebSearch",
  skills: "Skill",
  ask_question: "AskUserQuestion",
  spawn_agent: "Task",
};

const absolute = (path: unknown, cwd: string) => (typeof path === "string" && path !== "" && !isAbsolute(path) ? resolve(cwd, path) : path);

/** Returns the strings of a list, or throws: a command or path Cline would run must be seen. */
function strings(value: unknown, what: string): string[] {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) throw new PayloadError(`${what} is not a list`);
  return value.map((v) => {
    if (typeof v === "string") return v;
    if (isRecord(v) && typeof v.path === "string") return v.path; // read_files: [{path, start_line, end_line}]
    throw new PayloadError(`${what} holds a ${typeof v}, not a string`);
  });
}

/**
 * Gives one call Claude's shape. run_commands runs several shell commands in one call: each is a Bash
 * payload of its own in the batch, and any deny denies the call.
 */
function shapeTool(payload: Payload): Payload[] {
  const rawName = payload.tool_name as string;
  const name = rawName.includes("__") ? `mcp__${rawName}` : (lookup(TOOL_NAMES, rawName) ?? rawName);
  payload.tool_name = name;
  const input = payload.tool_input as Obj;
  const cwd = payload.cwd;
  if (rawName === "run_commands") {
    const commands = strings(input.commands ?? input.command, "run_commands' commands");
    if (!commands.length) return [payload];
    return commands.map((command) => ({ ...payload, tool_input: { ...input, command } }));
  }
  if (rawName === "read_files") {
    const paths = strings(input.files ?? input.paths ?? [], "read_files' files").map((p) => absolute(p, cwd) as string);
    input.file_paths = paths;
    if (paths.length) input.file_path = paths[0];
  }
  if (rawName === "editor") {
    input.file_path = absolute(input.path, cwd);
    if (typeof input.old_text === "string") input.old_string = input.old_text;
    if (typeof input.new_text === "string") input.new_string = input.content = input.new_text;
  }
  if (rawName === "search_codebase") {
    // each query is a regex searched over the whole workspace (whether hidden files are read is
    // unmeasured): Grep over cwd, so the .env guard judges the folder
    const queries = strings(input.queries ?? [], "search_codebase's queries");
    input.pattern = queries.join("\n");
    input.path = cwd;
  }
  shapeToolInput(name, rawName, input, cwd);
  return [payload];
}

/** Returns the text of a tool result (Cline sends each tool's own output value). */
function resultText(output: unknown): string {
  return typeof output === "string" ? output : (JSON.stringify(output) ?? "");
}

/** `{cancel: true, errorMessage}`: Cline stops the task before the tool runs. */
const cancel: Part = (f, e) => {
  f.top.cancel = true;
  f.top.errorMessage = e.reason && e.reason.trim() !== "" ? e.reason : "denied by agentihooks";
};

/** Top-level contextModification, the key Cline's hook documentation names. */
const contextModification: Part = (f, e, limit) => {
  if (e.context) f.top.contextModification = e.context.length > limit ? e.context.slice(0, limit) : e.context;
};

/**
 * Answers on stdout. A deny also exits 2 with the reason on stderr (render's one deny channel):
 * Cline ignores both and reads only the JSON. Events without a measured answer get none.
 */
const OUTPUT: OutputTable = {
  events: { PreToolUse: [contextModification], PostToolUse: [contextModification] },
  deny: [cancel],
};

/** Returns Claude's payload fields from Cline's: session, folder, and the call for tool events. */
function toClaude(raw: Obj): Obj {
  const roots = Array.isArray(raw.workspaceRoots) ? raw.workspaceRoots : [];
  const out: Obj = { ...raw };
  if (typeof raw.taskId === "string") out.session_id = raw.taskId;
  if (typeof roots[0] === "string") out.cwd = roots[0];
  const call = isRecord(raw.tool_call) ? raw.tool_call : isRecord(raw.tool_result) ? raw.tool_result : undefined;
  if (call) {
    out.tool_name = call.name;
    out.tool_input = call.input;
    if (typeof call.id === "string") out.tool_use_id = call.id;
    if (isRecord(raw.tool_result)) out.tool_response = raw.tool_result.error ?? resultText(raw.tool_result.output);
  }
  if (isRecord(raw.userPromptSubmit) && typeof raw.userPromptSubmit.prompt === "string") out.prompt = raw.userPromptSubmit.prompt;
  return out;
}

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event: EventName = resolveEvent(EVENT_NAMES.cline, raw.hookName, eventHint);
    const payload = validatePayload(toClaude(raw), event);
    const rawToolName = payload.tool_name;
    const batch = TOOL_EVENTS.has(event) ? shapeTool(payload) : [payload];
    return { target: "cline", event, payload: batch[0], batch, rawToolName };
  });
}

export const cline: Harness = {
  target: "cline",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
