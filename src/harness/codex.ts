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

/** Measured against Codex 0.169 (e2e/live/codex*.live.ts; live-harnesses.md). */
const capabilities: Capabilities = {
  preContext: true, // hookSpecificOutput.additionalContext reaches the model as a developer message
  ask: false, // `ask` fails open (the call runs): policy sends a deny instead
  inputRewrite: true, // permissionDecision "allow" + updatedInput is applied
  outputRewrite: true, // through a post block: the model then sees only the reason
  postBlock: true,
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
 * Codex output per event: only keys of Codex's own output schemas (test/fixtures/codex-schemas), since
 * one unknown key voids the whole answer, a deny included. A deny is exit 2 + stderr with an empty
 * stdout (Codex ignores stdout on exit 2). Pre context reaches the model through additionalContext and
 * the person through systemMessage (the TUI shows only that). A post output replacement is a block:
 * Codex ignores updatedToolOutput but shows the model only a block's reason. Events Codex never sends
 * (PostToolUseFailure) or cannot steer (PreCompact, SessionEnd) get no answer.
 */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.nestedPreDecision, P.nestedContext, P.contextToPerson],
    PostToolUse: [P.blockWithOutput, P.nestedContext],
    SessionStart: [P.nestedContext],
    UserPromptSubmit: [P.block, P.nestedContext],
    SubagentStart: [P.nestedContext],
    Stop: [P.block],
    SubagentStop: [P.block],
    PermissionRequest: [P.nestedPermission],
  },
  deny: [],
};

/** The fields liftPatch adds to apply_patch's input for conditions; Codex's own input has `command` only. */
const LIFTED_PATCH_FIELDS = ["content", "new_string", "file_path", "file_paths"] as const;

/**
 * Returns the effect in Codex's terms: a rewritten apply_patch input without the fields lifted for
 * conditions, and a deny's context in its reason (Codex reads only stderr on exit 2).
 */
function forCodex(event: EventName, effect: Effect): Effect {
  if (event !== "PreToolUse") return effect;
  const out = { ...effect };
  const input = effect.updatedInput;
  if (input && typeof input.command === "string" && input.command.includes("*** Begin Patch")) {
    out.updatedInput = Object.fromEntries(Object.entries(input).filter(([k]) => !(LIFTED_PATCH_FIELDS as readonly string[]).includes(k)));
  }
  if (effect.decision === "deny" && effect.context) {
    out.reason = `${effect.reason ?? ""}\n\n${effect.context}`.trim();
    out.context = undefined;
  }
  return out;
}

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
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, forCodex(event, effect), capabilities.contextLimit),
};
