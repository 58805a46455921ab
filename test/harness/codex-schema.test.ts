// Every answer agentihooks gives Codex, checked against Codex 0.169's own output schemas (vendored in
// fixtures/codex-0.169, cut from the Codex binary): one key Codex does not know voids the whole answer,
// a deny included, so each kind of answer the executable can emit is produced here and validated.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { addCondition, hook, sandbox } from "../helpers";

const FIXTURES = join(import.meta.dir, "fixtures", "codex-0.169");
const SCHEMA_OF: Record<string, string> = {
  PreToolUse: "pre-tool-use", PostToolUse: "post-tool-use", PermissionRequest: "permission-request",
  SessionStart: "session-start", UserPromptSubmit: "user-prompt-submit", Stop: "stop",
  SubagentStart: "subagent-start", SubagentStop: "subagent-stop", PreCompact: "pre-compact",
};
const ajv = new Ajv({ strict: false, allErrors: true });
const validators = Object.fromEntries(Object.entries(SCHEMA_OF).map(([event, file]) => {
  const schema = JSON.parse(readFileSync(join(FIXTURES, `${file}.command.output.schema.json`), "utf8"));
  return [event, ajv.compile(schema)];
}));

const sb = sandbox();
afterAll(() => rmSync(sb.root, { recursive: true, force: true }));

const base = (event: string, extra: Record<string, unknown> = {}) => ({
  session_id: "c1", turn_id: "t1", transcript_path: null, cwd: sb.repo, hook_event_name: event, model: "gpt-5", permission_mode: "bypassPermissions", ...extra,
});
const bash = (event: string, command: string, extra: Record<string, unknown> = {}) => base(event, { tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1", ...extra });
const mcp = (event: string, extra: Record<string, unknown> = {}) =>
  base(event, { tool_name: "mcp__agentihooks__conditions_list", tool_input: {}, tool_use_id: "call_2", ...extra });
const sh = (body: string) => `#!/usr/bin/env bash\ncat >/dev/null\n${body}\n`;

/** [what, event, condition file, its body, payload]: every answer shape the pipeline can produce. */
const CASES: [string, string, string, string, Record<string, unknown>][] = [
  ["pre deny by exit 2", "PreToolUse", "pre-bash-a.sh", sh("echo no >&2; exit 2"), bash("PreToolUse", "ls")],
  ["pre deny as JSON", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"deny","reason":"no"}'`), bash("PreToolUse", "ls")],
  ["pre deny with context", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"deny","reason":"no","context":"why"}'`), bash("PreToolUse", "ls")],
  ["pre ask (sent as a deny)", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"ask","reason":"sure?"}'`), bash("PreToolUse", "ls")],
  ["pre allow", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"allow","reason":"fine"}'`), bash("PreToolUse", "ls")],
  ["pre allow + rewrite", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"allow","tool_input":{"command":"ls -1"}}'`), bash("PreToolUse", "ls")],
  ["pre rewrite, no decision, bypass", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"tool_input":{"command":"ls -1"}}'`), bash("PreToolUse", "ls")],
  ["pre rewrite, no decision, default mode", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"tool_input":{"command":"ls -1"}}'`), bash("PreToolUse", "ls", { permission_mode: "default" })],
  ["pre rewrite of apply_patch", "PreToolUse", "pre-edit-a.sh", sh(`echo '{"decision":"allow","tool_input":{"command":"*** Begin Patch\\n*** Add File: b\\n+x\\n*** End Patch\\n"}}'`),
    base("PreToolUse", { tool_name: "apply_patch", tool_input: { command: "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n" }, tool_use_id: "call_3" })],
  ["pre context", "PreToolUse", "pre-bash-a.sh", sh("echo 'a hint'"), bash("PreToolUse", "ls")],
  ["pre context over the limit", "PreToolUse", "pre-bash-a.sh", sh("head -c 20000 /dev/zero | tr '\\0' y"), bash("PreToolUse", "ls")],
  ["pre crash", "PreToolUse", "pre-bash-a.sh", sh("kill -SEGV $$"), bash("PreToolUse", "ls")],
  ["pre bad JSON from a condition", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":'`), bash("PreToolUse", "ls")],
  ["pre unknown decision", "PreToolUse", "pre-bash-a.sh", sh(`echo '{"decision":"maybe"}'`), bash("PreToolUse", "ls")],
  ["pre MCP context", "PreToolUse", "pre-mcp__agentihooks-a.sh", sh("echo 'mcp hint'"), mcp("PreToolUse")],
  ["post context", "PostToolUse", "post-bash-a.sh", sh("echo 'post hint'"), bash("PostToolUse", "ls", { tool_response: "a\n" })],
  ["post block by exit 2", "PostToolUse", "post-bash-a.sh", sh("echo bad >&2; exit 2"), bash("PostToolUse", "ls", { tool_response: "a\n" })],
  ["post deny as JSON", "PostToolUse", "post-bash-a.sh", sh(`echo '{"decision":"deny","reason":"bad"}'`), bash("PostToolUse", "ls", { tool_response: "a\n" })],
  ["post output replacement", "PostToolUse", "post-bash-a.sh", sh(`echo '{"tool_output":"short","context":"trimmed"}'`), bash("PostToolUse", "ls", { tool_response: "a\n" })],
  ["post replacement and block", "PostToolUse", "post-bash-a.sh", sh(`echo '{"tool_output":"short","decision":"deny","reason":"bad"}'`), bash("PostToolUse", "ls", { tool_response: "a\n" })],
  ["post MCP replacement", "PostToolUse", "post-mcp__agentihooks-a.sh", sh(`echo '{"tool_output":"hidden"}'`), mcp("PostToolUse", { tool_response: { content: [{ type: "text", text: "x" }] } })],
  ["permission allow", "PermissionRequest", "permission-mcp__agentihooks-a.sh", sh(`echo '{"decision":"allow"}'`), mcp("PermissionRequest")],
  ["permission deny", "PermissionRequest", "permission-mcp__agentihooks-a.sh", sh(`echo '{"decision":"deny","reason":"no"}'`), mcp("PermissionRequest")],
  ["permission ask", "PermissionRequest", "permission-mcp__agentihooks-a.sh", sh(`echo '{"decision":"ask"}'`), mcp("PermissionRequest")],
  ["permission context", "PermissionRequest", "permission-mcp__agentihooks-a.sh", sh("echo 'note'"), mcp("PermissionRequest")],
  ["session start context", "SessionStart", "start-any-a.sh", sh("echo 'welcome'"), base("SessionStart", { source: "startup" })],
  ["session start deny", "SessionStart", "start-any-a.sh", sh("echo no >&2; exit 2"), base("SessionStart", { source: "startup" })],
  ["prompt context", "UserPromptSubmit", "prompt-a.sh", sh("echo 'note'"), base("UserPromptSubmit", { prompt: "hi" })],
  ["prompt block", "UserPromptSubmit", "prompt-a.sh", sh("echo no >&2; exit 2"), base("UserPromptSubmit", { prompt: "hi" })],
  ["stop block", "Stop", "stop-a.sh", sh("echo 'run the tests' >&2; exit 2"), base("Stop", { stop_hook_active: false, last_assistant_message: "done" })],
  ["stop context", "Stop", "stop-a.sh", sh("echo 'a note'"), base("Stop", { stop_hook_active: false, last_assistant_message: "done" })],
  ["subagent start context", "SubagentStart", "substart-any-a.sh", sh("echo 'note'"), base("SubagentStart", { agent_id: "a1", agent_type: "worker" })],
  ["subagent stop block", "SubagentStop", "substop-any-a.sh", sh("echo 'more' >&2; exit 2"), base("SubagentStop", { agent_id: "a1", stop_hook_active: false })],
  ["compact block", "PreCompact", "compact-any-a.sh", sh("echo no >&2; exit 2"), base("PreCompact", { trigger: "auto" })],
  ["compact context", "PreCompact", "compact-any-a.sh", sh("echo note"), base("PreCompact", { trigger: "auto" })],
  ["session end", "SessionEnd", "end-any-a.sh", sh("echo note; exit 2"), base("SessionEnd", { reason: "other" })],
];

/** What each case must produce (an answer on stdout unless listed): so no case passes by saying nothing. */
const KIND: Record<string, "deny" | "none"> = {
  "pre deny by exit 2": "deny", "pre deny as JSON": "deny", "pre deny with context": "deny", "pre ask (sent as a deny)": "deny",
  "permission ask": "none", "permission context": "none", "stop context": "none",
  "compact block": "none", "compact context": "none", "session end": "none",
};
const kindOf = (r: { exitCode: number; stdout: string }) => (r.exitCode === 2 ? "deny" : r.stdout.trim() ? "answer" : "none");

describe("codex: every answer fits Codex 0.169's output schema", () => {
  let last = "";
  test.each(CASES)("%s", (what, event, file, body, payload) => {
    if (last) rmSync(join(sb.home, "conditions", last), { force: true });
    addCondition(join(sb.home, "conditions"), file, body);
    last = file;
    const r = hook(payload, { env: sb.env, target: "codex", event });
    expect(kindOf(r), r.stdout + r.stderr).toBe(KIND[what] ?? "answer");
    expect(r.stderr.includes("Error:") && r.stderr.includes("    at ")).toBe(false); // never a stack trace
    if (r.exitCode === 2) {
      // Codex reads only stderr on exit 2; an empty reason would make it fail open
      expect(r.stderr.trim()).not.toBe("");
      expect(r.stdout).toBe("");
      return;
    }
    expect(r.exitCode).toBe(0);
    if (r.stdout.trim() === "") return;
    const validate = validators[event];
    expect(validate, `${event} got an answer but Codex reads none: ${r.stdout}`).toBeDefined();
    const ok = validate(JSON.parse(r.stdout));
    expect(ok, `${r.stdout}\n${JSON.stringify(validate.errors)}`).toBe(true);
  });

  test("a payload that cannot be read on PreToolUse is denied with a reason, never an answer Codex rejects", () => {
    const r = hook("{not json", { env: sb.env, target: "codex", event: "PreToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).not.toBe("");
    expect(r.stdout).toBe("");
  });

  test("the schema check has teeth: an unknown key fails it", () => {
    expect(validators.PreToolUse({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedToolOutput: "x" } })).toBe(false);
    expect(validators.PostToolUse({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "x" } })).toBe(false);
    expect(validators.Stop({ hookSpecificOutput: { hookEventName: "Stop", additionalContext: "x" } })).toBe(false);
  });
});
