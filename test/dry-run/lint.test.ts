// `conditions lint` against the compiled executable: the hand-made bad layer and the examples.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, sandbox } from "../helpers";
import { ah, badLayer, EXAMPLES, examplesSandbox } from "./fixtures";

describe("conditions lint", () => {
  test("the bad layer: every rule, each finding with its file and a fix, exit 1", () => {
    const s = sandbox();
    const dir = join(s.root, "bad");
    mkdirSync(dir);
    const f = badLayer(dir);
    const r = ah(s, ["conditions", "lint", dir, "--json"]);
    expect(r.exitCode).toBe(1);
    const rules = (file: string) => r.json.findings.filter((x: any) => x.file === file).map((x: any) => `${x.severity}:${x.rule}`).sort();
    expect(rules(f.noExtension)).toEqual(["error:invalid"]);
    expect(rules(f.noRunner)).toEqual(["error:no-runner"]);
    expect(rules(f.keyword)).toEqual(["error:cli-never-reported"]);
    expect(rules(f.dashed)).toEqual(["warning:dash-in-matcher"]);
    expect(rules(f.asyncDeny)).toEqual(["error:async-deny"]);
    expect(rules(f.shadowedPy)).toEqual(["warning:shadowed"]);
    expect(rules(f.failsOpen)).toEqual(["warning:exit-1-on-bad-input", "warning:jq-null"]);
    expect(rules(f.notebook)).toEqual(["warning:exit-1-on-bad-input", "warning:tool-not-on-target"]);
    expect(rules(f.typo)).toEqual(["warning:unknown-tool"]);
    expect(rules(f.badCases)).toEqual(["warning:cases"]);
    for (const x of r.json.findings) expect(x.fix.length).toBeGreaterThan(10);
    expect(r.json.errors).toBe(4);
  });

  test("readable output names the file, the severity and the fix", () => {
    const s = sandbox();
    const dir = join(s.home, "conditions");
    badLayer(dir);
    const r = ah(s, ["conditions", "lint"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain("pre-bash.then-guard.sh");
    expect(r.stdout).toContain("error   bash.then fires only for dynamic lines");
    expect(r.stdout).toContain("fix: did you mean pre-bash.git-my_guard.sh?");
    expect(r.stdout).toContain("fix: drop .async from the name to make it synchronous (post-any-audit.sh)");
    expect(r.stdout).toContain("4 errors, 8 warnings");
  });

  test("a later layer's file shadows the runtime layer's across layers", () => {
    const s = sandbox();
    addCondition(join(s.home, "conditions"), "pre-bash-x.sh", "exit 0\n");
    const repoCopy = addCondition(join(s.repo, ".agentihooks", "conditions"), "pre-bash-x.sh", "exit 0\n");
    const r = ah(s, ["conditions", "lint", "--json"]);
    const shadow = r.json.findings.find((x: any) => x.rule === "shadowed");
    expect(shadow.file).toBe(join(s.home, "conditions", "pre-bash-x.sh"));
    expect(shadow.message).toContain(repoCopy);
    expect(r.exitCode).toBe(0);
  });

  test("a file refused for its modes gets a chmod, not a rename", () => {
    const s = sandbox();
    const dir = join(s.root, "modes");
    mkdirSync(dir, { mode: 0o755 });
    const open = addCondition(dir, "pre-bash-open.sh", "exit 0\n", 0o777);
    const r = ah({ ...s, env: { ...s.env, AGENTIHOOKS_STRICT_MODES: "1" } }, ["conditions", "lint", dir, "--json"]);
    const f = r.json.findings.find((x: any) => x.file === open);
    expect(f.rule).toBe("invalid");
    expect(f.message).toContain("writable by");
    expect(f.fix).toContain("chmod");
    expect(f.fix).toContain(open);
    expect(f.fix).not.toContain("rename");
  });

  test("the example conditions have no errors", () => {
    const r = ah(examplesSandbox(), ["conditions", "lint", EXAMPLES, "--json"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.errors).toBe(0);
  });
});
