// Rebuilds e2e/transcripts/codex.jsonl (and the two Codex rollouts it points at) from a capture of
// e2e/live/codex-session.live.ts:
//   make test-live LIVE_CAPTURE=/tmp/cap   (or the one file, see e2e/live/README.md)
//   node_modules/.bin/bun e2e/live/codex-transcript.ts /tmp/cap
// Every payload is the one Codex sent, verbatim; only the world's paths become the replay's
// placeholders. What each record must answer in the replay's world is written here, per record; a
// captured call without an entry, or an entry no call matched, stops the build.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Expect = Record<string, unknown>;
interface Entry {
  /** The run (capture label), the event, and the command or tool the record is for. */
  run: string;
  event: string;
  call?: string;
  name: string;
  expect: Expect;
  env?: Record<string, string>;
}

const EMPTY: Expect = { exit: 0, stdout_empty: true };
const denied = (text: string): Expect => ({ exit: 2, stdout_empty: true, stderr_contains: text });
const context = (text: string): Expect => ({ exit: 0, context_contains: text });
const SLOW = { CONDITIONS_TIMEOUT_SEC: "0.3" };

/** The answers, in session order. `call` is matched against the start of the command (or the tool name). */
const ENTRIES: Entry[] = [
  { run: "session", event: "SessionStart", name: "session starts", expect: EMPTY },
  { run: "session", event: "UserPromptSubmit", name: "prompt (asks for a push)", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "git status", name: "git status", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "git status", name: "git status output (a plain string response)", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "git log", name: "bare git log: rewritten with allow (Codex applies it)",
    expect: { exit: 0, stdout_json: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "git log --oneline -20" } } } } },
  { run: "session", event: "PostToolUse", call: "git log --oneline -20", name: "git log output: Codex reports the rewritten command", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "cat .env", name: "cat .env is denied", expect: denied(".env holds secrets") },
  { run: "session", event: "PreToolUse", call: "grep -n DATABASE_URL", name: "grep over .env* is denied", expect: denied("holds secrets") },
  { run: "session", event: "PreToolUse", call: "docker compose", name: "docker --env-file=.env.local is denied", expect: denied(".env.local holds secrets") },
  { run: "session", event: "PreToolUse", call: "cat .env.example", name: "cat .env.example is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "cat .env.example", name: "cat .env.example output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "*** Begin Patch\n*** Add File: db/migrations", name: "apply_patch adding a new migration", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "*** Begin Patch\n*** Add File: db/migrations", name: "apply_patch done (Codex's Exit code/Success response)", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "*** Begin Patch\n*** Update File: db/migrations", name: "apply_patch on an existing migration: the agent is told (pre context reaches Codex's model)",
    expect: context("Migrations are append-only") },
  { run: "session", event: "PostToolUse", call: "*** Begin Patch\n*** Update File: db/migrations", name: "apply_patch on the migration done", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "*** Begin Patch\n*** Update File: src/auth/login.py\n@@\n-    return", name: "apply_patch touching .env is denied", expect: denied(".env holds secrets") },
  { run: "session", event: "PreToolUse", call: "*** Begin Patch\n*** Add File: deploy/prod.env", name: "apply_patch adding prod.env is denied", expect: denied("prod.env holds secrets") },
  { run: "session", event: "PreToolUse", call: "*** Begin Patch\n*** Update File: src/auth/login.py\n@@\n-    token", name: "apply_patch on source is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "*** Begin Patch\n*** Update File: src/auth/login.py\n@@\n-    token", name: "apply_patch on source done", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "./tools/pytest -q", name: "pytest", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/pytest -q", name: "long pytest output: replaced through a block (the model sees only the trimmed text), context beside it",
    expect: { exit: 0, stdout_json: { decision: "block" }, stdout_contains: "lines trimmed by post-bash.pytest-trim.py", context_contains: "pytest output trimmed from 127" } },
  { run: "session", event: "PreToolUse", call: "./tools/pytest tests/", name: "one failing test", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/pytest tests/", name: "a failed pytest run still fires PostToolUse on Codex", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "./tools/aws", name: "aws export-credentials", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/aws", name: "AWS key in output warns", expect: context("AWS access key id") },
  { run: "session", event: "PreToolUse", call: "./tools/printenv", name: "printenv", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/printenv", name: "Slack token in output warns", expect: context("a Slack token") },
  { run: "session", event: "PreToolUse", call: "./tools/kubectl get", name: "kubectl get is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/kubectl get", name: "kubectl get output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "kubectl apply", name: "kubectl apply is denied", expect: denied("GitOps") },
  { run: "session", event: "PreToolUse", call: "sudo /usr/local/bin/kubectl", name: "kubectl via sudo and a path is denied", expect: denied("kubectl scale") },
  { run: "session", event: "PreToolUse", call: "./tools/kubectl diff", name: "kubectl diff is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/kubectl diff", name: "kubectl diff output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "npm ci", name: "npm ci in a pnpm repository is denied", expect: denied("uses pnpm") },
  { run: "session", event: "PreToolUse", call: "./tools/pnpm", name: "pnpm install is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/pnpm", name: "pnpm install output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "./tools/yarn", name: "yarn build is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "./tools/yarn", name: "yarn build output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "make ci", name: "directory layer note reaches the agent (pre context)", expect: context("repo note: run make ci before pushing") },
  { run: "session", event: "PostToolUse", call: "make ci", name: "make ci output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "git commit", name: "commit", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "git commit", name: "commit output (git's own error)", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "git push -f", name: "force push is denied", expect: denied("force push blocked (-f)") },
  { run: "session", event: "PreToolUse", call: "git push origin main", name: "push to main is denied", expect: denied("push to main blocked") },
  { run: "session", event: "PreToolUse", call: "git push origin :master", name: "delete master is denied", expect: denied("deleting master") },
  { run: "session", event: "PreToolUse", call: "git push origin feature/login", name: "push of the feature branch, which the prompt asked for, is allowed", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "git push origin feature/login", name: "push output", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "mcp__gateway_tools__github_create_pull_request", name: "MCP pre (Codex sanitizes the names: gateway-tools -> gateway_tools)", expect: EMPTY },
  { run: "session", event: "PostToolUse", call: "mcp__gateway_tools__github_create_pull_request", name: "MCP post writes the audit line (the mcp__gateway-tools matcher fires)",
    expect: { exit: 0, stdout_empty: true, file_contains: { path: "${AHOME}/logs/mcp-audit.jsonl", text: '"tool":"mcp__gateway_tools__github_create_pull_request","input":{"repo":"acme/app"' } } },
  { run: "session", event: "PreToolUse", call: "mcp__gateway_tools__github_merge_pull_request", name: "MCP pre of a call that fails (Codex then fires no PostToolUse)", expect: EMPTY },
  { run: "session", event: "PreToolUse", call: "sleep 1", name: "slow pre condition times out and is named", env: SLOW, expect: context("pre-bash.sleep-slow_probe.sh] failed (timed out") },
  { run: "session", event: "PostToolUse", call: "sleep 1", name: "slow post condition times out and is named", env: SLOW, expect: context("post-bash.sleep-slow_probe.sh] failed (timed out") },
  { run: "session", event: "Stop", name: "stop (no hookSpecificOutput)", expect: EMPTY },
  { run: "session", event: "SessionEnd", name: "session end ({session_id, transcript_path, cwd, hook_event_name, reason})", expect: EMPTY },
  { run: "no-push", event: "SessionStart", name: "second session starts", expect: EMPTY },
  { run: "no-push", event: "UserPromptSubmit", name: "second session prompt (no push asked)", expect: EMPTY },
  { run: "no-push", event: "PreToolUse", call: "git push origin feature/login", name: "push nobody asked for: ask becomes deny on Codex", expect: denied("cannot prompt") },
  { run: "no-push", event: "Stop", name: "second session stop", expect: EMPTY },
  { run: "no-push", event: "SessionEnd", name: "second session end", expect: EMPTY },
  { run: "cloned-tool", event: "SessionStart", name: "untrusted repository: session starts", expect: { exit: 0, stdout_empty: true, absent: "stranger" } },
  { run: "cloned-tool", event: "UserPromptSubmit", name: "untrusted repository: prompt", expect: { exit: 0, stdout_empty: true, absent: "stranger" } },
  { run: "cloned-tool", event: "PreToolUse", call: "ls", name: "untrusted repository: directory layer skipped", expect: { exit: 0, stdout_empty: true, absent: "stranger" } },
  { run: "cloned-tool", event: "PostToolUse", call: "ls", name: "untrusted repository: no post condition of its own", expect: { exit: 0, stdout_empty: true, absent: "stranger" } },
  { run: "cloned-tool", event: "Stop", name: "untrusted repository: stop", expect: EMPTY },
  { run: "cloned-tool", event: "SessionEnd", name: "untrusted repository: session end", expect: EMPTY },
  { run: "acme-service", event: "SessionStart", name: "bundle owner's repository: session starts", expect: EMPTY },
  { run: "acme-service", event: "UserPromptSubmit", name: "bundle owner's repository: prompt", expect: EMPTY },
  { run: "acme-service", event: "PreToolUse", call: "make test", name: "bundle owner's repository: directory pre condition runs", expect: context("acme note: tests need docker") },
  { run: "acme-service", event: "PostToolUse", call: "make test", name: "bundle owner's repository: directory post condition runs", expect: context("acme post note") },
  { run: "acme-service", event: "Stop", name: "bundle owner's repository: stop", expect: EMPTY },
  { run: "acme-service", event: "SessionEnd", name: "bundle owner's repository: session end", expect: EMPTY },
];

interface Captured {
  check: string;
  version: string;
  argv: string[];
  payload: Record<string, unknown>;
}

/** The capture's placeholders -> the replay's (e2e/README.md), longest first. */
const PLACES: [string, string][] = [
  ["<WORLD>/cloned-tool", "${STRANGER}"],
  ["<WORLD>/acme-service", "${ACME}"],
  ["<WORK>", "${REPO}"],
  ["<HOME>", "${HOME}"],
  ["<WORLD>", "${ROOT}"],
];
const ROLLOUTS: Record<string, string> = { session: "codex-rollout.transcript.jsonl", "no-push": "codex-no-push.transcript.jsonl" };

const place = (text: string) => PLACES.reduce((t, [from, to]) => t.split(from).join(to), text);
const callOf = (p: Record<string, unknown>) => String((p.tool_input as { command?: string } | undefined)?.command ?? p.tool_name ?? "");

function entryFor(c: Captured, used: Set<Entry>): Entry | undefined {
  const p = c.payload;
  return ENTRIES.find((e) => !used.has(e) && e.run === c.check && e.event === p.hook_event_name
    && (e.call === undefined || callOf(p).startsWith(e.call) || String(p.tool_name) === e.call));
}

/** Keeps the rollout lines the push guard reads, and what a guard must not take for a prompt. */
function trimRollout(text: string): string {
  return text.split("\n").filter((line) => {
    if (!line.trim()) return false;
    const r = JSON.parse(line) as { type: string; payload?: { role?: string } };
    return r.type === "event_msg" || (r.type === "response_item" && r.payload?.role === "user");
  }).map((l) => `${place(l)}\n`).join("");
}

function main(dir: string): void {
  const out = join(import.meta.dir, "..", "transcripts");
  const captured = readFileSync(join(dir, "codex.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Captured);
  const used = new Set<Entry>();
  const records: string[] = [];
  for (const c of captured) {
    const e = entryFor(c, used);
    if (!e) throw new Error(`no entry for ${c.check} ${c.payload.hook_event_name} ${JSON.stringify(callOf(c.payload).slice(0, 60))}`);
    used.add(e);
    const payload = JSON.parse(place(JSON.stringify(c.payload))) as Record<string, unknown>;
    if (ROLLOUTS[c.check] && typeof payload.transcript_path === "string") payload.transcript_path = `\${TRANSCRIPTS}/${ROLLOUTS[c.check]}`;
    const argvEvent = c.argv.includes("--event") ? c.argv[c.argv.indexOf("--event") + 1] : undefined;
    records.push(JSON.stringify({ name: e.name, target: "codex", version: c.version, event: payload.hook_event_name, ...(argvEvent ? { argv_event: argvEvent } : {}), ...(e.env ? { env: e.env } : {}), payload, expect: e.expect }));
  }
  const missing = ENTRIES.filter((e) => !used.has(e));
  if (missing.length) throw new Error(`not captured: ${missing.map((e) => e.name).join("; ")}`);
  // Defensive: what the shipped guard must do with a payload 0.169 never sends (older builds sent null).
  const push = JSON.parse(records.find((r) => r.includes('"name":"push of the feature branch'))!) as { payload: Record<string, unknown>; version: string };
  records.push(JSON.stringify({
    name: "no transcript (null): no opinion", target: "codex", version: push.version, event: "PreToolUse", argv_event: "PreToolUse",
    defensive: "Codex 0.169 always sends transcript_path; builds before it sent null", payload: { ...push.payload, transcript_path: null }, expect: EMPTY,
  }));
  writeFileSync(join(out, "codex.jsonl"), `${records.join("\n")}\n`);
  for (const [run, file] of Object.entries(ROLLOUTS)) writeFileSync(join(out, file), trimRollout(readFileSync(join(dir, `codex-${run}.rollout.jsonl`), "utf8")));
  console.log(`wrote ${records.length} records to ${join(out, "codex.jsonl")}`);
}

main(process.argv[2] ?? "/tmp/cap");
