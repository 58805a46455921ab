import type { EventName, Payload, Step } from "../types";

/**
 * Which step runs on which event, and what its matcher is compared with (the reference's
 * "Extending to other hook events" table). Tool steps match the normalized tool name.
 */
export const EVENT_STEPS: Record<EventName, { step: Step; field: string | null }> = {
  PreToolUse: { step: "pre", field: "tool_name" },
  PostToolUse: { step: "post", field: "tool_name" },
  PostToolUseFailure: { step: "fail", field: "tool_name" },
  PermissionRequest: { step: "permission", field: "tool_name" },
  SessionStart: { step: "start", field: "source" },
  SessionEnd: { step: "end", field: "reason" },
  SubagentStart: { step: "substart", field: "agent_type" },
  SubagentStop: { step: "substop", field: "agent_type" },
  PreCompact: { step: "compact", field: "trigger" },
  Notification: { step: "notify", field: "notification_type" },
  UserPromptSubmit: { step: "prompt", field: null },
  Stop: { step: "stop", field: null },
};

/** Returns the value a matcher is compared with on this event ("" when the event has none). */
export function matchedValue(event: EventName, payload: Payload): string {
  const field = EVENT_STEPS[event].field;
  if (!field) return "";
  const v = payload[field];
  return typeof v === "string" ? v : "";
}
