// Copilot's two events whose payloads have a shape of their own (measured on CLI 1.0.102), lifted
// into the camelCase form copilot.ts reads, before its aliases apply:
// - preMcpToolCall `{sessionId, timestamp, cwd, toolCallId, serverName, toolName, arguments, _meta?}`:
//   one MCP call, named `mcp__<server>__<tool>` as Claude names it, so `mcp__` matchers fire. Copilot
//   reads only `metaToUse` from its answer: a deny there does not stop the call (preToolUse, which
//   fires first for the same call, is the guard; e2e/live/copilot-mcp.live.ts).
// - errorOccurred `{sessionId, timestamp, cwd, error: {message, name, stack}, errorContext, recoverable}`:
//   a Notification of type "error" with the error's message, as Claude's Notification carries one.
import { isRecord, type Obj } from "./common";

/** Lifts a preMcpToolCall payload into a tool call; leaves any other payload as it is. */
export function liftMcpCall(base: Obj): void {
  if (typeof base.serverName !== "string" || typeof base.toolName !== "string" || "toolArgs" in base) return;
  base.mcp_server = { name: base.serverName };
  base.toolName = `mcp__${base.serverName}__${base.toolName}`;
  base.toolArgs = base.arguments ?? {};
  delete base.serverName;
  delete base.arguments;
}

/** Returns the text of Copilot's error: its `message` (JSON-quoted text unquoted), or the error itself when text. */
function errorMessage(error: unknown): string | undefined {
  const text = isRecord(error) ? error.message : error;
  if (typeof text !== "string") return undefined;
  if (text.length > 1 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const inner: unknown = JSON.parse(text);
      if (typeof inner === "string") return inner;
    } catch {
      // not a JSON string: the text as it came
    }
  }
  return text;
}

/** Gives an errorOccurred payload Claude's Notification fields: `notification_type` "error" and `message`. */
export function liftError(base: Obj): void {
  base.notification_type ??= "error";
  base.message ??= errorMessage(base.error);
}
