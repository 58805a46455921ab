// Codex, live: what `init` leaves behind as Codex itself sees it. The hooks are trusted (Codex's own
// hooks/list says so, and they fire without --dangerously-bypass-hook-trust), doctor reports untrusted
// hooks until init trusts them, a moved executable, and every lifecycle event Codex fires runs
// without an error in Codex's output or agentihooks' log.
import { describe, expect, test } from "bun:test";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun } from "./lib/clis";
import { codexHooks, errorItems, mcp, runCodex, shell, toolSearch } from "./lib/codex";
import { hookLog, makeWorld, recorder, sandboxedCodexWorld, type World, worldWithCopy } from "./lib/world";

const configToml = (w: World) => join(w.home, ".codex", "config.toml");
const TRUST_BLOCK = /\n?# hook trust added by agentihooks init[^\n]*\n\[hooks\.state\.[^\n]*\]\ntrusted_hash = [^\n]*\n/g;
const denyTouch = (w: World) => recorder(w, "cond", 'echo "touch is not allowed here" >&2; exit 2');

describe("codex: hook trust", () => {
  test("after init, Codex lists every agentihooks hook as trusted, with no warning (SessionEnd's 3 s timeout accepted)", async () => {
    const w = makeWorld("codex");
    const { hooks, warnings } = await codexHooks(w);
    const ours = hooks.filter((h) => h.command.includes(" hook --target codex --event "));
    expect(ours.map((h) => h.eventName).sort()).toEqual([
      "permissionRequest", "postToolUse", "preCompact", "preToolUse", "sessionEnd", "sessionStart", "stop", "subagentStart", "subagentStop", "userPromptSubmit",
    ]);
    expect(ours.filter((h) => h.trustStatus !== "trusted" || !h.enabled)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  test("without that trust Codex skips the hooks (the command runs) and doctor fails naming them; init again and the condition fires", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash.touch-deny.sh", denyTouch(w));
    writeFileSync(configToml(w), readFileSync(configToml(w), "utf8").replace(TRUST_BLOCK, ""));
    const skipped = await runCodex(w, [shell(`touch '${w.marker("ran")}'`)]);
    expect(w.exists(w.marker("ran")), describeRun(skipped)).toBe(true);
    expect(w.exists(w.marker("cond"))).toBe(false);
    const doctor = w.agentihooks(["doctor"], { allowFail: true });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/codex: skips these hooks of .*hooks\.json, not trusted in .*config\.toml: session_start \(untrusted\)/);
    expect(doctor.stdout).toContain("fix: agentihooks init --target codex");
    w.agentihooks(["init", "--target", "codex"]);
    expect(w.agentihooks(["doctor"], { allowFail: true }).stdout).not.toContain("skips these hooks");
    const fired = await runCodex(w, [shell(`touch '${w.marker("again")}'`)]);
    expect(w.exists(w.marker("cond")), describeRun(fired)).toBe(true);
    expect(w.exists(w.marker("again"))).toBe(false);
  });
});

describe("codex: the registered executable goes missing", () => {
  test("every call goes through (codex exec says nothing of the failed hook), and doctor names the missing path", async () => {
    const { world: w, exe } = worldWithCopy("codex");
    w.condition("pre-bash.touch-deny.sh", denyTouch(w));
    const before = await runCodex(w, [shell(`touch '${w.marker("before")}'`)]);
    expect(w.exists(w.marker("before")), describeRun(before)).toBe(false); // the control: it was guarded
    renameSync(exe, `${exe}.moved`);
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'`)]);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
    const doctor = w.agentihooks(["doctor"], { allowFail: true });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain(`calls ${exe}, which does not exist`);
  });
});

describe("codex: lifecycle events", () => {
  test("one session fires SessionStart, UserPromptSubmit, PreToolUse, PermissionRequest, PostToolUse, Stop and SessionEnd: each reaches its condition, none errs", async () => {
    const w = sandboxedCodexWorld();
    const steps: [string, string][] = [
      ["start-any-rec.sh", "start"], ["prompt-rec.sh", "prompt"], ["pre-any-rec.sh", "pre"], ["post-any-rec.sh", "post"],
      ["stop-rec.sh", "stop"], ["end-any-rec.sh", "end"],
    ];
    for (const [file, name] of steps) w.condition(file, recorder(w, name));
    // In workspace-write mode Codex asks before an MCP call: the permission condition answers allow,
    // so the call runs without Codex's own review (which would ask the mock model and fail).
    w.condition("permission-mcp__agentihooks-allow.sh", recorder(w, "permission", `echo '{"decision":"allow"}'`));
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'`), toolSearch("agentihooks condition list"), mcp("condition_list", {})], { permissionMode: "default" });
    for (const [, name] of [...steps, ["", "permission"]]) expect({ name, fired: w.exists(w.marker(name)) }, describeRun(r)).toEqual({ name, fired: true });
    expect(w.exists(w.marker("ran"))).toBe(true);
    expect(r.seen).toContain('"layers"'); // the MCP call ran: its answer reached the model
    expect(errorItems(r)).toEqual([]);
    const log = hookLog(w).filter((l) => l.kind === "hook");
    expect(new Set(log.map((l) => l.event))).toEqual(new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop", "SessionEnd"]));
    expect(log.filter((l) => l.error !== undefined)).toEqual([]);
    const permission = JSON.parse(readFileSync(`${w.marker("permission")}.payload.json`, "utf8"));
    expect(permission).toMatchObject({ hook_event_name: "PermissionRequest", permission_mode: "default", tool_name: "mcp__agentihooks__condition_list" });
  });
});
