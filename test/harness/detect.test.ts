import { describe, expect, test } from "bun:test";
import { detectTarget, EVENT_NAMES } from "../../src/harness/detect";
import { harnessFor } from "../../src/harness/registry";
import { TARGETS, type EventName } from "../../src/types";

describe("detectTarget from the payload", () => {
  const cases: [string, unknown, string][] = [
    ["Claude PreToolUse", { hook_event_name: "PreToolUse", session_id: "s", tool_name: "Bash" }, "claude"],
    ["Codex has turn_id", { hook_event_name: "PreToolUse", turn_id: "t", model: "gpt-5.5" }, "codex"],
    ["Copilot camelCase toolName", { sessionId: "s", toolName: "bash", toolArgs: {} }, "copilot"],
    ["Copilot camelCase sessionId only", { sessionId: "s", timestamp: 1, source: "startup" }, "copilot"],
    ["Copilot toolCalls batch", { toolCalls: [] }, "copilot"],
    ["Copilot permissionRequest hookName", { hookName: "permissionRequest" }, "copilot"],
    ["Copilot VS Code form", { hook_event_name: "PreToolUse", timestamp: "2026-09-01T00:00:00Z" }, "copilot"],
    ["Gemini BeforeTool", { hook_event_name: "BeforeTool", timestamp: "2026-12-02T05:25:18.443Z", tool_name: "run_shell_command" }, "gemini"],
    ["Droid PreToolUse, its transcript folder", { session_id: "s", transcript_path: "/h/.factory/sessions/-w/s.jsonl", cwd: "/w", permission_mode: "auto-low", hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command: "ls" } }, "droid"],
    ["Gemini SessionStart, its transcript folder", { hook_event_name: "SessionStart", timestamp: "2026-12-02T05:25:18.443Z", transcript_path: "/h/.gemini/tmp/w/chats/s.jsonl", source: "startup" }, "gemini"],
    ["OpenCode plugin, tool.execute.before", { hook_event_name: "tool.execute.before", session_id: "ses_1", tool_name: "bash", tool_input: {} }, "opencode"],
    ["OpenCode plugin, chat.message", { hook_event_name: "chat.message", session_id: "ses_1", prompt: "hi" }, "opencode"],
    ["Cline tool_call (its hookName and ISO timestamp are not Copilot's)", { clineVersion: "", hookName: "tool_call", timestamp: "2026-12-02T07:53:23.850Z", taskId: "t" }, "cline"],
    ["Qwen PreToolUse, its transcript folder (Claude's names plus a timestamp)", { hook_event_name: "PreToolUse", timestamp: "2026-12-02T07:21:26.282Z", transcript_path: "/h/.qwen/projects/-w/chats/s.jsonl", tool_name: "run_shell_command" }, "qwen"],
    ["Kimi PreToolUse, its client_type", { hook_event_name: "PreToolUse", session_id: "s", cwd: "/w", client_type: "cli", tool_name: "Bash", tool_input: { command: "ls" }, tool_call_id: "c" }, "kimi"],
    ["not an object", [1, 2], "claude"],
    ["nothing", undefined, "claude"],
  ];
  test.each(cases)("%s -> %s", (_name, raw, target) => expect(detectTarget(raw)).toBe(target as never));
});

describe("detectTarget precedence: flag > AGENTIHOOKS_TARGET > payload", () => {
  const codexPayload = { turn_id: "t" };
  const cases: [string, string | undefined, string | undefined, string][] = [
    ["flag beats env and payload", "claude", "copilot", "copilot"],
    ["env beats payload", "claude", undefined, "claude"],
    ["case-insensitive", "CoPilot", undefined, "copilot"],
    ["unknown env is skipped", "cursor", undefined, "codex"],
    ["unknown flag falls back to env", "claude", "vim", "claude"],
    ["neither", undefined, undefined, "codex"],
  ];
  test.each(cases)("%s", (_name, env, flag, target) => expect(detectTarget(codexPayload, env, flag)).toBe(target as never));
});

describe("event names per harness", () => {
  const copilot: [string, EventName][] = [
    ["sessionStart", "SessionStart"],
    ["sessionEnd", "SessionEnd"],
    ["userPromptSubmitted", "UserPromptSubmit"],
    ["userPromptTransformed", "UserPromptSubmit"],
    ["preToolUse", "PreToolUse"],
    ["preMcpToolCall", "PreToolUse"],
    ["postToolUse", "PostToolUse"],
    ["postToolUseFailure", "PostToolUseFailure"],
    ["permissionRequest", "PermissionRequest"],
    ["agentStop", "Stop"],
    ["subagentStart", "SubagentStart"],
    ["subagentStop", "SubagentStop"],
    ["preCompact", "PreCompact"],
    ["errorOccurred", "Notification"],
    ["notification", "Notification"],
    ["ErrorOccurred", "Notification"],
    ["PreToolUse", "PreToolUse"],
    ["Stop", "Stop"],
  ];
  test.each(copilot)("copilot %s -> %s", (name, event) => expect(EVENT_NAMES.copilot[name]).toBe(event));
  const internal: EventName[] = [
    "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "SessionStart", "SessionEnd",
    "SubagentStart", "SubagentStop", "PreCompact", "Notification", "UserPromptSubmit", "Stop",
  ];
  test.each(internal)("claude and codex spell %s as is", (event) => {
    expect(EVENT_NAMES.claude[event]).toBe(event);
    expect(EVENT_NAMES.codex[event]).toBe(event);
  });
  test("claude does not know camelCase names", () => expect(EVENT_NAMES.claude.preToolUse).toBeUndefined());
});

describe("registry", () => {
  test.each([...TARGETS])("harnessFor(%s) answers for that target", async (target) => {
    expect((await harnessFor(target)).target).toBe(target);
  });
  const caps: [string, Record<string, unknown>][] = [
    ["claude", { preContext: true, ask: true, inputRewrite: true, outputRewrite: true, postBlock: true, contextLimit: 10000 }],
    ["codex", { preContext: true, ask: false, inputRewrite: true, outputRewrite: true, postBlock: true, contextLimit: 10000 }],
    ["copilot", { preContext: true, ask: true, inputRewrite: true, outputRewrite: true, postBlock: false, rewriteWithoutDecision: true, contextLimit: 10240 }],
  ];
  test.each(caps)("%s capabilities", async (target, expected) => expect((await harnessFor(target as never)).capabilities).toEqual(expected as never));
});
