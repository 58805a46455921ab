// Each example condition, run directly with a payload on stdin, against every case of its cases file.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { casesPath, compare, exampleFiles, loadCases, runCase } from "./cases";

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
