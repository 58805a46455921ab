// Ends what a condition left running after its process group was killed: a grandchild that called
// setsid (a new session and group, so the group kill misses it) outlives the condition, and while it
// holds the output pipe the hook would wait for it. On Linux the hook makes itself its conditions'
// child subreaper (prctl PR_SET_CHILD_SUBREAPER, through bun:ffi): a process whose parent exits is then
// re-parented to the hook instead of init, so the hook can find and end it. It recognises a condition's
// processes by the AH_RUN_ID every one of them inherits (unique to one run of one condition, so runs in
// parallel, as `conditions test` makes them, are told apart), and looks only at processes started after
// the condition (the pids handed out after its leader's, up to the newest).
// What remains (docs in SECURITY.md): a process that cleared its environment and left the group, one
// owned by another user (sudo), one handed to a service (systemd-run, at, ssh); elsewhere than Linux
// only the group kill.
import { readFileSync } from "node:fs";

const PR_SET_CHILD_SUBREAPER = 36;
const LIBC = ["libc.so.6", "libc.musl-x86_64.so.1", "libc.musl-aarch64.so.1"];

let subreaper: boolean | undefined;

/**
 * Returns true when this process is (now) its children's subreaper. Called right after the first
 * condition starts: loading bun:ffi costs ~0.35 ms, spent while the condition's runtime starts anyway.
 */
export function becomeSubreaper(): boolean {
  if (subreaper !== undefined) return subreaper;
  subreaper = false;
  if (process.platform !== "linux") return false;
  try {
    const { dlopen, FFIType } = require("bun:ffi") as typeof import("bun:ffi");
    for (const name of LIBC) {
      try {
        const lib = dlopen(name, { prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 } });
        subreaper = lib.symbols.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) === 0;
        break;
      } catch {}
    }
  } catch {}
  return subreaper;
}

let runs = 0;

/** Returns a new AH_RUN_ID: this process and a counter, unique among the runs it starts. */
export function nextRunId(): string {
  return `${process.pid}.${++runs}`;
}

/**
 * The processes this process started itself (condition leaders, .async wrappers): never stragglers,
 * even in the moment between fork and exec when a child still has our environment.
 */
const own = new Set<number>();
let leaders = 0;

/** Records a process this process started; `leader`: a synchronous condition's, counted while it runs. */
export function started(pid: number, leader: boolean): void {
  own.add(pid);
  if (leader) leaders++;
}

/** Records that a condition leader recorded by `started` has exited. */
export function ended(pid: number): void {
  own.delete(pid);
  leaders--;
}

/** Returns the newest pid the kernel handed out (the last field of /proc/loadavg), or undefined. */
function newestPid(): number | undefined {
  try {
    const n = Number(readFileSync("/proc/loadavg", "latin1").trim().split("/").pop()?.split(" ").pop());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

let pidMax: number | undefined;

/**
 * Returns the pids handed out after `leader` up to `newest`, in order, at most `limit` of them: past
 * pid_max the kernel starts again from the bottom (above the 300 it reserves), which a busy machine
 * with the default pid_max of 32768 reaches within minutes.
 */
export function pidsSince(leader: number, newest: number, limit = 4096): number[] {
  const out: number[] = [];
  if (newest > leader) {
    for (let pid = leader + 1; pid <= newest && out.length < limit; pid++) out.push(pid);
    return out;
  }
  if (newest === leader) return out;
  if (pidMax === undefined) {
    try {
      pidMax = Number(readFileSync("/proc/sys/kernel/pid_max", "latin1").trim()) || 32768;
    } catch {
      pidMax = 32768;
    }
  }
  for (let pid = leader + 1; pid < pidMax && out.length < limit; pid++) out.push(pid);
  for (let pid = 2; pid <= newest && out.length < limit; pid++) out.push(pid);
  return out;
}

/** Returns [parent pid, process group] of a process, or undefined when it is gone. */
function parentAndGroup(pid: number): [number, number] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // comm may hold spaces and parentheses: the fields start after the last ")"
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return f[0] === "Z" ? undefined : [Number(f[1]), Number(f[2])];
  } catch {
    return undefined;
  }
}

/** Returns "ours" (the run's id), "unmarked" (no AH_RUN_ID at all: a cleared environment) or "other". */
function markOf(pid: number, mark: string): "ours" | "unmarked" | "other" {
  try {
    const environ = `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`;
    if (environ.includes(`\0${mark}\0`)) return "ours";
    return environ.includes("\0AH_RUN_ID=") ? "other" : "unmarked";
  } catch {
    return "other";
  }
}

/**
 * Kills every process a condition run left behind: started after its leader `leader`, carrying its
 * AH_RUN_ID `runId`, and re-parented to this process or to init (never a process another one still owns: another
 * hook's conditions are that hook's children). When no other condition of this process runs, an orphan
 * of ours with a cleared environment is this run's too. Returns how many it killed. Cheap when there is nothing: one read of
 * /proc/loadavg and one small read per pid handed out since the condition started.
 */
export function endStragglers(leader: number, runId: string): number {
  if (process.platform !== "linux") return 0;
  const alone = leaders === 0; // called after its own leader ended
  const mark = `AH_RUN_ID=${runId}`;
  let killed = 0;
  // Two rounds: ending a straggler re-parents its own children to us.
  for (let round = 0; round < 2; round++) {
    const newest = newestPid();
    if (newest === undefined) break; // no /proc
    let found = 0;
    for (const pid of pidsSince(leader, newest)) {
      const pg = parentAndGroup(pid);
      if (!pg || own.has(pid)) continue;
      const [parent, group] = pg;
      // Re-parented to us (the subreaper), or to init (no subreaper, or orphaned before we became one)
      if (parent !== process.pid && parent !== 1) continue;
      const whose = markOf(pid, mark);
      if (whose === "other" || (whose === "unmarked" && !(alone && subreaper && parent === process.pid))) continue;
      try {
        if (group === pid) process.kill(-pid, "SIGKILL"); // it leads a group (setsid): its group goes too
        process.kill(pid, "SIGKILL");
        found++;
      } catch {}
    }
    killed += found;
    if (!found) break;
    Bun.sleepSync(2); // let the killed exit, so their children are re-parented before the next look
  }
  return killed;
}
