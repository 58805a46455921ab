import { describe, expect, test } from "bun:test";
import { PayloadError } from "../../src/errors";
import { codex } from "../../src/harness/codex";
import type { Effect, EventName } from "../../src/types";

const base = (extra: Record<string, unknown>): Record<string, unknown> => ({
  session_id: "0199a1b2",
  turn_id: "turn-1",
  transcript_path: "/home/u/.codex/sessions/rollout.jsonl",
  cwd: "/home/u/project",
  hook_event_name: "PreToolUse",
  model: "gpt-5.5",
  permission_mode: "default",
  tool_use_id: "call_abc123",
  ...extra,
});

describe("codex tool names", () => {
  const names: [string, string][] = [
    ["apply_patch", "Edit"],
    ["exec_command", "Bash"],
    ["exec", "Bash"],
    ["shell", "Bash"],
    ["local_shell", "Bash"],
    ["unified_exec", "Bash"],
    ["shell_command", "Bash"],
    ["container.exec", "Bash"],
    ["read_file", "Read"],
    ["spawn_agent", "Agent"],
    ["request_user_input", "AskUserQuestion"],
    ["Bash", "Bash"],
    ["mcp__github__create_issue", "mcp__github__create_issue"],
    ["update_plan", "update_plan"],
    ["constructor", "constructor"],
  ];
  test.each(names)("%s -> %s", (raw, name) => {
    const call = codex.normalize(base({ tool_name: raw, tool_input: { command: "x" } }));
    expect(call.payload.tool_name).toBe(name);
    expect(call.rawToolName).toBe(raw);
  });
});

describe("codex tool input", () => {
  const commands: [string, unknown, string][] = [
    ["string kept", "rm -rf dist", "rm -rf dist"],
    ["argv joined", ["bash", "-lc", "git status && ls"], "bash -lc 'git status && ls'"],
    ["argv with spaces", ["echo", "a b"], "echo 'a b'"],
  ];
  test.each(commands)("Bash command: %s", (_name, command, expected) => {
    const call = codex.normalize(base({ tool_name: "shell", tool_input: { command } }));
    expect(call.payload.tool_input?.command).toBe(expected);
  });
  test("code-mode exec input becomes the command", () => {
    const call = codex.normalize(base({ tool_name: "exec", tool_input: { input: "ls -la" } }));
    expect(call.payload.tool_input?.command).toBe("ls -la");
  });
  test("apply_patch lifted into Edit fields with every path", () => {
    const patch = "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: .claude/conditions/pre-any-x.sh\n+echo\n*** End Patch\n";
    const call = codex.normalize(base({ tool_name: "apply_patch", tool_input: { command: patch } }));
    expect(call.payload.tool_name).toBe("Edit");
    expect(call.payload.tool_input).toEqual({
      command: patch,
      content: patch,
      new_string: patch,
      file_path: "/home/u/project/src/a.ts",
      file_paths: ["/home/u/project/src/a.ts", "/home/u/project/.claude/conditions/pre-any-x.sh"],
    });
  });
  test("the raw payload is not mutated", () => {
    const raw = base({ tool_name: "shell", tool_input: { command: ["ls"] } });
    codex.normalize(raw);
    expect(raw.tool_input).toEqual({ command: ["ls"] });
    expect(raw.tool_name).toBe("shell");
  });
});

describe("codex tool_response", () => {
  test("Bash plain string becomes Claude's object; the string is kept", () => {
    const call = codex.normalize(base({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: "a\nb\n" }));
    expect(call.payload.tool_response).toEqual({ stdout: "a\nb\n", stderr: "", interrupted: false, isImage: false });
    expect(call.payload.tool_response_raw).toBe("a\nb\n");
  });
  test("MCP object response untouched", () => {
    const response = { content: [], isError: false };
    const call = codex.normalize(base({ hook_event_name: "PostToolUse", tool_name: "mcp__s__t", tool_input: {}, tool_response: response }));
    expect(call.payload.tool_response).toEqual(response);
    expect("tool_response_raw" in call.payload).toBe(false);
  });
  test("apply_patch string response stays a string", () => {
    const call = codex.normalize(base({ hook_event_name: "PostToolUse", tool_name: "apply_patch", tool_input: { command: "" }, tool_response: "Exit code: 0" }));
    expect(call.payload.tool_response).toBe("Exit code: 0");
  });
});

describe("codex events and errors", () => {
  test("null transcript_path is dropped", () => {
    const call = codex.normalize(base({ hook_event_name: "Stop", transcript_path: null, stop_hook_active: false, last_assistant_message: null }));
    expect(call.event).toBe("Stop");
    expect("transcript_path" in call.payload).toBe(false);
  });
  test("PreToolUse without tool_input fails closed", () => {
    expect(() => codex.normalize(base({ tool_name: "Bash" }))).toThrow(PayloadError);
  });
  test("PostCompact is not an internal event", () => {
    expect(() => codex.normalize(base({ hook_event_name: "PostCompact" }))).toThrow(/unknown hook event "PostCompact"/);
  });
});

const json = (text: string) => (text ? JSON.parse(text) : undefined);

describe("codex emit: only keys Codex accepts", () => {
  const cases: [string, EventName, Effect, unknown][] = [
    ["Pre context: to the model and to the person", "PreToolUse", { context: "c" },
      { systemMessage: "c", hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "c" } }],
    ["Pre allow + rewrite", "PreToolUse", { decision: "allow", updatedInput: { command: "x" } },
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "x" } } }],
    ["Pre rewritten apply_patch: Codex's {command} only", "PreToolUse",
      { decision: "allow", updatedInput: { command: "*** Begin Patch\n*** End Patch\n", content: "c", new_string: "n", file_path: "/a", file_paths: ["/a"] } },
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "*** Begin Patch\n*** End Patch\n" } } }],
    ["Pre ask never rendered (policy turns it into a deny first)", "PreToolUse", { decision: "ask" },
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }],
    ["Post context", "PostToolUse", { context: "c" }, { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" } }],
    ["Post block and output: one block, both texts in its reason", "PostToolUse", { block: "b", updatedOutput: "x" }, { decision: "block", reason: "b\n\nx" }],
    ["Post output in the Bash shape: its stdout is the reason", "PostToolUse", { updatedOutput: { stdout: "short", stderr: "" } }, { decision: "block", reason: "short" }],
    ["Post block with an empty reason", "PostToolUse", { block: "" }, { decision: "block", reason: "blocked by agentihooks" }],
    ["PostToolUseFailure: Codex never sends it", "PostToolUseFailure", { context: "c" }, undefined],
    ["SessionStart context", "SessionStart", { context: "c" }, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" } }],
    ["SubagentStart context", "SubagentStart", { context: "c" }, { hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "c" } }],
    ["UserPromptSubmit block + context", "UserPromptSubmit", { block: "no", context: "c" },
      { decision: "block", reason: "no", hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" } }],
    ["Stop block, no hookSpecificOutput", "Stop", { block: "go on", context: "c" }, { decision: "block", reason: "go on" }],
    ["Stop context only: nothing", "Stop", { context: "c" }, undefined],
    ["SubagentStop block", "SubagentStop", { block: "r" }, { decision: "block", reason: "r" }],
    ["PermissionRequest deny", "PermissionRequest", { decision: "deny", reason: "r" }, { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "r" } } }],
    ["PermissionRequest ask", "PermissionRequest", { decision: "ask" }, undefined],
    ["PreCompact block", "PreCompact", { block: "r" }, undefined],
    ["SessionEnd", "SessionEnd", { context: "c" }, undefined],
    ["Notification", "Notification", { context: "c" }, undefined],
  ];
  test.each(cases)("%s", (_name, event, effect, expected) => {
    const answer = codex.emit(event, effect);
    expect(answer.exitCode).toBe(0);
    expect(json(answer.stdout)).toEqual(expected);
  });
  test("Pre deny: exit 2, reason on stderr, empty stdout", () => {
    expect(codex.emit("PreToolUse", { decision: "deny", reason: "no rm" })).toEqual({ stdout: "", stderr: "no rm\n", exitCode: 2 });
  });
  test("Pre deny with context: the context is in the reason (Codex reads only stderr on exit 2)", () => {
    expect(codex.emit("PreToolUse", { decision: "deny", reason: "no rm", context: "c" })).toEqual({ stdout: "", stderr: "no rm\n\nc\n", exitCode: 2 });
  });
  test("Pre deny without a reason still has a non-empty stderr (Codex fails open on empty)", () => {
    expect(codex.emit("PreToolUse", { decision: "deny" }).stderr).toBe("denied by agentihooks\n");
  });
  test("Post context capped at 10,000", () => {
    const context: string = json(codex.emit("PostToolUse", { context: "y".repeat(10_001) }).stdout).hookSpecificOutput.additionalContext;
    expect(context.length).toBe(10_000);
    expect(context.endsWith("\n[truncated]")).toBe(true);
  });
});
