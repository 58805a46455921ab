import { describe, expect, test } from "bun:test";
import { PayloadError } from "../../src/errors";
import { copilot } from "../../src/harness/copilot";
import { callId, ID_KEY } from "../../src/harness/copilot-ids";
import type { Effect, EventName } from "../../src/types";

// Live recording shapes, Copilot CLI 1.0.83 (harness-protocols §3.3)
const PRE = {
  sessionId: "c1779e76",
  timestamp: 1788547866483,
  cwd: "/Users/dev/ai-tc",
  toolName: "bash",
  toolArgs: { command: "false", description: "Run the requested false command", mode: "sync", initial_wait: 30 },
};
const POST = { ...PRE, toolResult: { resultType: "success", textResultForLlm: "\n<shellId: 0 completed with exit code 1>" } };
const pre = (toolName: string, toolArgs: unknown) => copilot.normalize({ ...PRE, toolName, toolArgs }, "preToolUse");

describe("copilot camelCase keys", () => {
  test("preToolUse recording", () => {
    const call = copilot.normalize(structuredClone(PRE), "preToolUse");
    expect(call.event).toBe("PreToolUse");
    expect(call.rawToolName).toBe("bash");
    expect(call.payload).toEqual({
      hook_event_name: "PreToolUse",
      session_id: "c1779e76",
      timestamp: 1788547866483,
      cwd: "/Users/dev/ai-tc",
      tool_name: "Bash",
      tool_input: PRE.toolArgs,
      tool_use_id: callId("c1779e76", "bash", PRE.toolArgs),
    } as never);
  });
  test("postToolUse: Bash result in Claude's shape, raw kept", () => {
    const call = copilot.normalize(structuredClone(POST), "postToolUse");
    expect(call.payload.tool_response).toEqual({ stdout: "\n<shellId: 0 completed with exit code 1>", stderr: "", interrupted: false, isImage: false });
    expect(call.payload.tool_response_raw).toEqual(POST.toolResult);
  });
  test("non-Bash result passes through", () => {
    const call = copilot.normalize({ ...POST, toolName: "view", toolArgs: { path: "/a" } }, "postToolUse");
    expect(call.payload.tool_response).toEqual(POST.toolResult);
  });
  const keys: [string, Record<string, unknown>, string, unknown][] = [
    ["transcriptPath", { transcriptPath: "/t/events.jsonl", stopReason: "end_turn" }, "transcript_path", "/t/events.jsonl"],
    ["workspaceRoot fills a missing cwd", { cwd: undefined, workspaceRoot: "/ws" }, "cwd", "/ws"],
    ["cwd beats workspaceRoot", { cwd: "/c", workspaceRoot: "/ws" }, "cwd", "/c"],
    ["a blank snake_case key is overwritten", { session_id: "", sessionId: "s2" }, "session_id", "s2"],
    ["a set snake_case key is kept", { session_id: "s1", sessionId: "s2" }, "session_id", "s1"],
    ["stopReason kept", { stopReason: "end_turn" }, "stopReason", "end_turn"],
    ["agentType (subagentStart, as 1.0.102 sends it)", { agentType: "task", agentName: "task" }, "agent_type", "task"],
    ["agentId", { agentId: "84216259" }, "agent_id", "84216259"],
  ];
  test.each(keys)("%s", (_name, extra, key, value) => {
    const call = copilot.normalize({ sessionId: "s", timestamp: 1, cwd: "/", ...extra }, "agentStop");
    expect(call.payload[key]).toEqual(value);
    expect("sessionId" in call.payload).toBe(false);
  });
});

describe("copilot tool names", () => {
  const names: [string, Record<string, unknown>, string][] = [
    ["bash", { command: "ls" }, "Bash"],
    ["powershell", { command: "ls" }, "Bash"],
    ["shell", { command: "ls" }, "Bash"],
    ["view", { path: "/a" }, "Read"],
    ["create", { path: "/a", file_text: "x" }, "Write"],
    ["edit", { path: "/a", old_str: "a", new_str: "b" }, "Edit"],
    ["apply_patch", { input: "*** Begin Patch\n*** Add File: a\n" }, "Edit"],
    ["glob", { pattern: "*.ts" }, "Glob"],
    ["grep", { pattern: "x" }, "Grep"],
    ["rg", { pattern: "x" }, "Grep"],
    ["web_fetch", { url: "https://x" }, "WebFetch"],
    ["web_search", { query: "q" }, "WebSearch"],
    ["task", { prompt: "p" }, "Agent"],
    ["ask_user", { question: "q" }, "AskUserQuestion"],
    ["update_todo", { todos: [] }, "TodoWrite"],
    ["str_replace_editor", { command: "create", path: "/a" }, "Write"],
    ["str_replace_editor", { command: "str_replace", path: "/a" }, "Edit"],
    ["str_replace_editor", { command: "insert", path: "/a" }, "Edit"],
    ["str_replace_editor", { command: "undo_edit", path: "/a" }, "Edit"],
    ["str_replace_editor", { command: "view", path: "/a" }, "Read"],
    ["str_replace_editor", { command: "unknown", path: "/a" }, "Edit"],
    ["github-mcp-server-list_issues", {}, "mcp__github-mcp-server__list_issues"],
    ["githubiq-search", {}, "mcp__githubiq__search"],
    ["agentihooks/condition_list", {}, "mcp__agentihooks__condition_list"],
    ["unknown-server-tool", {}, "unknown-server-tool"],
    ["write_bash", { shellId: "s1", input: "ls\n" }, "Bash"],
    ["write_powershell", { shellId: "s1", input: "ls\n" }, "Bash"],
    ["mcp__github__list_issues", {}, "mcp__github__list_issues"],
    ["read_bash", {}, "read_bash"],
    ["Bash", { command: "ls" }, "Bash"],
  ];
  test.each(names)("%s %j -> %s", (raw, args, name) => {
    const call = pre(raw, args);
    expect(call.payload.tool_name).toBe(name);
    expect(call.rawToolName).toBe(raw);
  });
});

describe("copilot toolArgs and key aliases", () => {
  const args: [string, unknown, Record<string, unknown>][] = [
    ["object", { command: "ls" }, { command: "ls" }],
    ["JSON string", '{"command":"rm -rf dist","description":"Clean"}', { command: "rm -rf dist", description: "Clean" }],
  ];
  test.each(args)("bash toolArgs as %s", (_name, toolArgs, expected) => {
    expect(pre("bash", toolArgs).payload.tool_input).toEqual(expected);
  });
  const aliases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["path -> file_path", { path: "/a" }, { path: "/a", file_path: "/a" }],
    ["file_text -> content", { path: "/a", file_text: "x" }, { path: "/a", file_path: "/a", file_text: "x", content: "x" }],
    ["old_str/new_str", { old_str: "a", new_str: "b" }, { old_str: "a", new_str: "b", old_string: "a", new_string: "b" }],
    ["a set file_path is kept", { path: "/a", file_path: "/b" }, { path: "/a", file_path: "/b" }],
    ["a blank file_path is filled", { path: "/a", file_path: "" }, { path: "/a", file_path: "/a" }],
  ];
  test.each(aliases)("%s", (_name, toolArgs, expected) => {
    expect(pre("edit", toolArgs).payload.tool_input).toEqual(expected);
  });
  test("apply_patch raw patch text: command, content and Edit fields", () => {
    const patch = "*** Begin Patch\n*** Update File: /repo/a.ts\n@@\n-x\n+y\n*** Delete File: b.ts\n*** End Patch";
    const call = copilot.normalize({ ...PRE, cwd: "/repo", toolName: "apply_patch", toolArgs: patch }, "preToolUse");
    expect(call.payload.tool_name).toBe("Edit");
    expect(call.payload.tool_input).toEqual({
      command: patch, content: patch, new_string: patch, file_path: "/repo/a.ts", file_paths: ["/repo/a.ts", "/repo/b.ts"],
    });
  });
});

describe("copilot toolCalls batch", () => {
  const batch = {
    sessionId: "s",
    timestamp: 1,
    cwd: "/r",
    toolCalls: [
      { id: "c1", name: "bash", args: '{"command":"ls"}' },
      { id: "c2", name: "edit", args: { path: "/r/a", old_str: "a", new_str: "b" } },
      { id: "c3", name: "apply_patch", args: "*** Begin Patch\n*** Add File: n.txt\n+x\n*** End Patch" },
    ],
  };
  test("each call is one payload; the first is also the payload", () => {
    const call = copilot.normalize(structuredClone(batch));
    expect(call.event).toBe("PreToolUse");
    expect(call.batch.map((p) => [p.tool_name, p.tool_use_id])).toEqual([["Bash", "c1"], ["Edit", "c2"], ["Edit", "c3"]]);
    expect(call.payload).toBe(call.batch[0]);
    expect(call.rawToolName).toBe("bash");
    expect(call.batch[0].tool_input).toEqual({ command: "ls" });
    expect(call.batch[1].tool_input?.file_path).toBe("/r/a");
    expect(call.batch[2].tool_input?.file_paths).toEqual(["/r/n.txt"]);
    for (const p of call.batch) {
      expect(p.session_id).toBe("s");
      expect("toolCalls" in p).toBe(false);
    }
  });
  const bad: [string, unknown, RegExp][] = [
    ["empty batch", [], /toolCalls must be a non-empty array/],
    ["not an array", {}, /toolCalls must be a non-empty array/],
    ["entry not an object", ["ls"], /toolCalls\[0\] is not an object/],
    ["entry without args", [{ id: "x", name: "bash" }], /PreToolUse payload has no tool_input object/],
    ["entry without name", [{ id: "x", args: {} }], /PreToolUse payload has no tool_name/],
  ];
  test.each(bad)("%s -> PayloadError", (_name, toolCalls, message) => {
    expect(() => copilot.normalize({ ...batch, toolCalls })).toThrow(PayloadError);
    expect(() => copilot.normalize({ ...batch, toolCalls })).toThrow(message);
  });
});

describe("copilot event from name, --event, or shape", () => {
  const shapes: [string, Record<string, unknown>, string | undefined, EventName][] = [
    ["toolName without result", { toolName: "bash", toolArgs: {} }, undefined, "PreToolUse"],
    ["toolName with result", { toolName: "bash", toolArgs: {}, toolResult: { textResultForLlm: "" } }, undefined, "PostToolUse"],
    ["toolName with error", { toolName: "bash", toolArgs: {}, error: "boom" }, undefined, "PostToolUseFailure"],
    ["hookName permissionRequest", { hookName: "permissionRequest", toolName: "bash", toolInput: { command: "ls" } }, undefined, "PermissionRequest"],
    ["permissionSuggestions", { toolName: "bash", toolInput: { command: "ls" }, permissionSuggestions: [] }, undefined, "PermissionRequest"],
    ["prompt", { prompt: "hi" }, undefined, "UserPromptSubmit"],
    ["stopReason", { stopReason: "end_turn", stop_hook_active: false }, undefined, "Stop"],
    ["source", { source: "startup" }, undefined, "SessionStart"],
    ["hint beats shape", { prompt: "hi" }, "userPromptTransformed", "UserPromptSubmit"],
    ["hint preMcpToolCall", { toolName: "github-x", toolArgs: {} }, "preMcpToolCall", "PreToolUse"],
    ["hint subagentStop", { sessionId: "s" }, "subagentStop", "SubagentStop"],
    ["hint errorOccurred", { error: { message: "m" } }, "errorOccurred", "Notification"],
    ["errorContext (errorOccurred)", { errorContext: "model_call", recoverable: true, error: { message: "m" } }, undefined, "Notification"],
    ["serverName (preMcpToolCall)", { toolCallId: "c", serverName: "s", toolName: "t", arguments: {} }, undefined, "PreToolUse"],
    ["notification names itself", { hook_event_name: "Notification", notification_type: "x" }, undefined, "Notification"],
    ["VS Code form", { hook_event_name: "PreToolUse", timestamp: "2026-01-01T00:00:00Z", tool_name: "Bash", tool_input: {} }, undefined, "PreToolUse"],
  ];
  test.each(shapes)("%s", (_name, raw, hint, event) => {
    expect(copilot.normalize({ sessionId: "s", timestamp: 1, cwd: "/", ...raw }, hint).event).toBe(event);
  });
  test("permissionRequest toolInput becomes tool_input", () => {
    const call = copilot.normalize({ hookName: "permissionRequest", sessionId: "s", timestamp: 1, cwd: "/", toolName: "bash", toolInput: { command: "ls" } });
    expect(call.payload.tool_input).toEqual({ command: "ls" });
    expect(call.payload.tool_name).toBe("Bash");
  });
  test("no way to tell -> PayloadError", () => {
    expect(() => copilot.normalize({ sessionId: "s", timestamp: 1 })).toThrow(/names no hook event/);
  });
});

describe("copilot VS Code form (PascalCase config)", () => {
  test("snake_case payload with tool_result", () => {
    const call = copilot.normalize({
      hook_event_name: "PostToolUse", session_id: "s", timestamp: "2026-09-01T10:00:00Z", cwd: "/r",
      tool_name: "Bash", tool_input: '{"command":"ls"}', tool_result: { result_type: "success", text_result_for_llm: "a\n" },
    });
    expect(call.payload.tool_name).toBe("Bash");
    expect(call.payload.tool_input).toEqual({ command: "ls" });
    expect(call.payload.tool_response).toEqual({ stdout: "a\n", stderr: "", interrupted: false, isImage: false });
    expect(call.payload.tool_response_raw).toEqual({ result_type: "success", text_result_for_llm: "a\n" });
    expect("tool_result" in call.payload).toBe(false);
  });
});

const json = (text: string) => (text ? JSON.parse(text) : undefined);

describe("copilot emit: flat shapes", () => {
  const cases: [string, EventName, Effect, unknown][] = [
    ["Pre nothing", "PreToolUse", {}, undefined],
    ["Pre allow + rewrite + context", "PreToolUse", { decision: "allow", reason: "r", updatedInput: { command: "echo" }, context: "c" },
      { permissionDecision: "allow", permissionDecisionReason: "r", modifiedArgs: { command: "echo" }, additionalContext: "c" }],
    ["Pre context", "PreToolUse", { context: "c" }, { additionalContext: "c" }],
    ["Post output string", "PostToolUse", { updatedOutput: "short" }, { modifiedResult: { resultType: "success", textResultForLlm: "short" } }],
    ["Post output Bash object", "PostToolUse", { updatedOutput: { stdout: "o", stderr: "e", interrupted: false, isImage: false } },
      { modifiedResult: { resultType: "success", textResultForLlm: "o\ne" } }],
    ["Post output Bash object, empty stderr", "PostToolUse", { updatedOutput: { stdout: "o", stderr: "" } },
      { modifiedResult: { resultType: "success", textResultForLlm: "o" } }],
    ["Post output other object", "PostToolUse", { updatedOutput: { filePath: "/a", success: true } },
      { modifiedResult: { resultType: "success", textResultForLlm: '{"filePath":"/a","success":true}' } }],
    ["Post context", "PostToolUse", { context: "c", block: "ignored" }, { additionalContext: "c" }],
    ["PostToolUseFailure context", "PostToolUseFailure", { context: "c" }, { additionalContext: "c" }],
    ["SessionStart context", "SessionStart", { context: "c" }, { additionalContext: "c" }],
    ["SubagentStart context", "SubagentStart", { context: "c" }, { additionalContext: "c" }],
    ["UserPromptSubmit block + context", "UserPromptSubmit", { block: "no", context: "c" }, { decision: "block", reason: "no", additionalContext: "c" }],
    ["Stop block", "Stop", { block: "go on", context: "c" }, { decision: "block", reason: "go on" }],
    ["Stop context only", "Stop", { context: "c" }, undefined],
    ["SubagentStop block", "SubagentStop", { block: "r" }, { decision: "block", reason: "r" }],
    ["PermissionRequest allow", "PermissionRequest", { decision: "allow", reason: "ok" }, { behavior: "allow", message: "ok" }],
    ["PermissionRequest deny", "PermissionRequest", { decision: "deny" }, { behavior: "deny" }],
    ["PermissionRequest ask", "PermissionRequest", { decision: "ask" }, undefined],
    ["PreCompact block", "PreCompact", { block: "r" }, undefined],
    ["SessionEnd", "SessionEnd", { context: "c" }, undefined],
    ["Notification", "Notification", { context: "c" }, undefined],
  ];
  test.each(cases)("%s", (_name, event, effect, expected) => {
    const answer = copilot.emit(event, effect);
    expect(answer.exitCode).toBe(0);
    expect(json(answer.stdout)).toEqual(expected);
  });
  test("Pre deny: exit 2, reason on stderr, flat deny on stdout", () => {
    expect(copilot.emit("PreToolUse", { decision: "deny", reason: "Destructive command blocked", context: "c", updatedInput: {} })).toEqual({
      exitCode: 2,
      stderr: "Destructive command blocked\n",
      stdout: '{"permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked"}\n',
    });
  });
  test("context capped at 10,240", () => {
    const context: string = json(copilot.emit("PostToolUse", { context: "z".repeat(20_000) }).stdout).additionalContext;
    expect(context.length).toBe(10_240);
    expect(context.endsWith("\n[truncated]")).toBe(true);
  });
});

describe("copilot tool-call ids (payloads carry none)", () => {
  const post = (toolArgs: unknown, extra: Record<string, unknown> = {}) =>
    copilot.normalize({ ...POST, toolArgs, ...extra }, "postToolUse").payload.tool_use_id;
  const preId = (toolArgs: unknown, extra: Record<string, unknown> = {}) =>
    copilot.normalize({ ...PRE, toolArgs, ...extra }, "preToolUse").payload.tool_use_id;
  test("pre, post and failure of one call share an id", () => {
    const id = preId(PRE.toolArgs);
    expect(id).toMatch(/^copilot-[0-9a-f]{16}$/);
    expect(post(PRE.toolArgs, { timestamp: PRE.timestamp + 900 })).toBe(id);
    expect(copilot.normalize({ ...PRE, error: "boom" }, "postToolUseFailure").payload.tool_use_id).toBe(id);
  });
  // many spellings of one call -> one id; any real difference -> another id
  const same: [string, unknown][] = [
    ["keys in another order", { initial_wait: 30, mode: "sync", description: "Run the requested false command", command: "false" }],
    ["args as JSON text", JSON.stringify(PRE.toolArgs)],
  ];
  test.each(same)("same id: %s", (_name, args) => expect(preId(args)).toBe(preId(PRE.toolArgs)));
  const other: [string, unknown, Record<string, unknown>][] = [
    ["another command, same timestamp (two calls of one turn)", { ...PRE.toolArgs, command: "true" }, {}],
    ["another session", PRE.toolArgs, { sessionId: "other" }],
    ["another tool", PRE.toolArgs, { toolName: "powershell" }],
  ];
  test.each(other)("other id: %s", (_name, args, extra) => expect(preId(args, extra)).not.toBe(preId(PRE.toolArgs)));
  test("a rewrite carries the id into modifiedArgs; the post takes it back out of tool_input", () => {
    const call = copilot.normalize(structuredClone(PRE), "preToolUse");
    const answer = copilot.emit("PreToolUse", { updatedInput: { command: "true" } }, call.payload);
    const modified = JSON.parse(answer.stdout).modifiedArgs;
    expect(modified).toEqual({ command: "true", [ID_KEY]: call.payload.tool_use_id });
    const after = copilot.normalize({ ...POST, toolArgs: modified }, "postToolUse").payload;
    expect(after.tool_use_id).toBe(call.payload.tool_use_id);
    expect(after.tool_input).toEqual({ command: "true" });
  });
  test("a batch entry keeps its own id", () => {
    const call = copilot.normalize({ sessionId: "s", timestamp: 1, cwd: "/", toolCalls: [{ id: "c1", name: "bash", args: { command: "ls" } }] });
    expect(call.payload.tool_use_id).toBe("c1");
  });
  // toolArgs as text: the id is hashed from what the text parses to (as finish() parses it once)
  const texts: [string, string, unknown][] = [
    ["JSON text", JSON.stringify({ b: [1, { d: "é", c: null }], a: "x" }), { a: "x", b: [1, { c: null, d: "é" }] }],
    ["a patch (not JSON)", "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n", { command: "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n", content: "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n" }],
    ["blank text", "  ", {}],
    ["a JSON list", "[1,2]", { command: "[1,2]", content: "[1,2]" }],
    ["a non-string carried id (hashed without it)", JSON.stringify({ command: "ls", [ID_KEY]: 7 }), { command: "ls" }],
  ];
  test.each(texts)("args as text, %s: the id of its parse", (_name, text, parsed) => {
    for (const event of ["preToolUse", "postToolUse"] as const) {
      expect(copilot.normalize({ ...PRE, toolArgs: text }, event).payload.tool_use_id).toBe(callId(PRE.sessionId, "bash", parsed));
    }
  });
  test("args as text with a carried id: the id is taken, not hashed", () => {
    const text = JSON.stringify({ command: "true", [ID_KEY]: "copilot-0123456789abcdef" });
    const payload = copilot.normalize({ ...POST, toolArgs: text }, "postToolUse").payload;
    expect(payload.tool_use_id).toBe("copilot-0123456789abcdef");
    expect(payload.tool_input).toEqual({ command: "true" });
  });
  test("a non-string carried id is not taken", () => {
    const payload = copilot.normalize({ ...PRE, toolArgs: { command: "ls", [ID_KEY]: 7 } }, "preToolUse").payload;
    expect(payload.tool_use_id).toMatch(/^copilot-/);
    expect(payload.tool_input?.[ID_KEY]).toBe(7);
  });
});

describe("copilot write_bash: typed into a running shell", () => {
  test("Bash with the input as its command, marked typed_input", () => {
    const payload = pre("write_bash", { shellId: "s1", input: "git push --force\n", delay: 1 }).payload;
    expect(payload.tool_name).toBe("Bash");
    expect(payload.tool_input?.command).toBe("git push --force\n");
    expect(payload.typed_input).toBe(true);
  });
  test("bash itself is not typed input", () => expect(pre("bash", { command: "ls" }).payload.typed_input).toBeUndefined());
});

describe("copilot rewrite without a decision", () => {
  test("modifiedArgs alone: Copilot's own permissions judge the rewritten call", () => {
    expect(json(copilot.emit("PreToolUse", { updatedInput: { command: "ls" } }).stdout)).toEqual({ modifiedArgs: { command: "ls" } });
  });
});
