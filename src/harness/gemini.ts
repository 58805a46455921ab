// Gemini CLI: Claude's snake_case payload under its own event names (BeforeTool, AfterTool, ...) and
// tool names (run_shell_command, read_file, write_file, replace, ...). A deny is exit 2 with the
// reason on stderr (stdout empty: Gemini reads stderr only then). What the real CLI sends and does
// with each answer is measured by e2e/live/gemini.live.ts; the rest is read from its 0.61.0 bundle.
import { isAbsolute, resolve } from "node:path";
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import {
  addAliases, bashResponse, guardNormalize, isRecord, lookup, resolveEvent, resultText, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj,
} from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  // BeforeTool's additionalContext is read by no code path of Gemini CLI 0.61 (AfterTool's is)
  preContext: false,
  ask: false, // `ask` needs a person; `-p --yolo` has none: policy sends a deny instead
  inputRewrite: true, // hookSpecificOutput.tool_input is merged into the call's parameters
  outputRewrite: true, // through a post block: the model then sees "Tool result blocked: <reason>"
  postBlock: true,
  contextLimit: 10_000,
};

/** Gemini tool names -> Claude's. MCP tools are named from the payload's `mcp_context`. */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  run_shell_command: "Bash",
  read_file: "Read",
  read_many_files: "Read",
  write_file: "Write",
  replace: "Edit",
  glob: "Glob",
  grep_search: "Grep",
  search_file_content: "Grep",
  list_directory: "LS",
  web_fetch: "WebFetch",
  google_web_search: "WebSearch",
  invoke_agent: "Agent",
  write_todos: "TodoWrite",
};

/** Argument aliases, added next to the originals: Grep's folder and file filter in Claude's names. */
const ARG_KEYS: Readonly<Record<string, string>> = {
  dir_path: "path",
  include_pattern: "glob",
  include: "glob",
};

/** Returns `mcp__<server>__<tool>` from Gemini's `mcp_context`, or undefined for a built-in tool. */
function mcpName(raw: Obj): string | undefined {
  const ctx = raw.mcp_context;
  if (!isRecord(ctx) || typeof ctx.server_name !== "string" || typeof ctx.tool_name !== "string") return undefined;
  return `mcp__${ctx.server_name}__${ctx.tool_name}`;
}

/** Gemini resolves a relative path against its project folder; conditions get it absolute, as from Claude. */
const absolute = (path: unknown, cwd: string) => (typeof path === "string" && path !== "" && !isAbsolute(path) ? resolve(cwd, path) : path);

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const name = mcpName(payload) ?? lookup(TOOL_NAMES, rawName) ?? rawName;
  payload.tool_name = name;
  const input = payload.tool_input as Obj;
  if (name === "Grep") addAliases(input, ARG_KEYS, false);
  if (name === "Read" || name === "Write" || name === "Edit") input.file_path = absolute(input.file_path, payload.cwd);
  // read_many_files names its files (or globs) in a list: each one is a path the .env guard must see
  const many = Array.isArray(input.paths) ? input.paths : Array.isArray(input.include) && rawName === "read_many_files" ? input.include : undefined;
  if (name === "Read" && many) {
    const paths = many.filter((p): p is string => typeof p === "string").map((p) => absolute(p, payload.cwd) as string);
    input.file_paths = paths;
    if (input.file_path === undefined && paths.length) input.file_path = paths[0];
  }
  shapeToolInput(name, rawName, input, payload.cwd);
  const text = resultText(payload.tool_response);
  if (name === "Bash" && text !== undefined) {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(text);
  }
}

/**
 * Output per event. A deny is exit 2 + stderr only. BeforeTool takes a rewrite as
 * `hookSpecificOutput.tool_input` (Gemini ignores hookEventName); AfterTool appends
 * hookSpecificOutput.additionalContext to the tool result and a block replaces the result with its
 * reason; BeforeAgent appends additionalContext to the prompt and a block stops the turn before the
 * model is asked. Events whose answers are not measured get none.
 */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.nestedToolInput],
    PostToolUse: [P.blockWithOutput, P.nestedContext],
    UserPromptSubmit: [P.block, P.nestedContext],
  },
  deny: [],
};

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.gemini, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    return { target: "gemini", event, payload, batch: [payload], rawToolName };
  });
}

export const gemini: Harness = {
  target: "gemini",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
