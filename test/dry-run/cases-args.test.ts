// `conditions test` arguments: relative paths, glob patterns the shell did not expand, and cases files
// checked against their schema.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, run, sandbox, writeFile } from "../helpers";

describe("conditions test arguments", () => {
  test("a relative path and a glob pattern select the same cases, run from anywhere", () => {
    const sb = sandbox();
    const rel = run(["conditions", "test", "conditions-examples/pre-bash.git-guard.ts"], { env: sb.env, cwd: REPO });
    expect(rel.exitCode).toBe(0);
    expect(rel.stdout).toMatch(/cases in 1 file: all \d+ passed/);
    const glob = run(["conditions", "test", "conditions-examples/pre-bash.git-g*"], { env: sb.env, cwd: REPO });
    expect(glob.exitCode).toBe(0);
    expect(glob.stdout).toMatch(/cases in 1 file: all \d+ passed/);
    const none = run(["conditions", "test", "conditions-examples/nothing-*"], { env: sb.env, cwd: REPO });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/no file matches/);
  }, 30_000);
  test("a cases file that breaks its schema fails with the place and the reason", () => {
    const sb = sandbox();
    const dir = join(sb.root, "layer");
    writeFile(join(dir, "pre-bash-x.sh"), "#!/usr/bin/env bash\n", 0o755);
    writeFileSync(join(dir, "_pre-bash-x.cases.json"), JSON.stringify({ cases: [{ name: "no expectation" }] }));
    const r = run(["conditions", "test", dir], { env: sb.env });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/\/cases\/0 must have required property 'expect'/);
  });
});
