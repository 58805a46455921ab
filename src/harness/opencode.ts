// OpenCode: no hook config of its own; the plugin init writes (plugins/opencode/agentihooks.js) hands
// each call to `agentihooks hook --target opencode` in this shape: `hook_event_name` is the plugin
// hook's name (tool.execute.before/after, chat.message), `tool_name`/`tool_input` are OpenCode's tool
// id and args as the plugin got them. The answer is the plugin's protocol: a deny is exit 2 with the
// reason on stderr (the plugin throws it: OpenCode refuses the call and the model reads the reason);
// stdout is one JSON object with only `args` (the rewritten call, in OpenCode's argument names),
// `output` (the tool result the model sees instead), `context` (appended to the result, or to the
// prompt as a part of its own) and `block` (the prompt step: the plugin throws it). What
// OpenCode 1.18.33 does with each is measured by e2e/live/opencode.live.ts.
import { isAbsolute, resolve } from "node:path";
import { PayloadError } from "../errors";
import type { Answer, Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import {
  addAliases, bashResponse, capContext, guardNormalize, isRecord, lookup, resolveEvent, shapeToolInput, TOOL_EVENTS, validatePayload, type Obj,
} from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { DEFAULT_BLOCK, outputText, render, type OutputTable, type Part } from "./output";

const capabilities: Capabilities = {
  preContext: false, // tool.execute.before has no channel to the model but the refusal itself
  ask: false, // `opencode run` has no person to ask: policy sends a deny instead
  inputRewrite: true, // the plugin writes `args` into output.args in place
  outputRewrite: true, // the plugin replaces output.output, which is what the model reads
  postBlock: true, // as a replacement: the model then reads only the reason
  // OpenCode checks its own permissions after tool.execute.before, on the rewritten args
  rewriteWithoutDecision: true,
  contextLimit: 10_000,
};

/** OpenCode tool ids -> Claude's. MCP tools are named `<server>_<tool>` (see mcpName). */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  bash: "Bash",
  read: "Read",
  write: "Write",
  edit: "Edit",
  multiedit: "Edit",
  apply_patch: "Edit",
  glob: "Glob",
  grep: "Grep",
  list: "LS",
  webfetch: "WebFetch",
  websearch: "WebSearch",
  todowrite: "TodoWrite",
  task: "Agent",
  question: "AskUserQuestion",
};

/** OpenCode's camelCase argument names -> Claude's, added next to the originals. */
const ARG_KEYS: Readonly<Record<string, string>> = {
  filePath: "file_path",
  oldString: "old_string",
  newString: "new_string",
  replaceAll: "replace_all",
  patchText: "patch",
  include: "glob",
};

/**
 * Returns `mcp__<server>__<tool>` for a tool of an MCP server the plugin listed (`mcp_servers`: OpenCode
 * names MCP tools `<server>_<tool>`, and a server's name may hold `_` itself, so only the list tells),
 * or undefined for a built-in tool.
 */
function mcpName(raw: string, servers: unknown): string | undefined {
  if (!Array.isArray(servers)) return undefined;
  const server = servers
    .filter((s): s is string => typeof s === "string" && s !== "" && raw.startsWith(`${s}_`))
    .sort((a, b) => b.length - a.length)[0];
  return server === undefined ? undefined : `mcp__${server}__${raw.slice(server.length + 1)}`;
}

/** OpenCode resolves a relative path against its project folder; conditions get it absolute, as from Claude. */
const absolute = (path: unknown, cwd: string) => (typeof path === "string" && path !== "" && !isAbsolute(path) ? resolve(cwd, path) : path);

/** The args of each normalized call as OpenCode sent them, for a rewrite to be told back in its own names. */
const RAW_ARGS = new WeakMap<Payload, Obj>();

function shapeTool(payload: Payload): void {
  const rawName = payload.tool_name as string;
  const input = payload.tool_input as Obj;
  RAW_ARGS.set(payload, { ...input });
  const name = mcpName(rawName, payload.mcp_servers) ?? lookup(TOOL_NAMES, rawName) ?? rawName;
  payload.tool_name = name;
  addAliases(input, ARG_KEYS, false);
  if (name === "Read" || name === "Write" || name === "Edit") input.file_path = absolute(input.file_path, payload.cwd);
  if (name === "Grep" || name === "Glob" || name === "LS") input.path = absolute(input.path, payload.cwd);
  shapeToolInput(name, rawName, input, payload.cwd);
  if (name === "Bash" && typeof payload.tool_response === "string") {
    payload.tool_response_raw = payload.tool_response;
    payload.tool_response = bashResponse(payload.tool_response);
  }
}

/**
 * Returns a rewritten input in OpenCode's argument names: a Claude alias the condition changed wins
 * over the original key, and keys normalization added (aliases, absolute paths, patch fields) go.
 */
export function opencodeArgs(updated: Obj, payload?: Payload): Obj {
  const raw = (payload && RAW_ARGS.get(payload)) ?? {};
  const normalized = (payload?.tool_input ?? {}) as Obj;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const out: Obj = {};
  for (const [key, value] of Object.entries(updated)) {
    // a key normalization added and the condition left alone is not OpenCode's
    if (!Object.hasOwn(raw, key) && Object.hasOwn(normalized, key) && same(value, normalized[key])) continue;
    out[key] = value;
  }
  for (const [own, alias] of Object.entries(ARG_KEYS)) {
    if (!Object.hasOwn(out, alias)) continue;
    if (!Object.hasOwn(raw, alias)) {
      out[own] = out[alias];
      delete out[alias];
    }
  }
  return out;
}

/** PostToolUse: a block and a replacement both become the text the model reads (the block's reason first). */
const replacedOutput: Part = (f, e) => {
  const replaced = e.updatedOutput === undefined ? undefined : outputText(e.updatedOutput);
  if (e.block === undefined && replaced === undefined) return;
  const texts = [e.block === undefined ? undefined : e.block.trim() || DEFAULT_BLOCK, replaced];
  f.top.output = texts.filter((t) => t !== undefined).join("\n\n");
};
const context: Part = (f, e, limit) => {
  if (e.context) f.top.context = capContext(e.context, limit);
};
/** The prompt step: a block is `{block}`, which the plugin throws (the turn does not start). */
const block: Part = (f, e) => {
  if (e.block !== undefined) f.top.block = e.block.trim() || DEFAULT_BLOCK;
};

/** Output per event; a PreToolUse rewrite is added by emit (it needs the call's own argument names). */
const OUTPUT: OutputTable = {
  events: { PostToolUse: [replacedOutput, context], UserPromptSubmit: [block, context] },
  deny: [],
};

function emit(event: EventName, effect: Effect, payload?: Payload): Answer {
  const answer = render(OUTPUT, event, effect, capabilities.contextLimit);
  if (event === "PreToolUse" && effect.decision !== "deny" && effect.updatedInput) {
    answer.stdout = `${JSON.stringify({ args: opencodeArgs(effect.updatedInput, payload) })}\n`;
  }
  return answer;
}

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.opencode, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    const rawToolName = payload.tool_name;
    if (TOOL_EVENTS.has(event)) shapeTool(payload);
    return { target: "opencode", event, payload, batch: [payload], rawToolName };
  });
}

export const opencode: Harness = { target: "opencode", capabilities, normalize, emit };
