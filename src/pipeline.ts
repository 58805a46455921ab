// One hook call, stage by stage. This is the only file that knows the order:
//   normalized call -> stages' guards -> find conditions -> run -> merge -> stages' context -> policy
import { type Config, readConfig } from "./config";
import { type Catalog, loadCatalog } from "./conditions/catalog";
import { findManagedRoot, isManagedSource, managedRunnerProblem } from "./conditions/managed-root";
import { matchedValue, EVENT_STEPS } from "./conditions/steps";
import { selectConditions } from "./conditions/select";
import { isRulesFile } from "./conditions/filename";
import type { Subject } from "./conditions/matcher";
import { type Merged, emptyMerged, mergeOutcomes } from "./merge";
import { applyPolicy } from "./policy";
import type { LineFacts } from "./facts/facts";
import { type ShellAnalysis, analyze } from "./shell/analyze";
import { STAGES, type StageContext } from "./stages";
import { homeDir, homePaths } from "./state/home";
import type { Analysis, Capabilities, Condition, Effect, HookCall, Outcome, Payload } from "./types";

export interface CallTrace {
  payload: Payload;
  analysis?: Analysis;
  matched: Condition[];
  outcomes: Outcome[];
  merged: Merged;
  guard?: { stage: string; reason: string };
}

export interface PipelineResult {
  effect: Effect;
  catalog?: Catalog;
  calls: CallTrace[];
  notes: string[];
  config: Config;
}

export interface PipelineOptions {
  capabilities: Capabilities;
  env?: Record<string, string | undefined>;
  /** false: stop before running anything (explain --no-run). */
  run?: boolean;
}

/** Returns the Bash command's analysis, or undefined for other tools. */
function analysisOf(payload: Payload): Analysis | undefined {
  if ((payload.tool_name ?? "").toLowerCase() !== "bash") return undefined;
  const cmd = payload.tool_input?.command;
  const analysis = analyze(typeof cmd === "string" ? cmd : "");
  // Text typed into a running program: a shell would run these programs, anything else is unknown
  return payload.typed_input === true ? { ...analysis, dynamic: true } : analysis;
}

/** Runs one normalized call through every stage and returns the effect to emit. */
export async function runPipeline(call: HookCall, opts: PipelineOptions): Promise<PipelineResult> {
  const env = opts.env ?? process.env;
  const { config, problems } = readConfig(env);
  const notes = problems.map((p) => p.message);
  // Turned off by the person: the administrator's tier still runs (managed-layer.ts), nothing of theirs.
  const managedOnly = !config.enabled;
  if (managedOnly && !findManagedRoot(env)) return { effect: {}, calls: [], notes, config };
  // not the event it is named (no person's prompt): no condition runs, the gate is left as it is
  if (call.notAnEvent) return { effect: {}, calls: [], notes, config };
  const paths = homePaths(homeDir(env));
  const { step } = EVENT_STEPS[call.event];
  const memo = new Map<Payload, Analysis | undefined>();
  const ctx: StageContext = {
    home: paths.home,
    config,
    capabilities: opts.capabilities,
    step,
    programs: (p) => (memo.has(p) ? memo.get(p) : memo.set(p, analysisOf(p)).get(p)),
    note: (t) => notes.push(t),
  };
  let catalog: Catalog | undefined;
  let catalogCwd: string | undefined;
  // A cwd of "" resolves to the process's own, as the stages' loads do.
  ctx.catalog = (cwd) => (catalog && (cwd || process.cwd()) === catalogCwd ? catalog : undefined);
  const calls: CallTrace[] = [];
  const effects: Effect[] = [];
  for (const payload of call.batch.length ? call.batch : [call.payload]) {
    const trace: CallTrace = { payload, matched: [], outcomes: [], merged: emptyMerged() };
    calls.push(trace);
    // The line's analysis (the gate's too, computed once) goes into the record even when a guard decides.
    trace.analysis = ctx.programs(payload);
    const verdict = managedOnly ? undefined : await guard(call, payload, ctx, trace);
    if (verdict) {
      effects.push(verdict);
      continue;
    }
    if (!catalog) {
      catalog = loadCatalog({ target: call.target, cwd: payload.cwd, home: paths.home, config, onNote: ctx.note, plugin: env.AGENTIHOOKS_PLUGIN === "1", env, managedOnly, confirmLater: true });
      catalogCwd = payload.cwd || process.cwd();
    }
    // The matched field: the tool name on tool steps, the source/reason/... on the others.
    const subject: Subject = { name: matchedValue(call.event, payload) };
    if (subject.name.toLowerCase() === "bash") subject.programs = () => ctx.programs(payload) ?? { programs: [], dynamic: false };
    trace.matched = selectConditions(catalog.conditionsFor(step, subject), step, subject);
    // The directory layer's files are checked before one of its conditions runs (catalog.ts): an edit
    // since the index was built rebuilds it, and the layer then waits for the person.
    if (trace.matched.some((c) => c.source === "directory")) {
      const confirmed = catalog.confirm();
      if (confirmed !== catalog) {
        catalog = confirmed;
        trace.matched = selectConditions(catalog.conditionsFor(step, subject), step, subject);
      }
    }
    // Layers that cannot be read as configured: deny rather than run without their guards.
    if (call.event === "PreToolUse" && catalog.broken?.length) {
      trace.matched = [];
      effects.push({ decision: "deny", reason: `agentihooks: ${catalog.broken.join("; ")}; denied to fail closed` });
      continue;
    }
    /** Runs `matched` on payload `p` and returns their outcomes in execution order. */
    const cat = catalog;
    const judge = async (p: Payload, matched: Condition[]): Promise<Outcome[]> => {
      // Loaded only when something matched: a call with no match never evaluates the runners, the
      // command facts or the presets (each module's first evaluation costs start-up time). By import(),
      // not require(): a process's first require() costs ~0.5 M instructions (harness/registry.ts).
      const analysis = ctx.programs(p);
      const [{ fileProblem, runConditions, presetOf, NO_RUNNER, runnerFor }, factsModule] = await Promise.all([
        import("./run/judge-kit"),
        // a Bash line's facts: every condition that runs on one is given them (AH_FACTS, or in process)
        analysis && "commands" in analysis ? import("./facts/facts") : undefined,
      ]);
      const facts = lazyFacts(analysis, p, env, factsModule?.factsOfAnalysis);
      // Checked again at run time: a chmod or a deletion does not rebuild the index. A condition whose
      // interpreter is missing or refused cannot run either (run/interpreters.ts). Rules files and
      // built-ins run in process: their "no runner" is never used.
      // (A file that names no runner is a mistake reported as a failed condition, as before.)
      const argvs = new Map<Condition, string[] | string>();
      const refused: [Condition, string][] = [];
      for (const c of matched) {
        const problem = fileProblem(c.path, config.strictModes);
        // a rules file runs in process: no runner is looked for (an access() per pack, and its error)
        let argv = problem ?? (isRulesFile(c) ? `${NO_RUNNER} ".toml"` : runnerFor(c.path, c.ext, cat.interpreters, config.strictModes));
        // The tier's scripts run only through a program the person cannot replace (AGENTIHOOKS_PYTHON is theirs).
        if (Array.isArray(argv) && isManagedSource(c.source)) argv = managedRunnerProblem(argv[0]) ?? argv;
        if (typeof argv === "string" && !argv.startsWith(NO_RUNNER)) refused.push([c, argv]);
        else argvs.set(c, argv);
      }
      const runnable = matched.filter((c) => argvs.has(c));
      const outcomes = await runConditions(runnable, {
        payloadJson: JSON.stringify(p),
        cwd: p.cwd,
        envFor: (c) => conditionEnv(env, call, p, c, ctx.programs(p), facts),
        argvFor: (c) => argvs.get(c) ?? "not resolved",
        interpreters: cat.interpreters,
        timeoutMs: config.timeoutSec * 1000,
        maxParallel: config.maxParallel,
        logsDir: paths.logs,
        facts,
        rules: { preset: presetOf(cat.layers), disabled: new Set(cat.disabled ?? []), home: userHome(env), payload: p },
      });
      // A refused condition is a loud failure on PreToolUse (its guard cannot run), a skip elsewhere.
      const status = call.event === "PreToolUse" ? ("denied" as const) : ("skipped" as const);
      outcomes.push(...refused.map(([c, why]) => ({ condition: c, status, exitCode: status === "denied" ? 2 : null, stdout: "", stderr: `agentihooks: the condition ${c.path} is refused: ${why}; denied to fail closed`, durationMs: 0, error: `the condition ${why}` })));
      if (call.event === "PreToolUse") denyUnansweredManaged(outcomes);
      return outcomes.sort((a, b) => a.condition.order - b.condition.order);
    };
    if (opts.run !== false && trace.matched.length) trace.outcomes = await judge(payload, trace.matched);
    trace.merged = mergeOutcomes(trace.outcomes);
    // The administrator's conditions judge what will run: a rewrite by a person's condition is judged again by them.
    const again = opts.run === false ? [] : await managedRejudge(step, payload, trace.outcomes, catalog, judge, ctx);
    if (again.length) trace.merged = mergeOutcomes((trace.outcomes = [...trace.outcomes, ...again]));
    if (!managedOnly) for (const stage of STAGES) if (stage.context) trace.merged.contexts.push(...stage.context(call, payload, ctx));
    effects.push(applyPolicy(step, trace.merged, payload, opts.capabilities));
  }
  return { effect: combine(effects), catalog, calls, notes, config };
}

/**
 * Returns the outcomes of the managed conditions on the input a person's condition rewrote (none when
 * nothing of theirs rewrote it): the rewrite cannot carry a call past the administrator's tier.
 */
async function managedRejudge(step: string, payload: Payload, outcomes: Outcome[], catalog: Catalog, judge: (p: Payload, m: Condition[]) => Promise<Outcome[]>, ctx: StageContext): Promise<Outcome[]> {
  if (step !== "pre" || !catalog.layers.some((l) => isManagedSource(l.source))) return [];
  const patches = outcomes.filter((o) => !isManagedSource(o.condition.source) && o.json?.tool_input && typeof o.json.tool_input === "object");
  if (!patches.length) return [];
  const input = Object.assign({}, payload.tool_input, ...patches.map((o) => o.json?.tool_input as Record<string, unknown>));
  const rewritten: Payload = { ...payload, tool_input: input };
  const subject: Subject = { name: matchedValue("PreToolUse", rewritten) };
  if (subject.name.toLowerCase() === "bash") subject.programs = () => ctx.programs(rewritten) ?? { programs: [], dynamic: false };
  const managed = selectConditions(catalog.conditionsFor("pre", subject), "pre", subject).filter((c) => isManagedSource(c.source));
  return managed.length ? judge(rewritten, managed) : [];
}

/**
 * Turns a managed condition that did not answer (timed out, crashed, bad output) into a deny: the
 * person's environment (CONDITIONS_TIMEOUT_SEC) must not be a way to switch the tier's guards off.
 */
function denyUnansweredManaged(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    if (!isManagedSource(o.condition.source) || o.status === "answered" || o.status === "denied") continue;
    const why = o.error ?? o.status;
    Object.assign(o, { status: "denied", exitCode: 2, stderr: `agentihooks: the managed condition ${o.condition.file} did not answer (${why}); denied to fail closed` });
  }
}

async function guard(call: HookCall, payload: Payload, ctx: StageContext, trace: CallTrace): Promise<Effect | undefined> {
  for (const stage of STAGES) {
    const v = await stage.guard?.(call, payload, ctx);
    if (v) {
      trace.guard = { stage: stage.name, reason: v.reason };
      return { decision: "deny", reason: v.reason };
    }
  }
  return undefined;
}

/** Combines the effects of a batch: any deny denies the whole batch (Copilot judges it as one). */
export function combine(effects: Effect[]): Effect {
  if (effects.length === 1) return effects[0];
  const deny = effects.filter((e) => e.decision === "deny");
  if (deny.length) return { decision: "deny", reason: deny.map((e) => e.reason).join("\n") };
  const context = effects.map((e) => e.context).filter(Boolean).join("\n\n");
  return context ? { context } : {};
}

const clean = (v: unknown) => (typeof v === "string" ? v.replace(/\0/g, "") : "");

/**
 * Returns the environment of one condition: the inherited one plus the AH_* scalars. The live hook,
 * `conditions test` and `explain` all build it here, so a condition sees the same keys under each;
 * AGENTIHOOKS_HOME is always set (the harnesses do not pass it), so a condition never has to guess.
 */
export function conditionEnv(base: Record<string, string | undefined>, call: HookCall, p: Payload, c: Condition, a?: Analysis, facts?: () => LineFacts | undefined) {
  const env: Record<string, string | undefined> = {
    ...base,
    AGENTIHOOKS_HOME: homeDir(base),
    AH_STEP: c.step,
    AH_EVENT: call.event,
    AH_TOOL_NAME: clean(p.tool_name),
    AH_TOOL_USE_ID: clean(p.tool_use_id),
    AH_SESSION_ID: clean(p.session_id),
    AH_CWD: clean(p.cwd),
    AH_TRANSCRIPT_PATH: clean(p.transcript_path),
    AH_PERMISSION_MODE: clean(p.permission_mode),
    AH_TARGET: call.target,
    AH_CONDITION: c.file,
    AH_CONDITION_SOURCE: c.source,
  };
  if (a) {
    env.AH_PROGRAMS = a.programs.join(" ");
    env.AH_DYNAMIC = a.dynamic ? "1" : "0";
    env.AH_MODULES = (a.modules ?? []).join(" ");
    env.AH_WRAPPERS = (a.wrappers ?? []).join(" ");
    env.AH_DYNAMIC_WHY = a.why?.[0] ? `${a.why[0].construct} at ${a.why[0].start}-${a.why[0].end}: ${a.why[0].message}` : "";
    const f = facts?.();
    // The command facts (docs/typescript-conditions.md), written once per call; a line too large for
    // one variable gets none
    let json = f ? factsJson.get(f) : undefined;
    if (f && json === undefined) factsJson.set(f, (json = JSON.stringify(f)));
    if (json && json.length <= MAX_FACTS_ENV) env.AH_FACTS = json;
  }
  return env;
}

const factsJson = new WeakMap<LineFacts, string>();

/** Linux refuses an environment string over 128 KiB (MAX_ARG_STRLEN): stay well under it. */
const MAX_FACTS_ENV = 100_000;

/** The home folder `~` and `cd` mean for the tool's shell. */
function userHome(env: Record<string, string | undefined>): string {
  return env.HOME || require("node:os").homedir();
}

/** Returns the command facts of a Bash call, computed on first use (a condition that never asks costs nothing). */
function lazyFacts(a: Analysis | undefined, p: Payload, env: Record<string, string | undefined>, factsOf?: typeof import("./facts/facts").factsOfAnalysis): () => LineFacts | undefined {
  let facts: LineFacts | undefined;
  return () => {
    if (facts || !a || !("commands" in a) || !factsOf) return facts;
    return (facts = factsOf(a as ShellAnalysis, { cwd: p.cwd || process.cwd(), home: userHome(env) }));
  };
}
