// The Copilot-only parts of the hook, against the compiled executable: MCP tool names split at a
// configured server name, the call id conditions see, and write_bash as bash.<cli> guards see it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, hook, sandbox, writeFile, type Sandbox } from "../helpers";

const SID = "9e1b6459-cc1a-4012-99d8-4069898c1301";
const pre = (sb: Sandbox, toolName: string, toolArgs: unknown, extra: Record<string, unknown> = {}) =>
  hook({ sessionId: SID, timestamp: 1796139989045, cwd: sb.repo, toolName, toolArgs, ...extra }, { env: sb.env, target: "copilot", event: "preToolUse" });
const post = (sb: Sandbox, toolName: string, toolArgs: unknown) =>
  hook({ sessionId: SID, timestamp: 1796139989201, cwd: sb.repo, toolName, toolArgs, toolResult: { resultType: "success", textResultForLlm: "ok" } }, { env: sb.env, target: "copilot", event: "postToolUse" });

/** A condition that prints the tool name and AH_TOOL_USE_ID it was given into `out`, one line per run. */
const seen = (out: string) => `#!/usr/bin/env bash\ncat >/dev/null\necho "$AH_EVENT $AH_TOOL_NAME $AH_TOOL_USE_ID" >> '${out}'\n`;
const lines = (path: string) => readFileSync(path, "utf8").trim().split("\n");

describe("copilot MCP tool names", () => {
  // many spellings of one server's tool -> one mcp__ name, wherever the server is configured
  const configs: [string, (sb: Sandbox) => string, string, string][] = [
    ["user mcp-config.json, hyphenated server", (sb) => join(sb.userHome, ".copilot", "mcp-config.json"), "gateway-tools-github-create_pr", "mcp__gateway-tools__github-create_pr"],
    ["the repository's .mcp.json", (sb) => join(sb.repo, ".mcp.json"), "gateway-tools-list", "mcp__gateway-tools__list"],
    ["the repository's .github/mcp.json", (sb) => join(sb.repo, ".github", "mcp.json"), "gateway-tools-list", "mcp__gateway-tools__list"],
  ];
  test.each(configs)("%s", (_name, where, raw, expected) => {
    const sb = sandbox();
    writeFile(where(sb), JSON.stringify({ mcpServers: { gateway: {}, "gateway-tools": {} } }));
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-mcp__gateway-tools-seen.sh", seen(out));
    expect(pre(sb, raw, {}).exitCode).toBe(0);
    expect(lines(out)[0].split(" ")[1]).toBe(expected);
  });
  test("permissionRequest's <server>/<tool> needs no config", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "permission-mcp__agentihooks-seen.sh", seen(out));
    const r = hook({ hookName: "permissionRequest", sessionId: SID, timestamp: 1, cwd: sb.repo, toolName: "agentihooks/condition_list", toolInput: {}, permissionSuggestions: [] }, { env: sb.env, target: "copilot", event: "permissionRequest" });
    expect(r.exitCode).toBe(0);
    expect(lines(out)[0].split(" ")[1]).toBe("mcp__agentihooks__condition_list");
  });
  test("a hyphenated name no config explains stays as Copilot sent it", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-any-seen.sh", seen(out));
    pre(sb, "unknown-server-tool", {});
    expect(lines(out)[0].split(" ")[1]).toBe("unknown-server-tool");
  });
});

describe("copilot call ids", () => {
  test("pre and post of a call share AH_TOOL_USE_ID; another call gets another", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-bash-seen.sh", seen(out));
    addCondition(join(sb.home, "conditions"), "post-bash-seen.sh", seen(out));
    pre(sb, "bash", { command: "echo one", description: "x" });
    pre(sb, "bash", { command: "echo two", description: "x" });
    post(sb, "bash", { description: "x", command: "echo one" });
    const ids = lines(out).map((l) => l.split(" ")[2]);
    expect(ids[0]).toMatch(/^copilot-[0-9a-f]{16}$/);
    expect(ids[2]).toBe(ids[0]);
    expect(ids[1]).not.toBe(ids[0]);
  });
  test("a rewrite carries the id, and the post of the rewritten call has it", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-bash.printf-rewrite.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho \'{"tool_input": {"command": "printf new"}}\'\n');
    addCondition(join(sb.home, "conditions"), "post-bash-seen.sh", seen(out));
    const answer = pre(sb, "bash", { command: "printf old", description: "x" });
    const modified = answer.json.modifiedArgs;
    expect(answer.json.permissionDecision).toBeUndefined(); // Copilot's own permissions judge the rewrite
    expect(modified.command).toBe("printf new");
    post(sb, "bash", modified);
    expect(lines(out)[0].split(" ")[2]).toBe(modified.agentihooks_tool_use_id);
  });
});

describe("copilot write_bash", () => {
  test("the typed line is a Bash command, dynamic: every bash.<cli> condition fires", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-bash.kubectl-seen.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "$AH_TOOL_NAME $AH_DYNAMIC $AH_PROGRAMS" >> \'' + out + "'\n");
    addCondition(join(sb.home, "conditions"), "pre-bash.git-deny.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "no git here" >&2; exit 2\n');
    const r = pre(sb, "write_bash", { shellId: "s1", input: "git push --force\n", delay: 1 });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("no git here");
    expect(lines(out)).toEqual(["Bash 1 git"]);
  });
});

// The two events with their own payloads, as Copilot CLI 1.0.102 sent them (e2e/live/copilot-mcp.live.ts).
describe("copilot preMcpToolCall", () => {
  const mcpCall = (sb: Sandbox) => ({ sessionId: SID, timestamp: 1796196094989, cwd: sb.repo, toolCallId: "call_mx5ss0xx2", serverName: "marker", toolName: "touch", arguments: { path: "/tmp/x" } });
  test("one MCP call named mcp__<server>__<tool>: mcp__ matchers fire, with the call's own id and arguments", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "pre-mcp__marker__touch-seen.sh", `#!/usr/bin/env bash\ncat > '${out}.json'\necho "$AH_EVENT $AH_TOOL_NAME $AH_TOOL_USE_ID" >> '${out}'\n`);
    const r = hook(mcpCall(sb), { env: sb.env, target: "copilot", event: "preMcpToolCall" });
    expect([r.exitCode, r.stdout]).toEqual([0, ""]);
    expect(lines(out)).toEqual(["PreToolUse mcp__marker__touch call_mx5ss0xx2"]);
    const payload = JSON.parse(readFileSync(`${out}.json`, "utf8"));
    expect([payload.tool_name, payload.tool_input.path, payload.mcp_server]).toEqual(["mcp__marker__touch", "/tmp/x", { name: "marker" }]);
    expect("serverName" in payload || "arguments" in payload).toBe(false);
  });
  test("a deny is answered as on preToolUse (Copilot 1.0.102 does not act on it there: preToolUse is the guard)", () => {
    const sb = sandbox();
    addCondition(join(sb.home, "conditions"), "pre-mcp__marker-deny.sh", "#!/usr/bin/env bash\necho 'not this server' >&2\nexit 2\n");
    const r = hook(mcpCall(sb), { env: sb.env, target: "copilot", event: "preMcpToolCall" });
    expect(r.exitCode).toBe(2);
    expect(r.json).toEqual({ permissionDecision: "deny", permissionDecisionReason: "[condition pre-mcp__marker-deny.sh] not this server" });
  });
});

describe("copilot errorOccurred", () => {
  const error = (sb: Sandbox) => ({
    sessionId: SID, timestamp: 1796196138833, cwd: sb.repo, errorContext: "model_call", recoverable: true,
    error: { message: '"Failed native model HTTP request: tcp connect error: Connection refused"', name: "Error", stack: "Error: ..." },
  });
  test("a Notification of type error: notify-error conditions run and see the message", () => {
    const sb = sandbox();
    const out = join(sb.root, "seen");
    addCondition(join(sb.home, "conditions"), "notify-error-seen.sh", `#!/usr/bin/env bash\ncat > '${out}.json'\necho "$AH_STEP $AH_EVENT" >> '${out}'\n`);
    addCondition(join(sb.home, "conditions"), "notify-idle_prompt-other.sh", `#!/usr/bin/env bash\necho other >> '${out}'\n`);
    const r = hook(error(sb), { env: sb.env, target: "copilot", event: "errorOccurred" });
    expect([r.exitCode, r.stdout]).toEqual([0, ""]);
    expect(lines(out)).toEqual(["notify Notification"]);
    const payload = JSON.parse(readFileSync(`${out}.json`, "utf8"));
    expect([payload.notification_type, payload.message, payload.error_context, payload.recoverable]).toEqual(["error", "Failed native model HTTP request: tcp connect error: Connection refused", "model_call", true]);
  });
  test("recorded: the decision log line names the error, also without --event", () => {
    const sb = sandbox();
    for (const event of ["errorOccurred", undefined]) expect(hook(error(sb), { env: sb.env, target: "copilot", event }).exitCode).toBe(0);
    const records = readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records.map((r) => [r.event, r.notice])).toEqual(Array(2).fill(["Notification", { type: "error", message: "Failed native model HTTP request: tcp connect error: Connection refused" }]));
  });
});
