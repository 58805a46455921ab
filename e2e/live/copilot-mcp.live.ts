// Copilot CLI, live: MCP calls and the two events of CLI 1.0.102 with payloads of their own.
// - An MCP tool call (a stdio server whose one tool writes a file, lib/marker-mcp.py) is guarded at
//   preToolUse: a `pre-mcp__marker__touch` condition's deny refuses it (no file), the reason reaches the
//   model, and another call of the same tool in the session runs.
// - preMcpToolCall, measured: it fires after preToolUse and permissionRequest, agentihooks normalizes
//   it to the same `mcp__marker__touch` call with Copilot's own call id, and Copilot does not act on its
//   deny (the file is written): it only reads `metaToUse` there. So init does not register it.
// - errorOccurred (registered by init): a failed model call runs `notify-error` conditions with the
//   error's message, and the hook's log line records it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { copilotLog, describeRun, runCli } from "./lib/clis";
import { hookProblems, saw, session } from "./lib/copilot";
import type { ToolStep } from "./lib/mock-model";
import { BIN, hookLog, makeWorld, recorder, type World } from "./lib/world";

const MARKER_SERVER = join(import.meta.dir, "lib", "marker-mcp.py");

/** Adds the marker MCP server to the Copilot config init wrote (next to agentihooks' own server). */
function addMarkerServer(world: World): void {
  const path = join(world.home, ".copilot", "mcp-config.json");
  const config = JSON.parse(readFileSync(path, "utf8"));
  config.mcpServers.marker = { type: "local", command: "python3", args: [MARKER_SERVER], tools: ["*"] };
  world.write(path, `${JSON.stringify(config, null, 2)}\n`, 0o600);
}

/** The marker server's tool as Copilot's model calls it (`<server>-<tool>`). */
const touch = (path: string): ToolStep => ({ tool: "marker-touch", input: { path } });

describe("copilot: an MCP call is guarded at preToolUse", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    addMarkerServer(world);
    // denies the call whose path names "denied"; lets the other one through
    world.condition("pre-mcp__marker__touch-deny.sh", `${recorder(world, "cond", "").trimEnd()}\ngrep -q denied '${world.marker("cond")}.payload.json' && { echo "MCP-DENY-REASON" >&2; exit 2; }\nexit 0\n`);
    return { world, run: { label: "mcp deny", script: [touch(world.marker("allowed")), touch(world.marker("denied"))] } };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("the condition saw the call as mcp__marker__touch with its arguments", () => {
    expect(ran("cond"), describeRun(s.result())).toBe(true);
    const payload = JSON.parse(s.world().read(`${s.world().marker("cond")}.payload.json`));
    expect([payload.hook_event_name, payload.tool_name, payload.tool_input.path]).toEqual(["PreToolUse", "mcp__marker__touch", s.world().marker("denied")]);
  });
  test("its deny refuses the MCP call: the server wrote nothing, and the reason reaches the model", () => {
    expect(ran("denied")).toBe(false);
    expect(saw(s.result(), "Denied by preToolUse hook: [condition pre-mcp__marker__touch-deny.sh] MCP-DENY-REASON")).toBe(true);
  });
  test("the same tool with other arguments runs in the same session", () => expect(ran("allowed")).toBe(true));
  test("Copilot's log holds no hook error for what init wrote (errorOccurred included)", () => {
    expect(copilotLog(s.world()).includes('"event_type":"hook.start"')).toBe(true);
    expect(hookProblems(s.world())).toEqual([]);
  });
});

describe("copilot: preMcpToolCall, measured (not registered by init)", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    addMarkerServer(world);
    // registered by hand, beside what init wrote, to measure what Copilot does with its answer
    const entry = { type: "command", exec: BIN, args: ["hook", "--target", "copilot", "--event", "preMcpToolCall"], timeoutSec: 30 };
    world.write(join(world.home, ".copilot", "hooks", "premcp.json"), `${JSON.stringify({ version: 1, hooks: { preMcpToolCall: [entry] } }, null, 2)}\n`, 0o600);
    // denies only at preMcpToolCall: its payload alone names the server (mcp_server)
    world.condition("pre-mcp__marker__touch-deny.sh", `${recorder(world, "cond", "").trimEnd()}\njq -e .mcp_server '${world.marker("cond")}.payload.json' >/dev/null && { cp '${world.marker("cond")}.payload.json' '${world.marker("premcp")}.json'; echo PREMCP-DENY >&2; exit 2; }\nexit 0\n`);
    return { world, run: { label: "preMcpToolCall", script: [touch(world.marker("touched"))] } };
  });

  test("it arrives after preToolUse as the same mcp__marker__touch call, with Copilot's call id", () => {
    const w = s.world();
    expect(w.exists(`${w.marker("premcp")}.json`), describeRun(s.result())).toBe(true);
    const payload = JSON.parse(w.read(`${w.marker("premcp")}.json`));
    expect([payload.tool_name, payload.tool_input.path, payload.mcp_server]).toEqual(["mcp__marker__touch", w.marker("touched"), { name: "marker" }]);
    expect(payload.tool_use_id).toMatch(/^call_/);
    const events = hookLog(w).filter((r) => r.tool === "mcp__marker__touch").map((r) => r.event);
    expect(events.slice(0, 3)).toEqual(["PreToolUse", "PermissionRequest", "PreToolUse"]);
  });
  test("Copilot does not act on a deny there: the MCP call ran (so preToolUse is the guard)", () => {
    const w = s.world();
    expect(w.exists(w.marker("touched"))).toBe(true);
    expect(copilotLog(w)).toContain("PREMCP-DENY");
  });
});

describe("copilot: errorOccurred", () => {
  test("a failed model call runs notify-error conditions with the message, and the log records it", async () => {
    const world = makeWorld("copilot");
    world.condition("notify-error-record.sh", recorder(world, "error"));
    // a model endpoint that fails every request at once (no retry waits on a refused connection)
    const failing = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response('{"error":{"message":"LIVE-MODEL-FAILURE"}}', { status: 400, headers: { "content-type": "application/json" } }) });
    try {
      const r = await runCli(world, { label: "errorOccurred", script: [], env: { COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${failing.port}/v1` } });
      expect(world.exists(world.marker("error")), describeRun(r)).toBe(true);
    } finally {
      failing.stop(true);
    }
    const payload = JSON.parse(world.read(`${world.marker("error")}.payload.json`));
    expect([payload.hook_event_name, payload.notification_type, payload.error_context]).toEqual(["Notification", "error", "model_call"]);
    expect(payload.message).toContain("LIVE-MODEL-FAILURE"); // the provider's own error text
    const notices = hookLog(world).filter((l) => l.event === "Notification").map((l) => l.notice as { type: string; message: string });
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]).toEqual({ type: "error", message: payload.message });
  });
});
