// The decision record: one per hook call, everything a person or a fleet needs to see what was decided,
// by what, and why. Built from the pipeline's result; the input is kept in the form the configuration
// asks (redacted by default), and no record grows past a bound whatever the payload held.
import type { PipelineResult } from "../pipeline";
import type { HookCall, Target } from "../types";
import { redactText } from "./secret-shapes";

export type InputMode = "full" | "redacted" | "hash" | "none";
export const INPUT_MODES: readonly InputMode[] = ["full", "redacted", "hash", "none"];

/** Longest string kept in a record's input; longer ones are cut and their length noted. */
const MAX_STRING = 4096;

export interface ConditionEntry {
  name: string;
  source: string;
  status: string;
  exit: number | null;
  ms: number;
  decision?: string;
  rewrite?: true;
  error?: string;
}

const DECISION_RANK: Record<string, number> = { deny: 3, ask: 2, allow: 1 };

/** Returns the record's `input`: the tool input in the configured form. */
export function recordInput(input: unknown, mode: InputMode): unknown {
  if (mode === "none" || input === undefined) return undefined;
  if (mode === "hash") return { sha256: new Bun.CryptoHasher("sha256").update(JSON.stringify(input) ?? "").digest("hex") };
  return bounded(input, 0, mode === "redacted");
}

/**
 * Returns the value cut to the record's bounds, each string kept redacted first (then cut, so a
 * secret across the cut is still masked). One walk: redacting the whole input first walked it twice.
 */
function bounded(value: unknown, depth: number, redact: boolean): unknown {
  if (typeof value === "string") {
    const text = redact ? redactText(value) : value;
    return text.length > MAX_STRING ? `${text.slice(0, MAX_STRING)}… [${text.length} chars]` : text;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return "[nested too deep]";
  if (Array.isArray(value)) return value.slice(0, 64).map((v) => bounded(v, depth + 1, redact));
  // a plain loop: the first use of a builtin such as Object.entries costs a hook call ~0.05 ms
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (n++ === 64) break;
    out[k] = bounded((value as Record<string, unknown>)[k], depth + 1, redact);
  }
  return out;
}

/** What ran after a pre decision, from a post event's tool response (joined by tool_use_id). */
function ranOf(call: HookCall): Record<string, unknown> | undefined {
  // the internal event names: no pattern compiled on every call for a test this plain
  if (call.event !== "PostToolUse" && call.event !== "PostToolUseFailure") return undefined;
  const failed = call.event === "PostToolUseFailure";
  const r = call.payload.tool_response as Record<string, unknown> | undefined;
  const exit = r && typeof r === "object" ? (r.exit_code ?? r.exitCode ?? r.returncode) : undefined;
  return { status: failed ? "failed" : "ok", exit: typeof exit === "number" ? exit : undefined, interrupted: r?.interrupted === true || undefined };
}

/** What a Notification said (its type and message: Copilot's errorOccurred is one), or undefined. */
function noticeOf(call: HookCall): Record<string, unknown> | undefined {
  if (call.event !== "Notification") return undefined;
  const { notification_type: type, message } = call.payload;
  return type === undefined && message === undefined ? undefined : { type, message };
}

/** Returns the decision record of one hook call (the log adds time, host, user and the chain). */
export function decisionRecord(call: HookCall, target: Target, result: PipelineResult, exit: number, ms: number, mode: InputMode): Record<string, unknown> {
  const conditions: ConditionEntry[] = [];
  let by: string | undefined;
  let byRank = 0;
  let dynamic: string[] | undefined;
  let guard: { stage: string; reason: string } | undefined;
  for (const c of result.calls) {
    if (c.guard && !guard) guard = c.guard;
    if (c.analysis?.dynamic && c.analysis.why?.length) dynamic ??= c.analysis.why.map((w) => `${w.construct} at ${w.start}-${w.end}: ${w.message}`);
    for (const o of c.outcomes) {
      const decision = o.status === "denied" ? "deny" : (o.json?.decision as string | undefined);
      conditions.push({
        name: o.condition.file,
        source: o.condition.source,
        status: o.status,
        exit: o.exitCode,
        ms: Math.round(o.durationMs * 10) / 10,
        decision,
        rewrite: o.json?.tool_input !== undefined ? true : undefined,
        error: o.error,
      });
      const rank = DECISION_RANK[decision ?? ""] ?? 0;
      if (rank > byRank) {
        byRank = rank;
        by = o.condition.file;
      }
    }
  }
  let matched = 0;
  for (const c of result.calls) matched += c.matched.length; // not reduce(): its first use cost every call ~0.09 ms
  const effect = result.effect;
  const decision = effect.decision ?? (effect.block ? "block" : undefined);
  if (guard && (decision === "deny" || decision === "block")) by = `guard:${guard.stage}`;
  return {
    kind: "hook",
    harness: target,
    harness_version: typeof call.payload.version === "string" ? call.payload.version : undefined,
    session: call.payload.session_id,
    tool_use_id: call.payload.tool_use_id,
    event: call.event,
    tool: call.payload.tool_name,
    input: recordInput(call.payload.tool_input, mode),
    notice: recordInput(noticeOf(call), mode),
    decision,
    by: decision ? by : undefined,
    reason: effect.reason ?? effect.block ?? (guard && decision ? guard.reason : undefined),
    matched,
    conditions: conditions.length ? conditions : undefined,
    dynamic,
    ran: ranOf(call),
    exit,
    duration_ms: ms,
    notes: result.notes.length ? result.notes : undefined,
  };
}
