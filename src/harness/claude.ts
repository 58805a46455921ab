// Claude Code: its payload already is the internal shape, so normalization only validates; its
// output is `hookSpecificOutput` plus top-level `decision:"block"` (harness-protocols §1.4).
// PreSkillShellCommand (2.1.332) is a skill's or slash command's `!` shell line, which never passes
// through PreToolUse: it arrives as {tool_name: "Bash", tool_input: {command}} and is judged as the
// PreToolUse of that Bash call, so every bash.<cli> condition, pack and built-in guard applies.
import { PayloadError } from "../errors";
import type { Answer, Capabilities, Effect, EventName, HookCall, Payload } from "../types";
import { guardNormalize, isRecord, resolveEvent, validatePayload } from "./common";
import { EVENT_NAMES } from "./detect";
import type { Harness } from "./harness";
import { DEFAULT_DENY, PARTS as P, render, type OutputTable } from "./output";

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

const SKILL_SHELL = "PreSkillShellCommand";

/**
 * The payloads normalized from a PreSkillShellCommand: conditions see them as PreToolUse (with Claude's
 * command_name, command_source and invoked_by beside), and only the answer needs to know.
 */
const skillShell = new WeakSet<Payload>();

function normalize(raw: Record<string, unknown>, eventHint?: string): HookCall {
  return guardNormalize(() => {
    if (!isRecord(raw)) throw new PayloadError("payload is not a JSON object");
    const event = resolveEvent(EVENT_NAMES.claude, raw.hook_event_name, eventHint);
    const payload = validatePayload(raw, event);
    if ((raw.hook_event_name ?? eventHint) === SKILL_SHELL) skillShell.add(payload);
    return { target: "claude", event, payload, batch: [payload], rawToolName: payload.tool_name };
  });
}

/**
 * The answer to a skill's shell line: only permissionDecision and its reason (the event takes no
 * context, and any updatedInput keeps the line from running). A rewrite cannot be applied, so the line
 * is refused with that reason rather than run as written. A deny also exits 2 with the reason, as for
 * PreToolUse; `allow` adds nothing (the line runs unless a hook refuses it).
 */
function emitSkillShell(effect: Effect): Answer {
  const rewritten = effect.decision !== "deny" && effect.updatedInput !== undefined;
  const decision = rewritten ? "deny" : effect.decision;
  if (decision !== "deny" && decision !== "ask") return { stdout: "", stderr: "", exitCode: 0 };
  const reason = rewritten
    ? "a condition rewrote this command, and Claude Code runs a skill's shell line only as written: not run"
    : effect.reason?.trim() || (decision === "deny" ? DEFAULT_DENY : undefined);
  const out = { hookEventName: SKILL_SHELL, permissionDecision: decision, ...(reason ? { permissionDecisionReason: reason } : {}) };
  const stdout = `${JSON.stringify({ hookSpecificOutput: out })}\n`;
  return decision === "deny" ? { stdout, stderr: `${reason}\n`, exitCode: 2 } : { stdout, stderr: "", exitCode: 0 };
}

export const claude: Harness = {
  target: "claude",
  capabilities,
  normalize,
  emit: (event: EventName, effect: Effect, payload?: Payload) =>
    payload && skillShell.has(payload) ? emitSkillShell(effect) : render(OUTPUT, event, effect, capabilities.contextLimit),
};
