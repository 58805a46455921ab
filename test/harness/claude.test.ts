import { describe, expect, test } from "bun:test";
import { PayloadError } from "../../src/errors";
import { claude } from "../../src/harness/claude";
import type { Effect, EventName } from "../../src/types";

const PRE = {
  session_id: "abc123",
  transcript_path: "/t.jsonl",
  cwd: "/home/user/my-project",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "npm test", description: "Run test suite", timeout: 120000, run_in_background: false },
  tool_use_id: "toolu_01",
};

describe("claude normalize: pass through, validated", () => {
  test("PreToolUse payload is kept as is", () => {
    const call = claude.normalize(structuredClone(PRE));
    expect(call).toEqual({ target: "claude", event: "PreToolUse", payload: PRE as never, batch: [PRE as never], rawToolName: "Bash" });
    expect(call.batch[0]).toBe(call.payload);
  });
  const events: [string, Record<string, unknown>, string | undefined, EventName][] = [
    ["SessionStart", { hook_event_name: "SessionStart", session_id: "s", cwd: "/", source: "startup" }, undefined, "SessionStart"],
    ["Stop", { hook_event_name: "Stop", session_id: "s", cwd: "/", stop_hook_active: false }, undefined, "Stop"],
    ["hint when no name", { session_id: "s", cwd: "/", prompt: "hi" }, "UserPromptSubmit", "UserPromptSubmit"],
    ["name beats hint", { hook_event_name: "SessionEnd", cwd: "/" }, "Stop", "SessionEnd"],
    ["PostToolUse", { ...PRE, hook_event_name: "PostToolUse", tool_response: { stdout: "ok" } }, undefined, "PostToolUse"],
  ];
  test.each(events)("%s", (_name, raw, hint, event) => expect(claude.normalize(raw, hint).event).toBe(event));
  const bad: [string, unknown, string | undefined, RegExp][] = [
    ["no event at all", { session_id: "s" }, undefined, /names no hook event/],
    ["camelCase hint is not Claude's", { session_id: "s" }, "preToolUse", /unknown hook event "preToolUse"/],
    ["unsupported event", { hook_event_name: "PostToolBatch" }, undefined, /unknown hook event/],
    ["PreToolUse without tool_input", { ...PRE, tool_input: undefined }, undefined, /PreToolUse payload has no tool_input object/],
    ["wrong type", { ...PRE, session_id: 5 }, undefined, /session_id must be a string/],
    ["not an object", [PRE], undefined, /not a JSON object/],
  ];
  test.each(bad)("%s -> PayloadError", (_name, raw, hint, message) => {
    expect(() => claude.normalize(raw as never, hint)).toThrow(PayloadError);
    expect(() => claude.normalize(raw as never, hint)).toThrow(message);
  });
});

const json = (text: string) => (text ? JSON.parse(text) : undefined);

describe("claude emit", () => {
  const cases: [string, EventName, Effect, unknown][] = [
    ["Pre nothing", "PreToolUse", {}, undefined],
    ["Pre allow + rewrite + context", "PreToolUse", { decision: "allow", reason: "ok", updatedInput: { command: "ls" }, context: "c" },
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "ok", updatedInput: { command: "ls" }, additionalContext: "c" } }],
    ["Pre ask", "PreToolUse", { decision: "ask" }, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }],
    ["Pre context only", "PreToolUse", { context: "note" }, { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "note" } }],
    ["Pre reason without decision is dropped", "PreToolUse", { reason: "r" }, undefined],
    ["Post block + output + context", "PostToolUse", { block: "secret", updatedOutput: { stdout: "a", stderr: "", interrupted: false, isImage: false }, context: "c" },
      { decision: "block", reason: "secret", hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c", updatedToolOutput: { stdout: "a", stderr: "", interrupted: false, isImage: false } } }],
    ["Post nothing", "PostToolUse", {}, undefined],
    ["PostToolUseFailure context", "PostToolUseFailure", { context: "c" }, { hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "c" } }],
    ["SessionStart context", "SessionStart", { context: "c" }, { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "c" } }],
    ["SubagentStart context", "SubagentStart", { context: "c" }, { hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "c" } }],
    ["UserPromptSubmit block", "UserPromptSubmit", { block: "no" }, { decision: "block", reason: "no" }],
    ["UserPromptSubmit context", "UserPromptSubmit", { context: "c" }, { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" } }],
    ["Stop block", "Stop", { block: "keep going" }, { decision: "block", reason: "keep going" }],
    ["Stop empty block reason defaulted", "Stop", { block: "" }, { decision: "block", reason: "blocked by agentihooks" }],
    ["Stop context", "Stop", { context: "c" }, { hookSpecificOutput: { hookEventName: "Stop", additionalContext: "c" } }],
    ["SubagentStop block", "SubagentStop", { block: "r" }, { decision: "block", reason: "r" }],
    ["PermissionRequest allow", "PermissionRequest", { decision: "allow" }, { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } }],
    ["PermissionRequest deny", "PermissionRequest", { decision: "deny", reason: "r" }, { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "r" } } }],
    ["PermissionRequest ask", "PermissionRequest", { decision: "ask" }, undefined],
    ["PreCompact block", "PreCompact", { block: "r" }, { decision: "block", reason: "r" }],
    ["PreCompact context", "PreCompact", { context: "c" }, undefined],
    ["SessionEnd", "SessionEnd", { context: "c", block: "r" }, undefined],
    ["Notification", "Notification", { context: "c" }, undefined],
  ];
  test.each(cases)("%s", (_name, event, effect, expected) => {
    const answer = claude.emit(event, effect);
    expect(answer.exitCode).toBe(0);
    expect(answer.stderr).toBe("");
    expect(json(answer.stdout)).toEqual(expected);
  });

  test("Pre deny: exit 2, reason on stderr, exact JSON on stdout", () => {
    const answer = claude.emit("PreToolUse", { decision: "deny", reason: "kubectl writes go through GitOps", updatedInput: { x: 1 } });
    expect(answer).toEqual({
      exitCode: 2,
      stderr: "kubectl writes go through GitOps\n",
      stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"kubectl writes go through GitOps"}}\n',
    });
  });
  test("Pre deny keeps context and defaults an empty reason", () => {
    const answer = claude.emit("PreToolUse", { decision: "deny", reason: " ", context: "c" });
    expect(answer.exitCode).toBe(2);
    expect(answer.stderr).toBe("denied by agentihooks\n");
    expect(json(answer.stdout).hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "denied by agentihooks", additionalContext: "c",
    });
  });
  test("context over 10,000 characters is cut with a marker", () => {
    const answer = claude.emit("SessionStart", { context: "x".repeat(12_000) });
    const context: string = json(answer.stdout).hookSpecificOutput.additionalContext;
    expect(context.length).toBe(10_000);
    expect(context.endsWith("\n[truncated]")).toBe(true);
  });
  test("stdout is exactly one JSON object line", () => {
    const { stdout } = claude.emit("PostToolUse", { block: "b", context: "c" });
    expect(stdout.trim().split("\n")).toHaveLength(1);
  });
});

describe("claude PreSkillShellCommand (2.1.332): a skill's shell line as a Bash PreToolUse", () => {
  const LINE = { session_id: "s", cwd: "/p", hook_event_name: "PreSkillShellCommand", tool_name: "Bash", tool_input: { command: "make" }, tool_use_id: "u:inner:preamble-0", command_name: "mk", command_source: "projectSettings", invoked_by: "user" };
  test("normalized to PreToolUse, Claude's extra fields kept; by name or by --event", () => {
    const call = claude.normalize(structuredClone(LINE));
    expect(call.event).toBe("PreToolUse");
    expect(call.payload).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "make" }, command_name: "mk", invoked_by: "user" });
    const { hook_event_name: _, ...unnamed } = LINE;
    expect(claude.normalize(structuredClone(unnamed), "PreSkillShellCommand").event).toBe("PreToolUse");
  });
  test("answered in its own shape: deny and ask only, no context, a rewrite refused", () => {
    const payload = claude.normalize(structuredClone(LINE)).payload;
    const answer = (effect: Effect) => claude.emit("PreToolUse", effect, payload);
    const deny = answer({ decision: "deny", reason: "no", context: "ctx" });
    expect(deny).toEqual({ stdout: '{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"deny","permissionDecisionReason":"no"}}\n', stderr: "no\n", exitCode: 2 });
    expect(answer({ decision: "ask" })).toEqual({ stdout: '{"hookSpecificOutput":{"hookEventName":"PreSkillShellCommand","permissionDecision":"ask"}}\n', stderr: "", exitCode: 0 });
    expect(answer({ decision: "allow", context: "ctx" })).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    const rewrite = JSON.parse(answer({ decision: "allow", updatedInput: { command: "make -n" } }).stdout).hookSpecificOutput;
    expect(rewrite.permissionDecision).toBe("deny");
    expect(rewrite.updatedInput).toBeUndefined();
    // the same effect on a real PreToolUse payload keeps PreToolUse's shape
    const pre = claude.normalize(structuredClone({ ...LINE, hook_event_name: "PreToolUse" })).payload;
    expect(JSON.parse(claude.emit("PreToolUse", { decision: "ask" }, pre).stdout).hookSpecificOutput.hookEventName).toBe("PreToolUse");
  });
});
