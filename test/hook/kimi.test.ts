// Kimi Code's edge, against the compiled executable: its payloads (as Kimi Code 2.1.0 sends them,
// e2e/live/kimi.live.ts) normalized so bash, read, write, edit, webfetch and mcp__ matchers fire, the
// file tools' `path` read as file_path and the prompt's content parts as text; its answers: a deny is
// exit 2 with the reason on stderr, ask becomes a deny, prompt context is a JSON `message`, a prompt or
// Stop block is exit 2. The live suite proves what Kimi does with them.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hook, run, type Sandbox } from "../helpers";
import { sh, keep, kept, setup } from "./condition-kit";

const SID = "5f0e2c1a-7d4b-4c61-9a0e-2b8d3f6c1e77";
const base = (sb: Sandbox, event: string) => ({ hook_event_name: event, session_id: SID, cwd: sb.repo, client_type: "cli" });
const pre = (sb: Sandbox, tool_name: string, tool_input: Record<string, unknown>) => ({ ...base(sb, "PreToolUse"), tool_name, tool_input, tool_call_id: "call_1" });


describe("kimi: answers", () => {
  test("a deny is exit 2, the reason on stderr, nothing on stdout (with --target or found from the payload's client_type)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-deny.sh", sh("echo 'touch is not allowed' >&2; exit 2"));
    for (const target of ["kimi", undefined]) {
      const r = hook(pre(sb, "Bash", { command: "bash -c 'touch x'" }), { env: sb.env, target, event: target && "PreToolUse" });
      expect([r.exitCode, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toContain("touch is not allowed");
    }
  });

  test("ask becomes a deny with the reason (Kimi has no ask); an allow answers nothing", () => {
    const { sb, add } = setup();
    add("pre-bash.rm-ask.sh", sh(`echo '{"decision": "ask", "reason": "rm needs a person"}'`));
    const r = hook(pre(sb, "Bash", { command: "rm -rf build" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("rm needs a person");
    const ok = hook(pre(sb, "Bash", { command: "ls" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    expect([ok.exitCode, ok.stdout, ok.stderr]).toEqual([0, "", ""]);
  });

  test("prompt context is a JSON message on stdout; a prompt block is exit 2 with the reason", () => {
    const { sb, add, out } = setup();
    add("prompt-context.sh", sh(`{ cat; echo; } >> '${out}'; echo KIMI-CONTEXT`));
    add("prompt-block.sh", sh(`case "$(cat)" in *tag-block*) echo "KIMI-BLOCKED" >&2; exit 2;; esac`));
    const prompt = (text: string) => ({ ...base(sb, "UserPromptSubmit"), prompt: [{ type: "text", text }], is_steer: false });
    const r = hook(prompt("hello there"), { env: sb.env, target: "kimi", event: "UserPromptSubmit" });
    expect(r.exitCode).toBe(0);
    expect(r.json.message).toContain("KIMI-CONTEXT");
    expect(kept(out)[0].prompt).toBe("hello there");
    const b = hook(prompt("please tag-block this"), { env: sb.env, target: "kimi", event: "UserPromptSubmit" });
    expect([b.exitCode, b.stdout]).toEqual([2, ""]);
    expect(b.stderr).toContain("KIMI-BLOCKED");
  });

  test("a Stop block is exit 2 with the reason", () => {
    const { sb, add } = setup();
    add("stop-more.sh", sh(`echo "KIMI-STOP-MORE" >&2; exit 2`));
    const r = hook({ ...base(sb, "Stop"), stop_hook_active: false }, { env: sb.env, target: "kimi", event: "Stop" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("KIMI-STOP-MORE");
  });
});

describe("kimi: payloads", () => {
  test("Read/Write/Edit's path is file_path (absolute from cwd); FetchURL is WebFetch; mcp__ names stay", () => {
    const { sb, add, out } = setup();
    for (const m of ["read", "write", "edit", "webfetch", "mcp__docs__search"]) add(`pre-${m}-rec.sh`, keep(out));
    hook(pre(sb, "Read", { path: "notes.txt" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    hook(pre(sb, "Write", { path: join(sb.repo, "a.txt"), content: "x" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    hook(pre(sb, "Edit", { path: "b.txt", old_string: "a", new_string: "b" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    hook(pre(sb, "FetchURL", { url: "https://example.com" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    hook(pre(sb, "mcp__docs__search", { q: "x" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    const seen = kept(out);
    expect(seen.map((p) => p.tool_name)).toEqual(["Read", "Write", "Edit", "WebFetch", "mcp__docs__search"]);
    expect(seen.slice(0, 3).map((p) => p.tool_input.file_path)).toEqual([join(sb.repo, "notes.txt"), join(sb.repo, "a.txt"), join(sb.repo, "b.txt")]);
  });

  test("after init, the built-in .env guard denies Read by a relative path and cat in Bash", () => {
    const { sb } = setup();
    expect(run(["init", "--target", "kimi"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    writeFileSync(join(sb.repo, ".env"), "API_KEY=KIMI-SECRET\n");
    for (const [tool, input] of [["Read", { path: ".env" }], ["Bash", { command: "cat .env" }]] as const) {
      const r = hook(pre(sb, tool, input), { env: sb.env, target: "kimi", event: "PreToolUse" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("secrets_env");
    }
  });

  test("the gate denies a Write to ~/.kimi-code/config.toml", () => {
    const { sb } = setup();
    const r = hook(pre(sb, "Write", { path: join(sb.userHome, ".kimi-code", "config.toml"), content: "" }), { env: sb.env, target: "kimi", event: "PreToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("a harness's hook registration");
  });

  test("a payload that is not an object is refused with a one-line error, fail closed on PreToolUse", () => {
    const { sb } = setup();
    const r = hook("[1]", { env: sb.env, target: "kimi", event: "PreToolUse" });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split("\n").length).toBe(1);
  });
});
