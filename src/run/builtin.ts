// Runs a built-in condition in the hook's own process: its module in conditions-examples/_src/ (the one
// source of the file a person copies and runs as a script, which is built from it by `make examples`;
// the parity tests run both) is called with the call a script would get (stdin's bytes,
// the environment, the working directory) and its answer becomes the exit code and output a script
// would write (answerStreams), judged by the same contract (judgeAnswer). So a built-in's outcome, in
// explain, stats and the log, is the one its script would have: a throw is exit 1 (as Bun's uncaught
// exception), a run past the timeout is a timeout. Only the executable's own modules run here: people's
// conditions always run in their own process group (spawn.ts).
// This module is loaded (by parallel.ts) only when a built-in matched: it and the guards are one chunk.
import type { Condition as ConditionFn, Result, Streams } from "../../conditions-examples/_src/condition";
import { answerStreams } from "../../conditions-examples/_src/condition";
import secretsEnv from "../../conditions-examples/_src/pre-read+edit+write+notebookedit+grep+bash-secrets_env";
import { builtinFile } from "../conditions/builtin";
import approveReadonly, { approveReadonlyPermission } from "./approve-readonly";
import type { LineFacts } from "../facts/facts";
import type { Condition, Outcome } from "../types";
import { type SpawnOptions, OUTPUT_CAP, finisher, judgeAnswer } from "./spawn";

/** Filename -> the module's default export. */
const MODULES: Readonly<Record<string, ConditionFn>> = {
  "pre-bash-approve_readonly.ts": approveReadonly,
  "permission-bash-approve_readonly.ts": approveReadonlyPermission,
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": secretsEnv,
};

/** Returns the in-process function of a built-in condition, or undefined for any other condition. */
export function builtinFunction(c: Condition): ConditionFn | undefined {
  const file = builtinFile(c.path);
  return file && Object.hasOwn(MODULES, file) ? MODULES[file] : undefined;
}

const encoder = new TextEncoder();

const captured = (text: string) => (text.length > OUTPUT_CAP ? { text: text.slice(0, OUTPUT_CAP), cut: true } : { text, cut: false });

/**
 * Runs built-in `condition` in this process and returns its outcome; it never throws. `due`
 * (performance.now() milliseconds, default the timeout from now) is when the answer is due.
 */
export async function runBuiltin(condition: Condition, run: ConditionFn, opts: SpawnOptions & { facts?: () => LineFacts | undefined }, due?: number): Promise<Outcome> {
  const started = performance.now();
  const done = finisher(condition, started);
  const left = Math.max(0, (due ?? started + opts.timeoutMs) - started);
  const facts = opts.facts?.();
  const call = { stdin: encoder.encode(opts.stdin), env: opts.env, cwd: opts.cwd, deadline: Math.floor(Date.now() + left), ...(facts ? { facts } : {}) };
  const late = () => done({ status: "timeout", error: `timed out after ${opts.timeoutMs / 1000}s` });
  if (left <= 0) return late(); // the built-ins before it used the call's time: not started at all
  let streams: Streams | "timeout";
  try {
    const result = run(call);
    streams = result instanceof Promise ? await withDeadline(result, left) : answerStreams(result);
  } catch (err) {
    // As a script's uncaught exception: the message on stderr, exit 1 (a crash, never a silent allow)
    streams = { exit: 1, stdout: "", stderr: `${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n` };
  }
  // Work that cannot be interrupted (a synchronous function) is judged when it returns: past the
  // deadline its answer is dropped, as a script's would be when its group is killed.
  if (streams === "timeout" || performance.now() - started > left) return late();
  return judgeAnswer(done, streams.exit, captured(streams.stdout), captured(streams.stderr));
}

/** Returns the streams of an asynchronous answer, or "timeout" when it is not there in time. */
function withDeadline(result: Promise<Result>, timeoutMs: number): Promise<Streams | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  return Promise.race([result.then(answerStreams), late]).finally(() => clearTimeout(timer));
}
