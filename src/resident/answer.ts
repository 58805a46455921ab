// One resident call: the `hook` tool's arguments in, the text a command hook would have printed out.
// The same steps as `agentihooks hook` (normalize, pipeline, emit, decision record), in the server's
// warm process; every memo of the previous call is forgotten first (state/call-memo.ts) and nothing
// comes from the server's cwd: the payload names its own.
import { escapeControls } from "../control-chars";
import { decisionRecord } from "../decisions/record";
import { oneLine, PayloadError } from "../errors";
import { otlpTarget } from "../export/otlp-config";
import { harnessFor } from "../harness/registry";
import { runPipeline } from "../pipeline";
import { forgetCallMemos } from "../state/call-memo";
import { homePaths } from "../state/home";
import { writeLog } from "../state/hook-log";
import type { Answer, EventName, Target } from "../types";
import { callIdentity, residentCall } from "./hook-input";

/** Events whose call must be denied when it cannot be judged (fail closed), as on the command path. */
const FAIL_CLOSED = new Set(["PreToolUse", "PermissionRequest"]);

/**
 * Returns the tool's text for a command hook's answer. Exit 0: its stdout, byte for byte. Exit 2 (a
 * PreToolUse deny) has no exit code to ride on: Claude's stdout already carries the deny as JSON;
 * Codex's is empty (it reads stderr on exit 2), so the deny is written as the JSON decision Codex also
 * honours.
 */
export function toolText(event: string, answer: Answer): string {
  const stdout = answer.stdout ? escapeControls(answer.stdout.endsWith("\n") ? answer.stdout : `${answer.stdout}\n`, true) : "";
  if (answer.exitCode !== 2 || stdout) return stdout;
  const reason = escapeControls(answer.stderr.trim() || "denied by agentihooks");
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, permissionDecision: "deny", permissionDecisionReason: reason } })}\n`;
}

/** Answers one `hook` tool call; never throws. */
export async function answerResident(args: unknown): Promise<string> {
  const started = performance.now();
  forgetCallMemos();
  const logs = homePaths().logs;
  const identity = callIdentity(args);
  try {
    const { target, event, raw } = residentCall(args);
    const harness = await harnessFor(target);
    const call = harness.normalize(raw, event);
    // The conditions run in the call's folder: PWD says so too, not the folder the session started in.
    const result = await runPipeline(call, { capabilities: harness.capabilities, env: { ...process.env, PWD: call.payload.cwd } });
    const answer = harness.emit(call.event, result.effect, call.payload);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { log } = result.config;
    const record = { ...decisionRecord(call, target, result, answer.exitCode, ms, log.input), via: "mcp" };
    writeLog(logs, [record], log);
    if (otlpTarget()) await (await import("../export/start-shipper")).startShipper(logs);
    return toolText(call.event, answer);
  } catch (err) {
    return await failure(err, identity.target ?? "claude", identity.event, logs, started);
  }
}

/** The answer to a call that could not be judged for `err`: denied when it is a guard event. */
export function refusal(args: unknown, err: unknown): Promise<string> {
  const identity = callIdentity(args);
  return failure(err, identity.target ?? "claude", identity.event, homePaths().logs, performance.now());
}

/** A call that could not be judged: logged; a guard event is denied with the reason, anything else gets no answer. */
async function failure(err: unknown, target: Target, event: string | undefined, logs: string, started: number): Promise<string> {
  const message = oneLine(err);
  const deny = event === undefined || FAIL_CLOSED.has(event);
  writeLog(logs, [{ kind: "hook", target, event, error: message, exit: deny ? 2 : 0, duration_ms: Math.round(performance.now() - started), via: "mcp" }]);
  if (!deny) return "";
  const what = event ?? "PreToolUse";
  const reason = err instanceof PayloadError || event === undefined
    ? `agentihooks cannot read this ${what} call (${message}); denied to fail closed`
    : `agentihooks failed on this ${what} call (${message}); denied to fail closed`;
  const emitted = (await harnessFor(target)).emit(what as EventName, { decision: "deny", reason });
  return toolText(what, emitted);
}
