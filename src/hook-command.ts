// `agentihooks hook [--target T] [--event NAME]`: read one payload, answer in the harness's format.
// Fail closed: a PreToolUse payload that cannot be understood is denied. Everything is caught here;
// no stack trace ever reaches the harness.
import { escapeControls } from "./control-chars";
import { oneLine, PayloadError } from "./errors";
import { detectTarget } from "./harness/detect";
import { harnessFor } from "./harness/registry";
import { readPayload } from "./harness/stdin";
import { type PipelineResult, runPipeline } from "./pipeline";
import { homePaths } from "./state/home";
import { writeLog } from "./state/hook-log";
import type { Answer, HookCall, Target } from "./types";

interface HookFlags {
  target?: string;
  event?: string;
}

function parseFlags(argv: string[]): HookFlags | string {
  const flags: HookFlags = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split("=", 2);
    const value = inline ?? argv[i + 1];
    if (name === "--target" || name === "--agent") {
      if (value !== undefined && !["claude", "codex", "copilot"].includes(value)) return `unknown target "${value}" (claude, codex or copilot)`;
      flags.target = value;
    }
    else if (name === "--event") flags.event = value;
    else return `unknown option ${argv[i]} (expected --target claude|codex|copilot, --event NAME)`;
    if (inline === undefined) i++;
    if (value === undefined) return `${name} needs a value`;
  }
  return flags;
}

/** PreToolUse-like events: a payload we cannot read must deny, not allow. */
const FAIL_CLOSED = /^(pretooluse|premcptoolcall|permissionrequest)$/i;
/** Anything in a payload's bytes that could make it a PreToolUse-like call. */
const PRE_LIKE = /pre_?tool_?use|premcptoolcall|permission_?request|toolCalls|"toolName"|"toolArgs"/i;
const EVENT_NAME = /"hook_event_name"\s*:\s*"([^"\\]{0,64})"/;

/**
 * Decides whether a call whose payload could not be read is PreToolUse-like. With `--event`, that
 * says. Without it, the event is looked for in every byte read (it may come after anything): a
 * payload that names a PreToolUse-like event or tool anywhere, or names no event at all, counts as
 * one (deny); only a payload that names other events and nothing PreToolUse-like does not.
 */
function looksPreToolUse(flags: HookFlags, raw?: string): boolean {
  if (flags.event) return FAIL_CLOSED.test(flags.event);
  if (raw === undefined || raw.trim() === "") return true;
  if (PRE_LIKE.test(raw)) return true;
  return !EVENT_NAME.test(raw.slice(0, 64 * 1024 * 1024));
}

const line = (s: string) => (s.endsWith("\n") ? s : `${s}\n`);

/** Writes the answer. Bun.write, not process.stdout: node's stream setup costs milliseconds per call. */
async function write(answer: Answer): Promise<number> {
  // a harness shows both to the person: no control character from a payload reaches a terminal
  if (answer.stdout) await Bun.write(Bun.stdout, line(escapeControls(answer.stdout, true)));
  if (answer.stderr) await Bun.write(Bun.stderr, line(escapeControls(answer.stderr)));
  return answer.exitCode;
}

/** Returns the call's log lines: one per condition run, then the hook's own. */
function logRecords(call: HookCall, target: Target, result: PipelineResult, exit: number, started: number): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  // Loops, not flatMap: a builtin's first use costs ~0.1 ms at start-up, and the hot path avoids this one.
  for (const c of result.calls) {
    for (const o of c.outcomes) {
      records.push({
        kind: "condition",
        event: call.event,
        target,
        session: c.payload.session_id,
        tool: c.payload.tool_name,
        condition: o.condition.file,
        source: o.condition.source,
        status: o.status,
        exit: o.exitCode,
        duration_ms: o.durationMs,
        error: o.error,
        decision: o.status === "denied" ? "deny" : (o.json?.decision as string | undefined),
        rewrite: o.json?.tool_input !== undefined || undefined,
      });
    }
  }
  records.push({
    kind: "hook",
    event: call.event,
    target,
    session: call.payload.session_id,
    tool: call.payload.tool_name,
    matched: result.calls.reduce((n, c) => n + c.matched.length, 0),
    decision: result.effect.decision ?? (result.effect.block ? "block" : undefined),
    guard: result.calls.find((c) => c.guard)?.guard?.stage,
    exit,
    duration_ms: Math.round((performance.now() - started) * 10) / 10,
    notes: result.notes.length ? result.notes : undefined,
  });
  return records;
}

/** Runs the hook; returns the exit code. Never throws. */
export async function runHookCommand(argv: string[]): Promise<number> {
  const started = performance.now();
  const logs = homePaths().logs;
  const flags = parseFlags(argv);
  if (typeof flags === "string") {
    await Bun.write(Bun.stderr, `agentihooks hook: ${flags}\n`);
    return 2; // misconfigured registration: deny rather than silently allow
  }
  let target: Target = "claude";
  let raw: string | undefined;
  let knownEvent: string | undefined;
  let parsed: unknown;
  try {
    const captureDir = process.env.AGENTIHOOKS_CAPTURE_DIR;
    const input = await readPayload(undefined, captureDir ? { keepText: true } : {});
    if (captureDir && input.text !== undefined) (await import("./harness/capture")).capturePayload(captureDir, argv, input.text);
    parsed = input.value;
    target = detectTarget(input.value, process.env.AGENTIHOOKS_TARGET, flags.target);
    const harness = harnessFor(target);
    if (input.error !== undefined || input.value === undefined) {
      raw = input.raw ?? "";
      throw new PayloadError(input.error ?? "empty payload");
    }
    const call = harness.normalize(input.value as Record<string, unknown>, flags.event);
    knownEvent = call.event;
    const result = await runPipeline(call, { capabilities: harness.capabilities });
    const answer = harness.emit(call.event, result.effect, call.payload);
    const logNote = writeLog(logs, logRecords(call, target, result, answer.exitCode, started));
    for (const n of [...result.notes, ...(logNote ? [logNote] : [])]) answer.stderr += `${answer.stderr ? "\n" : ""}agentihooks: ${n}`;
    return write(answer);
  } catch (err) {
    // A payload that parsed but could not be normalized is judged by its text too.
    if (raw === undefined && parsed !== undefined) raw = safeText(parsed);
    return failure(err, { ...flags, event: knownEvent ?? flags.event }, target, logs, started, raw);
  }
}

function safeText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

async function failure(err: unknown, flags: HookFlags, target: Target, logs: string, started: number, raw?: string): Promise<number> {
  const message = oneLine(err);
  const bad = err instanceof PayloadError;
  // Unknown errors (bugs) on a PreToolUse deny too: a crash must never become a silent allow. A
  // payload read but not understood (raw set) is judged by its bytes; an error before any event was
  // known (no raw, no --event) denies.
  const pre = looksPreToolUse(flags, raw) || (bad && /PreToolUse/.test(message));
  writeLog(logs, [{ kind: "hook", target, event: flags.event, error: message, exit: pre ? 2 : 0, duration_ms: Math.round(performance.now() - started) }]);
  if (!pre) {
    await Bun.write(Bun.stderr, `agentihooks: ${message}\n`);
    return 0;
  }
  const reason = `agentihooks cannot read this PreToolUse call (${message}); denied to fail closed`;
  try {
    return write(harnessFor(target).emit("PreToolUse", { decision: "deny", reason }));
  } catch {
    return write({ stdout: "", stderr: reason, exitCode: 2 });
  }
}
