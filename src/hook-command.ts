// `agentihooks hook [--target T] [--event NAME]`: read one payload, answer in the harness's format.
// Fail closed: a PreToolUse payload that cannot be understood is denied. Everything is caught here;
// no stack trace ever reaches the harness.
import { escapeControls } from "./control-chars";
import { oneLine, PayloadError } from "./errors";
import { detectTarget } from "./harness/detect";
import { harnessFor } from "./harness/registry";
import { readPayload } from "./harness/stdin";
import { decisionRecord } from "./decisions/record";
import { otlpTarget } from "./export/otlp-config";
import { runPipeline } from "./pipeline";
import { homePaths } from "./state/home";
import { writeLog } from "./state/hook-log";
import { type Answer, TARGETS, type Target, targetHint, targetWords } from "./types";

interface HookFlags {
  target?: string;
  event?: string;
}

const HOOK_FLAGS = ["--target", "--agent", "--event"];

/** Returns the flags, or the one-line reason they are wrong (the caller fails closed on it). */
function parseFlags(argv: string[]): HookFlags | string {
  const flags: HookFlags = {};
  for (let i = 0; i < argv.length; i++) {
    const eq = argv[i].indexOf("=");
    const [name, inline] = eq > 0 ? [argv[i].slice(0, eq), argv[i].slice(eq + 1)] : [argv[i], undefined];
    if (!HOOK_FLAGS.includes(name)) {
      // loaded for a bad registration only; main.ts routes --help to the CLI
      const { closest } = require("./did-you-mean") as typeof import("./did-you-mean");
      const near = closest(name.startsWith("-") ? name : `--${name}`, [...HOOK_FLAGS, "--help"]);
      const what = name.startsWith("-") ? `unknown option ${name}` : `unexpected word "${name}"`;
      return `${what}${near ? ` (did you mean ${near}?)` : ""}; expected --target ${targetHint()}, --event NAME (see agentihooks hook --help)`;
    }
    const next = argv[i + 1];
    // a flag where the value should be (`--event --target codex`) is a missing value, not the value
    const value = inline ?? (next === undefined || next.startsWith("-") ? undefined : next);
    if (value === undefined || value === "") return `${name} needs a value`;
    if (inline === undefined) i++;
    if (name === "--event") flags.event = value;
    else if (!(TARGETS as readonly string[]).includes(value)) return `unknown target "${value}" (${targetWords()})`;
    else flags.target = value;
  }
  return flags;
}

/** PreToolUse-like events: a payload we cannot read must deny, not allow. */
const FAIL_CLOSED = /^(pretooluse|premcptoolcall|permissionrequest|beforetool|preskillshellcommand|tool\.execute\.before|tool_call)$/i;
/** Anything in a payload's bytes that could make it a PreToolUse-like call. */
const PRE_LIKE = /pre_?tool_?use|premcptoolcall|permission_?request|beforetool|preskillshellcommand|tool\.execute\.before|toolCalls|"toolName"|"toolArgs"|"tool_call"/i;
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

let answered = false;

/** Writes the answer. Bun.write, not process.stdout: node's stream setup costs milliseconds per call. */
async function write(answer: Answer): Promise<number> {
  answered = true;
  // a harness shows both to the person: no control character from a payload reaches a terminal
  if (answer.stdout) await Bun.write(Bun.stdout, line(escapeControls(answer.stdout, true)));
  if (answer.stderr) await Bun.write(Bun.stderr, line(escapeControls(answer.stderr)));
  return answer.exitCode;
}

/**
 * A stray asynchronous error (an event handler, a rejected promise nobody awaited) would print a stack
 * trace and end the hook with exit 1 and no record. Every one is logged instead; before the answer is
 * written, a PreToolUse-like call is denied with the reason (fail closed), anything else answers nothing.
 */
function catchStrays(flags: HookFlags, logs: string, started: number, target: () => Target): void {
  const stray = (err: unknown) => {
    const message = `unexpected error: ${oneLine(err)}`;
    if (answered) {
      writeLog(logs, [{ kind: "hook", event: flags.event, error: message, after_answer: true }]);
      return;
    }
    failure(new Error(message), flags, target(), logs, started).then((code) => process.exit(code));
  };
  process.on("unhandledRejection", stray);
  process.on("uncaughtException", stray);
}

/** Runs the hook; returns the exit code. Never throws. */
export async function runHookCommand(argv: string[]): Promise<number> {
  const started = performance.now();
  const logs = homePaths().logs;
  const flags = parseFlags(argv);
  if (typeof flags === "string") {
    writeLog(logs, [{ kind: "hook", error: `bad registration: ${flags}`, exit: 2, duration_ms: Math.round(performance.now() - started) }]);
    await Bun.write(Bun.stderr, `agentihooks hook: ${flags}\n`);
    return 2; // misconfigured registration: deny rather than silently allow
  }
  let target: Target = "claude";
  catchStrays(flags, logs, started, () => target);
  let raw: string | undefined;
  let knownEvent: string | undefined;
  let parsed: unknown;
  try {
    const captureDir = process.env.AGENTIHOOKS_CAPTURE_DIR;
    const input = await readPayload(undefined, captureDir ? { keepText: true } : {});
    if (captureDir && input.text !== undefined) (await import("./harness/capture")).capturePayload(captureDir, argv, input.text);
    parsed = input.value;
    target = detectTarget(input.value, process.env.AGENTIHOOKS_TARGET, flags.target);
    const harness = await harnessFor(target);
    if (input.error !== undefined || input.value === undefined) {
      raw = input.raw ?? "";
      throw new PayloadError(input.error ?? "empty payload");
    }
    const call = harness.normalize(input.value as Record<string, unknown>, flags.event);
    knownEvent = call.event;
    const result = await runPipeline(call, { capabilities: harness.capabilities });
    const answer = harness.emit(call.event, result.effect, call.payload);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { log } = result.config;
    const logNote = writeLog(logs, [decisionRecord(call, target, result, answer.exitCode, ms, log.input)], log);
    // loaded only when export is configured: the shipper's code stays off every other call
    if (otlpTarget()) await (await import("./export/start-shipper")).startShipper(logs);
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
    return write((await harnessFor(target)).emit("PreToolUse", { decision: "deny", reason }));
  } catch {
    return write({ stdout: "", stderr: reason, exitCode: 2 });
  }
}
