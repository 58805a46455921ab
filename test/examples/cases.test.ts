// Each example condition, run directly with a payload on stdin, against every case of its cases file.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EXAMPLES, casesPath, compare, exampleFiles, loadCases, runCase } from "./cases";

const files = exampleFiles();

test("every example has a cases file with deny/effect and no-effect cases", () => {
  expect(files.length).toBeGreaterThanOrEqual(10);
  for (const file of files) {
    expect(existsSync(casesPath(file)), `${casesPath(file)} is missing`).toBe(true);
    const cases = loadCases(file);
    expect(cases.length, file).toBeGreaterThanOrEqual(3);
    // A guard needs both sides, so a change of behaviour in either direction fails a case.
    expect(cases.some((c) => c.expect.silent || c.expect.decision === "none"), `${file} has no no-effect case`).toBe(true);
    expect(cases.some((c) => !c.expect.silent), `${file} has no effect case`).toBe(true);
  }
});

// A filename holds one step: the audit logs failed MCP calls (the fail step) as one script under two names.
test("the MCP audit is one script under its post- and fail- names", () => {
  const body = (step: string) => readFileSync(join(EXAMPLES, `${step}-mcp__gateway-tools-audit.async.sh`), "utf8");
  expect(body("fail")).toBe(body("post"));
});

for (const file of files) {
  describe(file, () => {
    for (const c of existsSync(casesPath(file)) ? loadCases(file) : []) {
      test(c.name, () => {
        const { answer, vars, stdin } = runCase(file, c);
        const problems = compare(c.expect, answer, vars);
        if (problems.length) {
          console.error(`--- ${file} / ${c.name}\nstdin:    ${stdin}\nexpected: ${JSON.stringify(c.expect)}\nactual:   ${JSON.stringify(answer)}\n`);
        }
        expect(problems).toEqual([]);
      });
    }
  });
}
