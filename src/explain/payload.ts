// Payloads for dry runs: read one from a file or stdin (`conditions explain --payload`), or build a
// Claude-shaped one from a short description (`--command`, a condition case's `tool`/`command`).
import { readFileSync } from "node:fs";
import { EVENT_STEPS } from "../conditions/steps";
import { AgentihooksError } from "../errors";
import type { EventName, Step } from "../types";

/** A tool call described briefly: what a case or the explain flags give instead of a whole payload. */
export interface CallSpec {
  tool?: string;
  command?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  prompt?: string;
  permission_mode?: string;
  cwd?: string;
}

export const DRY_SESSION = "agentihooks-dry-run";

/** Returns the event a step runs on (pre -> PreToolUse, ...). */
export function eventForStep(step: Step): EventName {
  const found = (Object.keys(EVENT_STEPS) as EventName[]).find((e) => EVENT_STEPS[e].step === step);
  return found ?? "PreToolUse";
}

/** Returns a Claude-shaped payload for `spec` on `event`; a command alone means the Bash tool. */
export function payloadFromSpec(spec: CallSpec, event: EventName, cwd: string): Record<string, unknown> {
  const p: Record<string, unknown> = {
    session_id: DRY_SESSION,
    transcript_path: "",
    cwd: spec.cwd ?? cwd,
    permission_mode: spec.permission_mode ?? "default",
    hook_event_name: event,
  };
  if (event === "UserPromptSubmit") p.prompt = spec.prompt ?? "";
  const toolEvent = EVENT_STEPS[event].field === "tool_name";
  if (!toolEvent) return p;
  const input: Record<string, unknown> = { ...(spec.tool_input ?? {}) };
  if (spec.command !== undefined) input.command = spec.command;
  p.tool_name = spec.tool ?? (spec.command !== undefined ? "Bash" : "");
  p.tool_input = input;
  p.tool_use_id = "toolu_dry_run";
  if (event !== "PreToolUse" && event !== "PermissionRequest") p.tool_response = spec.tool_response ?? defaultResponse(String(p.tool_name));
  return p;
}

/** Returns the JSON object in `file` ("-" for stdin), or throws a one-line error. */
export async function readPayloadFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = file === "-" ? await Bun.stdin.text() : readFileSync(file, "utf8");
  } catch (err) {
    throw new AgentihooksError("E_USAGE", `cannot read the payload ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AgentihooksError("E_PAYLOAD", `the payload in ${file === "-" ? "stdin" : file} is not JSON: ${(err as Error).message}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new AgentihooksError("E_PAYLOAD", "the payload must be a JSON object");
  return value as Record<string, unknown>;
}

// --- internal ---

/** A post step with no response given sees an empty one in the tool's shape (Bash: Claude's object). */
function defaultResponse(tool: string): unknown {
  return tool.toLowerCase() === "bash" ? { stdout: "", stderr: "", interrupted: false, isImage: false } : {};
}
