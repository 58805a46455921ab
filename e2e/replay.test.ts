// Replays the recorded harness traffic in e2e/transcripts/*.jsonl through the compiled executable, with
// the example conditions installed in a throw-away home, bundle, profile and repositories, and compares
// every answer with its record. Builds nothing: AGENTIHOOKS_BIN or dist/agentihooks.
import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, REPO, run, tempDir, trustInTerminal, writeFile } from "../test/helpers";

const TRANSCRIPTS = join(import.meta.dir, "transcripts");
const EXAMPLES = join(REPO, "conditions-examples");

/** What a record expects of the hook's answer (the live suite's traffic tables write these too). */
export interface Expect {
  exit: number;
  stdout_json?: unknown;
  stdout_empty?: boolean;
  stdout_contains?: string;
  stderr_contains?: string;
  context_contains?: string;
  /** the agent receives no context (Codex PreToolUse has no channel for it) */
  no_context?: boolean;
  /** stdout or stderr holds the text (where the harness gives no defined channel for it). */
  output_contains?: string;
  absent?: string;
  file_contains?: { path: string; text: string };
}

interface Record {
  name: string;
  target: "claude" | "codex" | "copilot";
  event?: string;
  argv_event?: string;
  env?: { [k: string]: string };
  /** A runtime bug this record documents: the record runs as test.failing until the runtime is fixed. */
  known_bug?: string;
  /** The harness version that sent the payload (records rebuilt from live captures). */
  version?: string;
  /** Why a record the real harness never sends is kept (what the hook must still do with it). */
  defensive?: string;
  payload: unknown;
  expect: Expect;
}

// --- the world the records were recorded in ---

/** Which layer each example goes to; every layer gets some, so "works in any layer" is exercised. */
const PLACEMENT: { [file: string]: "bundle" | "profile" | "directory" } = {
  "pre-bash.git-guard.ts": "bundle",
  "pre-bash.kubectl-readonly.sh": "bundle",
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": "bundle",
  "post-any-secret_scan.py": "bundle",
  "post-mcp__gateway-tools-audit.async.sh": "bundle",
  "fail-mcp__gateway-tools-audit.async.sh": "bundle",
  "pre-bash.git-short_log.py": "profile",
  "post-bash.pytest-trim.py": "profile",
  "pre-bash.npm+bash.pnpm+bash.yarn+bash.bun-package_manager.ts": "profile",
  "pre-bash.git-push_intent.py": "profile",
  "pre-edit+write-migrations.sh": "directory",
};

/** Test-only conditions: a slow one for the timeout records, and notes that show which directory layers run. */
const SLOW = '#!/usr/bin/env bash\ncat >/dev/null\nif [[ " $AH_PROGRAMS " == *" sleep "* ]]; then sleep 5; fi\necho "slow probe finished"\n';
const note = (text: string) => `#!/usr/bin/env bash\ncat >/dev/null\necho "${text}"\n`;
const STRANGER_DENY = '#!/usr/bin/env bash\ncat >/dev/null\necho "stranger condition ran" >&2\nexit 2\n';

function git(...args: string[]): void {
  const p = Bun.spawnSync(["git", ...args], { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${p.stderr.toString()}`);
}

function makeRepo(path: string, branch: string, origin?: string): void {
  mkdirSync(path, { recursive: true });
  git("init", "-q", "-b", branch, path);
  if (origin) git("-C", path, "remote", "add", "origin", origin);
}

/** Builds the sandbox and returns the placeholder values. */
function buildWorld(): { vars: { [k: string]: string }; env: { [k: string]: string } } {
  const root = tempDir("ah-e2e-");
  const v = {
    ROOT: root,
    AHOME: join(root, "ahome"),
    HOME: join(root, "home"),
    BUNDLE: join(root, "bundle"),
    PROFILE: join(root, "profiles", "team"),
    REPO: join(root, "repos", "app"),
    MAIN_REPO: join(root, "repos", "mainline"),
    STRANGER: join(root, "repos", "cloned-tool"),
    ACME: join(root, "repos", "acme-service"),
    TRANSCRIPTS: join(root, "transcripts"),
    TRANSCRIPT: join(root, "transcripts", "claude-conversation.transcript.jsonl"),
  };
  mkdirSync(v.HOME, { recursive: true });
  makeRepo(v.BUNDLE, "main", "https://github.com/acme/agent-bundle.git");
  makeRepo(v.REPO, "feature/login"); // no origin: the person approves its layer below
  makeRepo(v.MAIN_REPO, "main");
  makeRepo(v.STRANGER, "main", "https://github.com/stranger/repo.git");
  makeRepo(v.ACME, "feature/tests", "git@github.com:acme/service.git"); // the bundle's owner: approved below
  const dirs = {
    bundle: join(v.BUNDLE, ".claude", "conditions"),
    profile: join(v.PROFILE, ".claude", "conditions"),
    directory: join(v.REPO, ".agentihooks", "conditions"),
  };
  for (const [file, layer] of Object.entries(PLACEMENT)) {
    mkdirSync(dirs[layer], { recursive: true });
    copyFileSync(join(EXAMPLES, file), join(dirs[layer], file));
  }
  writeFile(join(dirs.bundle, "pre-bash.sleep-slow_probe.sh"), SLOW, 0o755);
  writeFile(join(dirs.bundle, "post-bash.sleep-slow_probe.sh"), SLOW, 0o755);
  writeFile(join(dirs.directory, "pre-bash.make-repo_note.sh"), note("repo note: run make ci before pushing"), 0o755);
  const acme = join(v.ACME, ".agentihooks", "conditions");
  writeFile(join(acme, "pre-bash.make-acme_note.sh"), note("acme note: tests need docker"), 0o755);
  writeFile(join(acme, "post-bash.make-acme_post.sh"), note("acme post note: see ci logs"), 0o755);
  const stranger = join(v.STRANGER, ".agentihooks", "conditions");
  writeFile(join(stranger, "pre-any-stranger.sh"), STRANGER_DENY, 0o755);
  writeFile(join(stranger, "post-any-stranger.sh"), note("stranger context"), 0o755);
  writeFile(join(stranger, "pre-bash-stranger_note.sh"), note("stranger note"), 0o755);
  // repository contents the conditions look at
  writeFile(join(v.REPO, "db", "migrations", "0001_init.sql"), "CREATE TABLE users (id int);\n");
  writeFile(join(v.REPO, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
  writeFile(join(v.REPO, "package.json"), '{"name": "app", "private": true}\n');
  writeFile(join(v.REPO, ".env"), "DATABASE_URL=postgres://app:secret@db/app\n");
  writeFile(join(v.REPO, ".env.example"), "DATABASE_URL=\n");
  writeFile(join(v.REPO, "src", "auth", "login.py"), "def login(user, password):\n    return issue_token(user)\n");
  symlinkSync(".env", join(v.REPO, "settings.cfg"));
  writeFile(join(v.STRANGER, ".env"), "TOKEN=x\n");
  // Copilot names MCP tools <server>-<tool>: its configured servers tell where the server name ends
  const servers = { agentihooks: { type: "local", command: "agentihooks", args: ["mcp"] }, "gateway-tools": { type: "local", command: "gateway", args: [] } };
  writeFile(join(v.HOME, ".copilot", "mcp-config.json"), JSON.stringify({ mcpServers: servers }));
  // state: the bundle, and the profile chain for every target
  const targets = Object.fromEntries(["claude", "codex", "copilot"].map((t) => [t, { profiles: ["team"] }]));
  writeFile(join(v.AHOME, "state.json"), JSON.stringify({ version: 1, bundle: { path: v.BUNDLE }, targets, linked_profiles: { team: v.PROFILE } }, null, 2));
  // conversation transcripts, with the placeholders filled in
  mkdirSync(v.TRANSCRIPTS, { recursive: true });
  for (const f of readdirSync(TRANSCRIPTS).filter((f) => f.endsWith(".transcript.jsonl"))) {
    writeFileSync(join(v.TRANSCRIPTS, f), fill(readFileSync(join(TRANSCRIPTS, f), "utf8"), v));
  }
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: v.HOME,
    AGENTIHOOKS_HOME: v.AHOME,
    AGENTIHOOKS_STRICT_MODES: "0",
    NO_COLOR: "1",
  };
  // The person approved their own repository and the bundle owner's at a terminal (issue 23.6): the
  // stranger's was never approved. (`agentihooks trust` runs only at a terminal: a pseudo-terminal here.)
  for (const repo of [v.REPO, v.ACME]) {
    const t = trustInTerminal(env, [repo]);
    if (t.exitCode !== 0) throw new Error(`agentihooks trust ${repo}: ${t.stdout}`);
  }
  return { vars: v, env };
}

/** Replaces ${NAME} in JSON text (values are escaped for JSON strings). */
function fillJson(text: string, vars: { [k: string]: string }): string {
  return text.replace(/\$\{(\w+)\}/g, (m, k) => (k in vars ? JSON.stringify(vars[k]).slice(1, -1) : m));
}
function fill(text: string, vars: { [k: string]: string }): string {
  return text.replace(/\$\{(\w+)\}/g, (m, k) => (k in vars ? vars[k] : m));
}

// --- records ---

function loadRecords(): Array<{ file: string; line: number; record: Record }> {
  const out: Array<{ file: string; line: number; record: Record }> = [];
  for (const file of readdirSync(TRANSCRIPTS).filter((f) => f.endsWith(".jsonl") && !f.endsWith(".transcript.jsonl")).sort()) {
    readFileSync(join(TRANSCRIPTS, file), "utf8")
      .split("\n")
      .forEach((text, i) => {
        if (text.trim()) out.push({ file, line: i + 1, record: JSON.parse(text) });
      });
  }
  return out;
}

interface Actual {
  exit: number;
  stdout: string;
  stderr: string;
  json?: any;
}

function replay(r: Record, vars: { [k: string]: string }, env: { [k: string]: string }): { actual: Actual; stdin: string } {
  const stdin = fillJson(JSON.stringify(r.payload), vars);
  const args = ["hook", "--target", r.target];
  if (r.argv_event) args.push("--event", r.argv_event);
  const res = run(args, { env: { ...env, ...(r.env ?? {}) }, cwd: vars.ROOT, stdin });
  return { actual: { exit: res.exitCode, stdout: res.stdout, stderr: res.stderr, json: res.json }, stdin };
}

/** Returns where `actual` differs from the subset `want` ("" when it contains it). */
function subsetDiff(want: unknown, actual: unknown, path = "$"): string {
  if (want !== null && typeof want === "object" && !Array.isArray(want)) {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return `${path} is ${JSON.stringify(actual)}, expected an object`;
    for (const [k, v] of Object.entries(want)) {
      const d = subsetDiff(v, (actual as any)[k], `${path}.${k}`);
      if (d) return d;
    }
    return "";
  }
  return JSON.stringify(want) === JSON.stringify(actual) ? "" : `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(want)}`;
}

function contextOf(target: string, json: any): string {
  const c = target === "copilot" ? json?.additionalContext : json?.hookSpecificOutput?.additionalContext;
  return typeof c === "string" ? c : "";
}

async function waitForText(path: string, text: string): Promise<string> {
  let body = "";
  for (let i = 0; i < 30; i++) {
    body = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (body.includes(text)) return "";
    await Bun.sleep(100);
  }
  return `${path} lacks ${JSON.stringify(text)} after 3 s (it holds ${JSON.stringify(body.slice(-400))})`;
}

async function problems(r: Record, a: Actual, vars: { [k: string]: string }): Promise<string[]> {
  const e = JSON.parse(fillJson(JSON.stringify(r.expect), vars)) as Expect;
  const bad: string[] = [];
  if (a.exit !== e.exit) bad.push(`exit ${a.exit}, expected ${e.exit}`);
  if (e.stdout_empty && a.stdout.trim() !== "") bad.push("stdout is not empty");
  if (e.stdout_json !== undefined) {
    const d = a.json === undefined ? "stdout is not a JSON object" : subsetDiff(e.stdout_json, a.json);
    if (d) bad.push(d);
  }
  if (e.stdout_contains && !a.stdout.includes(e.stdout_contains)) bad.push(`stdout lacks ${JSON.stringify(e.stdout_contains)}`);
  if (e.stderr_contains && !a.stderr.includes(e.stderr_contains)) bad.push(`stderr lacks ${JSON.stringify(e.stderr_contains)}`);
  if (e.context_contains && !contextOf(r.target, a.json).includes(e.context_contains)) bad.push(`context lacks ${JSON.stringify(e.context_contains)}`);
  if (e.no_context && contextOf(r.target, a.json) !== "") bad.push(`the agent receives context ${JSON.stringify(contextOf(r.target, a.json))}`);
  if (e.output_contains && !(a.stdout + a.stderr).includes(e.output_contains)) bad.push(`neither stdout nor stderr holds ${JSON.stringify(e.output_contains)}`);
  if (e.absent && (a.stdout + a.stderr).includes(e.absent)) bad.push(`output contains ${JSON.stringify(e.absent)}`);
  if (e.file_contains) {
    const d = await waitForText(e.file_contains.path, e.file_contains.text);
    if (d) bad.push(d);
  }
  return bad;
}

function sideBySide(r: Record, stdin: string, a: Actual, bad: string[]): string {
  const actual = { exit: a.exit, stdout: a.json ?? a.stdout, stderr: a.stderr.trim() };
  return [
    `--- ${r.target}${r.argv_event ? ` --event ${r.argv_event}` : ""}: ${r.name}`,
    `problems: ${bad.join("; ")}`,
    `payload:  ${stdin}`,
    `env:      ${JSON.stringify(r.env ?? {})}`,
    `expected: ${JSON.stringify(r.expect, null, 2).replace(/\n/g, "\n          ")}`,
    `actual:   ${JSON.stringify(actual, null, 2).replace(/\n/g, "\n          ")}`,
  ].join("\n");
}

// --- the suite ---

const records = loadRecords();
const world = existsSync(BIN) ? buildWorld() : undefined;

test("the executable under test exists", () => {
  expect(existsSync(BIN), `${BIN} is missing: run make build or set AGENTIHOOKS_BIN`).toBe(true);
});

test("the recordings cover the three harnesses, 150+ calls, and every example condition", () => {
  expect(records.length).toBeGreaterThanOrEqual(150);
  // Copilot's camelCase payloads are the ones that need --event (recorded Codex calls carry it as Codex passes it)
  const camel = (r: Record) => r.target === "copilot" && r.argv_event !== undefined && /^[a-z]/.test(r.argv_event);
  const targets = new Set(records.map((r) => `${r.record.target}${camel(r.record) ? "-camel" : ""}`));
  expect([...targets].sort()).toEqual(["claude", "codex", "copilot", "copilot-camel"]);
  const text = records.map((r) => JSON.stringify(r.record.expect) + JSON.stringify(r.record.payload)).join("\n");
  // Each example leaves a trace its records assert on (a reason, a context, an audit line).
  const traces: { [file: string]: string } = {
    "pre-bash.git-guard.ts": "force push blocked",
    "pre-bash.kubectl-readonly.sh": "GitOps",
    "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": "holds secrets",
    "post-any-secret_scan.py": "AWS access key id",
    "post-mcp__gateway-tools-audit.async.sh": "mcp-audit.jsonl",
    "fail-mcp__gateway-tools-audit.async.sh": "\\\"is_error\\\":true,\\\"error\\\"",
    "pre-bash.git-short_log.py": "git log --oneline -20",
    "post-bash.pytest-trim.py": "lines trimmed by post-bash.pytest-trim.py",
    "pre-bash.npm+bash.pnpm+bash.yarn+bash.bun-package_manager.ts": "uses pnpm",
    "pre-bash.git-push_intent.py": "no prompt in this session asked for a push",
    "pre-edit+write-migrations.sh": "append-only",
  };
  for (const file of Object.keys(PLACEMENT)) expect(text.includes(traces[file]), `${file} has no record`).toBe(true);
  expect(Object.keys(PLACEMENT).sort()).toEqual(
    readdirSync(EXAMPLES).filter((f) => !f.startsWith("_") && !f.endsWith(".md")).sort(), // _src/: the built guards' sources
  );
});

for (const file of [...new Set(records.map((r) => r.file))]) {
  describe(file, () => {
    for (const { record, line } of records.filter((r) => r.file === file)) {
      const run = !world ? test.skip : record.known_bug ? test.failing : test;
      run(
        `${line}: ${record.name}${record.known_bug ? ` [known bug, issue 5: ${record.known_bug}]` : ""}`,
        async () => {
          const { vars, env } = world!;
          const { actual, stdin } = replay(record, vars, env);
          const bad = await problems(record, actual, vars);
          if (bad.length) console.error(sideBySide(record, stdin, actual, bad));
          expect(bad).toEqual([]);
        },
        20_000,
      );
    }
  });
}
