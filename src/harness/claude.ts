// Claude Code: its payload already is the internal shape, so normalization only validates; its
// output is `hookSpecificOutput` plus top-level `decision:"block"` (harness-protocols §1.4).
import { PayloadError } from "../errors";
import type { Capabilities, Effect, EventName, HookCall } from "../types";
import { guardNormalize, isRecord, resolveEvent, validatePayload } from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { PARTS as P, render, type OutputTable } from "./output";

const capabilities: Capabilities = {
  preContext: true,
  ask: true,
  inputRewrite: true,
  outputRewrite: true,
  postBlock: true,
  contextLimit: 10_000, // §1.4: longer strings are swapped for a file preview
};

/** Claude output per event (harness-protocols §1.4 "JSON fields" and per-event paragraphs). */
const OUTPUT: OutputTable = {
  events: {
    PreToolUse: [P.nestedPreDecision, P.nestedContext],
    PostToolUse: [P.block, P.nestedToolOutput, P.nestedContext],
    PostToolUseFailure: [P.nestedContext],
    SessionStart: [P.nestedContext],
    UserPromptSubmit: [P.block, P.nestedContext],
    SubagentStart: [P.nestedContext],
    Stop: [P.block, P.nestedContext],
    SubagentStop: [P.block, P.nestedContext],
    PermissionRequest: [P.nestedPermission],
    PreCompact: [P.block],
  },
  deny: [P.nestedPreDecision, P.nestedContext],
};

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.claude, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    return { target: "claude", event, payload, batch: [payload], rawToolName: payload.tool_name };
  });
}

export const claude: Harness = {
  target: "claude",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect) => render(OUTPUT, event, effect, capabilities.contextLimit),
};
