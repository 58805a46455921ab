// Runs the conditions that matched one call: .async ones first, detached, then the synchronous ones in
// parallel under CONDITIONS_MAX_PARALLEL. Outcomes come back in catalog order, not finishing order,
// so the merge is deterministic.
import { closeSync, existsSync, mkdirSync, openSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Condition, Outcome } from "../types";
import { builtinFile } from "../conditions/builtin";
import { isRulesFile } from "../conditions/filename";
import type { LineFacts } from "../facts/facts";
import type { RulesContext } from "./rules";
import { nextRunId, started } from "./reaper";
import { type Interpreters, SYSTEM_BIN } from "./interpreters";
import { runnerEnv } from "./runner";
import { type SpawnOptions, spawnCondition } from "./spawn";

export interface RunOptions {
  payloadJson: string;
  cwd: string;
  /** Environment for one condition (AH_* included). */
  envFor: (c: Condition) => Record<string, string | undefined>;
  /** What runs one condition (runner.ts), or why nothing can. */
  argvFor: (c: Condition) => string[] | string;
  interpreters?: Interpreters;
  timeoutMs: number;
  maxParallel: number;
  logsDir: string;
  /** The call's command facts (Bash), for the conditions that run in this process. */
  facts?: () => LineFacts | undefined;
  /** What rules files are judged with (their preset, disabled rules, the payload). */
  rules?: Omit<RulesContext, "facts">;
}

/** Returns the working directory for conditions: the payload's cwd when it is a folder. */
export function workingDir(cwd: string): string {
  try {
    if (statSync(cwd).isDirectory()) return cwd;
  } catch {}
  return process.cwd();
}

/** Runs `conditions`; returns the synchronous outcomes in order and the async ones that could not start. */
export async function runConditions(conditions: Condition[], opts: RunOptions): Promise<Outcome[]> {
  const cwd = workingDir(opts.cwd);
  const outcomes: Outcome[] = [];
  for (const c of conditions.filter((c) => c.async)) {
    const error = startDetached(c, { ...opts, cwd });
    if (error) outcomes.push({ condition: c, status: "crashed", exitCode: null, stdout: "", stderr: "", durationMs: 0, error });
  }
  const sync = conditions.filter((c) => !c.async);
  const results: Outcome[] = new Array(sync.length);
  const options = (c: Condition): SpawnOptions => ({ stdin: opts.payloadJson, cwd, env: opts.envFor(c), timeoutMs: opts.timeoutMs, argv: opts.argvFor(c), interpreters: opts.interpreters });
  // Built-ins run in this process; the others each in a process of their own, at most maxParallel at once.
  const spawned: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < sync.length; i++) (builtinFile(sync[i].path) || isRulesFile(sync[i]) ? inProcess : spawned).push(i);
  let next = 0;
  const worker = async () => {
    while (next < spawned.length) {
      const i = spawned[next++];
      results[i] = await spawnCondition(sync[i], options(sync[i]));
    }
  };
  const workers: Promise<void>[] = []; // a loop, not Array.from: a builtin's first use costs ~0.2 ms at start-up
  for (let w = 0; w < Math.min(opts.maxParallel, spawned.length); w++) workers.push(worker());
  // The processes are starting meanwhile: a built-in's work overlaps theirs.
  if (inProcess.length) {
    // Loaded here only: a call that runs no built-in never evaluates them. By import(), not require():
    // a process's first require() costs ~0.5 M instructions (harness/registry.ts).
    // They run one after another but, like the processes, all from the start of the call: one deadline.
    const due = performance.now() + opts.timeoutMs;
    // Both at once (one wait, not two), the rules engine only when a rules file runs.
    const rulesFiles: Condition[] = [];
    for (const i of inProcess) if (isRulesFile(sync[i])) rulesFiles.push(sync[i]);
    const [{ builtinFunction, runBuiltin }, engine] = await Promise.all([import("./builtin"), rulesFiles.length && opts.rules ? import("./rules") : undefined]);
    const rules = engine && opts.rules ? engine.rulesFunctions(rulesFiles, { ...opts.rules, facts: opts.facts }) : undefined;
    for (const i of inProcess) {
      const run = rules?.get(sync[i]) ?? builtinFunction(sync[i]);
      results[i] = run ? await runBuiltin(sync[i], run, { ...options(sync[i]), facts: opts.facts }, due) : await spawnCondition(sync[i], options(sync[i]));
    }
  }
  await Promise.all(workers);
  return [...outcomes, ...results];
}

/**
 * Starts an .async condition fully detached: own session, stdin from a file (the hook may exit before a
 * pipe drains), stdout and stderr appended to logs/async-conditions.log. Returns an error or undefined.
 */
function startDetached(c: Condition, opts: RunOptions & { cwd: string }): string | undefined {
  const argv = opts.argvFor(c);
  if (typeof argv === "string") return argv;
  const timeout = SYSTEM_BIN.map((d) => `${d}/timeout`).find((p) => existsSync(p)); // never the PATH
  if (!timeout) return `no timeout program in ${SYSTEM_BIN.join(", ")} to bound an .async condition`;
  try {
    mkdirSync(opts.logsDir, { recursive: true, mode: 0o700 });
    const inputPath = join(opts.logsDir, `.async-input.${process.pid}.${Math.random().toString(36).slice(2)}`);
    writeFileSync(inputPath, opts.payloadJson, { mode: 0o600 });
    const input = openSync(inputPath, "r");
    unlinkSync(inputPath); // the open descriptor keeps the data; nothing is left behind
    const log = openSync(join(opts.logsDir, "async-conditions.log"), "a");
    const limit = String(Math.ceil(opts.timeoutMs / 1000) + 5);
    // Its own run id: what it leaves behind is never taken for a synchronous condition's (reaper.ts)
    const env = { ...opts.envFor(c), AH_RUN_ID: nextRunId() };
    const proc = Bun.spawn([timeout, "-s", "KILL", limit, ...argv], {
      cwd: opts.cwd,
      env: runnerEnv(argv, env, opts.interpreters),
      stdin: input,
      stdout: log,
      stderr: log,
      detached: true,
    });
    proc.unref();
    started(proc.pid);
    closeSync(input);
    closeSync(log);
    return undefined;
  } catch (err) {
    return `cannot start detached: ${(err as Error).message}`;
  }
}
