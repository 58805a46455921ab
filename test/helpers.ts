// Test helpers shared by every suite: the compiled executable, throw-away homes and repositories.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The compiled executable under test (make test sets AGENTIHOOKS_BIN). */
export const BIN = process.env.AGENTIHOOKS_BIN || resolve(import.meta.dir, "../dist/agentihooks");
export const REPO = resolve(import.meta.dir, "..");

/**
 * The test run's temporary root (made by test/setup.ts, bun test's preload, and removed after the
 * last test): every temporary folder of the suite (tempDir, and anything the tests or the
 * executables they start put in TMPDIR) lives under it, so a run leaves nothing behind in /tmp.
 */
export const RUN_ROOT = (() => {
  const root = process.env.AGENTIHOOKS_TEST_ROOT;
  if (root) return root;
  // imported outside bun test's preload (a script): a root of its own, removed at exit
  const own = realpathSync(mkdtempSync(join(tmpdir(), "ah-run-")));
  process.env.AGENTIHOOKS_TEST_ROOT = own;
  process.env.TMPDIR = own;
  process.on("exit", () => rmSync(own, { recursive: true, force: true }));
  return own;
})();

/** Returns a fresh temporary directory under the run's root (realpath, so resolved paths compare). */
export function tempDir(prefix = "ah-"): string {
  return realpathSync(mkdtempSync(join(RUN_ROOT, prefix)));
}

/** Writes a file (creating folders); `mode` 0o755 for scripts. */
export function writeFile(path: string, body: string, mode = 0o644): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, body);
  chmodSync(path, mode);
  return path;
}

export interface Sandbox {
  root: string;
  home: string; // AGENTIHOOKS_HOME
  userHome: string; // HOME
  repo: string; // a git checkout with no origin (trusted)
  env: Record<string, string>;
}

/** Returns a sandbox: its own AGENTIHOOKS_HOME, HOME and a local repository. */
export function sandbox(): Sandbox {
  const root = tempDir();
  const home = join(root, "ahome");
  const userHome = join(root, "home");
  const repo = join(root, "repo");
  mkdirSync(join(home, "conditions"), { recursive: true });
  mkdirSync(userHome, { recursive: true });
  // All three harnesses installed (their config folders exist), so a bare `init` sets up all three.
  for (const dir of [".claude", ".codex", ".copilot"]) mkdirSync(join(userHome, dir));
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "config"), "[core]\n\tbare = false\n");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: userHome,
    AGENTIHOOKS_HOME: home,
    AGENTIHOOKS_STRICT_MODES: "0",
    NO_COLOR: "1",
    TMPDIR: RUN_ROOT,
  };
  return { root, home, userHome, repo, env };
}

/** Adds a condition to a layer directory and returns its path. */
export function addCondition(dir: string, file: string, body: string, mode = 0o755): string {
  return writeFile(join(dir, file), body, mode);
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  json?: any;
}

/** Runs the executable with args and optional stdin; parses stdout as JSON when it is one. */
export function run(args: string[], opts: { env?: Record<string, string>; stdin?: string | Uint8Array; cwd?: string } = {}): RunResult {
  const p = Bun.spawnSync([BIN, ...args], {
    env: opts.env ?? (process.env as Record<string, string>),
    cwd: opts.cwd,
    stdin: opts.stdin === undefined ? "ignore" : new Blob([opts.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const stdout = p.stdout.toString();
  let json: unknown;
  try {
    json = stdout.trim() ? JSON.parse(stdout) : undefined;
  } catch {}
  return { exitCode: p.exitCode ?? -1, stdout, stderr: p.stderr.toString(), json };
}

/** Runs `agentihooks hook` with a payload object. */
export function hook(payload: unknown, opts: { env: Record<string, string>; target?: string; event?: string; cwd?: string }): RunResult {
  const args = ["hook"];
  if (opts.target) args.push("--target", opts.target);
  if (opts.event) args.push("--event", opts.event);
  return run(args, { env: opts.env, stdin: typeof payload === "string" ? payload : JSON.stringify(payload), cwd: opts.cwd });
}

/** The stand-in harness that starts hooks as Claude Code and Codex do (test/fixtures/claude.ts). */
export const FAKE_HARNESS = resolve(import.meta.dir, "fixtures/claude.ts");

/**
 * Runs `agentihooks hook` started by a harness (the stand-in), as the real harnesses start it: only
 * such a hook may arm the gate. `hook` above runs it as the agent's shell would (a child of the test).
 */
export function harnessHook(payload: unknown, opts: { env: Record<string, string>; target?: string; event?: string; cwd?: string }): RunResult {
  const argv = [BIN, "hook"];
  if (opts.target) argv.push("--target", opts.target);
  if (opts.event) argv.push("--event", opts.event);
  const stdin = typeof payload === "string" ? payload : JSON.stringify(payload);
  const p = Bun.spawnSync([process.execPath, FAKE_HARNESS, JSON.stringify({ argv, stdin, env: opts.env, cwd: opts.cwd })], {
    env: opts.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const r = JSON.parse(p.stdout.toString() || `{"exitCode":-1,"stdout":"","stderr":${JSON.stringify(p.stderr.toString())}}`) as RunResult;
  try {
    r.json = r.stdout.trim() ? JSON.parse(r.stdout) : undefined;
  } catch {}
  return r;
}

/** A Claude PreToolUse Bash payload. */
export function claudeBash(command: string, cwd: string, extra: Record<string, unknown> = {}) {
  return {
    session_id: "s-test",
    transcript_path: "",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "test" },
    tool_use_id: "toolu_test",
    ...extra,
  };
}
