// Throw-away homes for the benchmark: AGENTIHOOKS_HOME with state.json and a runtime layer, a linked
// bundle with one profile, and a repository with its own layer, so every hook call walks all four layers.
import { mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BenchHome {
  root: string;
  env: Record<string, string>;
  repo: string;
  /** The layer folders, lowest priority first: bundle, profile, runtime, directory. */
  layers: string[];
}

/** Conditions that never match a Claude PreToolUse Bash `ls` call: other tools, other programs, other steps. */
const MISSES = ["pre-Write-w", "pre-Edit-e", "pre-bash.git-g", "pre-bash.docker-d", "post-Bash-p", "pre-mcp__srv-m", "prompt-q", "pre-Read+Grep-r"];

/** Conditions that match neither a Bash `git status` nor a Read call (the default profile's figures). */
export const MISSES_GIT_READ = ["pre-Write-w", "pre-Edit-e", "pre-bash.kubectl-g", "pre-bash.docker-d", "post-Bash-p", "pre-mcp__srv-m", "prompt-q", "pre-Grep-r"];

/**
 * Returns a fresh home whose four layers hold `count` non-matching conditions between them; `profiles`
 * is the chain (the bundle's `bench` profile; add "default" for the built-in one).
 */
export function makeHome(name: string, count: number, misses = MISSES, profiles = ["bench"]): BenchHome {
  const root = realpathSync(mkdirTemp(name));
  const home = join(root, "ahome");
  const bundle = join(root, "bundle");
  const repo = join(root, "repo");
  const layers = [
    join(bundle, ".claude", "conditions"),
    join(bundle, "profiles", "bench", ".claude", "conditions"),
    join(home, "conditions"),
    join(repo, ".agentihooks", "conditions"),
  ];
  for (const dir of layers) mkdirSync(dir, { recursive: true });
  mkdirSync(join(bundle, ".git"), { recursive: true });
  writeFileSync(join(bundle, ".git", "config"), '[remote "origin"]\n\turl = git@github.com:bench/bundle.git\n');
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "config"), "[core]\n\tbare = false\n");
  const state = { version: 1, bundle: { path: bundle }, targets: { claude: { profiles } } };
  writeFileSync(join(home, "state.json"), `${JSON.stringify(state, null, 2)}\n`);
  for (let i = 0; i < count; i++) addCondition(layers[i % layers.length], `${misses[i % misses.length]}${i}.sh`, "exit 0\n");
  trustLayer(home, repo, layers[3]);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: join(root, "home"),
    AGENTIHOOKS_HOME: home,
  };
  age(root);
  return { root, env, repo, layers };
}

/**
 * Records the repository's layer as approved, as `agentihooks trust` records it (its files' sha256), so
 * its conditions are listed and matched like every other layer's (an untrusted layer's are never read).
 */
function trustLayer(home: string, repo: string, layer: string): void {
  const files: Record<string, string> = {};
  for (const name of readdirSync(layer)) files[name] = new Bun.CryptoHasher("sha256").update(readFileSync(join(layer, name))).digest("hex");
  const record = { trusted: true, by: "person", since: new Date().toISOString(), why: "approved by a person", urls: [], files };
  writeFileSync(join(home, "trust.json"), `${JSON.stringify({ version: 1, repositories: { [realpathSync(repo)]: record } }, null, 2)}\n`, { mode: 0o600 });
}

/** Writes a condition file (executable). */
export function addCondition(dir: string, file: string, body: string): string {
  const path = join(dir, file);
  writeFileSync(path, `#!/bin/bash\n${body}`, { mode: 0o755 });
  return path;
}

/**
 * Sets every folder's and state.json's mtime a minute back. The catalog does not cache a folder changed
 * in the last two seconds (it may be mid-edit), so a fresh sandbox would otherwise never hit the cache.
 */
export function age(path: string, seconds = 60): void {
  const past = new Date(Date.now() - seconds * 1000);
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const e of readdirSync(path)) age(join(path, e), seconds);
    utimesSync(path, past, past);
  } else if (path.endsWith("state.json")) utimesSync(path, past, past);
}

/** A Claude PreToolUse payload for one call of `tool` with `input`, run in `cwd`. */
export function claudeTool(tool: string, input: Record<string, unknown>, cwd: string): string {
  return JSON.stringify({ session_id: "s-bench", transcript_path: "", cwd, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: tool, tool_input: input, tool_use_id: "toolu_bench" });
}

/** A Claude PreToolUse Bash payload for `command`, run in `cwd`. */
export function claudeBash(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: "s-bench",
    transcript_path: "",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "bench" },
    tool_use_id: "toolu_bench",
  });
}

export function mkdirTemp(name: string): string {
  const dir = join(tmpdir(), `ah-bench-${process.pid}`, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function cleanup(): void {
  rmSync(join(tmpdir(), `ah-bench-${process.pid}`), { recursive: true, force: true });
}
