// Ends what a condition left running after its process group was killed: a grandchild that called
// setsid (a new session and group, so the group kill misses it) outlives the condition, and while it
// holds the output pipe the hook would wait for it. On Linux the hook makes itself its conditions'
// child subreaper (prctl PR_SET_CHILD_SUBREAPER, through bun:ffi): a process whose parent exits is then
// re-parented to the hook instead of init, so the hook can find and end it. It recognises a condition's
// processes by the AH_CONDITION, AH_SESSION_ID and AH_TOOL_USE_ID every one of them inherits, and
// looks only at processes started after the condition (pids above its leader's, up to the newest).
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

/** The variables that mark a condition run's processes (all set by the pipeline for every condition). */
const MARKS = ["AH_CONDITION", "AH_SESSION_ID", "AH_TOOL_USE_ID"];

/** Returns the newest pid the kernel handed out (the last field of /proc/loadavg), or undefined. */
function newestPid(): number | undefined {
  try {
    const n = Number(readFileSync("/proc/loadavg", "latin1").trim().split("/").pop()?.split(" ").pop());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
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

/** Returns "ours" (the run's marks), "unmarked" (no AH_CONDITION at all: a cleared environment) or "other". */
function markOf(pid: number, marks: string[]): "ours" | "unmarked" | "other" {
  try {
    const environ = `\0${readFileSync(`/proc/${pid}/environ`, "latin1")}`;
    if (marks.every((m) => environ.includes(`\0${m}\0`))) return "ours";
    return environ.includes("\0AH_CONDITION=") ? "other" : "unmarked";
  } catch {
    return "other";
  }
}

/**
 * Kills every process a condition run left behind: started after its leader `leader`, carrying its
 * marks, and re-parented to this process or to init (never a process another one still owns: another
 * hook's conditions are that hook's children). With `alone` (no other condition process of this hook
 * runs), an orphan of ours with a cleared environment is this run's too. Returns how many it killed. Cheap when there is nothing: one read of
 * /proc/loadavg and one small read per pid handed out since the condition started.
 */
export function endStragglers(leader: number, env: Record<string, string | undefined>, alone = false): number {
  if (process.platform !== "linux") return 0;
  const marks = MARKS.map((k) => `${k}=${env[k] ?? ""}`);
  let killed = 0;
  // Two rounds: ending a straggler re-parents its own children to us.
  for (let round = 0; round < 2; round++) {
    const newest = newestPid();
    if (newest === undefined || newest <= leader) break; // pids wrapped (or no /proc): nothing to scan cheaply
    let found = 0;
    for (let pid = leader + 1; pid <= newest && pid - leader < 4096; pid++) {
      const pg = parentAndGroup(pid);
      if (!pg) continue;
      const [parent, group] = pg;
      // Re-parented to us (the subreaper), or to init (no subreaper, or orphaned before we became one)
      if (parent !== process.pid && parent !== 1) continue;
      const mark = markOf(pid, marks);
      if (mark === "other" || (mark === "unmarked" && !(alone && subreaper && parent === process.pid))) continue;
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
