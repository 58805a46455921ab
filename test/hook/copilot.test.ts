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
