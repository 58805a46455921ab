// Runs one condition case in a world of its own: a temporary HOME whose AGENTIHOOKS_HOME holds only that
// condition (so no other condition, enforcement or profile takes part), and a fresh working directory
// with the case's files, git branch and transcript. ${CWD}, ${HOME} and ${AGENTIHOOKS_HOME} in the case
// name those paths.
//
// Two modes. "pipeline" (the default) normalizes the call for the case's harness and runs the real
// pipeline: matcher, shell analysis, runner, merge, policy. "direct" is for cases that describe what the
// pipeline would hand the script rather than a call: raw `stdin`, a verbatim `payload`, environment that
// overrides what agentihooks sets (AH_*, AGENTIHOOKS_*, CONDITIONS_*), and .async conditions (run and
// awaited so their side effects can be checked; their output is ignored as in the hook). Direct runs
// use the same matcher, runner, merge and policy, minus normalization and the stages.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { readConfig } from "../config";
import { parseFilename } from "../conditions/filename";
import type { Subject } from "../conditions/matcher";
import { selectConditions } from "../conditions/select";
import { harnessFor } from "../harness/registry";
import { emptyMerged, mergeOutcomes } from "../merge";
import { conditionEnv } from "../pipeline";
import { applyPolicy } from "../policy";
import { resolveInterpreters } from "../run/interpreters";
import { runnerFor } from "../run/runner";
import { spawnCondition } from "../run/spawn";
import { factsOfAnalysis } from "../facts/facts";
import { analyze } from "../shell/analyze";
import type { Condition, Effect, EventName, HookCall, Outcome, Payload, Target } from "../types";
import type { Case } from "./cases";
import { type Diff, compareExpect } from "./expect";
import { type CallSpec, eventForStep, payloadFromSpec } from "./payload";
import { explainPayload } from "./trace";

export interface CaseResult {
  name: string;
  pass: boolean;
  mode: "pipeline" | "direct";
  target: Target;
  diffs: Diff[];
  effect?: Effect;
  /** What the condition did: status, exit and the first stderr line (shown on failure). */
  outcome?: { status: string; exit: number | null; stderr: string };
  error?: string;
}

interface World {
  root: string;
  cwd: string;
  home: string;
  ahome: string;
  vars: Record<string, string>;
}

const PIPELINE_ENV = /^(AH_|AGENTIHOOKS_|CONDITIONS_)/;

/** Returns the result of one case of the condition at `conditionPath`; never throws. */
export async function runCase(conditionPath: string, raw: Case, target: Target): Promise<CaseResult> {
  const world = makeWorld(conditionPath);
  const c = substitute(raw, world.vars) as Case;
  const t = (c.target as Target) ?? target;
  const direct = directReason(c, conditionPath);
  const base: CaseResult = { name: raw.name, pass: false, mode: direct ? "direct" : "pipeline", target: t, diffs: [] };
  try {
    setUp(world, c);
    const run = direct ? await runDirect(world, conditionPath, c, t) : await runThroughPipeline(world, conditionPath, c, t);
    const diffs = compareExpect(c.expect, run.effect, run.outcome);
    const outcome = run.outcome && { status: run.outcome.status, exit: run.outcome.exitCode, stderr: run.outcome.stderr.trim().split("\n")[0] ?? "" };
    return { ...base, pass: diffs.length === 0, diffs, effect: run.effect, outcome };
  } catch (err) {
    return { ...base, error: (err as Error).message?.replace(/\s+/g, " ") ?? String(err) };
  } finally {
    rmSync(world.root, { recursive: true, force: true });
  }
}

// --- internal ---

function directReason(c: Case, conditionPath: string): string | undefined {
  if (c.stdin !== undefined) return "stdin";
  if (c.payload) return "payload";
  if (Object.keys(c.env ?? {}).some((k) => PIPELINE_ENV.test(k))) return "env";
  if (/\.async\.[^.]+$/i.test(basename(conditionPath))) return "async";
  return undefined;
}

function makeWorld(conditionPath: string): World {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ah-case-")));
  const cwd = join(root, "work");
  const home = join(root, "home");
  const ahome = join(home, ".agentihooks");
  const layer = join(ahome, "conditions");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(layer, { recursive: true });
  // Explicit modes: the strict-modes check must not depend on the umask of whoever runs the tests.
  for (const d of [root, home, ahome, layer]) chmodSync(d, 0o755);
  const copy = join(layer, basename(conditionPath));
  copyFileSync(conditionPath, copy);
  chmodSync(copy, 0o755);
  return { root, cwd, home, ahome, vars: { CWD: cwd, HOME: home, AGENTIHOOKS_HOME: ahome } };
}

function setUp(w: World, c: Case): void {
  for (const [rel, body] of Object.entries(c.files ?? {})) {
    const p = join(w.cwd, rel);
    mkdirSync(dirname(p), { recursive: true });
    const link = body && typeof body === "object" ? (body as { symlink?: unknown }).symlink : undefined;
    if (typeof link === "string") symlinkSync(link, p);
    else if (typeof body === "string") writeFileSync(p, body);
    else throw new Error(`files["${rel}"] must be the file's text or {"symlink": "<target>"}`);
  }
  if (c.git_branch) {
    // An unborn branch is enough for `git symbolic-ref HEAD`; no commit, no origin (a trusted repo).
    const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: w.cwd, stdout: "ignore", stderr: "pipe" });
    const init = git("init", "-q");
    if (init.exitCode !== 0) throw new Error(`git init failed: ${init.stderr.toString().trim()}`);
    git("symbolic-ref", "HEAD", `refs/heads/${c.git_branch}`);
  }
  if (c.transcript) writeFileSync(join(w.root, "transcript.jsonl"), c.transcript.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

function substitute(v: unknown, vars: Record<string, string>): unknown {
  if (typeof v === "string") return v.replace(/\$\{(CWD|HOME|AGENTIHOOKS_HOME)\}/g, (_, k: string) => vars[k]);
  if (Array.isArray(v)) return v.map((x) => substitute(x, vars));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, substitute(x, vars)]));
  return v;
}

function stepEvent(conditionPath: string, c: Case): { cond: Condition; event: EventName } {
  const file = basename(conditionPath);
  const parsed = parseFilename(file);
  if (typeof parsed === "string") throw new Error(`${file} is not a valid condition name: ${parsed}`);
  const cond: Condition = {
    file, step: parsed.step, matcher: parsed.matcher.normalized, name: parsed.name, async: parsed.async,
    ext: parsed.ext, key: parsed.key, path: conditionPath, source: "runtime", order: 0,
  };
  return { cond, event: (c.event as EventName) ?? eventForStep(parsed.step) };
}

function payloadOf(w: World, c: Case, event: EventName): Record<string, unknown> {
  const input = { ...(c.tool_input ?? {}) };
  if (c.file_path !== undefined) input.file_path = c.file_path;
  const spec: CallSpec = { tool: c.tool, command: c.command, tool_input: input, tool_response: c.tool_response, permission_mode: c.permission_mode, cwd: w.cwd };
  const p = payloadFromSpec(spec, event, w.cwd);
  if (c.tool_use_id) p.tool_use_id = c.tool_use_id;
  if (c.transcript) p.transcript_path = join(w.root, "transcript.jsonl");
  return p;
}

function envOf(w: World, c: Case, keepPipelineKeys: boolean): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, HOME: w.home, AGENTIHOOKS_HOME: w.ahome };
  for (const [k, v] of Object.entries(c.env ?? {})) if (keepPipelineKeys || !PIPELINE_ENV.test(k)) env[k] = v;
  return env;
}

type Run = { effect: Effect; outcome?: Outcome | { status: string; exitCode: number | null; stderr: string } };

async function runThroughPipeline(w: World, conditionPath: string, c: Case, target: Target): Promise<Run> {
  const { event } = stepEvent(conditionPath, c);
  const doc = await explainPayload(payloadOf(w, c, event), { target, event, run: true, env: envOf(w, c, false) });
  const file = basename(conditionPath);
  const o = doc.calls.flatMap((x) => x.outcomes).find((x) => x.file === file);
  const guard = doc.calls.find((x) => x.guard)?.guard;
  const outcome = o ? { status: o.status, exitCode: o.exit, stderr: o.stderr } : { status: guard ? `not run (${guard.stage} denied)` : "not run (no match)", exitCode: null, stderr: "" };
  return { effect: doc.effect, outcome };
}

async function runDirect(w: World, conditionPath: string, c: Case, target: Target): Promise<Run> {
  const { cond, event } = stepEvent(conditionPath, c);
  const payload = (c.payload ?? payloadOf(w, c, event)) as Payload;
  const cmd = payload.tool_input && typeof payload.tool_input === "object" ? payload.tool_input.command : undefined;
  const analysis = String(payload.tool_name ?? "").toLowerCase() === "bash" ? analyze(typeof cmd === "string" ? cmd : "") : undefined;
  // Raw stdin carries no tool to match on: the script is what is under test.
  if (c.stdin === undefined) {
    const subject: Subject = { name: String(payload.tool_name ?? "") };
    if (analysis) subject.programs = () => analysis;
    if (!selectConditions([cond], cond.step, subject).length) return { effect: {}, outcome: { status: "not run (no match)", exitCode: null, stderr: "" } };
  }
  const call: HookCall = { target, event, payload, batch: [payload] };
  const facts = () => (analysis ? factsOfAnalysis(analysis, { cwd: w.cwd, home: w.home }) : undefined);
  const env = { ...conditionEnv(envOf(w, c, true), call, payload, cond, analysis, facts), ...(c.env ?? {}) };
  const { config } = readConfig(env);
  const interpreters = resolveInterpreters(config.python, config.strictModes);
  const argv = runnerFor(cond.path, cond.ext, interpreters, config.strictModes);
  const outcome = await spawnCondition(cond, { stdin: c.stdin ?? JSON.stringify(payload), cwd: w.cwd, env, timeoutMs: config.timeoutSec * 1000, argv, interpreters });
  const merged = cond.async ? emptyMerged() : mergeOutcomes([outcome]);
  return { effect: applyPolicy(cond.step, merged, payload, (await harnessFor(target)).capabilities), outcome };
}
