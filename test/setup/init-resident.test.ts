// `agentihooks init --resident` through the compiled executable: Claude's four tool events become
// mcp_tool handlers calling the MCP server's hook tool with onFailure "block", the other events stay
// command hooks, Codex is not moved, the hook tool is denied to the model, a plain init turns them
// back, uninit removes them (the person's rules stay), doctor accepts them, and a handler's input filled
// the way Claude fills it is answered by the server like the hook.
import { describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, claudeBash, run, sandbox, type Sandbox, writeFile } from "../helpers";
import { paths, readJson } from "./fixtures";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });
const TOOL_EVENTS = ["PermissionRequest", "PostToolUse", "PostToolUseFailure", "PreToolUse"];

type Handler = Record<string, unknown>;
const handlers = (cfg: { hooks: Record<string, { hooks: Handler[] }[]> }) =>
  Object.fromEntries(Object.entries(cfg.hooks).map(([event, groups]) => [event, groups.flatMap((g) => g.hooks)]));

describe("init --resident", () => {
  test("claude's tool events call the hook tool with onFailure block; the rest, and codex, stay command hooks", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "claude,codex", "--resident"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("codex, copilot and gemini keep a process per call");
    const p = paths(sb);
    const claude = handlers(readJson(p.claude));
    for (const event of TOOL_EVENTS) {
      expect(claude[event]).toHaveLength(1);
      expect(claude[event][0]).toMatchObject({ type: "mcp_tool", server: "agentihooks", tool: "hook", onFailure: "block", timeout: 30 });
      expect((claude[event][0].input as Handler).event).toBe(event);
      expect(((claude[event][0].input as Handler).payload as Handler).tool_input).toBe("${tool_input}");
    }
    for (const event of ["SessionStart", "UserPromptSubmit", "Stop"]) expect(claude[event][0]).toMatchObject({ type: "command", args: ["hook", "--target", "claude", "--event", event] });
    // the hook tool is taken out of the model's tool list
    expect(readJson(p.claude).permissions).toEqual({ deny: ["mcp__agentihooks__hook"] });
    const codex = handlers(readJson(p.codex));
    for (const list of Object.values(codex)) for (const h of list) expect(h.type).toBe("command");
    expect(readJson(`${sb.userHome}/.claude.json`).mcpServers.agentihooks).toMatchObject({ command: BIN, args: ["mcp", "--target", "claude"] });
  });

  test("a plain init turns them back into command hooks; uninit removes every handler and the deny rule, the person's rules stay", () => {
    const sb = sandbox();
    writeFile(paths(sb).claude, JSON.stringify({ permissions: { deny: ["Bash(rm -rf /)"] } }), 0o600);
    expect(ah(sb, ["init", "--target", "claude", "--resident"]).exitCode).toBe(0);
    expect(readJson(paths(sb).claude).permissions).toEqual({ deny: ["Bash(rm -rf /)", "mcp__agentihooks__hook"] });
    const doctor = ah(sb, ["doctor"]);
    expect(doctor.stdout).toContain("calls this executable on 12 events");
    expect(ah(sb, ["init", "--target", "claude"]).exitCode).toBe(0);
    const back = handlers(readJson(paths(sb).claude));
    for (const event of TOOL_EVENTS) expect(back[event]).toEqual([expect.objectContaining({ type: "command" })]);
    expect(readJson(paths(sb).claude).permissions).toEqual({ deny: ["Bash(rm -rf /)"] });
    expect(ah(sb, ["init", "--target", "claude", "--resident"]).exitCode).toBe(0);
    expect(ah(sb, ["uninit", "--target", "claude"]).exitCode).toBe(0);
    expect(readJsonOrEmpty(paths(sb).claude)).toEqual({ permissions: { deny: ["Bash(rm -rf /)"] } });
  });

  test("--scope project: the handlers go to the repository's settings, with the note that its .mcp.json server needs approval", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "claude", "--resident", "--scope", "project"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("until the agentihooks server is approved, every tool call is refused");
    expect(handlers(readJson(`${sb.repo}/.claude/settings.json`)).PreToolUse[0]).toMatchObject({ type: "mcp_tool", onFailure: "block" });
  });

  test("--resident with --no-mcp is a usage error that writes nothing", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "claude", "--resident", "--no-mcp"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--resident");
    expect(Bun.file(paths(sb).claude).size).toBe(0);
  });

  test("the PreToolUse handler's input, filled as Claude fills it, is answered by the server", async () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude", "--resident"]).exitCode).toBe(0);
    const handler = handlers(readJson(paths(sb).claude)).PreToolUse[0];
    const payload = claudeBash("git push --force origin main", sb.repo) as Record<string, unknown>;
    const fill = (t: unknown): unknown => {
      if (t && typeof t === "object") return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fill(v)]));
      const m = typeof t === "string" ? /^\$\{([^{}]+)\}$/.exec(t) : null;
      if (!m) return t;
      const v = payload[m[1]];
      return v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    };
    const client = new Client({ name: "init-resident-test", version: "1" });
    await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp", "--target", "claude"], env: sb.env, cwd: "/", stderr: "pipe" }));
    try {
      const r = (await client.callTool({ name: handler.tool as string, arguments: fill(handler.input) as Record<string, unknown> })) as { content: { text: string }[] };
      const out = JSON.parse(r.content[0].text).hookSpecificOutput;
      expect(out.permissionDecision).toBe("deny");
      expect(out.permissionDecisionReason).toContain("force push");
    } finally {
      await client.close();
    }
  });
});

function readJsonOrEmpty(path: string): unknown {
  try {
    return readJson(path);
  } catch {
    return {};
  }
}
