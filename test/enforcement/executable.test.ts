// Against the compiled executable (AGENTIHOOKS_BIN): the "done when", per harness.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { countersPath } from "../../src/enforcement/counters";
import { BIN, type RunResult, claudeBash, hook, run } from "../helpers";
import { type EnfSandbox, enfSandbox, entry, writeEnforcements } from "./fixtures";

const GITOPS = "Cluster writes go through GitOps.";

/** Returns the context text of an answer, nested (Claude, Codex) or flat (Copilot). */
function contextOf(r: RunResult): string {
  expect(r.exitCode).toBe(0);
  if (!r.stdout.trim()) return "";
  return r.json?.hookSpecificOutput?.additionalContext ?? r.json?.additionalContext ?? "";
}

/** kubectl calls are 1, 3, 5, 7, 9; a cadence of 2 shows the message on kubectl calls 1, 3, 5 = commands 1, 5, 9. */
const SESSION: [string, boolean][] = [
  ["kubectl get pods", true],
  ["ls -la", false],
  ["sudo kubectl apply -f deploy.yaml", false],
  ["git status", false],
  ["bash -c 'kubectl delete pod web-1'", true],
  ["echo kubectl is great", false],
  ["cd /tmp && kubectl get ns", false],
  ["grep kubectl notes.txt | wc -l", false],
  ["FOO=1 timeout 30 /usr/local/bin/kubectl logs web-1", true],
  ["cat <<'EOF'\nkubectl delete all\nEOF", false],
];

function setGitops(sb: EnfSandbox): string {
  const r = run(["enforcement", "set", GITOPS, "2", "--matcher", "bash.kubectl", "--json"], { env: sb.env, cwd: sb.repo });
  expect(r.stderr).toBe("");
  expect(r.exitCode).toBe(0);
  return r.json.entry.id;
}

describe(`enforcement set "${GITOPS}" 2 --matcher bash.kubectl`, () => {
  test("claude: on the 1st, 3rd, 5th kubectl call and no other", () => {
    const sb = enfSandbox();
    const id = setGitops(sb);
    const start = contextOf(hook({ hook_event_name: "SessionStart", session_id: "cl", cwd: sb.repo, source: "startup" }, { env: sb.env }));
    expect(start).not.toContain(GITOPS);
    expect(contextOf(hook({ hook_event_name: "UserPromptSubmit", session_id: "cl", cwd: sb.repo, prompt: "deploy" }, { env: sb.env }))).toBe("");
    SESSION.forEach(([cmd, shown], i) => {
      const ctx = contextOf(hook(claudeBash(cmd, sb.repo, { session_id: "cl", tool_use_id: `t${i}` }), { env: sb.env }));
      expect({ cmd, shown: ctx.includes(GITOPS) }).toEqual({ cmd, shown });
      if (shown) expect(ctx).toContain(`=== ENFORCEMENT [IMPORTANT] ===\nID: ${id}  Cadence: every 2 matching tool calls\nMatcher: bash.kubectl\n${GITOPS}`);
    });
    const read = { ...claudeBash("", sb.repo, { session_id: "cl" }), tool_name: "Read", tool_input: { file_path: "/etc/hosts" } };
    expect(contextOf(hook(read, { env: sb.env }))).toBe("");
  });

  test("codex: counted and delivered on PreToolUse (its pre context reaches the model), never again on PostToolUse", () => {
    const sb = enfSandbox();
    setGitops(sb);
    SESSION.forEach(([cmd, shown], i) => {
      const base = { session_id: "cx", turn_id: "turn-1", model: "gpt-5", cwd: sb.repo, tool_name: "Bash", tool_input: { command: cmd }, tool_use_id: `call_${i}` };
      const pre = hook({ ...base, hook_event_name: "PreToolUse" }, { env: sb.env, target: "codex" });
      expect({ cmd, shown: contextOf(pre).includes(GITOPS) }).toEqual({ cmd, shown });
      const post = hook({ ...base, hook_event_name: "PostToolUse", tool_response: "ok" }, { env: sb.env, target: "codex" });
      expect(contextOf(post)).not.toContain(GITOPS);
    });
  });

  test("copilot: camelCase preToolUse payloads", () => {
    const sb = enfSandbox();
    setGitops(sb);
    SESSION.forEach(([cmd, shown]) => {
      const r = hook({ sessionId: "cp", cwd: sb.repo, toolName: "bash", toolArgs: { command: cmd } }, { env: sb.env, target: "copilot", event: "preToolUse" });
      expect({ cmd, shown: contextOf(r).includes(GITOPS) }).toEqual({ cmd, shown });
    });
  });
});

describe("plain enforcement", () => {
  test("at SessionStart, on every prompt, and every Nth tool call", () => {
    const sb = enfSandbox();
    expect(run(["enforcement", "set", "Run the tests before committing.", "3", "--tag", "qa"], { env: sb.env }).exitCode).toBe(0);
    setGitops(sb); // a matched one must stay out of start and prompts
    const ev = (e: Record<string, unknown>) => contextOf(hook({ session_id: "pl", cwd: sb.repo, ...e }, { env: sb.env }));
    const start = ev({ hook_event_name: "SessionStart", source: "startup" });
    expect(start).toContain("Run the tests before committing.");
    expect(start).toContain("Tag: qa");
    expect(start).not.toContain(GITOPS);
    expect(ev({ hook_event_name: "UserPromptSubmit", prompt: "go" })).toContain("Run the tests before committing.");
    const shown = Array.from({ length: 7 }, (_, i) => ev({ ...claudeBash("ls", sb.repo), session_id: "pl" }).includes("Run the tests"));
    expect(shown).toEqual([false, false, true, false, false, true, false]);
    expect(ev({ hook_event_name: "UserPromptSubmit", prompt: "again" })).toContain("Run the tests before committing.");
  });
});

describe("counters", () => {
  test("50 concurrent hook processes of one session count exactly 50", async () => {
    const sb = enfSandbox();
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("every10", { cadence: 10 }), entry("k", { matcher: "bash.kubectl", cadence: 7 })]);
    hook({ hook_event_name: "SessionStart", session_id: "par", cwd: sb.repo, source: "startup" }, { env: sb.env });
    const procs = Array.from({ length: 50 }, (_, i) => {
      const payload = JSON.stringify(claudeBash("kubectl get pods", sb.repo, { session_id: "par", tool_use_id: `t${i}` }));
      return Bun.spawn([BIN, "hook", "--target", "claude"], { env: sb.env, stdin: new Blob([payload]), stdout: "pipe", stderr: "pipe" });
    });
    const outs = await Promise.all(procs.map(async (p) => ({ code: await p.exited, out: await new Response(p.stdout).text() })));
    expect(outs.every((o) => o.code === 0)).toBe(true);
    const c = JSON.parse(readFileSync(countersPath(sb.home, "par"), "utf8"));
    expect(c.tool_calls).toBe(50);
    expect(c.matches.k).toBe(50);
    // the due decision is taken under the lock too: calls 10..50 and kubectl calls 1, 8, 15, ..., 50
    expect(outs.filter((o) => o.out.includes("message every10")).length).toBe(5);
    expect(outs.filter((o) => o.out.includes("message k")).length).toBe(8);
  });

  test("SessionEnd drops the session's counters", () => {
    const sb = enfSandbox();
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("p", { cadence: 2 })]);
    for (let i = 0; i < 3; i++) hook(claudeBash("ls", sb.repo, { session_id: "end" }), { env: sb.env });
    const path = countersPath(sb.home, "end");
    expect(JSON.parse(readFileSync(path, "utf8")).tool_calls).toBe(3);
    const r = hook({ hook_event_name: "SessionEnd", session_id: "end", cwd: sb.repo, reason: "exit" }, { env: sb.env });
    expect(r.exitCode).toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});

describe("a malformed file", () => {
  test("is reported by enforcement list and conditions list, and skipped by the hook while others deliver", () => {
    const sb = enfSandbox();
    const bad = writeEnforcements(join(sb.bundle, "enforcements.json"), [entry("zero", { cadence: 0 })]);
    const badJson = writeEnforcements(join(sb.repo, ".agentihooks", "enforcements.json"), "{not json");
    writeEnforcements(join(sb.home, "enforcements.json"), [entry("good")]);
    const opts = { env: sb.env, cwd: sb.repo };
    const list = run(["enforcement", "list"], opts);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain(`${bad}  entry 1 (id "zero") cadence: must be >= 1`);
    expect(list.stdout).toContain(`${badJson}  not valid JSON`);
    const listJson = run(["enforcement", "list", "--json"], opts).json;
    expect(listJson.enforcements.map((e: { id: string }) => e.id)).toEqual(["good"]);
    expect(listJson.problems.map((p: { path: string }) => p.path)).toEqual([bad, badJson]);
    const cond = run(["conditions", "list"], opts);
    expect(cond.exitCode).toBe(0);
    expect(cond.stdout).toContain("Malformed enforcement files, skipped (2)");
    expect(cond.stdout).toContain(bad);
    const condJson = run(["conditions", "list", "--json"], opts).json;
    expect(condJson.enforcement_problems).toEqual([
      { source: "bundle", path: bad, error: 'entry 1 (id "zero") cadence: must be >= 1' },
      { source: "local", path: badJson, error: expect.stringContaining("not valid JSON") },
    ]);
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(contextOf(r)).toContain("message good");
    expect(r.stderr).toContain(`enforcements: ${bad}: entry 1 (id "zero") cadence: must be >= 1; file skipped`);
    expect(readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8")).toContain(`enforcements: ${bad}: entry 1 (id \\"zero\\") cadence: must be >= 1; file skipped`);
  });
});

describe("CLI", () => {
  test("set, list, clear by id and by tag", () => {
    const sb = enfSandbox();
    const opts = { env: sb.env, cwd: sb.repo };
    const a = run(["enforcement", "set", "Alpha.", "1", "--tag", "t"], opts);
    expect(a.stdout).toMatch(/^enforcement [0-9a-f]{8} set in .*enforcements\.json: every tool call\n$/);
    const id = a.stdout.split(" ")[1];
    run(["enforcement", "set", "Beta.", "4", "--tag", "t"], opts);
    run(["enforcement", "set", "Gamma.", "2", "--local"], opts);
    expect(run(["enforcement", "list"], opts).stdout).toMatch(/Alpha\.[\s\S]*Beta\.[\s\S]*Gamma\./);
    expect(run(["enforcement", "clear", id], opts).stdout).toContain(`removed 1 enforcement from ${join(sb.home, "enforcements.json")}: ${id}`);
    expect(run(["enforcement", "clear", "--tag", "t"], opts).stdout).toContain("removed 1 enforcement");
    expect(run(["enforcement", "list", "--json"], opts).json.enforcements.map((e: { message: string }) => e.message)).toEqual(["Gamma."]);
  });
  test.each([
    [["set", "m", "0"], /cadence must be a whole number of at least 1, not "0"/, 2],
    [["set", "m", "2", "--matcher", "bash."], /invalid matcher: "bash\." names no program/, 2],
    [["clear"], /needs an ID, --tag TAG or --all/, 2],
    [["clear", "deadbeef"], /enforcement "deadbeef" not found in/, 1],
  ] as [string[], RegExp, number][])("one-line error for %j (usage errors exit 2)", (args, msg, exit) => {
    const sb = enfSandbox();
    const r = run(["enforcement", ...args], { env: sb.env, cwd: sb.repo });
    expect(r.exitCode).toBe(exit);
    expect(r.stderr).toMatch(msg);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
