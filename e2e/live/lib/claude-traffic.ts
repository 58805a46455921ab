// The Claude Code sessions whose hook traffic becomes e2e/transcripts/claude.jsonl: what the model
// does in each (a real session of the pinned CLI plays it), and what agentihooks must answer to each
// call in the e2e replay world (e2e/replay.test.ts: the examples in a bundle, a profile and the app
// repository, state.json linking them). Inputs name paths as <WORK> and <HOME>; the live run fills
// them in, and the record builder (claude-records.ts) maps them to the replay's placeholders.
import type { Expect } from "../../replay.test";
import type { Step } from "./mock-model";

export type { Expect };

export interface TrafficStep {
  name: string;
  call: Step;
  /** The answer to each hook event of this call; a call the harness answers with another event fails the build. */
  pre?: Expect;
  post?: Expect;
  fail?: Expect;
  /** Extra environment for the replay of this call's records. */
  env?: Record<string, string>;
  /** false: the live world lacks the layer that decides it (the replay world has a bundle). */
  live?: boolean;
}

export type Repo = "REPO" | "MAIN_REPO" | "STRANGER" | "ACME";

export interface TrafficSession {
  label: string;
  /** The replay repository this session's cwd stands for (its branch and origin are made the same). */
  repo: Repo;
  prompt: string;
  mode: string;
  /** The replay transcript this session's transcript is saved as (push_intent reads it). */
  transcript: string;
  steps: TrafficStep[];
}

/** The git branch and origin of each replay repository. */
export const REPOS: Record<Repo, { branch: string; origin?: string }> = {
  REPO: { branch: "feature/login" },
  MAIN_REPO: { branch: "main" },
  STRANGER: { branch: "main", origin: "https://github.com/stranger/repo.git" },
  ACME: { branch: "feature/tests", origin: "git@github.com:acme/service.git" },
};

const bash = (command: string, description: string): Step => ({ tool: "Bash", input: { command, description } });
const read = (file_path: string, extra: Record<string, unknown> = {}): Step => ({ tool: "Read", input: { file_path, ...extra } });
const gw = (tool: string, input: Record<string, unknown>): Step => ({ tool: `mcp__gateway-tools__${tool}`, input });

const QUIET: Expect = { exit: 0, stdout_empty: true };
const deny = (text: string): Expect => ({ exit: 2, stderr_contains: text, stdout_json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } } });
const context = (text: string, event = "PreToolUse"): Expect => ({ exit: 0, context_contains: text, stdout_json: { hookSpecificOutput: { hookEventName: event } } });
const audit = (text: string): Expect => ({ exit: 0, stdout_empty: true, file_contains: { path: "${AHOME}/logs/mcp-audit.jsonl", text } });
const rewritten = { exit: 0, stdout_json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "git log --oneline -20" } } } };

/** Session 1: the person asks for a fix and a push; the model reads, tests, edits, commits, pushes. */
const PUSH_ASKED: TrafficStep[] = [
  { name: "git status: no condition speaks", call: bash("git status", "Show working tree status"), pre: QUIET, post: QUIET },
  { name: "bare git log is rewritten (allow, default mode)", call: bash("git log", "Show recent commits"), pre: rewritten, post: QUIET },
  { name: "git log -p is not rewritten", call: bash("git log -p -3 src/auth/login.py", "Show recent changes to login"), pre: QUIET, post: QUIET },
  { name: "Read source file", call: read("<WORK>/src/auth/login.py"), pre: QUIET, post: QUIET },
  { name: "Read .env is denied", call: read("<WORK>/.env"), pre: deny("holds secrets") },
  { name: "Read .env.local is denied", call: read("<WORK>/.env.local", { limit: 50 }), pre: deny(".env.local holds secrets") },
  // (Claude resolves a/../.env in a Read path before any hook sees it: measured, so no record of it.)
  { name: "Read a symlink to .env is denied", call: read("<WORK>/settings.cfg"), pre: deny("settings.cfg holds secrets") },
  { name: "Read ~/proj/.env is denied", call: read("<HOME>/proj/.env"), pre: deny("holds secrets") },
  { name: "Read .env.example is allowed", call: read("<WORK>/.env.example"), pre: QUIET, post: QUIET },
  { name: "cat .env is denied", call: bash("cat .env | grep DATABASE_URL", "Read database URL"), pre: deny("holds secrets") },
  { name: "source ./.env is denied", call: bash("set -a && source ./.env && pytest -q", "Run tests with env"), pre: deny("./.env holds secrets") },
  { name: "Write .env.production is denied", call: { tool: "Write", input: { file_path: "<WORK>/.env.production", content: "DEBUG=1\n" } }, pre: deny(".env.production holds secrets") },
  { name: "Edit (create) deploy/prod.env is denied", call: { tool: "Edit", input: { file_path: "<WORK>/deploy/prod.env", old_string: "", new_string: "DEBUG=1\n" } }, pre: deny("prod.env holds secrets") },
  { name: "diff of two templates is allowed", call: bash("diff .env.example .env.example", "Compare env templates"), pre: QUIET, post: QUIET },
  { name: "run the failing test", call: bash("pytest tests/unit/test_module_042.py -q", "Run the failing test"), pre: QUIET, fail: QUIET },
  { name: "Edit source file", call: { tool: "Edit", input: { file_path: "<WORK>/src/auth/login.py", old_string: "return issue_token(user)", new_string: "return issue_token(user, ttl=3600)" } }, pre: QUIET, post: QUIET },
  {
    name: "long pytest output is trimmed",
    call: bash("pytest -q", "Run the test suite"),
    pre: QUIET,
    post: { exit: 0, stdout_contains: "lines trimmed by post-bash.pytest-trim.py", context_contains: "pytest output trimmed from", stdout_json: { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stderr: "", interrupted: false, isImage: false } } } },
  },
  { name: "short pytest output is untouched", call: bash("pytest tests/unit -q", "Run unit tests"), pre: QUIET, post: QUIET },
  { name: "long output of another command is untouched", call: bash("cat build.log", "Show build log"), pre: QUIET, post: QUIET },
  { name: "kubectl read is allowed", call: bash("kubectl -n staging get pods -o wide", "List staging pods"), pre: QUIET, post: QUIET },
  { name: "kubectl rollout restart is denied", call: bash("kubectl -n staging rollout restart deploy/api", "Restart api"), pre: deny("GitOps") },
  { name: "kubectl delete through bash -c is denied", call: bash("bash -c 'kubectl delete pod api-7c9 -n staging'", "Delete stuck pod"), pre: deny("kubectl delete changes the cluster") },
  { name: "kubectl delete through xargs is denied", call: bash("kubectl get pods -o name | xargs kubectl delete", "Delete all pods"), pre: deny("GitOps") },
  { name: "kubectl apply --dry-run=server is allowed", call: bash("kubectl apply -f k8s/ --dry-run=server", "Validate manifests"), pre: QUIET, post: QUIET },
  { name: "kubectl only in an echo never runs the guard", call: bash("echo 'kubectl delete is not allowed here'", "Explain"), pre: QUIET, post: QUIET },
  { name: "AWS key in output warns", call: bash("env | grep ^AWS_", "Check AWS env"), pre: QUIET, post: { ...context("AWS access key id (AKIA...W2PD)", "PostToolUse"), absent: "Q3EGRK7LZN4XW2PD" } },
  { name: "GitHub token in Read output warns", call: read("<HOME>/.config/gh/hosts.yml"), pre: QUIET, post: context("a GitHub token (ghp_...1jK2)", "PostToolUse") },
  { name: "private key in output warns", call: bash("cat deploy/id_ed25519", "Show deploy key"), pre: QUIET, post: context("a private key", "PostToolUse") },
  { name: "Write a new migration", call: { tool: "Write", input: { file_path: "<WORK>/db/migrations/0002_add_last_login.sql", content: "ALTER TABLE users ADD COLUMN last_login timestamptz;\n" } }, pre: QUIET, post: QUIET },
  { name: "Read the first migration", call: read("<WORK>/db/migrations/0001_init.sql"), pre: QUIET, post: QUIET },
  { name: "Edit of an existing migration gets a reminder", call: { tool: "Edit", input: { file_path: "<WORK>/db/migrations/0001_init.sql", old_string: "id int", new_string: "id bigint" } }, pre: context("Migrations are append-only"), post: QUIET },
  { name: "npm install in a pnpm repository is denied", call: bash("npm install bcrypt", "Add bcrypt"), pre: deny("this repository uses pnpm (pnpm-lock.yaml)") },
  { name: "yarn add behind env is denied", call: bash("env CI=1 yarn add bcrypt", "Add bcrypt"), pre: deny("uses pnpm") },
  { name: "pnpm add is allowed", call: bash("pnpm add bcrypt", "Add bcrypt"), pre: QUIET, post: QUIET },
  { name: "npm test is allowed", call: bash("npm test -- --watch=false", "Run JS tests"), pre: QUIET, post: QUIET },
  { name: "directory layer of the trusted repository runs", call: bash("make ci", "Run CI target"), pre: context("[condition pre-bash.make-repo_note.sh]"), post: QUIET },
  { name: "commit", call: bash("git add -A && git commit -q -m 'Fix token TTL in login'", "Commit the fix"), pre: QUIET, post: QUIET },
  { name: "force push is denied", call: bash("git push --force origin feature/login", "Push"), pre: deny("force push blocked (--force)") },
  // A lease to a feature branch is the safe way to rewrite one's own branch: let through (issue 25); the
  // repository has no origin, so the push itself fails.
  { name: "force-with-lease to a feature branch is allowed", call: bash("git push --force-with-lease origin feature/login", "Push"), pre: QUIET, fail: QUIET },
  { name: "+refspec is denied", call: bash("git push origin +feature/login", "Push"), pre: deny("a leading + forces") },
  { name: "push HEAD:main is denied", call: bash("git push origin HEAD:main", "Push to main"), pre: deny("push to main blocked (HEAD:main)") },
  // (Claude drops a leading `cd <cwd> &&` before the hook sees the command: measured.)
  { name: "push origin master is denied", call: bash("git -C <WORK> push origin master", "Push to master"), pre: deny("push to master blocked") },
  // The repository has no origin, so the push itself fails: Claude fires PostToolUseFailure.
  { name: "push of the feature branch is allowed (the user asked)", call: bash("git push -u origin feature/login", "Push the branch"), pre: QUIET, fail: QUIET },
  { name: "echo of a force push never runs the guard", call: bash("echo 'never git push --force'", "Note"), pre: QUIET, post: QUIET },
  { name: "MCP call of the audited server", call: gw("condition_list", { cwd: "<WORK>" }), pre: QUIET, post: audit('"tool":"mcp__gateway-tools__condition_list","input":{"cwd":"${REPO}"},"is_error":false}') },
  // A failed MCP call fires PostToolUseFailure, never PostToolUse: the audit's fail- twin logs it.
  { name: "failed MCP call of the audited server", call: gw("condition_show", { file: "no_such_condition" }), pre: QUIET, fail: audit('"is_error":true,"error":"{\\"success\\":false,\\"error\\":\\"no active condition named') },
  { name: "other MCP server is not audited, secret scan still runs", call: { tool: "mcp__agentihooks__condition_show", input: { file: "ci_token_note" } }, pre: QUIET, post: context("a GitHub token", "PostToolUse") },
];

/** Session 2: no prompt asked for a push. */
const NO_PUSH: TrafficStep[] = [
  { name: "push nobody asked for asks the user", call: bash("git push origin feature/login", "Push the branch"), pre: { exit: 0, stdout_json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }, stdout_contains: "no prompt in this session asked for a push" } },
  { name: "force push still denied (deny beats ask)", call: bash("git push -f origin feature/login", "Push"), pre: deny("force push blocked (-f)") },
  { name: "git log rewrite in bypassPermissions", call: bash("git log", "History"), pre: rewritten, post: QUIET },
  { name: "slow condition times out and is named", call: bash("sleep 1 && echo warmed", "Wait for the cache"), env: { CONDITIONS_TIMEOUT_SEC: "0.3" }, live: false, pre: { exit: 0, context_contains: "[condition pre-bash.sleep-slow_probe.sh] failed (timed out" }, post: { exit: 0, context_contains: "[condition post-bash.sleep-slow_probe.sh] failed (timed out" } },
];

const MAINLINE: TrafficStep[] = [
  { name: "bare push on main is denied", call: bash("git push", "Push"), pre: deny("the checked-out branch is main") },
  { name: "push -u origin HEAD on main is denied", call: bash("git push -u origin HEAD", "Push"), pre: deny("push to main blocked") },
];

const STRANGER: TrafficStep[] = [
  { name: "untrusted repository: its directory layer never runs", call: bash("ls -la", "List files"), pre: { ...QUIET, absent: "stranger" }, post: { ...QUIET, absent: "stranger" } },
  { name: "untrusted repository: bundle guards still run", call: read("<WORK>/.env"), pre: { ...deny("holds secrets"), absent: "stranger" } },
  { name: "untrusted repository: make runs no directory note", call: bash("make ci", "CI"), pre: { ...QUIET, absent: "stranger" }, post: { ...QUIET, absent: "stranger" } },
];

const ACME: TrafficStep[] = [
  { name: "repository of the bundle's owner is trusted", call: bash("make test", "Run tests"), live: false, pre: context("[condition pre-bash.make-acme_note.sh]"), post: { exit: 0, context_contains: "[condition post-bash.make-acme_post.sh]" } },
];

const PUSH_PROMPT = "The login test fails since the token refactor. Find out why, fix it, commit, and push the branch.";

export const SESSIONS: TrafficSession[] = [
  { label: "traffic: push asked", repo: "REPO", prompt: PUSH_PROMPT, mode: "default", transcript: "claude-conversation.transcript.jsonl", steps: PUSH_ASKED },
  { label: "traffic: no push asked", repo: "REPO", prompt: "Fix the login test and commit.", mode: "bypassPermissions", transcript: "claude-no-push.transcript.jsonl", steps: NO_PUSH },
  { label: "traffic: mainline", repo: "MAIN_REPO", prompt: "Push the release commit.", mode: "bypassPermissions", transcript: "claude-conversation.transcript.jsonl", steps: MAINLINE },
  { label: "traffic: stranger", repo: "STRANGER", prompt: "Look around this clone and push nothing.", mode: "bypassPermissions", transcript: "claude-conversation.transcript.jsonl", steps: STRANGER },
  { label: "traffic: acme", repo: "ACME", prompt: "Run the tests, then push the branch.", mode: "bypassPermissions", transcript: "claude-conversation.transcript.jsonl", steps: ACME },
];

/** The answers to the session's own events (no tool). */
export const LIFECYCLE: Record<string, Expect> = {
  SessionStart: { exit: 0, absent: "stranger" },
  UserPromptSubmit: { exit: 0, absent: "condition" },
  Stop: { exit: 0, absent: "condition" },
  SessionEnd: { exit: 0 },
};
