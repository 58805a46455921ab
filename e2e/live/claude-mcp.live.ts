// Claude Code, live: the MCP side. The gate with the agentihooks server's condition_set (armed by the
// person's prompt: the file is written and runs on the next call; refused otherwise: nothing
// written, by MCP, by a file tool or by Bash), an enforcement set through MCP and delivered, an MCP
// output replacement given as {content:[...]} reaching the model as content, and the shipped audit
// example logging a successful and a failed MCP call. Decided by files and by what reached the model.
import { describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { bash, mcp, resultOf } from "./lib/claude";
import { describeRun, runCli } from "./lib/clis";
import { BIN, makeWorld, waitForText } from "./lib/world";

const EXAMPLES = join(import.meta.dir, "..", "..", "conditions-examples");
const DENY_TOUCH = 'echo "GATE-CONDITION-TOKEN: touch is off limits" >&2\nexit 2\n';

describe("claude: the condition gate with the MCP condition_set", () => {
  test("armed by the person's prompt: condition_set writes the file, it runs on the next call, and Stop closes the gate", async () => {
    const w = makeWorld("claude");
    const sid = crypto.randomUUID();
    const set = mcp("condition_set", { step: "pre", matcher: "bash.touch", name: "live_gate", script: DENY_TOUCH, session_id: sid, cwd: w.work });
    const r = await runCli(w, {
      label: "gate armed",
      prompt: "set a condition: never let touch run in this repository",
      args: ["--session-id", sid],
      script: [set, bash(`touch '${w.marker("after-set")}'`)],
    });
    // init's server is in Claude's tool list, every tool as mcp__agentihooks__<tool>
    const init = r.stdout.split("\n").filter((l) => l.includes('"subtype":"init"')).map((l) => JSON.parse(l))[0];
    const tools = ["condition_set", "condition_clear", "condition_list", "condition_show", "enforcement_set", "enforcement_list", "enforcement_clear"];
    expect(init?.tools, describeRun(r)).toEqual(expect.arrayContaining(tools.map((t) => `mcp__agentihooks__${t}`)));
    expect(init?.mcp_servers).toContainEqual({ name: "agentihooks", status: "connected", source: "user" });
    const file = join(w.conditions, "pre-bash.touch-live_gate.sh");
    expect(w.exists(file), describeRun(r)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(resultOf(r, "mcp__agentihooks__condition_set")?.isError).toBe(false);
    expect(r.seen).toContain(`pass session_id "${sid}"`); // the gate's note told the agent
    expect(w.exists(w.marker("after-set"))).toBe(false);
    expect(resultOf(r, "Bash", "after-set")?.text).toContain("GATE-CONDITION-TOKEN");
    expect(w.exists(join(w.ahome, "gates", `${sid}.json`))).toBe(false);
  });

  test("not armed (a negated request): condition_set, a Write and a Bash redirect into the conditions folder are refused, nothing is written", async () => {
    const w = makeWorld("claude");
    const sid = crypto.randomUUID();
    const sneaky = (n: string) => join(w.conditions, `pre-bash.touch-${n}.sh`);
    const r = await runCli(w, {
      label: "gate closed",
      prompt: "don't add a condition, just touch the file",
      args: ["--session-id", sid],
      script: [
        mcp("condition_set", { step: "pre", matcher: "bash.touch", name: "by_mcp", script: DENY_TOUCH, session_id: sid, cwd: w.work }),
        { tool: "Write", input: { file_path: sneaky("by_write"), content: `#!/usr/bin/env bash\n${DENY_TOUCH}` } },
        bash(`printf '#!/bin/sh\\nexit 2\\n' > '${sneaky("by_bash")}' && chmod +x '${sneaky("by_bash")}'`),
        bash(`touch '${w.marker("still-runs")}'`),
      ],
    });
    for (const n of ["by_mcp", "by_write", "by_bash"]) expect(w.exists(sneaky(n)), `${n}\n${describeRun(r)}`).toBe(false);
    for (const [tool, marker] of [["mcp__agentihooks__condition_set", "by_mcp"], ["Write", "by_write"], ["Bash", "by_bash"]]) {
      const res = resultOf(r, tool, marker);
      expect(res?.isError, tool).toBe(true);
      expect(res?.text, tool).toContain("condition gate for this session is closed");
    }
    expect(w.exists(w.marker("still-runs"))).toBe(true);
  });
});

describe("claude: MCP tools of another server, enforcement, audit", () => {
  test("an MCP output replaced as {content:[...]} reaches the model as content; the audit logs the call and the failed one; an enforcement set through MCP is delivered", async () => {
    const w = makeWorld("claude");
    // A second server, `gateway-tools` (the name the audit example matches): agentihooks' own.
    const state = join(w.home, ".claude.json");
    const cfg = JSON.parse(readFileSync(state, "utf8"));
    cfg.mcpServers["gateway-tools"] = { type: "stdio", command: BIN, args: ["mcp", "--target", "claude"] };
    w.write(state, JSON.stringify(cfg, null, 2), 0o600);
    for (const step of ["post", "fail"]) {
      const file = `${step}-mcp__gateway-tools-audit.async.sh`;
      w.condition(file, readFileSync(join(EXAMPLES, file), "utf8")); // the shipped example, as it is
    }
    w.condition("post-mcp__gateway-tools__condition_list-replace.sh",
      `#!/usr/bin/env bash\ncat >/dev/null\necho '{"tool_output":{"content":[{"type":"text","text":"MCP-REPLACED-TOKEN"}]},"context":"MCP-POST-CONTEXT-TOKEN"}'\n`);
    const r = await runCli(w, {
      label: "mcp output audit enforcement",
      script: [
        mcp("condition_list", { cwd: w.work }, "gateway-tools"),
        mcp("condition_show", { file: "no_such_condition", cwd: w.work }, "gateway-tools"),
        mcp("enforcement_set", { message: "ENFORCE-TOKEN: say which tests ran", cadence: 1, matcher: "bash" }),
        bash("echo after-enforcement"),
      ],
    });
    // the replacement is a content block, not the JSON text of an object
    const replaced = resultOf(r, "mcp__gateway-tools__condition_list");
    expect(replaced?.content, describeRun(r)).toEqual([{ type: "text", text: "MCP-REPLACED-TOKEN" }]);
    expect(r.seen).not.toContain('"content":[{"type":"text","text":"MCP-REPLACED-TOKEN"');
    expect(r.seen).toContain("MCP-POST-CONTEXT-TOKEN");
    // the audit example: one line per call, the failed one (PostToolUseFailure) marked with its error
    const audit = join(w.ahome, "logs", "mcp-audit.jsonl");
    const lines = (await waitForText(audit, "condition_show")).split("\n").filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.find((l) => l.tool === "mcp__gateway-tools__condition_list")).toMatchObject({ target: "claude", is_error: false, input: { cwd: w.work } });
    const failed = lines.find((l) => l.tool === "mcp__gateway-tools__condition_show");
    expect(failed).toMatchObject({ is_error: true, input: { file: "no_such_condition" } });
    expect(failed.error).toContain("no active condition");
    // the enforcement: written by the MCP tool, delivered on the next matching call
    expect(readFileSync(join(w.ahome, "enforcements.json"), "utf8")).toContain("ENFORCE-TOKEN");
    expect(resultOf(r, "mcp__agentihooks__enforcement_set")?.isError).toBe(false);
    expect(r.seen).toContain("ENFORCE-TOKEN: say which tests ran");
  });
});
