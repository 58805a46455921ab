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

/** What normalization added to a call's input: Droid keys under Claude's names, and other keys. */
interface Added {
  /** Claude's name -> the Droid key it copies. */
  aliases: Map<string, string>;
  /** Keys Droid did not send (aliases, ApplyPatch's lifted fields). */
  keys: Set<string>;
  /** A copy of the normalized input, to tell what a rewrite changed. */
  normalized: Obj;
}
const added = new WeakMap<Payload, Added>();

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const name = lookup(TOOL_NAMES, rawName) ?? mcpName(rawName) ?? rawName;
  payload.tool_name = name;
  const input = payload.tool_input as Obj;
  const rawKeys = new Set(Object.keys(input));
  const aliases = new Map(Object.entries(ARG_KEYS).filter(([from, to]) => from in input && !(to in input)).map(([from, to]) => [to, from]));
  addAliases(input, ARG_KEYS, false);
  if (rawName === "ApplyPatch") liftPatch(input, payload.cwd);
  for (const key of ["file_path", "path"]) if (key in input) input[key] = absolute(input[key], payload.cwd);
  shapeToolInput(name, rawName, input, payload.cwd);
  added.set(payload, { aliases, keys: new Set(Object.keys(input).filter((k) => !rawKeys.has(k))), normalized: structuredClone(input) });
  if (name === "Bash" && typeof payload.tool_response === "string") {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(payload.tool_response);
  }
}

/**
 * Returns a rewritten input in Droid's own keys: a value a condition wrote under Claude's name goes to
 * Droid's key (`new_string` -> `new_str`), and nothing normalization added is sent back (Droid merges
 * updatedInput over the call's input, so an extra key would reach the tool). A rewritten ApplyPatch
 * body, in any of the fields it was lifted into, becomes its `input`.
 */
function droidInput(updated: Obj, info: Added): Obj {
  const changed = (key: string) => key in updated && JSON.stringify(updated[key]) !== JSON.stringify(info.normalized[key]);
  const out: Obj = {};
  for (const [key, value] of Object.entries(updated)) if (!info.keys.has(key)) out[key] = value;
  for (const [claudeKey, droidKey] of info.aliases) if (changed(claudeKey) && !changed(droidKey)) out[droidKey] = updated[claudeKey];
  const body = ["command", "content", "new_string"].find((k) => info.keys.has(k) && !info.aliases.has(k) && changed(k));
  if (body && "input" in out && !changed("input")) out.input = updated[body];
  return out;
}

function forDroid(event: EventName, effect: Effect, payload?: Payload): Effect {
  const info = payload && added.get(payload);
  if (event !== "PreToolUse" || !effect.updatedInput || !info) return effect;
  return { ...effect, updatedInput: droidInput(effect.updatedInput, info) };
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
  emit: (event: EventName, effect: Effect, payload?: Payload) => render(OUTPUT, event, forDroid(event, effect, payload), capabilities.contextLimit),
};
