// Runs an example condition directly (no agentihooks hook) on one case of its `_<name>.cases.json`, with
// the AH_* variables the hook would set (AH_FACTS from `agentihooks programs --facts`), and
// judges the raw answer by the script contract: exit 2 denies with stderr as the reason; exit 0 with a
// JSON object gives decision/reason/context/tool_input/tool_output; exit 0 with text is context.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { BIN, REPO, tempDir } from "../helpers";

export const EXAMPLES = join(REPO, "conditions-examples");

export interface Case {
  name: string;
  tool?: string;
  command?: string;
  file_path?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  tool_use_id?: string;
  payload?: Record<string, unknown>;
  stdin?: string;
  env?: Record<string, string>;
  files?: Record<string, string | { symlink: string }>;
  git_branch?: string;
  transcript?: unknown[];
  expect: Expect;
}

export interface Expect {
  decision?: "allow" | "ask" | "deny" | "none";
  reason_contains?: string;
  context_contains?: string;
  context_not_contains?: string;
  tool_input?: Record<string, unknown>;
  tool_output_contains?: string;
  silent?: boolean;
  file_contains?: { path: string; text: string };
}

/** What a condition answered, read by the script contract. */
export interface Answer {
  exit: number;
  stdout: string;
  stderr: string;
  decision: "allow" | "ask" | "deny" | "none";
  reason: string;
  context: string;
  toolInput?: Record<string, unknown>;
  toolOutput?: unknown;
}

/** Returns the example condition files (not the cases, not the README, not the _src/ they are built from). */
export function exampleFiles(): string[] {
  return readdirSync(EXAMPLES)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md") && statSync(join(EXAMPLES, f)).isFile())
    .sort();
}

/** Returns the cases file path of a condition: `_<file without extension>.cases.json`. */
export function casesPath(file: string): string {
  return join(EXAMPLES, `_${file.slice(0, file.lastIndexOf("."))}.cases.json`);
}

export function loadCases(file: string): Case[] {
  return JSON.parse(readFileSync(casesPath(file), "utf8")).cases;
}

/** Returns the argv (and extra environment) that runs an example, as agentihooks would (src/run/runner.ts). */
function runnerFor(file: string, dir = EXAMPLES): { argv: string[]; env: Record<string, string> } {
  const path = join(dir, file);
  if (file.endsWith(".sh")) return { argv: ["/bin/bash", path], env: {} };
  // Isolated (-I), as agentihooks runs it: the examples need nothing from PYTHON* or user site-packages.
  if (file.endsWith(".py")) return { argv: [process.env.AGENTIHOOKS_PYTHON || "/usr/bin/python3", "-I", path], env: {} };
  if (file.endsWith(".ts")) {
    // What users get: the compiled executable's embedded Bun (BUN_BE_BUN=1), never loading the case
    // directory's .env or bunfig.toml. Without an executable (no AGENTIHOOKS_BIN, no dist/), the test's Bun.
    const bun = (process.env.AGENTIHOOKS_BIN || existsSync(BIN)) ? BIN : process.execPath;
    return { argv: [bun, "run", "--no-env-file", "--config=/dev/null", path], env: { BUN_BE_BUN: "1" } };
  }
  return { argv: [path], env: {} };
}

const fill = (value: unknown, vars: Record<string, string>): unknown =>
  JSON.parse(JSON.stringify(value).replace(/\$\{(\w+)\}/g, (m, k) => (k in vars ? vars[k].replace(/[\\"]/g, "\\$&") : m)));

function setUp(c: Case, cwd: string): void {
  for (const [rel, body] of Object.entries(c.files ?? {})) {
    const path = join(cwd, rel);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof body === "string") writeFileSync(path, body);
    else symlinkSync(body.symlink, path);
  }
  if (c.git_branch) {
    Bun.spawnSync(["git", "init", "-q", "-b", c.git_branch, cwd]);
  }
}

/** The step of an example (its filename's first part) and the event it runs on. */
const STEP_EVENTS = { pre: "PreToolUse", post: "PostToolUse", fail: "PostToolUseFailure" } as const;
type ExampleStep = keyof typeof STEP_EVENTS;

/** Builds the Claude-shape payload a case describes (or its full `payload`). */
function payloadOf(c: Case, step: ExampleStep, vars: Record<string, string>): Record<string, unknown> {
  if (c.payload) return fill(c.payload, vars) as Record<string, unknown>;
  const input: Record<string, unknown> = { ...(c.tool_input ?? {}) };
  if (c.command !== undefined) input.command = c.command;
  if (c.file_path !== undefined) input.file_path = c.file_path;
  const p: Record<string, unknown> = {
    session_id: "cases",
    transcript_path: vars.TRANSCRIPT ?? "",
    cwd: vars.CWD,
    permission_mode: "default",
    hook_event_name: STEP_EVENTS[step],
    tool_name: c.tool ?? "Bash",
    tool_input: input,
    tool_use_id: c.tool_use_id ?? "toolu_cases",
  };
  if (step === "post") p.tool_response = c.tool_response ?? {};
  return fill(p, vars) as Record<string, unknown>;
}

/** Runs `file` (in `dir`, default the examples) on case `c`; returns the answer and the variables used (CWD, HOME, ...). */
export function runCase(file: string, c: Case, dir = EXAMPLES): { answer: Answer; vars: Record<string, string>; stdin: string } {
  const root = tempDir("ah-case-");
  const cwd = join(root, "work");
  const home = join(root, "home");
  const ahome = join(root, "ahome");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  setUp(c, cwd);
  const vars: Record<string, string> = { CWD: cwd, HOME: home, AGENTIHOOKS_HOME: ahome };
  if (c.transcript) {
    vars.TRANSCRIPT = join(root, "transcript.jsonl");
    writeFileSync(vars.TRANSCRIPT, c.transcript.map((l) => JSON.stringify(l)).join("\n") + "\n");
  }
  const step = file.slice(0, file.indexOf("-")) as ExampleStep;
  const payload = c.stdin === undefined ? payloadOf(c, step, vars) : undefined;
  const stdin = c.stdin ?? JSON.stringify(payload);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    AGENTIHOOKS_HOME: ahome,
    AH_STEP: step,
    AH_EVENT: STEP_EVENTS[step],
    AH_TOOL_NAME: String(payload?.tool_name ?? ""),
    AH_TOOL_USE_ID: String(payload?.tool_use_id ?? ""),
    AH_SESSION_ID: "cases",
    AH_CWD: cwd,
    AH_TRANSCRIPT_PATH: vars.TRANSCRIPT ?? "",
    AH_PERMISSION_MODE: "default",
    AH_TARGET: "claude",
    AH_CONDITION: file,
    AH_CONDITION_SOURCE: "bundle",
    ...(c.env ?? {}),
  };
  if (env.AGENTIHOOKS_HOME === "") delete env.AGENTIHOOKS_HOME;
  const command = (payload?.tool_input as Record<string, unknown> | undefined)?.command;
  if (String(payload?.tool_name).toLowerCase() === "bash" && typeof command === "string" && !("AH_FACTS" in env)) {
    // the command facts, as the hook gives them to every condition of a Bash call
    const f = Bun.spawnSync([BIN, "programs", "--facts", "-"], { cwd, env: { PATH: env.PATH, HOME: home }, stdin: new Blob([command]), stdout: "pipe" });
    env.AH_FACTS = f.stdout.toString().trim();
  }
  const runner = runnerFor(file, dir);
  Object.assign(env, runner.env);
  const p = Bun.spawnSync(runner.argv, { cwd, env, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
  return { answer: judge(p.exitCode ?? -1, p.stdout.toString(), p.stderr.toString()), vars, stdin };
}

function judge(exit: number, stdout: string, stderr: string): Answer {
  const a: Answer = { exit, stdout, stderr, decision: "none", reason: "", context: "" };
  if (exit === 2) return { ...a, decision: "deny", reason: stderr.trim() };
  const text = stdout.trim();
  if (exit !== 0 || !text) return a;
  if (!text.startsWith("{")) return { ...a, context: text };
  const j = JSON.parse(text);
  if (j.decision) a.decision = j.decision;
  if (typeof j.reason === "string") a.reason = j.reason;
  if (typeof j.context === "string") a.context = j.context;
  if (j.tool_input) a.toolInput = j.tool_input;
  if (j.tool_output !== undefined) a.toolOutput = j.tool_output;
  return a;
}

/** Returns the problems of `answer` against `expect` (empty when it matches). */
export function compare(expect: Expect, answer: Answer, vars: Record<string, string>): string[] {
  const bad: string[] = [];
  if (answer.exit !== 0 && answer.exit !== 2) bad.push(`exit ${answer.exit} (crashed): ${answer.stderr.trim()}`);
  if (expect.decision && answer.decision !== expect.decision) bad.push(`decision ${answer.decision}, expected ${expect.decision}`);
  if (expect.reason_contains && !answer.reason.includes(expect.reason_contains)) bad.push(`reason lacks ${JSON.stringify(expect.reason_contains)}`);
  if (expect.context_contains && !answer.context.includes(expect.context_contains)) bad.push(`context lacks ${JSON.stringify(expect.context_contains)}`);
  if (expect.context_not_contains && answer.context.includes(expect.context_not_contains)) bad.push(`context contains ${JSON.stringify(expect.context_not_contains)}`);
  if (expect.tool_input) {
    for (const [k, v] of Object.entries(expect.tool_input)) {
      if (JSON.stringify(answer.toolInput?.[k]) !== JSON.stringify(v)) bad.push(`tool_input.${k} is ${JSON.stringify(answer.toolInput?.[k])}, expected ${JSON.stringify(v)}`);
    }
  }
  if (expect.tool_output_contains) {
    const out = answer.toolOutput;
    const text = typeof out === "string" ? out : typeof (out as any)?.stdout === "string" ? (out as any).stdout : "";
    if (!text.includes(expect.tool_output_contains)) bad.push(`tool_output lacks ${JSON.stringify(expect.tool_output_contains)}`);
  }
  if (expect.silent && (answer.exit !== 0 || answer.stdout.trim() !== "")) bad.push(`expected no effect, got exit ${answer.exit} stdout ${JSON.stringify(answer.stdout.trim())}`);
  if (expect.file_contains) {
    const path = fill(expect.file_contains.path, vars) as string;
    const body = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (!body.includes(expect.file_contains.text)) bad.push(`${path} lacks ${JSON.stringify(expect.file_contains.text)} (it holds ${JSON.stringify(body.slice(-300))})`);
  }
  return bad;
}
