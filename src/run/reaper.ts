// Ends what a condition left running after its process group was killed: a grandchild that called
// setsid (a new session and group, so the group kill misses it) outlives the condition, and while it
// holds the output pipe the hook would wait for it (spawn.ts stops waiting at the deadline whatever
// happens). The hook recognises a condition's processes by the AH_RUN_ID each of them inherits (unique
// to one run of one condition, so runs in parallel, as `conditions test` makes them, are told apart),
// whoever their parent is now (init, `systemd --user`, a container's init), and looks only at processes
// started after the condition (the pids handed out after its leader's, up to the newest): a handful of
// small /proc reads. A child subreaper (prctl through bun:ffi) was measured and not kept: it costs
// ~0.35 ms a call (bench/README.md, entry 25) and would add only processes that cleared their environment.
// What remains (SECURITY.md, promise 8): a process that cleared its environment (env -i) and left the
// group, one owned by another user (sudo), one handed to a service (systemd-run, at, ssh); elsewhere
// than Linux only the group kill.
import { existsSync, readFileSync } from "node:fs";

let runs = 0;

/** Returns a new AH_RUN_ID: this process and a counter, unique among the runs it starts. */
export function nextRunId(): string {
  return `${process.pid}.${++runs}`;
}

/** The processes this process started itself (condition leaders, .async wrappers): never stragglers. */
const own = new Set<number>();

/** Records a process this process started. */
export function started(pid: number): void {
  own.add(pid);
}

/** Records that a process recorded by `started` has exited. */
export function ended(pid: number): void {
  own.delete(pid);
}

/** Returns the newest pid the kernel handed out (the last field of /proc/loadavg), or undefined. */
function newestPid(): number | undefined {
  try {
    const text = readFileSync("/proc/loadavg", "latin1");
    const n = Number(text.slice(text.lastIndexOf(" ") + 1));
    return n > 0 ? n : undefined;
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

/** Returns the process group of a live process, or undefined when it is gone (or a zombie). */
function groupOf(pid: number | "self"): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // comm may hold spaces and parentheses: the fields start after the last ")"
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ", 3);
    return f[0] === "Z" ? undefined : Number(f[2]);
  } catch {
    return undefined;
  }
}

let selfGroup: number | undefined;

/** True when a process's environment carries `mark` (AH_RUN_ID=<id>); false when gone or unreadable. */
function carries(pid: number, mark: string): boolean {
  try {
    return `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`.includes(`\0${mark}\0`);
  } catch {
    return false;
  }
}

/**
 * Kills every process a condition run left behind: started after its leader `leader` and carrying its
 * AH_RUN_ID `runId`. Returns how many it killed. Cheap when there is nothing: one read of
 * /proc/loadavg and an existsSync per pid handed out since the condition started.
 */
export function endStragglers(leader: number, runId: string): number {
  if (process.platform !== "linux") return 0;
  const mark = `AH_RUN_ID=${runId}`;
  let killed = 0;
  // Two rounds: a straggler's children may have been forked while the first round looked.
  for (let round = 0; round < 2; round++) {
    const newest = newestPid();
    if (newest === undefined || newest === leader) break; // no /proc, or nothing started since
    let found = 0;
    for (const pid of pidsSince(leader, newest)) {
      // existsSync first: most pids handed out since are gone already, and a failed read throws (slow).
      if (own.has(pid) || !existsSync(`/proc/${pid}`)) continue;
      // The group (a cheap read) next: a process still in this run's group is being killed already, one
      // in another live condition's group belongs to that run, one in ours is this process's thread;
      // only the rest are read further (another process's environment waits on its memory map).
      const group = groupOf(pid);
      selfGroup ??= groupOf("self");
      if (group === undefined || group === leader || group === selfGroup || own.has(group) || !carries(pid, mark)) continue;
      try {
        if (group === pid) process.kill(-pid, "SIGKILL"); // it leads a group (setsid): its group goes too
        process.kill(pid, "SIGKILL");
        found++;
      } catch {}
    }
    killed += found;
    if (!found) break;
  }
  return killed;
}
