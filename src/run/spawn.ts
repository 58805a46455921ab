// Runs one condition: its own process group (a timeout kills grandchildren too), the payload as JSON on
// stdin, stdout and stderr read with a cap so a flood never sits in memory whole.
import { joinChunks } from "../bytes";
import type { Condition, Outcome } from "../types";
import { endStragglers, ended, nextRunId, started } from "./reaper";
import { runnerEnv, runnerFor } from "./runner";

export const OUTPUT_CAP = 1024 * 1024;
const utf8 = new TextDecoder(); // not fatal: invalid bytes become U+FFFD, as Buffer's toString did

export interface SpawnOptions {
  stdin: string;
  cwd: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
}

/**
 * Reads a stream keeping at most `cap` bytes. Past the cap the stream is cancelled rather than drained:
 * the pipe reader would otherwise buffer a flood faster than it can be dropped. The writer then gets
 * EPIPE, which ends a flood at once.
 */
type Reader = { cancel(): Promise<void> };

async function readCapped(stream: ReadableStream<Uint8Array>, cap: number, readers: Reader[]): Promise<{ text: string; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let cut = false;
  const reader = stream.getReader();
  readers.push(reader); // cancelled at the deadline: a pending read then ends as done
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const room = cap - kept;
      // slice copies: a subarray would keep a whole (possibly huge) chunk alive
      chunks.push(value.length > room ? value.slice(0, room) : value);
      kept += Math.min(value.length, room);
      if (value.length > room) {
        cut = true;
        reader.cancel().catch(() => {});
        break;
      }
    }
  } catch {
    // the stream was cancelled (process group killed): keep what we have
  }
  return { text: utf8.decode(joinChunks(chunks, kept)), cut };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

export type Finish = (o: Partial<Outcome> & Pick<Outcome, "status">) => Outcome;

/** Returns the function that completes an outcome of `condition`, timed from `started`. */
export function finisher(condition: Condition, started: number): Finish {
  return (o) => ({
    condition,
    exitCode: null,
    stdout: "",
    stderr: "",
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    ...o,
  });
}

/** Runs `condition` and returns its outcome as a value; it never throws. */
export async function spawnCondition(condition: Condition, opts: SpawnOptions): Promise<Outcome> {
  const done = finisher(condition, performance.now());
  const argv = runnerFor(condition.path, condition.ext, opts.env);
  if (typeof argv === "string") return done({ status: "crashed", error: argv });
  let proc: ReturnType<typeof Bun.spawn>;
  // Every process of this run inherits its id: how what leaves the group is found again (reaper.ts).
  const runId = nextRunId();
  try {
    proc = Bun.spawn(argv, {
      cwd: opts.cwd,
      env: runnerEnv(argv, { ...opts.env, AH_RUN_ID: runId }),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      detached: true, // own session and process group: killing -pid reaches every descendant
    });
  } catch (err) {
    return done({ status: "crashed", error: `cannot start ${argv[0]}: ${(err as Error).message}` });
  }
  started(proc.pid);
  writeStdin(proc, opts.stdin);
  let exited = false;
  let timedOut = false;
  const readers: Reader[] = [];
  // The timeout is a hard deadline for the answer: the group is killed, and the pipes are read no
  // longer, whoever still holds them. (No new Promise here: its first use costs ~0.25 ms a process.)
  const timer = setTimeout(() => {
    if (!exited) timedOut = true;
    killGroup(proc.pid);
    for (const r of readers) r.cancel().catch(() => {});
  }, opts.timeoutMs);
  const out = readCapped(proc.stdout as ReadableStream<Uint8Array>, OUTPUT_CAP, readers);
  const err = readCapped(proc.stderr as ReadableStream<Uint8Array>, OUTPUT_CAP, readers);
  const exitCode = await proc.exited;
  exited = true;
  ended(proc.pid);
  // A child that outlives the condition may hold the pipes open: the group goes with its leader, and so
  // does what left the group (setsid), where the OS lets us find it (reaper.ts).
  killGroup(proc.pid);
  endStragglers(proc.pid, runId);
  const [o, e] = await Promise.all([out, err]);
  clearTimeout(timer);
  if (timedOut) return done({ status: "timeout", exitCode, stdout: o.text, stderr: e.text, error: `timed out after ${opts.timeoutMs / 1000}s` });
  return judgeAnswer(done, exitCode, o, e);
}

/** What a condition wrote on one stream: the text kept, and whether the cap cut it. */
export interface Captured {
  text: string;
  cut: boolean;
}

/**
 * Returns the outcome of a condition that answered with `exitCode` and this output, by the script
 * contract (a process's and an in-process built-in's alike).
 */
export function judgeAnswer(done: Finish, exitCode: number | null, o: Captured, e: Captured): Outcome {
  const stderr = e.cut ? `${e.text}\n[stderr cut at ${OUTPUT_CAP} bytes]` : e.text;
  // A writer that kept writing past the cap met a closed pipe (SIGPIPE, or EPIPE and exit 1 where
  // SIGPIPE is ignored): its exit code says nothing about its answer, so judge what it wrote up to the
  // cap. An explicit exit 2 still denies.
  const code = (o.cut || e.cut) && exitCode !== 2 ? 0 : exitCode;
  return classify(done({ status: "answered", exitCode: code, stdout: o.text, stderr }), o.cut);
}

function writeStdin(proc: ReturnType<typeof Bun.spawn>, text: string): void {
  const sink = proc.stdin as import("bun").FileSink;
  // A condition may exit or close stdin without reading a large payload: the pending write then fails
  // with EPIPE asynchronously, which must not become an unhandled rejection (a stack trace on the
  // harness's stderr, and sometimes exit 1 with no answer).
  try {
    const wrote = sink.write(text);
    if (wrote instanceof Promise) wrote.catch(() => {});
    Promise.resolve(sink.end()).catch(() => {});
  } catch {}
}

/** Turns exit code and stdout into the script contract's outcome. */
function classify(o: Outcome, stdoutCut: boolean): Outcome {
  if (o.exitCode === 2) return { ...o, status: "denied" };
  if (o.exitCode !== 0) {
    const hint = o.exitCode === 127 ? " (command not found: is its runner installed?)" : "";
    return { ...o, status: "crashed", error: `exit ${o.exitCode}${hint}` };
  }
  const text = o.stdout.trim();
  if (text.startsWith("{")) {
    if (stdoutCut) return { ...o, status: "bad-output", error: `JSON output over ${OUTPUT_CAP} bytes was cut` };
    try {
      const json = JSON.parse(text);
      if (json && typeof json === "object" && !Array.isArray(json)) return { ...o, json };
    } catch {}
    return { ...o, status: "bad-output", error: "stdout starts with { but is not a JSON object" };
  }
  return o;
}
