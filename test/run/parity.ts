// Two homes that differ only in how the default profile's guards run: `inProcess` has the built-in
// `default` profile (the guards run inside the hook), `asScripts` has the same files copied into its
// runtime layer (the .env guard runs as a process of the executable's Bun; the git pack, a rules file,
// runs in the hook's process either way). A call answered by both must give the same bytes, exit code
// and condition log records.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REPO, type RunResult, type Sandbox, run, sandbox, tempDir } from "../helpers";

/** The built-in default profile's script conditions, and the example file each one is. */
export const EXAMPLE_OF: Readonly<Record<string, string>> = {
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts",
};
export const GUARDS = Object.keys(EXAMPLE_OF);
export const EXAMPLES = join(REPO, "conditions-examples");
/** The built-in default profile's git pack (a rules file), and where its text is. */
export const GIT_PACK = "pre-bash-git.rules.toml";
export const GIT_PACK_PATH = join(REPO, "src", "rules", "packs", GIT_PACK);
/** Every pack of the built-in default profile (rules files, run in the hook's process either way). */
export const PACKS = readdirSync(join(REPO, "src", "rules", "packs")).filter((f) => f.endsWith(".rules.toml")).sort();

export interface Homes {
  inProcess: Sandbox;
  asScripts: Sandbox;
}

/** Copies the guards' example files (and the packs) into a runtime layer under the built-in profile's names. */
export function addGuardScripts(layer: string): void {
  for (const f of GUARDS) copyFileSync(join(EXAMPLES, EXAMPLE_OF[f]), join(layer, f));
  for (const f of PACKS) copyFileSync(join(REPO, "src", "rules", "packs", f), join(layer, f));
}

/** Returns the two homes: the built-in default profile, and the guards' files as runtime conditions. */
export function parityHomes(): Homes {
  const inProcess = sandbox();
  writeFileSync(join(inProcess.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
  const asScripts = sandbox();
  addGuardScripts(join(asScripts.home, "conditions"));
  return { inProcess, asScripts };
}

/** A working directory for calls, with files, symlinks and a git branch as a case describes. */
export interface World {
  cwd: string;
  home: string;
}

export function makeWorld(files: Record<string, string | { symlink: string }> = {}, branch?: string): World {
  const root = tempDir("ah-parity-");
  const cwd = join(root, "work");
  const home = join(root, "home");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  for (const [rel, body] of Object.entries(files)) {
    const path = join(cwd, rel);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof body === "string") writeFileSync(path, body);
    else symlinkSync(body.symlink, path);
  }
  if (branch) Bun.spawnSync(["git", "init", "-q", "-b", branch, cwd]);
  return { cwd, home };
}

export interface Answered {
  result: RunResult;
  /** The call's condition log records, without time, duration and layer. */
  records: Record<string, unknown>[];
}

/** Runs one hook call in `sb` (HOME set to the world's, so both homes expand `~` alike). */
export function answer(sb: Sandbox, w: World, payload: unknown, target = "claude", extraEnv: Record<string, string> = {}): Answered {
  const logFile = join(sb.home, "logs", "hook.jsonl");
  const before = readLines(logFile).length;
  const stdin = typeof payload === "string" ? payload : JSON.stringify(payload);
  const result = run(["hook", "--target", target], { env: { ...sb.env, ...extraEnv, HOME: w.home }, stdin, cwd: w.cwd });
  const records = readLines(logFile)
    .slice(before)
    .map((l) => JSON.parse(l))
    .flatMap((r) => r.conditions ?? [])
    .map(({ ms, source, ...rest }: Record<string, unknown>) => rest);
  return { result, records };
}

function readLines(path: string): string[] {
  try {
    return readFileSync(path, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** Replaces ${CWD} and ${HOME} in a case value. */
export function fill(value: unknown, w: World): unknown {
  return JSON.parse(JSON.stringify(value).replace(/\$\{CWD\}/g, w.cwd).replace(/\$\{HOME\}/g, w.home));
}

/** The Claude payload a cases-file case describes (its `payload`, or tool/command/file_path/tool_input). */
export function casePayload(c: Record<string, any>, w: World): Record<string, unknown> {
  if (c.payload) return fill(c.payload, w) as Record<string, unknown>;
  const input: Record<string, unknown> = { ...(c.tool_input ?? {}) };
  if (c.command !== undefined) input.command = c.command;
  if (c.file_path !== undefined) input.file_path = c.file_path;
  const p = { session_id: "parity", transcript_path: "", cwd: w.cwd, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: c.tool ?? "Bash", tool_input: input, tool_use_id: "toolu_parity" };
  return fill(p, w) as Record<string, unknown>;
}
