// Every bash example is shellcheck-clean. Without shellcheck the test says so and is skipped.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { EXAMPLES, exampleFiles } from "./cases";

const scripts = exampleFiles().filter((f) => f.endsWith(".sh") || f.endsWith(".bash"));
const shellcheck = Bun.which("shellcheck");
if (!shellcheck) console.warn("SKIPPED: shellcheck is not installed (apt-get install shellcheck, or make test-tools)");

test("there are bash examples to check", () => {
  expect(scripts.length).toBeGreaterThanOrEqual(3);
});

for (const file of scripts) {
  test.skipIf(!shellcheck)(`shellcheck ${file}`, () => {
    const p = Bun.spawnSync([shellcheck ?? "shellcheck", "--shell=bash", "--severity=style", join(EXAMPLES, file)], { stdout: "pipe", stderr: "pipe" });
    expect(p.stdout.toString() + p.stderr.toString()).toBe("");
    expect(p.exitCode).toBe(0);
  });
}
