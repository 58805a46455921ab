// Factory Droid: Claude's snake_case payload and event names under its own tool names (Execute, Create,
// Edit with old_str/new_str, ApplyPatch, LS, FetchUrl, ...). What Droid 0.225.2 does with each answer,
// read from its binary and measured in e2e/live/droid.live.ts:
// - PreToolUse: exit 2 denies with stderr as the reason (the model sees "Error: <reason>");
//   `permissionDecision: "allow"` applies `updatedInput` (merged over the call's input); `ask` only
//   logs and lets the call run, so policy sends a deny; `additionalContext` is read by no code path.
// - PostToolUse: `additionalContext` reaches the model as a system note; `decision` is ignored and the
//   output cannot be replaced or withheld.
// - UserPromptSubmit: `continue: false` (or exit 2) stops the turn; context comes from additionalContext.
// - Stop: `decision: "block"` with a reason makes the agent go on.
import { isAbsolute, resolve } from "node:path";
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import {
  addAliases, bashResponse, guardNormalize, isRecord, liftPatch, lookup, resolveEvent, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj,
} from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: false, // PreToolUse's additionalContext is read by no code path of Droid 0.225
  ask: false, // Droid logs `ask` and runs the call: policy sends a deny
  inputRewrite: true, // hookSpecificOutput.updatedInput with permissionDecision "allow"
  outputRewrite: false, // PostToolUse takes context only
  postBlock: false, // PostToolUse's decision and exit 2 leave the output in place
  contextLimit: 10_000,
};

/** Droid tool names -> Claude's. */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  Execute: "Bash",
  Create: "Write",
  ApplyPatch: "Edit",
  FetchUrl: "WebFetch",
  Task: "Agent",
};

/** Argument aliases, added next to the originals: Droid's names in Claude's. */
const ARG_KEYS: Readonly<Record<string, string>> = {
  old_str: "old_string",
  new_str: "new_string",
  change_all: "replace_all",
  glob_pattern: "glob",
  directory_path: "path",
};

/** Droid names MCP tools `<server>___<tool>`; conditions match Claude's `mcp__<server>__<tool>`. */
function mcpName(name: string): string | undefined {
  const m = /^(.+?)___(.+)$/.exec(name);
  return m ? `mcp__${m[1]}__${m[2]}` : undefined;
}

const absolute = (path: unknown, cwd: string) => (typeof path === "string" && path !== "" && !isAbsolute(path) ? resolve(cwd, path) : path);

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const name = lookup(TOOL_NAMES, rawName) ?? mcpName(rawName) ?? rawName;
  payload.tool_name = name;
  const input = payload.tool_input as Obj;
  addAliases(input, ARG_KEYS, false);
  if (rawName === "ApplyPatch") liftPatch(input, payload.cwd);
  for (const key of ["file_path", "path"]) if (key in input) input[key] = absolute(input[key], payload.cwd);
  shapeToolInput(name, rawName, input, payload.cwd);
  if (name === "Bash" && typeof payload.tool_response === "string") {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(payload.tool_response);
  }
}

/** UserPromptSubmit: Droid stops the turn on `continue: false` (it ignores `decision`). */
const stopTurn: (typeof P)["block"] = (f, e) => {
  if (e.block === undefined) return;
  f.top.continue = false;
  f.top.stopReason = e.block.trim() || "blocked by agentihooks";
};

/** Output per event; a PreToolUse deny is exit 2 with the reason on stderr (render). */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.nestedPreDecision],
    PostToolUse: [P.nestedContext],
    UserPromptSubmit: [stopTurn, P.nestedContext],
    SessionStart: [P.nestedContext],
    Stop: [P.block],
    SubagentStop: [P.block],
  },
  deny: [],
};

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.droid, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    return { target: "droid", event, payload, batch: [payload], rawToolName };
  });
}

export const droid: Harness = {
  target: "droid",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
