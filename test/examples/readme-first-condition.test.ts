// The README's first condition, extracted from the README as a reader copies it and run through the
// compiled executable: it denies kubectl writes, fails closed on what it cannot read, acts on
// AH_DYNAMIC, and lint finds nothing in it (while the old version, which failed open, is flagged).
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, REPO, run, sandbox } from "../helpers";

const FILE = "pre-bash.kubectl-readonly.sh";

/** Returns the script between the README's `cat > ~/.agentihooks/conditions/FILE <<'EOF'` and `EOF`. */
function readmeScript(): string {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const open = `cat > ~/.agentihooks/conditions/${FILE} <<'EOF'\n`;
  const start = readme.indexOf(open);
  expect(start).toBeGreaterThan(0);
  const body = readme.slice(start + open.length);
  return body.slice(0, body.indexOf("\nEOF\n") + 1);
}

/** The README's first condition before issue 24: it failed open on a payload it could not read. */
const OLD = `#!/usr/bin/env bash
# kubectl writes go through GitOps
cmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])')
if grep -Eq 'kubectl (edit|patch|apply|delete)' <<<"$cmd"; then
  echo "kubectl writes go through GitOps" >&2
  exit 2
fi
`;

describe("the README's first condition", () => {
  const setUp = (script: string) => {
    const s = sandbox();
    addCondition(join(s.home, "conditions"), FILE, script);
    return s;
  };

  test("denies kubectl delete, denies a dynamic line naming why, allows kubectl get", () => {
    const s = setUp(readmeScript());
    const del = hook(claudeBash("kubectl delete pod x", s.repo), { env: s.env });
    expect(del.exitCode).toBe(2);
    expect(del.stderr).toContain("kubectl-readonly: kubectl writes go through GitOps");
    const sudo = hook(claudeBash("sudo kubectl -n prod delete pod x", s.repo), { env: s.env });
    expect(sudo.exitCode).toBe(2);
    const dynamic = hook(claudeBash("echo ${!x}", s.repo), { env: s.env });
    expect(dynamic.exitCode).toBe(2);
    expect(dynamic.stderr).toContain("kubectl-readonly: the programs of this line cannot be known (indirect-expansion at 5-9:");
    const get = hook(claudeBash("kubectl get pods", s.repo), { env: s.env });
    expect(get.exitCode).toBe(0);
    expect(get.stderr).toBe("");
  });

  test("denies garbage on stdin and a command that is not a string (conditions test, direct stdin)", () => {
    const s = setUp(readmeScript());
    const cases = join(s.home, "conditions", "_pre-bash.kubectl-readonly.cases.json");
    writeFileSync(cases, JSON.stringify({
      cases: [
        { name: "garbage", stdin: "not json at all", expect: { decision: "deny", reason_contains: "denied to fail closed" } },
        { name: "empty stdin", stdin: "", expect: { decision: "deny", reason_contains: "denied to fail closed" } },
        { name: "command is a list", stdin: JSON.stringify({ hook_event_name: "PreToolUse", session_id: "t", cwd: "/", tool_name: "Bash", tool_input: { command: ["kubectl", "delete"] } }), expect: { decision: "deny", reason_contains: "fail closed" } },
        { name: "kubectl get", tool: "Bash", command: "kubectl get pods", expect: { decision: "none", silent: true } },
      ],
    }));
    const r = run(["conditions", "test", join(s.home, "conditions", FILE), "--json"], { env: s.env, cwd: s.repo });
    expect(JSON.stringify(r.json.files[0].results.filter((x: { pass: boolean }) => !x.pass))).toBe("[]");
    expect(r.json.passed).toBe(4);
    expect(r.exitCode).toBe(0);
  });

  test("lint: nothing in the README's version; the old version fails open and is flagged", () => {
    const now = setUp(readmeScript());
    const clean = run(["conditions", "lint", "--json"], { env: now.env, cwd: now.repo });
    expect(clean.json.findings).toEqual([]);
    const old = setUp(OLD);
    const flagged = run(["conditions", "lint", "--json"], { env: old.env, cwd: old.repo });
    expect(flagged.json.findings.map((f: { rule: string }) => f.rule)).toEqual(["empty-on-bad-input"]);
    expect(flagged.json.findings[0].message).toContain("line 3: python3 -c reads the payload with no failure handling");
    expect(flagged.json.findings[0].fix).toContain("exit 2");
    // and the old version does let garbage through, which is what the finding says
    writeFileSync(join(old.home, "conditions", "_pre-bash.kubectl-readonly.cases.json"), JSON.stringify({ cases: [{ name: "garbage", stdin: "{", expect: { decision: "none" } }] }));
    const t = run(["conditions", "test", join(old.home, "conditions", FILE), "--json"], { env: old.env, cwd: old.repo });
    expect(t.json.passed).toBe(1);
  });
});
