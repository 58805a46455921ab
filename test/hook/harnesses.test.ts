// Each harness's deny, context, rewrite and output replacement, and the events beyond pre and post,
// through the compiled executable.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { addCondition, hook, sandbox } from "../helpers";

const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;

function setup() {
  const sb = sandbox();
  const add = (file: string, body: string) => addCondition(join(sb.home, "conditions"), file, body);
  return { sb, add };
}

const codexPre = (command: string, cwd: string) => ({ session_id: "c1", turn_id: "t1", transcript_path: null, cwd, hook_event_name: "PreToolUse", model: "gpt-5.5", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1" });
const codexPost = (command: string, cwd: string, out: string) => ({ ...codexPre(command, cwd), hook_event_name: "PostToolUse", tool_response: out });
const copilotPre = (command: string, cwd: string, asString = false) => ({ sessionId: "p1", timestamp: 1788547866483, cwd, toolName: "bash", toolArgs: asString ? JSON.stringify({ command, description: "d" }) : { command, description: "d", mode: "sync", initial_wait: 30 } });
const copilotPost = (command: string, cwd: string, text: string) => ({ ...copilotPre(command, cwd), toolResult: { resultType: "success", textResultForLlm: text } });
const claudePost = (command: string, cwd: string, stdout: string) => ({ session_id: "s", cwd, hook_event_name: "PostToolUse", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_response: { stdout, stderr: "warn", interrupted: false, isImage: false }, tool_use_id: "t" });

describe("deny in every harness", () => {
  test("codex: exit 2, reason on stderr, nothing on stdout", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo 'no force push' >&2; exit 2"));
    const r = hook(codexPre("git push -f", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("no force push");
  });
  test("copilot camelCase: exit 2 and the flat deny", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo 'no force push' >&2; exit 2"));
    for (const asString of [false, true]) {
      const r = hook(copilotPre("git push -f", sb.repo, asString), { env: sb.env, event: "preToolUse" });
      expect(r.exitCode).toBe(2);
      expect(r.json).toEqual({ permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("no force push") });
    }
  });
  test("copilot toolCalls batch: one denied call denies the batch", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo 'no force push' >&2; exit 2"));
    const payload = { sessionId: "p1", cwd: sb.repo, timestamp: 1, toolCalls: [{ id: "a", name: "bash", args: '{"command":"ls"}' }, { id: "b", name: "bash", args: '{"command":"git push --force"}' }] };
    const r = hook(payload, { env: sb.env, event: "preToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.json.permissionDecision).toBe("deny");
  });
  test("copilot PascalCase (VS Code form)", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo 'no' >&2; exit 2"));
    const r = hook({ hook_event_name: "PreToolUse", session_id: "v", timestamp: "2026-09-05T10:00:00Z", cwd: sb.repo, tool_name: "Bash", tool_input: { command: "git push --force" } }, { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.json.permissionDecision).toBe("deny");
  });
});

describe("context", () => {
  test("claude pre: hookSpecificOutput.additionalContext", () => {
    const { sb, add } = setup();
    add("pre-bash-hint.sh", sh("echo 'remember the tests'"));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }, { env: sb.env });
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "[condition pre-bash-hint.sh]\nremember the tests" } });
  });
  test("codex pre: additionalContext for the model and the same text as systemMessage for the person; codex post: hookSpecificOutput", () => {
    const { sb, add } = setup();
    add("pre-bash-hint.sh", sh("echo 'pre hint'"));
    add("post-bash-hint.sh", sh("echo 'post hint'"));
    const pre = hook(codexPre("ls", sb.repo), { env: sb.env });
    expect(pre.exitCode).toBe(0);
    expect(pre.json).toEqual({
      systemMessage: "[condition pre-bash-hint.sh]\npre hint",
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "[condition pre-bash-hint.sh]\npre hint" },
    });
    const post = hook(codexPost("ls", sb.repo, "a\nb"), { env: sb.env });
    expect(post.json).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "[condition post-bash-hint.sh]\npost hint" } });
  });
  test("copilot: flat additionalContext", () => {
    const { sb, add } = setup();
    add("pre-bash-hint.sh", sh("echo 'pre hint'"));
    const r = hook(copilotPre("ls", sb.repo), { env: sb.env, event: "preToolUse" });
    expect(r.json).toEqual({ additionalContext: "[condition pre-bash-hint.sh]\npre hint" });
  });
  test("context over the harness limit is cut with a visible marker", () => {
    const { sb, add } = setup();
    add("pre-bash-long.sh", sh("head -c 20000 /dev/zero | tr '\\0' 'y'"));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }, { env: sb.env });
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx.length).toBeLessThanOrEqual(10000);
    expect(ctx.endsWith("[truncated]")).toBe(true);
  });
});

describe("rewrite", () => {
  const rewrite = `#!/usr/bin/env python3
import json, sys
p = json.load(sys.stdin)
if p["tool_input"]["command"].strip() == "git log":
    print(json.dumps({"tool_input": {"command": "git log --oneline -20"}, "decision": "allow"}))
`;
  test("claude: updatedInput with allow, the whole input kept", () => {
    const { sb, add } = setup();
    add("pre-bash.git-short_log.py", rewrite);
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", permission_mode: "default", tool_name: "Bash", tool_input: { command: "git log", description: "history" } }, { env: sb.env });
    expect(r.json.hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "git log --oneline -20", description: "history" } });
    expect(r.json.hookSpecificOutput.additionalContext).toContain("tool input rewritten by pre-bash.git-short_log.py");
  });
  test("claude outside bypass with no decision: dropped, the agent is told", () => {
    const { sb, add } = setup();
    add("pre-bash-rw.sh", sh(`echo '{"tool_input":{"command":"ls -1"}}'`));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", permission_mode: "default", tool_name: "Bash", tool_input: { command: "ls" } }, { env: sb.env });
    expect(r.json.hookSpecificOutput.updatedInput).toBeUndefined();
    expect(r.json.hookSpecificOutput.additionalContext).toMatch(/dropped: outside bypassPermissions/);
    const bypass = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", permission_mode: "bypassPermissions", tool_name: "Bash", tool_input: { command: "ls" } }, { env: sb.env });
    expect(bypass.json.hookSpecificOutput).toMatchObject({ permissionDecision: "allow", updatedInput: { command: "ls -1" } });
  });
  test("codex: updatedInput with allow, in Codex's own input shape", () => {
    const { sb, add } = setup();
    add("pre-bash.git-short_log.py", rewrite);
    const r = hook(codexPre("git log", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    expect(r.json.hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "git log --oneline -20" } });
    expect(Object.keys(r.json.hookSpecificOutput.updatedInput)).toEqual(["command"]);
  });
  test("codex: a rewritten apply_patch goes back as {command} without the fields lifted for conditions", () => {
    const { sb, add } = setup();
    add("pre-edit-rw.py", `#!/usr/bin/env python3
import json, sys
p = json.load(sys.stdin)
print(json.dumps({"decision": "allow", "tool_input": {"command": p["tool_input"]["command"].replace("+b", "+c")}}))
`);
    const patch = "*** Begin Patch\n*** Add File: a.txt\n+b\n*** End Patch\n";
    const r = hook({ ...codexPre("", sb.repo), tool_name: "apply_patch", tool_input: { command: patch } }, { env: sb.env });
    expect(r.json.hookSpecificOutput.updatedInput).toEqual({ command: patch.replace("+b", "+c") });
  });
  test("copilot: modifiedArgs with the whole argument object", () => {
    const { sb, add } = setup();
    add("pre-bash.git-short_log.py", rewrite);
    const r = hook(copilotPre("git log", sb.repo), { env: sb.env, event: "preToolUse" });
    expect(r.json.permissionDecision).toBe("allow");
    expect(r.json.modifiedArgs).toMatchObject({ command: "git log --oneline -20", description: "d" });
  });
  test("claude and copilot ask; codex turns ask into deny", () => {
    const { sb, add } = setup();
    add("pre-bash-ask.sh", sh(`echo '{"decision":"ask","reason":"sure?"}'`));
    const c = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }, { env: sb.env });
    expect(c.json.hookSpecificOutput).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: "[condition pre-bash-ask.sh] sure?" });
    expect(hook(codexPre("ls", sb.repo), { env: sb.env }).exitCode).toBe(2);
    // Copilot asks the person, or denies with the reason where nobody can answer (-p, the cloud agent)
    const p = hook(copilotPre("ls", sb.repo), { env: sb.env, event: "preToolUse" });
    expect(p.exitCode).toBe(0);
    expect(p.json).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: "[condition pre-bash-ask.sh] sure?" });
  });
});

describe("output replacement", () => {
  const trim = `#!/usr/bin/env python3
import json, sys
p = json.load(sys.stdin)
lines = p["tool_response"].get("stdout", "").splitlines()
if len(lines) > 60:
    print(json.dumps({"tool_output": "\\n".join(lines[:10] + ["[... trimmed ...]"] + lines[-40:]), "context": f"pytest output trimmed from {len(lines)} lines"}))
`;
  const many = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
  test("claude: updatedToolOutput in the Bash shape", () => {
    const { sb, add } = setup();
    add("post-bash-pytest_trim.py", trim);
    const r = hook(claudePost("pytest", sb.repo, many), { env: sb.env });
    const out = r.json.hookSpecificOutput.updatedToolOutput;
    expect(out.stderr).toBe("");
    expect(out.stdout.split("\n")).toHaveLength(51);
    expect(r.json.hookSpecificOutput.additionalContext).toContain("trimmed from 100 lines");
  });
  test("copilot: modifiedResult", () => {
    const { sb, add } = setup();
    add("post-bash-pytest_trim.py", trim);
    const r = hook(copilotPost("pytest", sb.repo, many), { env: sb.env, event: "postToolUse" });
    expect(r.json.modifiedResult.resultType).toBe("success");
    expect(r.json.modifiedResult.textResultForLlm).toContain("[... trimmed ...]");
  });
  test("codex: a block whose reason is the replacement, the context beside it", () => {
    const { sb, add } = setup();
    add("post-bash-pytest_trim.py", trim);
    const r = hook(codexPost("pytest", sb.repo, many), { env: sb.env });
    expect(r.json.decision).toBe("block");
    expect(r.json.reason.split("\n")).toHaveLength(51);
    expect(r.json.reason).toContain("[... trimmed ...]");
    expect(r.json.hookSpecificOutput.additionalContext).toContain("trimmed from 100 lines");
  });
  test("claude post block: decision block with the reason", () => {
    const { sb, add } = setup();
    add("post-bash-secret.sh", sh("echo 'secret-looking output' >&2; exit 2"));
    const r = hook(claudePost("cat x", sb.repo, "AKIA..."), { env: sb.env });
    expect(r.json.decision).toBe("block");
    expect(r.json.reason).toContain("secret-looking output");
  });
});

describe("events beyond pre and post", () => {
  test("stop: a deny keeps the agent going, in each harness", () => {
    const { sb, add } = setup();
    add("stop-tests.sh", sh("echo 'the tests have not run' >&2; exit 2"));
    const claude = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "Stop", stop_hook_active: false }, { env: sb.env });
    expect(claude.json).toEqual({ decision: "block", reason: "[condition stop-tests.sh] the tests have not run" });
    const codex = hook({ session_id: "c", turn_id: "t", cwd: sb.repo, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "done" }, { env: sb.env });
    expect(codex.json).toEqual({ decision: "block", reason: "[condition stop-tests.sh] the tests have not run" });
    const copilot = hook({ sessionId: "p", timestamp: 1, cwd: sb.repo, transcriptPath: "/x", stopReason: "end_turn", stop_hook_active: false }, { env: sb.env, event: "agentStop" });
    expect(copilot.json).toEqual({ decision: "block", reason: "[condition stop-tests.sh] the tests have not run" });
  });
  test("start: context on SessionStart, matched on the source", () => {
    const { sb, add } = setup();
    add("start-startup-hello.sh", sh("echo 'welcome'"));
    add("start-resume-back.sh", sh("echo 'welcome back'"));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "SessionStart", source: "startup" }, { env: sb.env });
    expect(r.json.hookSpecificOutput).toEqual({ hookEventName: "SessionStart", additionalContext: "[condition start-startup-hello.sh]\nwelcome" });
  });
  test("prompt: context on UserPromptSubmit, and a deny blocks the prompt", () => {
    const { sb, add } = setup();
    add("prompt-remind.sh", sh("echo 'be brief'"));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "hi" }, { env: sb.env });
    expect(r.json.hookSpecificOutput.additionalContext).toContain("be brief");
    add("prompt-block.sh", sh("echo 'no' >&2; exit 2"));
    const b = hook({ session_id: "s2", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "hi" }, { env: sb.env });
    expect(b.json.decision).toBe("block");
  });
  test("fail: context on PostToolUseFailure", () => {
    const { sb, add } = setup();
    add("fail-bash-explain.sh", sh("echo 'check the exit code'"));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PostToolUseFailure", tool_name: "Bash", tool_input: { command: "false" }, error: "Exit code 1" }, { env: sb.env });
    expect(r.json.hookSpecificOutput).toEqual({ hookEventName: "PostToolUseFailure", additionalContext: "[condition fail-bash-explain.sh]\ncheck the exit code" });
  });
  test("permission: a deny answers the PermissionRequest", () => {
    const { sb, add } = setup();
    add("permission-bash-no.sh", sh(`echo '{"decision":"deny","reason":"not here"}'`));
    const r = hook({ session_id: "s", cwd: sb.repo, hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "rm x" } }, { env: sb.env });
    expect(r.json.hookSpecificOutput.hookEventName).toBe("PermissionRequest");
    expect(r.json.hookSpecificOutput.decision.behavior).toBe("deny");
  });
  test("end, notify, compact, substart and substop run their conditions", () => {
    const { sb, add } = setup();
    const log = join(sb.root, "ran.log");
    for (const f of ["end-any-x.sh", "notify-idle_prompt-x.sh", "compact-auto-x.sh", "substart-any-x.sh", "substop-any-x.sh"]) add(f, sh(`echo "$AH_STEP $AH_EVENT" >> ${log}`));
    const base = { session_id: "s", cwd: sb.repo };
    hook({ ...base, hook_event_name: "SessionEnd", reason: "other" }, { env: sb.env });
    hook({ ...base, hook_event_name: "Notification", notification_type: "idle_prompt", message: "m" }, { env: sb.env });
    hook({ ...base, hook_event_name: "PreCompact", trigger: "auto" }, { env: sb.env });
    hook({ ...base, hook_event_name: "SubagentStart", agent_type: "Explore" }, { env: sb.env });
    hook({ ...base, hook_event_name: "SubagentStop", agent_type: "Explore" }, { env: sb.env });
    hook({ ...base, hook_event_name: "PreCompact", trigger: "manual" }, { env: sb.env }); // compact-auto does not match
    const ran = require("node:fs").readFileSync(log, "utf8").trim().split("\n");
    expect(ran).toEqual(["end SessionEnd", "notify Notification", "compact PreCompact", "substart SubagentStart", "substop SubagentStop"]);
  });
});
