// Test helpers shared by every suite: the compiled executable, throw-away homes and repositories.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** The compiled executable under test (make test sets AGENTIHOOKS_BIN). */
export const BIN = process.env.AGENTIHOOKS_BIN || resolve(import.meta.dir, "../dist/agentihooks");
export const REPO = resolve(import.meta.dir, "..");

let tempRoot: string | undefined;
/**
 * Returns this process's folder for temporary directories, removed when the process ends: `bun test`
 * fires no "exit" event, so a small watcher waits for this process and removes it (the paths are its
 * arguments, never part of the shell text).
 */
function testTempRoot(): string {
  if (!tempRoot) {
    tempRoot = realpathSync(mkdtempSync(join(tmpdir(), "ah-test-")));
    const watch = 'while kill -0 "$0" 2>/dev/null; do sleep 1; done; rm -rf "$1"';
    Bun.spawn(["sh", "-c", watch, String(process.pid), tempRoot], { stdin: "ignore", stdout: "ignore", stderr: "ignore" }).unref();
  }
  return tempRoot;
}

/** Returns a fresh temporary directory (realpath, so comparisons with resolved paths hold). */
export function tempDir(prefix = "ah-"): string {
  return realpathSync(mkdtempSync(join(testTempRoot(), prefix)));
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
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "config"), "[core]\n\tbare = false\n");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: userHome,
    AGENTIHOOKS_HOME: home,
    AGENTIHOOKS_STRICT_MODES: "0",
    NO_COLOR: "1",
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
