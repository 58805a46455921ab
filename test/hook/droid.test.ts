// Factory Droid's edge, against the compiled executable: its payloads (as Droid 0.225.2 sends them,
// e2e/live/droid.live.ts) normalized so bash, read, write, edit, grep and mcp__ matchers fire, and its
// answers: a deny is exit 2 with the reason on stderr and nothing on stdout; an allow with a rewrite,
// post and session context, a prompt stop and a Stop block are JSON with only the keys Droid reads.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hook, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

const SID = "327fe42b-d54e-42d7-95f3-588d65cf7078";
const base = (sb: Sandbox, event: string) => ({
  session_id: SID,
  transcript_path: join(sb.userHome, ".factory", "sessions", "-repo", `${SID}.jsonl`),
  cwd: sb.repo,
  permission_mode: "auto-low",
  hook_event_name: event,
});
const pre = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>) => ({ ...base(sb, "PreToolUse"), tool_name, tool_input });
const post = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>, tool_response: unknown) =>
  ({ ...base(sb, "PostToolUse"), tool_name, tool_input, tool_response });

const opts = (sb: Sandbox, event: string) => ({ env: sb.env, target: "droid", event });

describe("droid: answers", () => {
  test("a deny is exit 2, the reason on stderr, nothing on stdout (with --target or found from the payload)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["droid", undefined]) {
      const r = hook(pre(sb, "Execute", { command: "bash -c 'touch x'", summary: "Touch a file here" }), { env: sb.env, target, event: target && "PreToolUse" });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("touch is not allowed");
    }
  });

  test("a rewrite is permissionDecision allow with updatedInput, and nothing else", () => {
    const { sb, add } = setup();
    add("pre-bash.mkdir-rewrite.sh", sh(`echo '{"tool_input": {"command": "mkdir b"}, "decision": "allow"}'`));
    const r = hook(pre(sb, "Execute", { command: "mkdir a", summary: "Make a folder here" }), opts(sb, "PreToolUse"));
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "mkdir b", summary: "Make a folder here" } } });
  });

  test("a rewrite goes back in Droid's own keys: Claude's names of its fields and the lifted fields stay out", () => {
    const { sb, add } = setup();
    add("pre-edit-safe.sh", sh(`echo '{"tool_input": {"new_string": "SAFE"}, "decision": "allow"}'`));
    const r = hook(pre(sb, "Edit", { file_path: "a.txt", old_str: "x", new_str: "y" }), opts(sb, "PreToolUse"));
    expect(r.json.hookSpecificOutput.updatedInput).toEqual({ file_path: join(sb.repo, "a.txt"), old_str: "x", new_str: "SAFE" });
    add("pre-edit-patch.sh", sh(`echo '{"tool_input": {"command": "*** Begin Patch\\n*** Add File: b.txt\\n+x\\n*** End Patch"}, "decision": "allow"}'`));
    const patch = hook(pre(sb, "ApplyPatch", { input: "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch\n" }), opts(sb, "PreToolUse"));
    expect(patch.json.hookSpecificOutput.updatedInput).toEqual({ input: "*** Begin Patch\n*** Add File: b.txt\n+x\n*** End Patch" });
  });

  test("ask becomes a deny (Droid runs the call on ask); pre context goes with it, not into additionalContext", () => {
    const { sb, add } = setup();
    add("pre-bash.rm-ask.sh", sh(`echo '{"decision": "ask", "reason": "rm needs a person"}'`));
    const r = hook(pre(sb, "Execute", { command: "rm -rf build" }), opts(sb, "PreToolUse"));
    expect([r.exitCode, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain("rm needs a person");
  });

  test("post context is hookSpecificOutput.additionalContext, and nothing else", () => {
    const { sb, add } = setup();
    add("post-bash.date-context.sh", sh("echo POST-CONTEXT"));
    const r = hook(post(sb, "Execute", { command: "date" }, "today\n\n[Process exited with code 0]"), opts(sb, "PostToolUse"));
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: expect.stringContaining("POST-CONTEXT") } });
  });

  test("a post block and an output replacement become context: Droid keeps the output, and reads no decision there", () => {
    const { sb, add } = setup();
    add("post-bash.cat-block.sh", sh("echo 'output withheld' >&2; exit 2"));
    add("post-bash.printf-replace.sh", sh(`echo '{"tool_output": "REPLACED"}'`));
    const block = hook(post(sb, "Execute", { command: "cat notes" }, "secret\n\n[Process exited with code 0]"), opts(sb, "PostToolUse"));
    expect([block.exitCode, Object.keys(block.json)]).toEqual([0, ["hookSpecificOutput"]]);
    expect(block.json.hookSpecificOutput.additionalContext).toContain("output withheld");
    const replaced = hook(post(sb, "Execute", { command: "printf x" }, "x\n\n[Process exited with code 0]"), opts(sb, "PostToolUse"));
    expect(Object.keys(replaced.json)).toEqual(["hookSpecificOutput"]);
    expect(replaced.json.hookSpecificOutput.additionalContext).toContain("output replacement by post-bash.printf-replace.sh dropped");
  });

  test("UserPromptSubmit: context is additionalContext; a block is continue false with stopReason", () => {
    const { sb, add } = setup();
    add("prompt-remind.sh", sh("echo 'be brief'"));
    const ctx = hook({ ...base(sb, "UserPromptSubmit"), prompt: "hi", has_images: false }, opts(sb, "UserPromptSubmit"));
    expect(ctx.json).toEqual({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: expect.stringContaining("be brief") } });
    add("prompt-block.sh", sh("echo 'not today' >&2; exit 2"));
    const blocked = hook({ ...base(sb, "UserPromptSubmit"), session_id: "other", prompt: "hi" }, opts(sb, "UserPromptSubmit"));
    expect(blocked.json.continue).toBe(false);
    expect(blocked.json.stopReason).toContain("not today");
    expect(blocked.json.decision).toBeUndefined();
  });

  test("Stop: a block is decision block with its reason", () => {
    const { sb, add } = setup();
    add("stop-more.sh", sh("echo 'run the tests first' >&2; exit 2"));
    const r = hook({ ...base(sb, "Stop"), stop_hook_active: false, tool_execution_count: 1, elapsed_time: 10 }, opts(sb, "Stop"));
    expect(r.json).toEqual({ decision: "block", reason: expect.stringContaining("run the tests first") });
  });

  test("a PreToolUse payload that cannot be read is denied (fail closed)", () => {
    const { sb } = setup();
    for (const target of ["droid", undefined]) {
      const r = hook('{"hook_event_name": "PreToolUse", "tool_name": ', { env: sb.env, target, event: target && "PreToolUse" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toBe("");
    }
  });
});

describe("droid: tool names and inputs as conditions see them", () => {
  const cases: [string, string, string, Record<string, unknown>, string, Record<string, unknown>][] = [
    ["Execute", "Execute", "pre-bash-rec.sh", { command: "ls -la", summary: "List the files here" }, "Bash", { command: "ls -la" }],
    ["Read", "Read", "pre-read-rec.sh", { file_path: "/abs/a.ts" }, "Read", { file_path: "/abs/a.ts" }],
    ["Create", "Create", "pre-write-rec.sh", { file_path: "new.txt", content: "x" }, "Write", { file_path: "<REPO>/new.txt", content: "x" }],
    ["Edit", "Edit", "pre-edit-rec.sh", { file_path: "/abs/a.txt", old_str: "a", new_str: "b", change_all: true },
      "Edit", { file_path: "/abs/a.txt", old_string: "a", new_string: "b", replace_all: true }],
    ["ApplyPatch", "ApplyPatch", "pre-edit-rec.sh", { input: "*** Begin Patch\n*** Add File: .env\n+X=1\n*** End Patch\n" },
      "Edit", { file_path: "<REPO>/.env", file_paths: ["<REPO>/.env"] }],
    ["Grep", "Grep", "pre-grep-rec.sh", { pattern: "KEY", path: "/abs/conf", glob_pattern: "*.env" }, "Grep", { path: "/abs/conf", glob: "*.env" }],
    ["LS", "LS", "pre-ls-rec.sh", { directory_path: "/abs" }, "LS", { path: "/abs" }],
    ["FetchUrl", "FetchUrl", "pre-webfetch-rec.sh", { url: "https://example.com" }, "WebFetch", { url: "https://example.com" }],
    ["an MCP tool, <server>___<tool>", "github___create_issue", "pre-mcp__github__create_issue-rec.sh", { title: "t" }, "mcp__github__create_issue", { title: "t" }],
  ];
  test.each(cases)("%s", (_, raw, file, input, name, expected) => {
    const { sb, add, out } = setup();
    add(file, keep(out));
    const r = hook(pre(sb, raw, input), opts(sb, "PreToolUse"));
    expect(r.exitCode).toBe(0);
    const [payload] = kept(out);
    expect(payload.tool_name).toBe(name);
    expect(payload.tool_input).toMatchObject(JSON.parse(JSON.stringify(expected).replaceAll("<REPO>", sb.repo)));
  });

  test("an Execute post result is Claude's shape, the text Droid gives the model as stdout", () => {
    const { sb, add, out } = setup();
    add("post-bash-rec.sh", keep(out));
    hook(post(sb, "Execute", { command: "echo hi" }, "hi\n\n[Process exited with code 0]"), opts(sb, "PostToolUse"));
    expect(kept(out)[0].tool_response).toEqual({ stdout: "hi\n\n[Process exited with code 0]", stderr: "", interrupted: false, isImage: false });
  });

  test("the built-in .env guard denies Read, Create, Edit, Grep and Execute on a dotenv file", () => {
    const { sb } = setup();
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    const env = join(sb.repo, ".env");
    for (const [tool, input] of [
      ["Read", { file_path: env }],
      ["Create", { file_path: join(sb.repo, ".env.local"), content: "X=1" }],
      ["Edit", { file_path: env, old_str: "X", new_str: "Y" }],
      ["Grep", { pattern: "X", path: env }],
      ["Execute", { command: "cat .env" }],
    ] as const) {
      const r = hook(pre(sb, tool, input), opts(sb, "PreToolUse"));
      expect([tool, r.exitCode]).toEqual([tool, 2]);
      expect(r.stderr).toContain("secrets_env");
    }
  });
});
