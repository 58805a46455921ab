// Cline CLI's edge, against the compiled executable: its payloads (as Cline 3.0.65 sends them to a
// hook file, e2e/live/cline.live.ts) normalized so bash, read, edit, grep and mcp__ matchers fire,
// and its answers: a deny is `{cancel: true, errorMessage}` on stdout (Cline reads nothing else),
// context is `contextModification`. The live suite proves what Cline does with them.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hook, run, writeFile, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

/** A PreToolUse hook file's payload, in the shape Cline 3.0.65 sends (a few fields trimmed). */
const call = (sb: Sandbox, name: string, input: Record<string, unknown>) => ({
  clineVersion: "",
  hookName: "tool_call",
  timestamp: "2026-12-02T07:53:23.850Z",
  taskId: "conv_1796198002931_m2wm4pw",
  sessionContext: { rootSessionId: "1796198002003_58j2p" },
  workspaceRoots: [sb.repo],
  userId: "unknown",
  agent_id: "agent_1796198002531_08tfs4",
  parent_agent_id: null,
  iteration: 1,
  tool_call: { id: "call_mx5twxp72", name, input },
  preToolUse: { toolName: name, parameters: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)])) },
});
const result = (sb: Sandbox, name: string, input: Record<string, unknown>, output: unknown) => ({
  ...call(sb, name, input),
  hookName: "tool_result",
  tool_call: undefined,
  tool_result: { id: "call_1", name, input, output, durationMs: 5 },
});


describe("cline: answers", () => {
  test("a deny is {cancel, errorMessage} on stdout (with --target or found from the payload)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["cline", undefined]) {
      const r = hook(call(sb, "run_commands", { commands: ["touch x"] }), { env: sb.env, target, event: target && "PreToolUse" });
      expect(r.json).toEqual({ cancel: true, errorMessage: "[condition pre-bash.touch-deny.sh] touch is not allowed" });
    }
  });

  test("one denied command of a run_commands call denies the call; each command is judged as its own Bash call", () => {
    const { sb, add, out } = setup();
    add("pre-bash-seen.sh", keep(out));
    add("pre-bash.rm-deny.sh", sh("echo 'no rm' >&2; exit 2"));
    const r = hook(call(sb, "run_commands", { commands: ["ls -la", "rm -rf build"] }), { env: sb.env, target: "cline", event: "PreToolUse" });
    expect(r.json.cancel).toBe(true);
    expect(r.json.errorMessage).toContain("no rm");
    expect(kept(out).map((p) => [p.tool_name, p.tool_input.command])).toEqual([["Bash", "ls -la"], ["Bash", "rm -rf build"]]);
  });

  test("pre and post context is contextModification and nothing else; allow prints nothing", () => {
    const { sb, add } = setup();
    const quiet = hook(call(sb, "run_commands", { commands: ["date"] }), { env: sb.env, target: "cline", event: "PreToolUse" });
    expect([quiet.exitCode, quiet.stdout]).toEqual([0, ""]);
    add("pre-bash.date-context.sh", sh("echo PRE-CONTEXT"));
    add("post-bash.date-context.sh", sh("echo POST-CONTEXT"));
    const pre = hook(call(sb, "run_commands", { commands: ["date"] }), { env: sb.env, target: "cline", event: "PreToolUse" });
    expect(pre.json).toEqual({ contextModification: expect.stringContaining("PRE-CONTEXT") });
    const post = hook(result(sb, "run_commands", { commands: ["date"] }, [{ query: "date", result: "today", success: true }]), { env: sb.env, target: "cline", event: "PostToolUse" });
    expect(post.json).toEqual({ contextModification: expect.stringContaining("POST-CONTEXT") });
  });

  test("a tool_call payload that cannot be read is denied (fail closed)", () => {
    const { sb } = setup();
    for (const payload of ['{"clineVersion": "", "hookName": "tool_call", "tool_call": ', JSON.stringify({ clineVersion: "", hookName: "tool_call", tool_call: { id: "x" } })]) {
      const r = hook(payload, { env: sb.env, target: "cline" });
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stdout).cancel).toBe(true);
    }
    const bad = hook(call(sb, "run_commands", { commands: [{ not: "a string" }] }), { env: sb.env, target: "cline" });
    expect(JSON.parse(bad.stdout).cancel).toBe(true);
  });
});

describe("cline: payloads normalized", () => {
  test("read_files, editor, apply_patch, search_codebase and MCP tools arrive under Claude's names with absolute paths", () => {
    const { sb, add, out } = setup();
    for (const m of ["read", "edit", "grep", "mcp__gateway__query"]) add(`pre-${m}-seen.sh`, keep(out));
    const send = (name: string, input: Record<string, unknown>) => hook(call(sb, name, input), { env: sb.env, target: "cline", event: "PreToolUse" });
    send("read_files", { files: [{ path: "src/a.ts", start_line: 1 }, { path: "/etc/hosts" }] });
    send("editor", { path: "notes.txt", old_text: "a", new_text: "b" });
    send("apply_patch", { input: "*** Begin Patch\n*** Add File: new.txt\n+x\n*** End Patch" });
    send("search_codebase", { queries: ["TODO"] });
    send("gateway__query", { sql: "select 1" });
    const seen = kept(out);
    expect(seen.map((p) => p.tool_name)).toEqual(["Read", "Edit", "Edit", "Grep", "mcp__gateway__query"]);
    expect([seen[0].tool_input.file_path, seen[0].tool_input.file_paths]).toEqual([join(sb.repo, "src/a.ts"), [join(sb.repo, "src/a.ts"), "/etc/hosts"]]);
    expect([seen[1].tool_input.file_path, seen[1].tool_input.old_string, seen[1].tool_input.new_string]).toEqual([join(sb.repo, "notes.txt"), "a", "b"]);
    expect(seen[2].tool_input.file_paths).toEqual([join(sb.repo, "new.txt")]);
    expect([seen[3].tool_input.pattern, seen[3].tool_input.path]).toEqual(["TODO", sb.repo]);
    expect(seen.every((p) => p.session_id === "conv_1796198002931_m2wm4pw" && p.cwd === sb.repo && p.hook_event_name === "PreToolUse")).toBe(true);
  });

  test("the built-in .env guard denies Cline's file tools, searches and shell on a dotenv file", () => {
    const { sb } = setup();
    expect(run(["init", "--target", "cline"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0); // the built-in default profile
    writeFile(join(sb.repo, ".env"), "SECRET=1\n");
    const send = (name: string, input: Record<string, unknown>) => hook(call(sb, name, input), { env: sb.env, target: "cline", event: "PreToolUse" });
    for (const [name, input] of [
      ["read_files", { files: [{ path: "README.md" }, { path: ".env" }] }],
      ["editor", { path: ".env", new_text: "x" }],
      ["apply_patch", { input: "*** Begin Patch\n*** Update File: .env\n-SECRET=1\n+SECRET=2\n*** End Patch" }],
      ["run_commands", { commands: ["ls", "cat .env"] }],
      // a search is a Grep over the workspace (whether Cline's search reads hidden files is unmeasured): a folder holding .env is refused
      ["search_codebase", { queries: ["SECRET"] }],
    ] as const) {
      const r = send(name, input);
      expect(r.json?.cancel, `${name}: ${r.stdout}${r.stderr}`).toBe(true);
      expect(r.json.errorMessage).toContain("secrets_env");
    }
    expect(send("read_files", { files: [{ path: "README.md" }] }).stdout).toBe("");
  });
});
