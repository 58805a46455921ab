// `conditions test` against the compiled executable: the example cases, and a hand-made layer whose
// cases are wrong on purpose.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, writeFile } from "../helpers";
import { ah, examplesSandbox } from "./fixtures";

const s = examplesSandbox();
const layer = join(s.home, "conditions");
const casesTest = (args: string[]) => ah(s, ["conditions", "test", ...args]);
// A limit, not an assertion: the full example set starts ~160 scripts (Python, bash, Bun).
const SLOW = 180_000;

describe("conditions test on the examples", () => {
  // Pipeline cases (matcher, rewrite, files, git_branch) and direct ones (stdin, async side effects).
  const picked = ["pre-bash.git-guard.ts", "pre-bash.git-short_log.py", "pre-edit+write-migrations.sh", "post-mcp__gateway-tools-audit.async.sh"];

  test("the cases of the picked conditions all pass and exit 0", () => {
    const r = casesTest([...picked.map((f) => join(layer, f)), "--json"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.failed).toBe(0);
    expect(r.json.files.map((f: any) => f.condition.split("/").pop())).toEqual(picked);
    expect(r.json.passed).toBe(r.json.files.reduce((n: number, f: any) => n + f.results.length, 0));
    const modes = new Set(r.json.files.flatMap((f: any) => f.results.map((c: any) => c.mode)));
    expect([...modes].sort()).toEqual(["direct", "pipeline"]);
  }, SLOW);

  test("without paths every active condition with cases runs; a failure has a diff", () => {
    const r = casesTest(["--json"]);
    expect(r.json.files).toHaveLength(11); // ten examples, the MCP audit under its post- and fail- names
    expect(r.json.without_cases).toEqual([]);
    const failures = r.json.files.flatMap((f: any) => f.results.filter((c: any) => !c.pass));
    for (const f of failures) expect(f.diffs.length + (f.error ? 1 : 0)).toBeGreaterThan(0);
    expect(r.exitCode).toBe(failures.length ? 1 : 0);
  }, SLOW);

  test("--case filters by name", () => {
    const r = casesTest([join(layer, "pre-bash.git-guard.ts"), "--case", "force", "--json"]);
    const names = r.json.files[0].results.map((c: any) => c.name);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toContain("force");
  }, SLOW);
});

describe("conditions test on a hand-made layer", () => {
  const dir = join(s.root, "mine");
  mkdirSync(dir, { recursive: true });
  addCondition(dir, "pre-bash.rm-guard.sh", '#!/usr/bin/env bash\necho "rm is reviewed" >&2\nexit 2\n');
  writeFile(join(dir, "_pre-bash.rm-guard.cases.json"), JSON.stringify({
    cases: [
      { name: "rm is denied", command: "rm -rf build", expect: { decision: "deny", reason_contains: "reviewed" } },
      { name: "wrong on purpose", command: "rm x", expect: { decision: "allow", context_contains: "hello" } },
      { name: "ls does not match", command: "ls", expect: { silent: true, status: "not run (no match)" } },
      { name: "typo in expect", command: "rm x", expect: { decison: "deny" } },
    ],
  }));
  addCondition(dir, "pre-bash-broken.sh", "exit 0\n");
  writeFile(join(dir, "_pre-bash-broken.cases.json"), "{ nope");

  test("pass and fail per case, a readable diff, exit 1", () => {
    const r = casesTest([dir]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain("pass rm is denied");
    expect(r.stdout).toContain("pass ls does not match");
    expect(r.stdout).toContain("FAIL wrong on purpose");
    expect(r.stdout).toContain("- expected allow");
    expect(r.stdout).toContain("+ actual   deny");
    expect(r.stdout).toContain('- expected contains "hello"');
    expect(r.stdout).toContain("unknown expectation decison");
    expect(r.stdout).toMatch(/FAIL .*_pre-bash-broken\.cases\.json: not valid JSON/);
    expect(r.stdout).toContain("2 passed, 3 failed");
  });

  test("a condition file with no cases beside it is a one-line usage error", () => {
    addCondition(dir, "pre-bash-lonely.sh", "exit 0\n");
    const r = casesTest([join(dir, "pre-bash-lonely.sh")]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("no cases beside");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
