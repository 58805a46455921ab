import { describe, expect, test } from "bun:test";
import { mergeOutcomes } from "../src/merge";
import { applyPolicy } from "../src/policy";
import type { Capabilities, Condition, Outcome, OutcomeStatus, Payload } from "../src/types";

const cond = (file: string, order: number): Condition => ({ file, step: "pre", matcher: "bash", name: "x", async: false, ext: "sh", key: file, path: `/l/${file}`, source: "bundle", order });
const out = (file: string, o: Partial<Outcome> & { json?: Record<string, unknown> } = {}, status: OutcomeStatus = "answered"): Outcome => ({
  condition: cond(file, 0),
  status,
  exitCode: status === "denied" ? 2 : 0,
  stdout: "",
  stderr: "",
  durationMs: 1,
  ...o,
});
const CLAUDE: Capabilities = { preContext: true, ask: true, inputRewrite: true, outputRewrite: true, postBlock: true, contextLimit: 10000 };
const CODEX: Capabilities = { preContext: false, ask: false, inputRewrite: false, outputRewrite: false, postBlock: false, contextLimit: 10000 };
const COPILOT: Capabilities = { preContext: true, ask: false, inputRewrite: true, outputRewrite: true, postBlock: false, contextLimit: 10240 };
const pre = (mode = "default"): Payload => ({ hook_event_name: "PreToolUse", session_id: "s", cwd: "/", tool_name: "Bash", tool_input: { command: "git log", description: "d" }, permission_mode: mode });
const post: Payload = { hook_event_name: "PostToolUse", session_id: "s", cwd: "/", tool_name: "Bash", tool_input: { command: "pytest" }, tool_response: { stdout: "long", stderr: "err", interrupted: false, isImage: false } };

describe("merge", () => {
  test("contexts concatenate in order, plain text and JSON context alike", () => {
    const m = mergeOutcomes([out("a.sh", { stdout: "hello\n" }), out("b.sh", { stdout: "{}", json: { context: "world" } })]);
    expect(m.contexts).toEqual(["[condition a.sh]\nhello", "[condition b.sh]\nworld"]);
  });
  test("deny > ask > allow, whatever the order", () => {
    for (const order of [["allow", "ask", "deny"], ["deny", "ask", "allow"], ["ask", "deny", "allow"]]) {
      const m = mergeOutcomes(order.map((d, i) => out(`${i}.sh`, { json: { decision: d, reason: d } })));
      expect(m.decision).toBe("deny");
      expect(m.reasons).toEqual([`[condition ${order.indexOf("deny")}.sh] deny`]);
    }
    expect(mergeOutcomes([out("a", { json: { decision: "allow" } }), out("b", { json: { decision: "ask" } })]).decision).toBe("ask");
  });
  test("exit 2 denies with stderr as the reason", () => {
    const m = mergeOutcomes([out("g.sh", { stderr: "no force push\n" }, "denied")]);
    expect(m.decision).toBe("deny");
    expect(m.reasons).toEqual(["[condition g.sh] no force push"]);
  });
  test("tool_input patches shallow-merge, later keys win", () => {
    const m = mergeOutcomes([out("a", { json: { tool_input: { command: "x", a: 1 } } }), out("b", { json: { tool_input: { command: "y" } } })]);
    expect(m.inputPatch).toEqual({ command: "y", a: 1 });
    expect(m.inputWriters).toEqual(["a", "b"]);
  });
  test("tool_output: the last writer wins", () => {
    const m = mergeOutcomes([out("a", { json: { tool_output: "1" } }), out("b", { json: { tool_output: "2" } })]);
    expect(m.output).toBe("2");
    expect(m.outputWriters).toEqual(["a", "b"]);
  });
  test("failures become one-line notes, never decisions", () => {
    const m = mergeOutcomes([out("t.sh", { error: "timed out after 1s" }, "timeout"), out("c.sh", { error: "exit 1" }, "crashed"), out("j.sh", { error: "bad json" }, "bad-output")]);
    expect(m.decision).toBeUndefined();
    expect(m.notes).toEqual(["[condition t.sh] failed (timed out after 1s) - skipped", "[condition c.sh] failed (exit 1) - skipped", "[condition j.sh] failed (bad json) - skipped"]);
  });
  test("an invalid decision word is noted and ignored", () => {
    const m = mergeOutcomes([out("a", { json: { decision: "yes" } })]);
    expect(m.decision).toBeUndefined();
    expect(m.notes[0]).toMatch(/invalid decision/);
  });
});

describe("rewrites and permissions (the reference's table)", () => {
  const rewrite = (decision?: string) => mergeOutcomes([out("r.py", { json: { tool_input: { command: "git log --oneline -20" }, ...(decision ? { decision } : {}) } })]);
  test("bypassPermissions + no decision: applied with allow", () => {
    const e = applyPolicy("pre", rewrite(), pre("bypassPermissions"), CLAUDE);
    expect(e.decision).toBe("allow");
    expect(e.updatedInput).toEqual({ command: "git log --oneline -20", description: "d" });
  });
  test("explicit allow: applied and approved", () => {
    const e = applyPolicy("pre", rewrite("allow"), pre(), CLAUDE);
    expect(e.decision).toBe("allow");
    expect(e.updatedInput?.command).toBe("git log --oneline -20");
  });
  test("explicit ask: applied, user asked", () => {
    const e = applyPolicy("pre", rewrite("ask"), pre(), CLAUDE);
    expect(e.decision).toBe("ask");
    expect(e.updatedInput?.command).toBe("git log --oneline -20");
  });
  test("not bypass + no decision: dropped, the agent is told why", () => {
    const e = applyPolicy("pre", rewrite(), pre("acceptEdits"), CLAUDE);
    expect(e.updatedInput).toBeUndefined();
    expect(e.decision).toBeUndefined();
    expect(e.context).toMatch(/dropped: outside bypassPermissions/);
  });
  test("codex: rewrite dropped with a note, ask becomes deny, no pre context", () => {
    expect(applyPolicy("pre", rewrite("allow"), pre(), CODEX).updatedInput).toBeUndefined();
    const ask = applyPolicy("pre", mergeOutcomes([out("a", { json: { decision: "ask", reason: "sure?", context: "ctx" } })]), pre(), CODEX);
    expect(ask.decision).toBe("deny");
    expect(ask.reason).toMatch(/cannot prompt/);
    expect(ask.reason).toContain("ctx"); // carried in the deny reason since Codex has no pre context
    expect(ask.context).toBeUndefined();
  });
  test("copilot: ask is a deny, rewrite applies with allow", () => {
    expect(applyPolicy("pre", mergeOutcomes([out("a", { json: { decision: "ask" } })]), pre(), COPILOT).decision).toBe("deny");
    expect(applyPolicy("pre", rewrite("allow"), pre(), COPILOT).updatedInput?.command).toBe("git log --oneline -20");
  });
  test("deny wins over a rewrite", () => {
    const m = mergeOutcomes([out("r", { json: { tool_input: { command: "x" }, decision: "allow" } }), out("g", { stderr: "no" }, "denied")]);
    const e = applyPolicy("pre", m, pre("bypassPermissions"), CLAUDE);
    expect(e.decision).toBe("deny");
    expect(e.updatedInput).toBeUndefined();
  });
});

describe("post", () => {
  test("a string output replaces Bash stdout and clears stderr", () => {
    const e = applyPolicy("post", mergeOutcomes([out("t.py", { json: { tool_output: "short", context: "trimmed" } })]), post, CLAUDE);
    expect(e.updatedOutput).toEqual({ stdout: "short", stderr: "", interrupted: false, isImage: false });
    expect(e.context).toContain("trimmed");
  });
  test("a string for another built-in tool is refused with a note", () => {
    const e = applyPolicy("post", mergeOutcomes([out("t.py", { json: { tool_output: "x" } })]), { ...post, tool_name: "Read" }, CLAUDE);
    expect(e.updatedOutput).toBeUndefined();
    expect(e.context).toMatch(/must be an object/);
  });
  test("MCP tools take any value", () => {
    const e = applyPolicy("post", mergeOutcomes([out("t.py", { json: { tool_output: [1, 2] } })]), { ...post, tool_name: "mcp__s__t" }, CLAUDE);
    expect(e.updatedOutput).toEqual([1, 2]);
  });
  test("block on claude, context elsewhere", () => {
    const m = mergeOutcomes([out("s.sh", { stderr: "secret in output" }, "denied")]);
    expect(applyPolicy("post", m, post, CLAUDE).block).toBe("[condition s.sh] secret in output");
    const c = applyPolicy("post", m, post, CODEX);
    expect(c.block).toBeUndefined();
    expect(c.context).toMatch(/blocked: \[condition s.sh\] secret in output/);
  });
});

describe("other steps", () => {
  test("stop: only a deny blocks", () => {
    expect(applyPolicy("stop", mergeOutcomes([out("s", { stderr: "not done" }, "denied")]), pre(), CLAUDE).block).toBe("[condition s] not done");
    expect(applyPolicy("stop", mergeOutcomes([out("s", { error: "x" }, "crashed")]), pre(), CLAUDE).block).toBeUndefined();
  });
  test("start: context only; a deny cannot block and says so", () => {
    const e = applyPolicy("start", mergeOutcomes([out("s", { stdout: "hi" }), out("d", { stderr: "no" }, "denied")]), pre(), CLAUDE);
    expect(e.block).toBeUndefined();
    expect(e.context).toContain("hi");
    expect(e.context).toMatch(/cannot be blocked/);
  });
});
