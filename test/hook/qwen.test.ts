// Qwen Code's edge, against the compiled executable: its payloads (as Qwen Code 0.24.4 sends them,
// e2e/live/qwen.live.ts) normalized so bash, read, write, edit, notebookedit and mcp__ matchers fire,
// and its answers: a deny is exit 2 with the reason on stderr and nothing on stdout; ask is Claude's
// permissionDecision; post context is JSON and a post block or replacement is `continue: false`.
// The live suite proves what Qwen does with them.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { hook, run, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

const SID = "ea3699c2-f90a-4cea-af79-03867155f849";
const base = (sb: Sandbox, event: string) => ({
  session_id: SID,
  transcript_path: join(sb.userHome, ".qwen", "projects", "-repo", "chats", `${SID}.jsonl`),
  cwd: sb.repo,
  hook_event_name: event,
  timestamp: "2026-12-02T07:21:26.282Z",
  permission_mode: "yolo",
});
const pre = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>) =>
  ({ ...base(sb, "PreToolUse"), tool_name, tool_input, tool_use_id: "toolu_1", tool_call_id: "call_1" });
const post = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, llmContent: string) =>
  ({ ...base(sb, "PostToolUse"), tool_name, tool_input, tool_response: { llmContent, returnDisplay: "" }, tool_use_id: "toolu_1" });


describe("qwen: answers", () => {
  test("a deny is exit 2, the reason on stderr, nothing on stdout (with --target or found from the payload)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["qwen", undefined]) {
      const r = hook(pre(sb, "run_shell_command", { command: "bash -c 'touch x'" }), { env: sb.env, target, event: target && "PreToolUse" });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("touch is not allowed");
    }
  });

  test("ask is hookSpecificOutput.permissionDecision with its reason; pre context is not sent (Qwen drops it)", () => {
    const { sb, add } = setup();
    add("pre-bash.rm-ask.sh", sh(`echo '{"decision": "ask", "reason": "rm needs a person", "context": "PRE-CONTEXT"}'`));
    const r = hook(pre(sb, "run_shell_command", { command: "rm -rf build" }), { env: sb.env, target: "qwen", event: "PreToolUse" });
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: expect.stringContaining("rm needs a person") },
    });
  });

  test("a rewrite is dropped with a note (Qwen's PreToolUse cannot apply one)", () => {
    const { sb, add } = setup();
    add("pre-bash.ls-rewrite.sh", sh(`echo '{"tool_input": {"command": "ls -l"}, "decision": "allow"}'`));
    const r = hook(pre(sb, "run_shell_command", { command: "ls" }), { env: sb.env, target: "qwen", event: "PreToolUse" });
    expect(r.exitCode).toBe(0);
    expect(JSON.stringify(r.json)).not.toContain("ls -l");
    expect(r.json.hookSpecificOutput.permissionDecision).toBe("allow");
  });

  test("post context is hookSpecificOutput.additionalContext and nothing else", () => {
    const { sb, add } = setup();
    add("post-bash.date-context.sh", sh("echo POST-CONTEXT"));
    const r = hook(post(sb, "run_shell_command", { command: "date" }, "Output: today"), { env: sb.env, target: "qwen", event: "PostToolUse" });
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: expect.stringContaining("POST-CONTEXT") } });
  });

  test("PostToolUseFailure context is hookSpecificOutput.additionalContext", () => {
    const { sb, add } = setup();
    add("fail-read-hint.sh", sh("echo 'check the path'"));
    const payload = { ...base(sb, "PostToolUseFailure"), tool_name: "read_file", tool_input: { file_path: "/abs/missing.txt" }, error: "File not found", is_interrupt: false, tool_use_id: "toolu_1" };
    const r = hook(payload, { env: sb.env, target: "qwen", event: "PostToolUseFailure" });
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: expect.stringContaining("check the path") } });
  });

  test("a post block and an output replacement are continue false with the text as stopReason", () => {
    const { sb, add } = setup();
    add("post-bash-secret.sh", sh("echo 'output withheld' >&2; exit 2"));
    const blocked = hook(post(sb, "run_shell_command", { command: "cat notes" }, "secret output"), { env: sb.env, target: "qwen", event: "PostToolUse" });
    expect(blocked.json).toEqual({ continue: false, stopReason: expect.stringContaining("output withheld") });
    const other = setup();
    other.add("post-bash.printf-replace.sh", sh(`echo '{"tool_output": "REPLACED"}'`));
    const replaced = hook(post(other.sb, "run_shell_command", { command: "printf x" }, "x"), { env: other.sb.env, target: "qwen", event: "PostToolUse" });
    expect(replaced.json).toEqual({ continue: false, stopReason: "REPLACED" });
  });

  test("UserPromptSubmit: context is additionalContext; a block is decision block; Stop's block too", () => {
    const { sb, add } = setup();
    add("prompt-remind.sh", sh("echo 'be brief'"));
    const ctx = hook({ ...base(sb, "UserPromptSubmit"), prompt: "hi" }, { env: sb.env, target: "qwen", event: "UserPromptSubmit" });
    expect(ctx.json).toEqual({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: expect.stringContaining("be brief") } });
    add("stop-more.sh", sh("echo 'run the tests first' >&2; exit 2"));
    const stop = hook({ ...base(sb, "Stop"), stop_hook_active: false, last_assistant_message: "done" }, { env: sb.env, target: "qwen", event: "Stop" });
    expect(stop.json).toEqual({ decision: "block", reason: expect.stringContaining("run the tests first") });
  });

  test("the UserPromptSubmit Qwen fires after a tool result (empty prompt) runs no prompt condition and answers nothing", () => {
    const { sb, add, out } = setup();
    add("prompt-rec.sh", sh(`{ cat; echo; } >> '${out}'; echo 'no prompts today' >&2; exit 2`));
    const continuation = hook({ ...base(sb, "UserPromptSubmit"), prompt: "" }, { env: sb.env, target: "qwen", event: "UserPromptSubmit" });
    expect([continuation.exitCode, continuation.stdout, continuation.stderr]).toEqual([0, "", ""]);
    expect(existsSync(out)).toBe(false);
    const person = hook({ ...base(sb, "UserPromptSubmit"), prompt: "go", submitted_prompt: "go" }, { env: sb.env, target: "qwen", event: "UserPromptSubmit" });
    expect(person.json).toEqual({ decision: "block", reason: expect.stringContaining("no prompts today") });
    expect(kept(out).map((p) => p.prompt)).toEqual(["go"]);
  });

  test("a PreToolUse payload that cannot be read is denied (fail closed)", () => {
    const { sb } = setup();
    const r = hook('{"hook_event_name": "PreToolUse", "tool_name": ', { env: sb.env, target: "qwen", event: "PreToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toBe("");
  });
});

describe("qwen: tool names and inputs as conditions see them", () => {
  const cases: [string, string, Record<string, unknown>, string, Record<string, unknown>][] = [
    ["run_shell_command", "pre-bash-rec.sh", { command: "ls -la", is_background: false }, "Bash", { command: "ls -la" }],
    ["read_file", "pre-read-rec.sh", { file_path: "/abs/a.ts" }, "Read", { file_path: "/abs/a.ts" }],
    ["write_file", "pre-write-rec.sh", { file_path: "/abs/new.txt", content: "x" }, "Write", { file_path: "/abs/new.txt", content: "x" }],
    ["edit", "pre-edit-rec.sh", { file_path: "/abs/a.txt", old_string: "a", new_string: "b" }, "Edit", { file_path: "/abs/a.txt", old_string: "a", new_string: "b" }],
    ["notebook_edit", "pre-notebookedit-rec.sh", { notebook_path: "/abs/n.ipynb", new_source: "x" }, "NotebookEdit", { notebook_path: "/abs/n.ipynb" }],
    ["grep_search", "pre-grep-rec.sh", { pattern: "KEY", path: "conf", glob: "*.env" }, "Grep", { path: "conf", glob: "*.env" }],
    ["mcp__github__create_issue", "pre-mcp__github__create_issue-rec.sh", { title: "t" }, "mcp__github__create_issue", { title: "t" }],
  ];
  test.each(cases)("%s", (raw, file, input, name, expected) => {
    const { sb, add, out } = setup();
    add(file, keep(out));
    const r = hook(pre(sb, raw, input), { env: sb.env, target: "qwen", event: "PreToolUse" });
    expect(r.exitCode).toBe(0);
    const [payload] = kept(out);
    expect(payload.tool_name).toBe(name);
    expect(payload.tool_input).toMatchObject(expected);
  });

  test("a bash post result is Claude's shape, the text Qwen gives the model as stdout", () => {
    const { sb, add, out } = setup();
    add("post-bash-rec.sh", keep(out));
    hook(post(sb, "run_shell_command", { command: "echo hi" }, "Output: hi"), { env: sb.env, target: "qwen", event: "PostToolUse" });
    expect(kept(out)[0].tool_response).toEqual({ stdout: "Output: hi", stderr: "", interrupted: false, isImage: false });
  });

  test("the built-in .env guard refuses read_file, write_file and edit of a dotenv file (default profile)", () => {
    const { sb } = setup();
    expect(run(["init", "--target", "qwen"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    for (const [tool, input] of [
      ["read_file", { file_path: join(sb.repo, ".env") }],
      ["write_file", { file_path: join(sb.repo, ".env.local"), content: "X=1" }],
      ["edit", { file_path: join(sb.repo, "prod.env"), old_string: "a", new_string: "b" }],
    ] as const) {
      const r = hook(pre(sb, tool, input), { env: sb.env, target: "qwen", event: "PreToolUse" });
      expect([tool, r.exitCode]).toEqual([tool, 2]);
      expect(r.stderr).toContain("secrets_env");
    }
  });
});
