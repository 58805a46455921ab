// The Copilot sessions e2e/transcripts/copilot*.jsonl are recorded from. The live world is laid out
// like the replay's `app` repository (e2e/replay.test.ts): same branch, same files, the example
// conditions installed; each scripted call carries the answer the hook must give in the replay's
// world. `bun e2e/live/rebuild-copilot-transcripts.ts DIR` turns a LIVE_CAPTURE folder into the files.
import { copyFileSync, readdirSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ToolStep } from "./mock-model";
import { applyPatch, bash, create, edit, view } from "./copilot";
import { BIN, makeWorld, type World } from "./world";

/** What the replay checks on one answer (e2e/README.md, "Records"). */
export type Expect = Record<string, unknown> & { exit: number };

export interface TranscriptStep {
  name: string;
  call: ToolStep;
  /** The answer per event Copilot sends for this call; an event not named must answer nothing, exit 0. */
  expect?: Partial<Record<"preToolUse" | "postToolUse" | "postToolUseFailure" | "permissionRequest", Expect>>;
  /** Environment the replay adds for this call's records. */
  env?: Record<string, string>;
}

const EXAMPLES = resolve(import.meta.dir, "../../../conditions-examples");
const deny = (text: string): Expect => ({ exit: 2, stdout_json: { permissionDecision: "deny" }, stderr_contains: text });
const context = (text: string): Expect => ({ exit: 0, context_contains: text });
const AWS_KEY = "AKIAZ7Q3XK2M4N5P6R7S";
const GH_TOKEN = `ghp_${"a1B2c3D4e5".repeat(4)}`;

/** The calls of the `app` session, chat-completions wire (where Copilot offers view/edit/create). */
export function appSteps(work: string): TranscriptStep[] {
  return [
    { name: "git status", call: bash("git status") },
    { name: "bare git log is rewritten (modifiedArgs, with the call id)", call: bash("git log"), expect: { preToolUse: { exit: 0, stdout_json: { permissionDecision: "allow", modifiedArgs: { command: "git log --oneline -20", description: "live check" } } } } },
    { name: "view source", call: view(`${work}/src/auth/login.py`) },
    { name: "view .env is denied", call: view(`${work}/.env`), expect: { preToolUse: deny(".env holds secrets") } },
    { name: "view relative ./.env is denied", call: view("./.env"), expect: { preToolUse: deny("./.env holds secrets") } },
    { name: "view .env.example is allowed", call: view(`${work}/.env.example`) },
    { name: "create .env.local is denied", call: create(`${work}/.env.local`, "SECRET=1\n"), expect: { preToolUse: deny("holds secrets") } },
    { name: "edit .env is denied", call: edit(`${work}/.env`, "DATABASE_URL", "DB_URL"), expect: { preToolUse: deny("holds secrets") } },
    { name: "bash cat .env is denied", call: bash("cat .env"), expect: { preToolUse: deny("holds secrets") } },
    { name: "bash head of a symlinked .env is denied", call: bash("head -3 settings.cfg"), expect: { preToolUse: deny("settings.cfg holds secrets") } },
    { name: "bash over .env.example is allowed", call: bash("cat .env.example") },
    { name: "edit source", call: edit(`${work}/src/auth/login.py`, "issue_token(user)", "issue_token(user, ttl=900)") },
    { name: "edit existing migration: reminder as flat additionalContext", call: edit(`${work}/db/migrations/0001_init.sql`, "id int", "id bigint"), expect: { preToolUse: context("Migrations are append-only") } },
    { name: "create a new migration", call: create(`${work}/db/migrations/0003_rotate.sql`, "SELECT 1;\n") },
    {
      name: "long pytest output replaced (modifiedResult)", call: bash("pytest -q"),
      expect: { postToolUse: { exit: 0, stdout_json: { modifiedResult: { resultType: "success" } }, stdout_contains: "lines trimmed by post-bash.pytest-trim.py" } },
    },
    { name: "short pytest output untouched", call: bash("pytest -q tests/unit/test_login.py") },
    { name: "a failed view (postToolUseFailure)", call: view(`${work}/missing.txt`) },
    { name: "AWS key in view output warns", call: view(`${work}/config/aws.ini`), expect: { postToolUse: context("AWS access key id") } },
    { name: "GitHub token in bash output warns", call: bash("gh auth token"), expect: { postToolUse: context("a GitHub token") } },
    { name: "kubectl logs allowed", call: bash("kubectl logs deploy/api --since=10m") },
    { name: "kubectl patch denied", call: bash(`kubectl patch svc api -p '{"spec":{"type":"NodePort"}}'`), expect: { preToolUse: deny("kubectl patch") } },
    { name: "kubectl delete in $(...) denied", call: bash("echo $(kubectl delete job migrate)"), expect: { preToolUse: deny("GitOps") } },
    { name: "npm install denied", call: bash("npm install --save jsonwebtoken"), expect: { preToolUse: deny("uses pnpm") } },
    { name: "bun add denied", call: bash("cd web && bun add zod"), expect: { preToolUse: deny("uses pnpm") } },
    { name: "pnpm add allowed", call: bash("pnpm add jsonwebtoken") },
    { name: "directory layer note (flat additionalContext)", call: bash("make ci"), expect: { preToolUse: context("repo_note") } },
    {
      name: "slow condition times out", call: bash("sleep 1"), env: { CONDITIONS_TIMEOUT_SEC: "0.3" },
      expect: { preToolUse: context("pre-bash.sleep-slow_probe.sh] failed (timed out"), postToolUse: context("post-bash.sleep-slow_probe.sh] failed (timed out") },
    },
    { name: "force push denied", call: bash("git push --force-with-lease"), expect: { preToolUse: deny("force push blocked") } },
    { name: "push to master denied", call: bash("git push origin feature/login:master"), expect: { preToolUse: deny("push to master blocked") } },
    { name: "push allowed (no transcript on Copilot tool payloads)", call: bash("git push origin feature/login") },
    {
      name: "gateway-tools MCP call is audited as mcp__gateway-tools__condition_list", call: { tool: "gateway-tools-condition_list", input: { target: "copilot" } },
      expect: { postToolUse: { exit: 0, stdout_empty: true, file_contains: { path: "${AHOME}/logs/mcp-audit.jsonl", text: '"tool":"mcp__gateway-tools__condition_list"' } } },
    },
    { name: "agentihooks MCP call (not audited)", call: { tool: "agentihooks-condition_list", input: { target: "copilot" } } },
    { name: "force push typed into a running shell (write_bash) is denied", call: { tool: "write_bash", input: { shellId: "s1", input: "git push --force\n", delay: 1 } }, expect: { preToolUse: deny("force push blocked") } },
  ];
}

/** The calls of the apply_patch session (Responses wire). */
export function patchSteps(): TranscriptStep[] {
  return [
    { name: "apply_patch on an existing migration reminds", call: applyPatch("*** Begin Patch\n*** Update File: db/migrations/0001_init.sql\n@@\n-CREATE TABLE users (id int);\n+CREATE TABLE users (id bigint);\n*** End Patch\n"), expect: { preToolUse: context("append-only") } },
    { name: "apply_patch adding .env is denied", call: applyPatch("*** Begin Patch\n*** Add File: .env\n+TOKEN=abc\n*** End Patch\n"), expect: { preToolUse: deny(".env holds secrets") } },
    { name: "apply_patch adding a source file", call: applyPatch("*** Begin Patch\n*** Add File: src/auth/ttl.py\n+TTL = 900\n*** End Patch\n") },
  ];
}

/** The calls of the untrusted-repository session (its origin is a stranger's). */
export function strangerSteps(work: string): TranscriptStep[] {
  return [
    { name: "untrusted repository: directory layer skipped", call: bash("ls"), expect: { preToolUse: { exit: 0, stdout_empty: true, absent: "stranger" }, postToolUse: { exit: 0, stdout_empty: true, absent: "stranger" } } },
    { name: "untrusted repository: bundle guard still denies", call: view(`${work}/.env`), expect: { preToolUse: { exit: 2, stderr_contains: "holds secrets", absent: "stranger" } } },
  ];
}

/** Fake programs the session runs instead of real ones (no cluster, no registry, a long pytest). */
const FAKES: Record<string, string> = {
  pytest: '[ "$#" -gt 1 ] && { echo "1 passed in 0.01s"; exit 0; }\nfor i in $(seq 1 120); do echo "tests/test_$i.py::test_ok PASSED"; done\necho "120 passed in 1.20s"\n',
  gh: `echo ${GH_TOKEN}\n`,
  kubectl: 'echo "no cluster here"\n',
  pnpm: 'echo "pnpm: offline"\n',
};

/** Returns a world laid out like the replay's `app` (or `cloned-tool`) repository, fakes first on PATH. */
export function transcriptWorld(kind: "app" | "stranger", initArgs: string[] = []): World {
  const world = makeWorld("copilot", { initArgs });
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", world.work, ...args], { env: world.env });
  const w = world.work;
  if (kind === "stranger") {
    git("remote", "add", "origin", "https://github.com/stranger/repo.git");
    world.write(`${w}/.env`, "TOKEN=x\n");
    return world;
  }
  git("checkout", "-q", "-b", "feature/login");
  world.write(`${w}/db/migrations/0001_init.sql`, "CREATE TABLE users (id int);\n");
  world.write(`${w}/pnpm-lock.yaml`, "lockfileVersion: '9.0'\n");
  world.write(`${w}/package.json`, '{"name": "app", "private": true}\n');
  world.write(`${w}/.env`, "DATABASE_URL=postgres://app:secret@db/app\n");
  world.write(`${w}/.env.example`, "DATABASE_URL=\n");
  world.write(`${w}/src/auth/login.py`, "def login(user, password):\n    return issue_token(user)\n");
  world.write(`${w}/config/aws.ini`, `[default]\naws_access_key_id = ${AWS_KEY}\n`);
  symlinkSync(".env", `${w}/settings.cfg`);
  for (const [name, body] of Object.entries(FAKES)) world.write(join(world.home, "fakebin", name), `#!/usr/bin/env bash\n${body}`, 0o755);
  for (const file of readdirSync(EXAMPLES).filter((f) => !f.startsWith("_") && !f.endsWith(".md"))) {
    copyFileSync(join(EXAMPLES, file), join(world.conditions, file));
  }
  // a second MCP server with a hyphenated name, for the audit example's mcp__gateway-tools matcher
  const mcp = join(world.home, ".copilot", "mcp-config.json");
  const config = JSON.parse(world.read(mcp));
  config.mcpServers["gateway-tools"] = { type: "local", command: BIN, args: ["mcp"], tools: ["*"] };
  world.write(mcp, JSON.stringify(config, null, 2), 0o600);
  return world;
}

/** The PATH a transcript session runs with: the fake programs first. */
export const fakePath = (world: World) => `${join(world.home, "fakebin")}:${world.env.PATH}`;
