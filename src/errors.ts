import { escapeControls } from "./control-chars";

/** A user-facing failure: printed as one line, never with a stack trace. */
export class AgentihooksError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A hook payload the tool cannot understand. On PreToolUse this denies the call (fail closed). */
export class PayloadError extends AgentihooksError {
  constructor(message: string) {
    super("E_PAYLOAD", message);
  }
}

/** Returns a one-line message for any thrown value. */
export function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // a message may quote a path or a payload: its control characters are shown, never sent to a terminal
  return escapeControls(text.replace(/\s+/g, " ").trim().slice(0, 500));
}
