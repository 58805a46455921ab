// The resident path through the real server process (`agentihooks mcp`): the `hook` tool answers a
// call with the bytes the command hook prints, from arguments filled the way Claude Code (every value a
// string, "" when absent) and Codex (typed values) fill an `mcp_tool` handler's input; nothing goes
// stale between calls; parallel calls are answered independently; an unreadable call is denied; each
// call leaves a decision record; the server ends once its executable changed on disk.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { inputTemplate, type ResidentTarget } from "../../src/resident/hook-input";
import { addCondition, BIN, claudeBash, hook, sandbox } from "../helpers";

const sb = sandbox();
let client: Client;

/** Fills a template as the harness does: Claude stringifies and blanks, Codex keeps types and fails on a missing field. */
function fill(template: unknown, payload: Record<string, unknown>, target: ResidentTarget): unknown {
  if (Array.isArray(template)) return template.map((t) => fill(t, payload, target));
  if (template && typeof template === "object") return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fill(v, payload, target)]));
  if (typeof template !== "string") return template;
  const whole = /^\$\{([^{}]+)\}$/.exec(template);
  if (!whole) return template;
  const value = whole[1].split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), payload);
  if (target === "codex") {
    if (value === undefined) throw new Error(`hook input placeholder \`${template}\` was not found`);
    return value;
  }
  return value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
}

async function resident(client: Client, target: ResidentTarget, payload: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const args = fill(inputTemplate(target, payload.hook_event_name as string), payload, target) as Record<string, unknown>;
  const r = (await client.callTool({ name: "hook", arguments: args })) as { isError?: boolean; content: { text: string }[] };
  return { text: r.content.map((c) => c.text).join(""), isError: !!r.isError };
}

const connect = async (command = BIN) => {
  const c = new Client({ name: "resident-test", version: "1.0.0" });
  // the server's own cwd is the root folder: every call must use its payload's cwd
  await c.connect(new StdioClientTransport({ command, args: ["mcp", "--target", "claude"], env: sb.env, cwd: "/", stderr: "pipe" }));
  return c;
};

const codexBash = (command: string, extra: Record<string, unknown> = {}) => ({
  session_id: "s-codex", turn_id: "t1", transcript_path: null, cwd: sb.repo, hook_event_name: "PreToolUse", model: "gpt-5.5",
  permission_mode: "bypassPermissions", tool_name: "Bash", tool_input: { command }, tool_use_id: "call_1", ...extra,
});

const conditions = join(sb.home, "conditions");

beforeAll(async () => {
  addCondition(conditions, "pre-bash.rm-deny.sh", "#!/bin/sh\necho 'RM-DENIED: no rm here' >&2\nexit 2\n");
  addCondition(conditions, "pre-bash.sed-rewrite.sh", `#!/bin/sh\necho '{"tool_input":{"command":"echo rewritten"},"context":"REWRITE-CONTEXT"}'\n`);
  addCondition(conditions, "post-bash-note.sh", `#!/bin/sh\necho '{"context":"POST-NOTE"}'\n`);
  client = await connect();
});
afterAll(async () => {
  await client?.close();
});

describe("agentihooks mcp: the hook tool", () => {
  test("is listed beside the condition and enforcement tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("hook");
  });

  const cases: [string, ResidentTarget, () => Record<string, unknown>][] = [
    ["claude: no condition matches", "claude", () => claudeBash("ls -la", sb.repo)],
    ["claude: a condition denies", "claude", () => claudeBash("rm -rf build", sb.repo)],
    ["claude: a condition rewrites with context", "claude", () => claudeBash("sed -n 1p x", sb.repo)],
    ["claude: the built-in .env guard", "claude", () => ({ ...claudeBash("", sb.repo), tool_name: "Read", tool_input: { file_path: join(sb.repo, ".env") } })],
    ["claude: post context", "claude", () => ({ ...claudeBash("ls", sb.repo), hook_event_name: "PostToolUse", tool_response: { stdout: "a\n", stderr: "", interrupted: false, isImage: false } })],
    ["claude: a failed call", "claude", () => ({ ...claudeBash("false", sb.repo), hook_event_name: "PostToolUseFailure", error: "Exit code 1", is_interrupt: false })],
    ["codex: no condition matches", "codex", () => codexBash("ls")],
    ["codex: a condition rewrites", "codex", () => codexBash("sed -n 1p x")],
    ["codex: post context", "codex", () => ({ ...codexBash("ls"), hook_event_name: "PostToolUse", tool_response: "a\n" })],
  ];
  for (const [name, target, make] of cases) {
    test(`${name}: the same bytes as the command hook`, async () => {
      const payload = make();
      const command = hook(payload, { env: sb.env, target, event: payload.hook_event_name as string, cwd: sb.repo });
      const r = await resident(client, target, payload);
      expect(r.isError).toBe(false);
      expect(command.exitCode === 0 || command.stdout !== "").toBe(true);
      expect(r.text).toBe(command.stdout);
    });
  }

  test("codex: a deny (exit 2 and stderr on the command path) is the JSON deny with the same reason", async () => {
    const payload = codexBash("rm -rf build");
    const command = hook(payload, { env: sb.env, target: "codex", event: "PreToolUse", cwd: sb.repo });
    expect(command.exitCode).toBe(2);
    const r = await resident(client, "codex", payload);
    expect(JSON.parse(r.text)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: command.stderr.trim() } });
  });

  test("nothing goes stale: a condition added, then removed, between two calls", async () => {
    const payload = claudeBash("touch resident-stale", sb.repo);
    expect((await resident(client, "claude", payload)).text).toBe("");
    const file = addCondition(conditions, "pre-bash.touch-late.sh", "#!/bin/sh\necho 'LATE-DENY' >&2\nexit 2\n");
    expect((await resident(client, "claude", payload)).text).toContain("LATE-DENY");
    rmSync(file);
    expect((await resident(client, "claude", payload)).text).toBe("");
  });

  test("a condition runs in the payload's folder, PWD included, not in the server's", async () => {
    addCondition(conditions, "pre-bash.pwd-where.sh", `#!/bin/sh\nprintf '{"context":"PWD=%s CWD=%s"}\\n' "$PWD" "$(pwd)"\n`);
    const r = await resident(client, "claude", claudeBash("pwd", sb.repo));
    expect(JSON.parse(r.text).hookSpecificOutput.additionalContext).toContain(`PWD=${sb.repo} CWD=${sb.repo}`);
  });

  test("parallel calls are answered independently", async () => {
    addCondition(conditions, "pre-bash.echo-echo.sh", `#!/usr/bin/env bash\ncmd=$(sed -n 's/.*"command":"\\([^"]*\\)".*/\\1/p')\nsleep 0.$((RANDOM % 3))\nprintf '{"context":"SAW %s"}\\n' "$cmd"\n`);
    const words = Array.from({ length: 8 }, (_, i) => `echo word${i}`);
    const answers = await Promise.all(words.map((w) => resident(client, "claude", claudeBash(w, sb.repo))));
    answers.forEach((a, i) => expect(JSON.parse(a.text).hookSpecificOutput.additionalContext).toBe(`[condition pre-bash.echo-echo.sh]\nSAW ${words[i]}`));
  });

  test("a call it cannot read is denied with the reason, and a non-guard one gets no answer", async () => {
    const noCwd = await client.callTool({ name: "hook", arguments: { target: "claude", event: "PreToolUse", payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: '{"command":"ls"}' } } });
    const deny = JSON.parse((noCwd.content as { text: string }[])[0].text).hookSpecificOutput;
    expect(deny.permissionDecision).toBe("deny");
    expect(deny.permissionDecisionReason).toContain("no absolute cwd");
    const badInput = await resident(client, "claude", { ...claudeBash("ls", sb.repo), tool_input: "not json" as unknown as object });
    expect(JSON.parse(badInput.text).hookSpecificOutput.permissionDecision).toBe("deny");
    const noTarget = await client.callTool({ name: "hook", arguments: {} });
    expect((noTarget.content as { text: string }[])[0].text).toContain("denied to fail closed");
    const post = await client.callTool({ name: "hook", arguments: { target: "claude", event: "PostToolUse", payload: { tool_name: "Bash" } } });
    expect((post.content as { text: string }[])[0].text).toBe("");
  });

  test("every call leaves a decision record marked as resident", async () => {
    await resident(client, "claude", claudeBash("rm -rf recorded", sb.repo));
    const lines = readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const rec = lines.reverse().find((l) => l.via === "mcp" && JSON.stringify(l.input ?? "").includes("recorded"));
    expect(rec).toMatchObject({ kind: "hook", harness: "claude", event: "PreToolUse", decision: "deny" });
  });

  test("once its executable changes on disk, the call is answered by the new one and the server ends", async () => {
    const copy = join(sb.root, "agentihooks-copy");
    copyFileSync(BIN, copy);
    chmodSync(copy, 0o755);
    const c = await connect(copy);
    let closed = false;
    c.onclose = () => (closed = true);
    const payload = claudeBash("rm -rf upgraded", sb.repo);
    expect((await resident(c, "claude", payload)).text).toContain("RM-DENIED");
    const later = new Date(Date.now() + 5000);
    utimesSync(copy, later, later); // what an upgrade in place changes
    expect((await resident(c, "claude", payload)).text).toContain("RM-DENIED");
    for (let i = 0; i < 40 && !closed; i++) await Bun.sleep(50);
    expect(closed).toBe(true);
  });
});
