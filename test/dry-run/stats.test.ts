// `agentihooks stats` against the compiled executable: a hand-written log with known numbers, the
// rotated file, --since, unreadable lines, and a real hook call.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { claudeBash, hook, sandbox, writeFile } from "../helpers";
import { ah, examplesSandbox } from "./fixtures";

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const cond = (condition: string, duration_ms: number, extra: object = {}, t = ago(60_000)) =>
  JSON.stringify({ t, kind: "condition", condition, source: "runtime", status: "answered", exit: 0, duration_ms, ...extra });

function logged() {
  const s = sandbox();
  const logs = join(s.home, "logs");
  const slow = Array.from({ length: 20 }, (_, i) => cond("pre-bash.slow.py", (i + 1) * 10));
  writeFile(join(logs, "hook.jsonl.1"), `${slow.join("\n")}\n${cond("pre-any-old.sh", 5, {}, ago(3 * 86400_000))}\n`);
  writeFile(join(logs, "hook.jsonl"), [
    cond("pre-bash.guard.sh", 4, { status: "denied", exit: 2, decision: "deny" }),
    cond("pre-bash.guard.sh", 6, { decision: "ask" }),
    cond("pre-bash.guard.sh", 8, { decision: "allow", rewrite: true }),
    cond("pre-bash.guard.sh", 10000, { status: "timeout", exit: null }),
    cond("pre-bash.guard.sh", 3, { status: "crashed", exit: 1 }),
    "{torn line",
    JSON.stringify({ t: ago(1000), kind: "hook", decision: "deny", duration_ms: 12 }),
  ].join("\n") + "\n");
  return s;
}

describe("agentihooks stats", () => {
  test("per condition counts and nearest-rank latency, both log files, slowest p95 first", () => {
    const r = ah(logged(), ["stats", "--json"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.files).toHaveLength(2);
    expect(r.json.unreadable).toBe(1);
    expect(r.json.hooks).toMatchObject({ calls: 1, denies: 1, p50: 12 });
    const [first, second] = r.json.conditions;
    expect(first).toMatchObject({ condition: "pre-bash.guard.sh", calls: 5, denies: 1, asks: 1, rewrites: 1, timeouts: 1, failures: 1, p50: 6, p95: 10000, max: 10000 });
    expect(second).toMatchObject({ condition: "pre-bash.slow.py", calls: 20, p50: 100, p95: 190, max: 200 });
    expect(r.json.conditions.map((c: any) => c.condition)).toContain("pre-any-old.sh");
  });

  test("--since drops older records; a bad duration is a one-line error", () => {
    const s = logged();
    const r = ah(s, ["stats", "--since", "1d", "--json"]);
    expect(r.json.conditions.map((c: any) => c.condition)).not.toContain("pre-any-old.sh");
    const bad = ah(s, ["stats", "--since", "soon"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim()).toBe('agentihooks: --since "soon" is not a duration (for example 90s, 30m, 2h, 7d, 1w)');
  });

  test("the readable table and the bar chart", () => {
    const out = ah(logged(), ["stats"]).stdout;
    expect(out).toContain("Conditions (3), slowest p95 first");
    // short names: matcher and name, without step and extension
    expect(out).toMatch(/\n  bash\.guard\s+5\s+1\s+1\s+1\s+1\s+1\s+6ms\s+10\.0s\s+10\.0s/);
    // The slowest p95 fills the bar (its 6ms p50 rounds to no solid part); 190ms of 10s is a sliver.
    expect(out).toMatch(/bash\.guard\s+▒{28} 10\.0s/);
    expect(out).toMatch(/bash\.slow\s+▒ {27} 190ms/);
  });

  test("denials with their reasons, errors, counts per rule; every line fits the terminal", () => {
    const s = sandbox();
    const rec = (extra: object) => JSON.stringify({ t: ago(5000), kind: "hook", duration_ms: 9, ...extra });
    writeFile(join(s.home, "logs", "hook.jsonl"), [
      rec({ decision: "deny", by: "pre-bash.git-guard.ts", reason: "force push to main rewrites shared history; use --force-with-lease on a feature branch", tool: "Bash", input: { command: "git push -f origin main" } }),
      rec({ decision: "deny", by: "pre-bash.git-guard.ts", reason: "x".repeat(300), tool: "Bash", input: { command: "git push --force" } }),
      rec({ decision: "ask", by: "pre-bash.kubectl-readonly.sh", reason: "cluster writes go through GitOps", tool: "Bash", input: { command: "kubectl apply -f x" } }),
      rec({ event: "PreToolUse", error: "stdin did not complete a JSON value within 1500 ms (40 bytes read, then nothing)" }),
    ].join("\n") + "\n");
    const r = ah(s, ["stats", "--json"]);
    expect(r.json.rules).toEqual([
      { rule: "pre-bash.git-guard.ts", denies: 2, asks: 0 },
      { rule: "pre-bash.kubectl-readonly.sh", denies: 0, asks: 1 },
    ]);
    expect(r.json.denials.map((d: any) => d.input)).toEqual(["git push -f origin main", "git push --force", "kubectl apply -f x"]);
    expect(r.json.errors[0].error).toContain("40 bytes read");
    const out = ah({ ...s, env: { ...s.env, COLUMNS: "90" } }, ["stats"]).stdout;
    expect(out).toContain("Denials and asks by rule or condition");
    expect(out).toMatch(/deny bash\.git-guard git push -f origin main — force push to main/);
    expect(out).toContain("Latest errors (1)");
    for (const l of out.split("\n")) expect(l.length).toBeLessThanOrEqual(90);
    // local times, not UTC stamps
    expect(out).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  test("no log yet says so; a real hook call shows up", () => {
    const s = examplesSandbox();
    expect(ah(s, ["stats"]).stdout).toContain("no hook log yet");
    hook(claudeBash("git push --force", s.repo), { env: s.env, cwd: s.repo });
    const r = ah(s, ["stats", "--json"]);
    expect(r.json.hooks.calls).toBe(1);
    expect(r.json.conditions.find((c: any) => c.condition === "pre-bash.git-guard.ts")).toMatchObject({ calls: 1, denies: 1 });
  });
});
