// OpenCode's edge, against the compiled executable: the payloads the agentihooks plugin sends (OpenCode
// 1.18.33's tool ids and camelCase args, e2e/live/opencode.live.ts) normalized so bash, read, write,
// edit and mcp__ matchers fire, and the plugin's protocol out: a deny is exit 2 with the reason on
// stderr and nothing on stdout; a rewrite is `{args}` in OpenCode's own argument names; post
// replacement, block and context are `{output}` and `{context}`.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hook, run, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

const before = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ hook_event_name: "tool.execute.before", session_id: "ses_1", tool_use_id: "call_1", cwd: sb.repo, mcp_servers: [], tool_name, tool_input, ...extra });
const after = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, tool_response: string) =>
  ({ ...before(sb, tool_name, tool_input), hook_event_name: "tool.execute.after", tool_response });


const pre = (sb: Sandbox, payload: unknown) => hook(payload, { env: sb.env, target: "opencode", event: "tool.execute.before" });

describe("opencode: answers", () => {
  test("a deny is exit 2, the reason on stderr, nothing on stdout (with --target or found from the payload)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["opencode", undefined]) {
      const r = hook(before(sb, "bash", { command: "bash -c 'touch x'", description: "d" }), { env: sb.env, target });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("touch is not allowed");
    }
  });

  test("allow with nothing matching: exit 0, nothing on stdout", () => {
    const { sb } = setup();
    const r = pre(sb, before(sb, "bash", { command: "ls", description: "d" }));
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, "", ""]);
  });

  test("a rewrite is {args} with the call's own keys: the command changed, description kept, nothing added", () => {
    const { sb, add } = setup();
    add("pre-bash.mkdir-rewrite.sh", sh(`echo '{"tool_input": {"command": "mkdir other"}}'`));
    const r = pre(sb, before(sb, "bash", { command: "mkdir x", description: "make x" }));
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ args: { command: "mkdir other", description: "make x" } });
  });

  test("a rewrite of Claude's file_path goes back as filePath; the aliases and absolute path normalization added are not sent", () => {
    const { sb, add } = setup();
    add("pre-write-redirect.sh", sh(`echo '{"tool_input": {"file_path": "/tmp/elsewhere.txt"}, "decision": "allow"}'`));
    const r = pre(sb, before(sb, "write", { filePath: "notes.txt", content: "hi" }));
    expect(r.json).toEqual({ args: { filePath: "/tmp/elsewhere.txt", content: "hi" } });
  });

  test("post: a replacement is {output}; a block replaces the output with its reason; context is {context}", () => {
    const { sb, add } = setup();
    add("post-bash.printf-replace.sh", sh(`echo '{"tool_output": "REPLACED"}'`));
    add("post-bash.cat-block.sh", sh("echo 'output withheld' >&2; exit 2"));
    add("post-bash.date-context.sh", sh("echo POST-CONTEXT"));
    const post = (command: string) => hook(after(sb, "bash", { command }, "original"), { env: sb.env, target: "opencode", event: "tool.execute.after" });
    expect(post("printf x").json).toEqual({ output: "REPLACED" });
    expect(post("cat notes").json).toEqual({ output: expect.stringContaining("output withheld") });
    expect(post("date").json).toEqual({ context: expect.stringContaining("POST-CONTEXT") });
  });

  test("the prompt: context is {context}, a block is {block}", () => {
    const { sb, add } = setup();
    add("prompt-context.sh", sh("echo PROMPT-CONTEXT"));
    add("prompt-block.sh", sh('case "$(cat)" in *tag-block*) echo "prompt refused" >&2; exit 2;; esac'));
    const prompt = (text: string) => hook({ hook_event_name: "chat.message", session_id: "ses_1", cwd: sb.repo, prompt: text }, { env: sb.env, target: "opencode", event: "chat.message" });
    expect(prompt("hello").json).toEqual({ context: expect.stringContaining("PROMPT-CONTEXT") });
    expect(prompt("tag-block this").json).toEqual({ block: expect.stringContaining("prompt refused"), context: expect.stringContaining("PROMPT-CONTEXT") });
  });

  test("a payload that cannot be read on tool.execute.before is denied (fail closed)", () => {
    const { sb } = setup();
    for (const payload of ["not json", JSON.stringify({ hook_event_name: "tool.execute.before", tool_name: "bash" })]) {
      const r = hook(payload, { env: sb.env, target: "opencode", event: "tool.execute.before" });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("denied to fail closed");
    }
  });
});

describe("opencode: payloads normalized", () => {
  test("bash, read, write, edit, apply_patch, grep arrive in Claude's names with absolute paths", () => {
    const { sb, add, out } = setup();
    add("pre-any-keep.sh", keep(out));
    pre(sb, before(sb, "bash", { command: "git status", description: "d" }));
    pre(sb, before(sb, "read", { filePath: "src/a.ts" }));
    pre(sb, before(sb, "write", { filePath: "/x/b.ts", content: "B" }));
    pre(sb, before(sb, "edit", { filePath: "c.ts", oldString: "o", newString: "n", replaceAll: true }));
    pre(sb, before(sb, "apply_patch", { patchText: "*** Begin Patch\n*** Update File: d.ts\n@@\n-a\n+b\n*** End Patch" }));
    pre(sb, before(sb, "grep", { pattern: "KEY", path: "cfg", include: "*.env" }));
    const seen = kept(out);
    expect(seen.map((p) => p.tool_name)).toEqual(["Bash", "Read", "Write", "Edit", "Edit", "Grep"]);
    expect(seen.every((p) => p.hook_event_name === "PreToolUse" && p.session_id === "ses_1" && p.tool_use_id === "call_1" && p.cwd === sb.repo)).toBe(true);
    expect(seen[0].tool_input.command).toBe("git status");
    expect(seen[1].tool_input).toMatchObject({ filePath: "src/a.ts", file_path: join(sb.repo, "src/a.ts") });
    expect(seen[2].tool_input).toMatchObject({ file_path: "/x/b.ts", content: "B" });
    expect(seen[3].tool_input).toMatchObject({ file_path: join(sb.repo, "c.ts"), old_string: "o", new_string: "n", replace_all: true });
    expect(seen[4].tool_input).toMatchObject({ file_path: join(sb.repo, "d.ts"), file_paths: [join(sb.repo, "d.ts")] });
    expect(seen[5].tool_input).toMatchObject({ pattern: "KEY", path: join(sb.repo, "cfg"), glob: "*.env" });
  });

  test("a tool of an MCP server the plugin listed is mcp__<server>__<tool> (the longest server name wins); others keep their id", () => {
    const { sb, add, out } = setup();
    add("pre-mcp__my_srv-keep.sh", keep(out));
    add("pre-codesearch-keep.sh", keep(out));
    pre(sb, before(sb, "my_srv_do_thing", { a: 1 }, { mcp_servers: ["my", "my_srv"] }));
    pre(sb, before(sb, "codesearch", { query: "x" }));
    expect(kept(out).map((p) => p.tool_name)).toEqual(["mcp__my_srv__do_thing", "codesearch"]);
  });

  test("bash.<cli> matchers fire on the command; a post sees Claude's Bash output shape", () => {
    const { sb, add, out } = setup();
    add("pre-bash.git-keep.sh", keep(out));
    add("post-bash.git-keep.sh", keep(out));
    pre(sb, before(sb, "bash", { command: "cd src && git push", description: "d" }));
    hook(after(sb, "bash", { command: "git log" }, "commit 1\n"), { env: sb.env, target: "opencode", event: "tool.execute.after" });
    const [p1, p2] = kept(out);
    expect(p1.tool_input.command).toBe("cd src && git push");
    expect([p2.hook_event_name, p2.tool_response.stdout]).toEqual(["PostToolUse", "commit 1\n"]);
  });

  test("chat.message is the prompt step (UserPromptSubmit)", () => {
    const { sb, add, out } = setup();
    add("prompt-keep.sh", keep(out));
    const r = hook({ hook_event_name: "chat.message", session_id: "ses_1", cwd: sb.repo, prompt: "hello there" }, { env: sb.env, target: "opencode", event: "chat.message" });
    expect(r.exitCode).toBe(0);
    expect(kept(out)[0]).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "hello there" });
  });

  test("after init, the built-in .env guard refuses read, edit and write of a dotenv file and cat .env", () => {
    const { sb } = setup();
    expect(run(["init", "--target", "opencode"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    for (const [tool, input] of [
      ["read", { filePath: ".env" }],
      ["edit", { filePath: "prod.env", oldString: "a", newString: "b" }],
      ["write", { filePath: join(sb.repo, ".env.local"), content: "X=1" }],
      ["bash", { command: "cat .env", description: "d" }],
    ] as const) {
      const r = pre(sb, before(sb, tool, input));
      expect([tool, r.exitCode]).toEqual([tool, 2]);
      expect(r.stderr).toContain("holds secrets");
    }
    expect(pre(sb, before(sb, "read", { filePath: "notes.txt" })).exitCode).toBe(0);
  });
});
