// A throw-away world for one live check: a HOME the harness and agentihooks both use, a working
// folder (a git repository without origin, so its directory layer is trusted), and agentihooks
// registered by its own `init`, as a person would. Every world lives under one root per test process,
// removed when the process exits.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

export type Harness = "claude" | "codex" | "copilot" | "gemini" | "opencode" | "droid" | "cline" | "qwen" | "kimi";

/** The compiled executable under test. */
export const BIN = process.env.AGENTIHOOKS_BIN || resolve(import.meta.dir, "../../../dist/agentihooks");

let root: string | undefined;
let outsideRoot: string | undefined;
/** Returns this process's root for worlds, created on first use and removed at exit. */
function worldsRoot(): string {
  if (!root || !existsSync(root)) {
    root = realpathSync(mkdtempSync(join(tmpdir(), "ah-live-")));
    process.once("exit", removeWorlds);
  }
  return root;
}

/**
 * A root outside /tmp and TMPDIR, for worlds whose HOME must not lie in a temporary folder: Codex
 * refuses to create its sandbox helper under one (`bwrap: execvp codex-linux-sandbox`), and every
 * sandbox lets the agent write /tmp.
 */
function outsideTmpRoot(): string {
  if (!outsideRoot || !existsSync(outsideRoot)) {
    outsideRoot = realpathSync(mkdtempSync("/var/tmp/ah-live-"));
    process.once("exit", removeWorlds);
  }
  return outsideRoot;
}

/**
 * Removes every world of this process. `bun test` fires no "exit" event, so lib/cleanup.ts (a test
 * preload, bunfig.toml) calls this after the last test; a plain script still gets the exit handler.
 */
export function removeWorlds(): void {
  const roots = [root, outsideRoot].filter((r): r is string => !!r);
  stopStrays(roots);
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  root = undefined;
  outsideRoot = undefined;
}

/**
 * Kills what a harness left running in a world after its session ended: Cline's hub daemon starts in
 * a session of its own (out of the run's process group) and outlives the run, its cwd and HOME inside
 * the world. A process whose working folder or HOME lies under one of `roots` is stopped.
 */
function stopStrays(roots: string[]): void {
  if (!roots.length || !existsSync("/proc/self")) return;
  const inside = (p: string | undefined) => !!p && roots.some((r) => p === r || p.startsWith(`${r}/`));
  const strays: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`).replace(/ \(deleted\)$/, "");
      const home = /(?:^|\0)HOME=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, "latin1"))?.[1];
      if (inside(cwd) || inside(home)) strays.push(pid);
    } catch {} // gone, or another user's
  }
  for (const pid of strays) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {}
  }
}

export interface World {
  harness: Harness;
  /** HOME for the harness and the hook. */
  home: string;
  /** The session's working folder (a git repository, no origin). */
  work: string;
  /** ~/.agentihooks (the hook gets no AGENTIHOOKS_HOME: the harness does not pass one). */
  ahome: string;
  /** The runtime layer: ~/.agentihooks/conditions. */
  conditions: string;
  /** The environment every process of this world starts from (no variable of the test runner leaks). */
  env: Record<string, string>;
  /** Writes a file under the world (folders created); returns its path. */
  write(path: string, body: string, mode?: number): string;
  /** Adds a condition to the runtime layer (or `dir`) and returns its path. */
  condition(file: string, body: string, dir?: string): string;
  /** The absolute path of a marker file of this world (for side-effect checks). */
  marker(name: string): string;
  exists(path: string): boolean;
  read(path: string): string;
  /** Runs agentihooks with args in this world; throws with its output when it exits non-zero. */
  agentihooks(args: string[], opts?: { allowFail?: boolean; stdin?: string }): { exitCode: number; stdout: string; stderr: string };
}

/** The variables every world passes on: a PATH that finds bash, git, python3, jq, and the executable's folder. */
function baseEnv(home: string): Record<string, string> {
  return {
    PATH: `${dirname(BIN)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: home,
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    USER: process.env.USER ?? "root",
  };
}

export interface WorldOptions {
  /** Run `agentihooks init --target <harness>` (default true); extra init arguments. */
  init?: boolean;
  initArgs?: string[];
  /** Put the world under /var/tmp, outside every temporary folder (see outsideTmpRoot). */
  outsideTmp?: boolean;
  /**
   * Keep the markers inside the working folder (`.markers/`): what a sandboxed harness lets a command
   * write (Codex's workspace-write) when the world is outside /tmp.
   */
  markersInWork?: boolean;
}

/**
 * A Codex world for a check in its default (workspace-write) mode. With a system bubblewrap installed,
 * Codex 0.169 runs its sandbox through it and refuses to create the sandbox helper under a temporary
 * folder (`bwrap: execvp codex-linux-sandbox: No such file or directory`, every command fails): the
 * world goes under /var/tmp, and the markers into the workspace it may write.
 */
export const sandboxedCodexWorld = (opts: WorldOptions = {}) => makeWorld("codex", { ...opts, outsideTmp: true, markersInWork: true });

/**
 * LIVE_HOOK_PATH=resident: every Claude world's init takes --resident, so the Claude checks run with its
 * tool events answered by the MCP server (init moves no other harness: setup/resident-hooks.ts).
 */
export const RESIDENT = process.env.LIVE_HOOK_PATH === "resident";
const pathArgs = (harness: Harness) => (RESIDENT && harness === "claude" ? ["--resident"] : []);

/** Creates a world for `harness`. */
export function makeWorld(harness: Harness, opts: WorldOptions = {}): World {
  const base = mkdtempSync(join(opts.outsideTmp ? outsideTmpRoot() : worldsRoot(), `${harness}-`));
  const home = join(base, "home");
  const work = join(base, "work");
  const markers = opts.markersInWork ? join(work, ".markers") : join(base, "markers");
  const ahome = join(home, ".agentihooks");
  const conditions = join(ahome, "conditions");
  mkdirSync(work, { recursive: true });
  mkdirSync(conditions, { recursive: true, mode: 0o700 });
  const env = baseEnv(home);
  const git = Bun.spawnSync(["git", "init", "-q", "-b", "main", work], { env, stdout: "ignore", stderr: "pipe" });
  if (git.exitCode !== 0) throw new Error(`git init failed: ${git.stderr}`);
  const world: World = {
    harness, home, work, ahome, conditions, env,
    write(path, body, mode = 0o644) {
      const full = resolve(base, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, body);
      chmodSync(full, mode);
      return full;
    },
    condition(file, body, dir = conditions) {
      return world.write(join(dir, file), body, 0o755);
    },
    marker: (name) => join(markers, name),
    exists: (path) => existsSync(path),
    read: (path) => readFileSync(path, "utf8"),
    agentihooks(args, o = {}) {
      const p = Bun.spawnSync([BIN, ...args], { env, cwd: work, stdin: o.stdin === undefined ? "ignore" : new Blob([o.stdin]), stdout: "pipe", stderr: "pipe" });
      const r = { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
      if (r.exitCode !== 0 && !o.allowFail) throw new Error(`agentihooks ${args.join(" ")} exited ${r.exitCode}\n${r.stdout}${r.stderr}`);
      return r;
    },
  };
  mkdirSync(markers, { recursive: true });
  if (opts.init !== false) world.agentihooks(["init", "--target", harness, ...pathArgs(harness), ...(opts.initArgs ?? [])]);
  return world;
}

/** A bash condition body that records that it ran (marker) and its payload, then runs `tail`. */
export function recorder(world: World, name: string, tail = "exit 0"): string {
  const mark = world.marker(name);
  return `#!/usr/bin/env bash\ncat > '${mark}.payload.json'\nenv > '${mark}.env'\ntouch '${mark}'\n${tail}\n`;
}

export interface HookLogRecord {
  kind: string;
  event?: string;
  error?: string;
  exit?: number;
  [k: string]: unknown;
}

/** The hook's own log lines ($AGENTIHOOKS_HOME/logs/hook.jsonl) of a world. */
export function hookLog(world: World): HookLogRecord[] {
  const path = join(world.ahome, "logs", "hook.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as HookLogRecord);
}

/** Waits up to `ms` for a file to hold `text` (async conditions run detached); returns its text. */
export async function waitForText(path: string, text: string, ms = 5000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const body = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (body.includes(text) || Date.now() > until) return body;
    await Bun.sleep(50);
  }
}

/**
 * A world where `init` was run from a copy of the executable, in a folder beside the HOME, so a check
 * can move the registered executable away; returns the world and the copy's path.
 */
export function worldWithCopy(harness: Harness, initArgs: string[] = []): { world: World; exe: string } {
  const world = makeWorld(harness, { init: false });
  const bin = join(world.home, "..", "bin");
  mkdirSync(bin, { recursive: true });
  const exe = join(bin, "agentihooks");
  copyFileSync(BIN, exe);
  chmodSync(exe, 0o755);
  const init = Bun.spawnSync([exe, "init", "--target", harness, ...pathArgs(harness), ...initArgs], { env: world.env, cwd: world.work, stdout: "pipe", stderr: "pipe" });
  if (init.exitCode !== 0) throw new Error(`init from ${exe} failed: ${init.stderr}`);
  return { world, exe };
}
