// Gemini CLI's edge, against the compiled executable: its payloads (as Gemini CLI 0.61 sends them,
// e2e/live/gemini.live.ts) normalized so bash, read, write, edit and mcp__ matchers fire, and its
// answers: a deny is exit 2 with the reason on stderr and nothing on stdout; post context and a post
// block are JSON. The live suite proves what Gemini does with them.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hook, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

const SID = "4c6291e2-d059-42cc-af4f-d604ed475661";
const base = (sb: Sandbox, event: string) => ({
  session_id: SID,
  transcript_path: join(sb.userHome, ".gemini", "tmp", "repo", "chats", "session-x.jsonl"),
  cwd: sb.repo,
  hook_event_name: event,
  timestamp: "2026-12-02T05:25:18.443Z",
});
const before = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ ...base(sb, "BeforeTool"), tool_name, tool_input, ...extra });
const after = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, llmContent: string) =>
  ({ ...base(sb, "AfterTool"), tool_name, tool_input, tool_response: { llmContent, returnDisplay: "" } });


describe("gemini: answers", () => {
  test("a deny is exit 2, the reason on stderr, nothing on stdout (with --target or found from the payload)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["gemini", undefined]) {
      const r = hook(before(sb, "run_shell_command", { command: "bash -c 'touch x'" }), { env: sb.env, target, event: target && "BeforeTool" });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("touch is not allowed");
    }
  });

  test("post context is hookSpecificOutput.additionalContext and nothing else", () => {
    const { sb, add } = setup();
    add("post-bash.date-context.sh", sh("echo POST-CONTEXT"));
    const r = hook(after(sb, "run_shell_command", { command: "date" }, "Output: today"), { env: sb.env, target: "gemini", event: "AfterTool" });
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: expect.stringContaining("POST-CONTEXT") } });
  });

  test("a post block is top-level decision block with its reason", () => {
    const { sb, add } = setup();
    add("post-bash-secret.sh", sh("echo 'output withheld' >&2; exit 2"));
    const r = hook(after(sb, "run_shell_command", { command: "cat notes" }, "secret output"), { env: sb.env, target: "gemini", event: "AfterTool" });
    expect(r.json).toEqual({ decision: "block", reason: expect.stringContaining("output withheld") });
  });

  test("BeforeAgent: context is hookSpecificOutput.additionalContext; a block is decision block with its reason", () => {
    const { sb, add } = setup();
    add("prompt-remind.sh", sh("echo 'be brief'"));
    const ctx = hook({ ...base(sb, "BeforeAgent"), prompt: "hi" }, { env: sb.env, target: "gemini", event: "BeforeAgent" });
    expect(ctx.json).toEqual({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: expect.stringContaining("be brief") } });
    add("prompt-block.sh", sh("echo 'not today' >&2; exit 2"));
    const blocked = hook({ ...base(sb, "BeforeAgent"), session_id: "other", prompt: "hi" }, { env: sb.env, target: "gemini", event: "BeforeAgent" });
    expect(blocked.json.decision).toBe("block");
    expect(blocked.json.reason).toContain("not today");
  });

  test("a BeforeTool payload that cannot be read is denied (fail closed)", () => {
    const { sb } = setup();
    for (const target of ["gemini", undefined]) {
      const r = hook('{"hook_event_name": "BeforeTool", "tool_name": ', { env: sb.env, target, event: target && "BeforeTool" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toBe("");
    }
  });
});

describe("gemini: tool names and inputs as conditions see them", () => {
  const cases: [string, string, Record<string, unknown>, string, Record<string, unknown>][] = [
    ["run_shell_command", "pre-bash-rec.sh", { command: "ls -la" }, "Bash", { command: "ls -la" }],
    ["read_file, relative path", "pre-read-rec.sh", { file_path: "src/a.ts" }, "Read", { file_path: "<REPO>/src/a.ts" }],
    ["read_many_files", "pre-read-rec.sh", { include: ["a.txt", "/abs/b.txt"] }, "Read", { file_paths: ["<REPO>/a.txt", "/abs/b.txt"], file_path: "<REPO>/a.txt" }],
    ["write_file", "pre-write-rec.sh", { file_path: "/abs/new.txt", content: "x" }, "Write", { file_path: "/abs/new.txt", content: "x" }],
    ["replace", "pre-edit-rec.sh", { file_path: "a.txt", old_string: "a", new_string: "b" }, "Edit", { file_path: "<REPO>/a.txt", old_string: "a", new_string: "b" }],
    ["grep_search", "pre-grep-rec.sh", { pattern: "KEY", dir_path: "conf", include_pattern: "*.env" }, "Grep", { path: "conf", glob: "*.env" }],
  ];
  test.each(cases)("%s", (raw, file, input, name, expected) => {
    const { sb, add, out } = setup();
    add(file, keep(out));
    const r = hook(before(sb, raw.split(",")[0], input), { env: sb.env, target: "gemini", event: "BeforeTool" });
    expect(r.exitCode).toBe(0);
    const [payload] = kept(out);
    expect(payload.tool_name).toBe(name);
    const want = JSON.parse(JSON.stringify(expected).replaceAll("<REPO>", sb.repo));
    expect(payload.tool_input).toMatchObject(want);
  });

  test("an MCP tool is mcp__<server>__<tool>, from the payload's mcp_context", () => {
    const { sb, add, out } = setup();
    add("pre-mcp__github__create_issue-rec.sh", keep(out));
    const mcp_context = { server_name: "github", tool_name: "create_issue", command: "gh-mcp", args: [] };
    expect(hook(before(sb, "mcp_github_create_issue", { title: "t" }, { mcp_context }), { env: sb.env, target: "gemini", event: "BeforeTool" }).exitCode).toBe(0);
    expect(kept(out)[0].tool_name).toBe("mcp__github__create_issue");
  });

  test("a bash post result is Claude's shape, the text Gemini gives the model as stdout", () => {
    const { sb, add, out } = setup();
    add("post-bash-rec.sh", keep(out));
    hook(after(sb, "run_shell_command", { command: "echo hi" }, "Output: hi"), { env: sb.env, target: "gemini", event: "AfterTool" });
    expect(kept(out)[0].tool_response).toEqual({ stdout: "Output: hi", stderr: "", interrupted: false, isImage: false });
  });

  test("BeforeAgent is the prompt step and AfterAgent the stop step", () => {
    const { sb, add, out } = setup();
    add("prompt-rec.sh", keep(out));
    add("stop-rec.sh", keep(out));
    hook({ ...base(sb, "BeforeAgent"), prompt: "hello" }, { env: sb.env, target: "gemini", event: "BeforeAgent" });
    hook({ ...base(sb, "AfterAgent"), prompt: "hello", prompt_response: "done", stop_hook_active: false }, { env: sb.env, target: "gemini", event: "AfterAgent" });
    expect(kept(out).map((p) => p.hook_event_name)).toEqual(["UserPromptSubmit", "Stop"]);
  });
});
