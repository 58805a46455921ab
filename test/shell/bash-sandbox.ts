// Runs shell lines under the real bash, each in a throw-away folder, with a PATH of stub programs
// that log their own names, and returns what each line ran. For the differential tests: what bash
// runs must be in what the analysis reports (or the analysis says dynamic).
//
// Nothing a line does may reach the machine. As root the lines run in their own mount namespace
// where / is read-only and only the sandbox folder is writable, as a user of their own (a uid no
// process and no account uses, picked per run so parallel runs do not share one), with at most 256
// processes, each line at most 3 s; after each batch any process left of that user is killed (by id). Without root: a user and mount namespace with the
// same read-only /. The stubs cannot be changed by a line, the real programs some stubs pass on to
// (bash, env, xargs, find, awk...) see only the stubs on PATH, and the whole folder is removed
// afterwards. Without namespaces the runs are refused.
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Stubs that log, then run the real program with the same arguments (so what it runs is seen too). */
const PASS_THROUGH: Readonly<Record<string, string>> = {
  bash: "/bin/bash", sh: "/bin/sh", env: "/usr/bin/env", xargs: "/usr/bin/xargs", find: "/usr/bin/find", timeout: "/usr/bin/timeout",
  nice: "/usr/bin/nice", nohup: "/usr/bin/nohup", stdbuf: "/usr/bin/stdbuf", setsid: "/usr/bin/setsid", awk: "/usr/bin/awk",
  sed: "/usr/bin/sed", perl: "/usr/bin/perl", python3: "/usr/bin/python3", node: "/usr/bin/node", setarch: "/usr/bin/setarch",
  prlimit: "/usr/bin/prlimit", flock: "/usr/bin/flock", time: "/usr/bin/time", setpriv: "/usr/bin/setpriv", ionice: "/usr/bin/ionice",
  taskset: "/usr/bin/taskset", chrt: "/usr/bin/chrt", busybox: "/bin/busybox", git: "/usr/bin/git", ssh: "/usr/bin/ssh",
  tar: "/usr/bin/tar", less: "/usr/bin/less", zip: "/usr/bin/zip", sqlite3: "/usr/bin/sqlite3", vim: "/usr/bin/vim", ed: "/usr/bin/ed",
  gdb: "/usr/bin/gdb",
};

/** Stubs that only log: the names the generator runs, and the programs runners fall back on. */
export const LOGGING = ["a", "b", "c", "rm", "ls", "foo", "cat", "echo", "printf", "make", "curl", "sudo", "kubectl", "true", "false", "git.exe"];

export interface Sandbox {
  root: string;
  stubs: string;
  /**
   * Runs the lines (two bash drivers in parallel); returns, per line, the names of the stubs it ran,
   * and the log rows no line's folder accounts for (a stub run elsewhere: the test must fail on them).
   */
  run(lines: string[]): Promise<{ ran: string[][]; stray: string[] }>;
  cleanup(): void;
}

/** Returns a sandbox, or a reason it cannot isolate the lines on this machine. */
export function openSandbox(): Sandbox | string {
  if (process.platform !== "linux" || !existsSync("/bin/bash")) return "needs Linux and /bin/bash";
  const isRoot = process.getuid?.() === 0;
  const probe = Bun.spawnSync(isRoot ? ["unshare", "-m", "true"] : ["unshare", "-rm", "true"], { stderr: "ignore" });
  if (probe.exitCode !== 0) return "unshare (a mount namespace) is not available: the lines cannot be kept from the machine";
  const root = join(tmpdir(), `ah-bash-${process.pid}-${Date.now()}`);
  const stubs = join(root, "stubs");
  const uid = isRoot ? freeUid() : -1;
  if (isRoot && uid < 0) return "no free uid for the sandbox's user";
  if (isRoot) searchable(tmpdir());
  mkdirSync(stubs, { recursive: true, mode: 0o755 });
  chmodSync(root, 0o755);
  const log = join(root, "log");
  writeFileSync(log, "");
  chmodSync(log, 0o666);
  for (const name of [...LOGGING, ...Object.keys(PASS_THROUGH)]) {
    const real = PASS_THROUGH[name];
    const pass = real && existsSync(real) ? `exec ${real} "$@"\n` : "";
    writeFileSync(join(stubs, name), `#!/bin/sh\nprintf '%s %s\\n' '${name}' "$PWD" >> ${log}\n${pass}`, { mode: 0o755 });
  }
  let batch = 0;
  return {
    root,
    stubs,
    run: (lines) => runLines(root, stubs, log, lines, uid, batch++),
    cleanup: () => {
      if (uid >= 0) killLeftovers(uid);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Returns a uid that no account and no process uses, or -1. */
function freeUid(): number {
  const passwd = existsSync("/etc/passwd") ? readFileSync("/etc/passwd", "utf8") : "";
  const used = new Set(passwd.split("\n").map((l) => l.split(":")[2]));
  for (let k = 0; k < 200; k++) {
    const uid = 61000 + ((process.pid * 7 + k * 13) % 4000);
    if (!used.has(String(uid)) && !leftovers(uid).length) return uid;
  }
  return -1;
}

// --- internal ---

/**
 * Lets the sandbox's user reach its folder: each folder above it that others cannot search (a test
 * run's private temporary root, made 0700) gets the search bit for others, never read or write.
 */
function searchable(dir: string): void {
  for (let d = dir; d !== dirname(d); d = dirname(d)) {
    const mode = statSync(d).mode & 0o7777;
    if (!(mode & 0o001)) chmodSync(d, mode | 0o001);
  }
}

// Started with an empty environment; each line's bash gets only PATH (the stubs) and HOME (its folder),
// at most 3 s, and (with the driver) a bounded number of processes, so a line that recurses (a
// BASH_ENV that starts bash again) ends instead of filling the machine.
const DRIVER = `#!/bin/bash
# $1: a file of NUL-separated lines; $2: the first line's index; $3: the folder of work folders; $4: stubs;
# $5: the most processes its user may have
i=$2
ulimit -u "$5" || exit 1
export PATH="$4" LC_ALL=C.UTF-8
while IFS= read -r -d '' line; do
  d="$3/$i"
  cd "$d" && HOME="$d" /usr/bin/timeout -s KILL 3 /bin/bash -c "$line" </dev/null >/dev/null 2>&1
  i=$((i+1))
done < "$1"
`;

async function runLines(root: string, stubs: string, log: string, lines: string[], uid: number, batch: number): Promise<{ ran: string[][]; stray: string[] }> {
  const isRoot = uid >= 0;
  // lines are passed NUL-separated, and bash reads a -c string only up to a NUL anyway
  if (lines.some((l) => l.includes("\0"))) throw new Error("a line holds a NUL byte");
  const work = join(root, `w${batch}`);
  mkdirSync(work, { mode: 0o777 });
  chmodSync(work, 0o777);
  for (let i = 0; i < lines.length; i++) {
    mkdirSync(join(work, String(i)), { mode: 0o777 });
    chmodSync(join(work, String(i)), 0o777);
    if (isRoot) chownSync(join(work, String(i)), uid, uid);
  }
  const driver = join(root, "driver.sh");
  writeFileSync(driver, DRIVER, { mode: 0o755 });
  writeFileSync(log, "");
  const half = Math.ceil(lines.length / 2);
  // the limit counts all the user's processes: its own user's 256, or 256 more than a plain user has
  const nproc = isRoot ? 256 : leftovers(process.getuid?.() ?? 0).length + 256;
  const parts = [lines.slice(0, half), lines.slice(half)];
  const procs = parts.map((part, k) => {
    const file = join(root, `lines${batch}-${k}`);
    writeFileSync(file, part.map((l) => `${l}\0`).join(""));
    chmodSync(file, 0o644);
    const user = isRoot ? `setpriv --reuid=${uid} --regid=${uid} --clear-groups --no-new-privs ` : "";
    const inner = `mount --bind ${root} ${root} && mount -o remount,bind,ro / && exec /usr/bin/timeout -s KILL 300 /usr/bin/env -i ${user}/bin/bash ${driver} ${file} ${k * half} ${work} ${stubs} ${nproc}`;
    return Bun.spawn(isRoot ? ["unshare", "-m", "--propagation", "private", "/bin/sh", "-c", inner] : ["unshare", "-rm", "/bin/sh", "-c", inner], { stdout: "ignore", stderr: "ignore", stdin: "ignore" });
  });
  await Promise.all(procs.map((p) => p.exited));
  await Bun.sleep(300); // a stub a line started in the background may still be writing
  if (isRoot) killLeftovers(uid);
  const ran: string[][] = lines.map(() => []);
  const stray: string[] = [];
  for (const row of readFileSync(log, "utf8").split("\n")) {
    if (!row) continue;
    const sp = row.indexOf(" ");
    const rest = row.slice(sp + 1);
    const index = rest.startsWith(`${work}/`) ? Number.parseInt(rest.slice(work.length + 1), 10) : -1;
    if (index >= 0 && index < ran.length) ran[index].push(row.slice(0, sp));
    else stray.push(row);
  }
  rmSync(work, { recursive: true, force: true });
  return { ran, stray };
}

/** Returns the ids of the processes of `uid`. */
function leftovers(uid: number): number[] {
  const r = Bun.spawnSync(["ps", "-u", String(uid), "-o", "pid="], { stderr: "ignore" });
  return r.stdout.toString().split(/\s+/).filter(Boolean).map(Number);
}

/** Kills, by id, every process the lines left behind (a background job, a recursion cut short). */
function killLeftovers(uid: number): void {
  for (let round = 0; round < 20; round++) {
    const pids = leftovers(uid);
    if (!pids.length) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    Bun.sleepSync(50);
  }
}
