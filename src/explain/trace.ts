// One payload through the real pipeline, kept step by step for `conditions explain` and `conditions test`:
// normalized call, shell analysis, layers, matches with the reason, outcomes, merge, and the bytes each
// harness would receive. The pipeline runs once (scripts have side effects); the policy is re-applied per
// harness on the merged outcomes, because what a harness can honour changes the effect.
import type { Catalog } from "../conditions/catalog";
import type { Subject } from "../conditions/matcher";
import { whyMatched } from "../conditions/select";
import { EVENT_STEPS, matchedValue } from "../conditions/steps";
import { harnessFor } from "../harness/registry";
import type { Merged } from "../merge";
import { type PipelineResult, combine, runPipeline } from "../pipeline";
import { applyPolicy } from "../policy";
import { analyze, type ShellAnalysis } from "../shell/analyze";
import { type Answer, type Effect, type HookCall, type Layer, type Outcome, type Payload, type Step, TARGETS, type Target } from "../types";

export interface MatchTrace {
  file: string;
  source: string;
  path: string;
  why: string;
  async: boolean;
}

export interface OutcomeTrace {
  file: string;
  source: string;
  status: Outcome["status"];
  exit: number | null;
  duration_ms: number;
  stdout: string;
  stderr: string;
  error?: string;
}

export interface CallExplain {
  payload: Payload;
  /**
   * The Bash command's analysis; `issues` holds one line per reason the line is dynamic (the
   * construct, its span, the text and why) and per issue that stopped the analysis.
   */
  programs?: { programs: string[]; wrappers: string[]; modules: string[]; dynamic: boolean; issues: string[]; why: ShellAnalysis["why"] };
  guard?: { stage: string; reason: string };
  candidates: number;
  matched: MatchTrace[];
  outcomes: OutcomeTrace[];
  merged: Merged;
}

export interface HarnessAnswer extends Answer {
  effect: Effect;
}

export interface ExplainDocument {
  target: Target;
  event: HookCall["event"];
  step: Step;
  ran: boolean;
  enabled: boolean;
  layers: Layer[];
  invalid: Catalog["invalid"];
  problems: string[];
  calls: CallExplain[];
  effect: Effect;
  notes: string[];
  /** Per harness; absent with --no-run (nothing ran, so there is nothing to answer). */
  answers?: Record<Target, HarnessAnswer>;
}

export interface ExplainOptions {
  target: Target;
  event?: string;
  run: boolean;
  env?: Record<string, string | undefined>;
}

/** Returns the explanation of one raw payload: normalized for `target`, run through the pipeline. */
export async function explainPayload(raw: Record<string, unknown>, opts: ExplainOptions): Promise<ExplainDocument> {
  const harness = await harnessFor(opts.target);
  const call = harness.normalize(raw, opts.event);
  const result = await runPipeline(call, { capabilities: harness.capabilities, env: opts.env, run: opts.run });
  const step = EVENT_STEPS[call.event].step;
  const doc: ExplainDocument = {
    target: opts.target,
    event: call.event,
    step,
    ran: opts.run,
    enabled: result.config.enabled,
    layers: result.catalog?.layers ?? [],
    invalid: result.catalog?.invalid ?? [],
    problems: result.catalog?.problems ?? [],
    calls: result.calls.map((t) => explainCall(call, t, result.catalog, step)),
    effect: result.effect,
    notes: result.notes,
  };
  if (opts.run) doc.answers = await answersFor(call, result, step);
  return doc;
}

/** Returns the effect and bytes every harness would receive for this pipeline result. */
export async function answersFor(call: HookCall, result: PipelineResult, step: Step): Promise<Record<Target, HarnessAnswer>> {
  const out = {} as Record<Target, HarnessAnswer>;
  for (const t of TARGETS) {
    const h = await harnessFor(t);
    // The payload's own harness gets exactly what the hook computed; the others get the policy re-applied.
    const effect = t === call.target ? result.effect : effectFor(result, step, h.capabilities);
    const answer = h.emit(call.event, effect, call.payload);
    // The hook command appends its notes to stderr the same way.
    for (const n of result.notes) answer.stderr += `${answer.stderr ? "\n" : ""}agentihooks: ${n}`;
    out[t] = { ...answer, effect };
  }
  return out;
}

// --- internal ---

function effectFor(result: PipelineResult, step: Step, caps: Parameters<typeof applyPolicy>[3]): Effect {
  if (!result.config.enabled) return {};
  const effects = result.calls.map((t) =>
    t.guard ? ({ decision: "deny", reason: t.guard.reason } as Effect) : applyPolicy(step, t.merged, t.payload, caps),
  );
  return combine(effects);
}

/** The analysis for explain: why it is dynamic, one line each (`dynamic: variable at 0-2 \`$X\`: ...`). */
function analysisLines(a: ShellAnalysis): NonNullable<CallExplain["programs"]> {
  const issues = a.why.map((r) => `dynamic: ${r.construct} at ${r.start}-${r.end} \`${r.text}\`: ${r.message}`);
  if (a.wrappers.length) issues.unshift(`wrappers: ${a.wrappers.join(" ")} (bash.<cli> matches them too)`);
  return { programs: a.programs, wrappers: a.wrappers, modules: a.modules, dynamic: a.dynamic, issues, why: a.why };
}

function explainCall(call: HookCall, t: PipelineResult["calls"][number], catalog: Catalog | undefined, step: Step): CallExplain {
  const toolStep = EVENT_STEPS[call.event].field === "tool_name";
  const subject: Subject = { name: toolStep ? (t.payload.tool_name ?? "") : matchedValue(call.event, t.payload) };
  const cmd = t.payload.tool_input?.command;
  const bash = subject.name.toLowerCase() === "bash";
  // The pipeline's analysis is the summary; the full one adds the issues a person needs to see.
  const full = bash ? analyze(typeof cmd === "string" ? cmd : "") : undefined;
  if (full) subject.programs = () => full;
  return {
    payload: t.payload,
    programs: full ? analysisLines(full) : undefined,
    guard: t.guard,
    candidates: catalog ? catalog.conditions.filter((c) => c.step === step).length : 0,
    matched: t.matched.map((c) => ({ file: c.file, source: c.source, path: c.path, why: whyMatched(c, subject), async: c.async })),
    outcomes: t.outcomes.map((o) => ({
      file: o.condition.file,
      source: o.condition.source,
      status: o.status,
      exit: o.exitCode,
      duration_ms: o.durationMs,
      stdout: o.stdout,
      stderr: o.stderr,
      error: o.error,
    })),
    merged: t.merged,
  };
}
