// Issue 23, part 2: the differential fuzzer, a small run (every bash builtin at least once, then
// generated lines), so `make test` runs it in seconds. The big run is `make fuzz N=1000000`
// (scripts/fuzz-shell.ts); test/shell/README.md records the sizes run and what they found. Every
// under-report a run finds becomes a table case in modeled-core.test.ts.
import { afterAll, describe, expect, test } from "bun:test";
import { bashInventory } from "./bash-grammar";
import { openSandbox } from "./bash-sandbox";
import { coverageText, fuzz } from "./fuzz-run";

const LINES = Number(process.env.AH_FUZZ_LINES ?? 600);
const SEED = Number(process.env.AH_FUZZ_SEED ?? 2323);

const sandbox = openSandbox();
if (typeof sandbox === "string") console.warn(`fuzz test skipped: ${sandbox}`);
afterAll(() => typeof sandbox !== "string" && sandbox.cleanup());

describe.skipIf(typeof sandbox === "string")("the analysis against the real bash, lines from bash's whole grammar", () => {
  test(`${LINES} lines (seed ${SEED}): nothing bash runs goes unreported`, async () => {
    if (typeof sandbox === "string") return;
    const inv = bashInventory();
    const r = await fuzz(sandbox, { lines: LINES, seed: SEED, batch: 600 }, inv);
    console.log(`fuzz: ${r.lines} lines, ${r.ranStub} ran a stub, ${r.dynamic} dynamic, ${r.underReports.length} under-reports, ${r.seconds} s\n${coverageText(r)}`);
    expect(r.underReports).toEqual([]);
    expect(r.builtinsMissing).toEqual([]); // every builtin `compgen -b` lists was drawn
    expect(r.ranStub).toBeGreaterThan(r.lines / 10); // the sandbox ran the lines at all
    // the forms of bash's grammar were drawn, not only the ones the analysis knows
    for (const head of ["expansion", "set", "shopt", "trap", "heredoc", "compound", "arith", "assign"]) {
      expect(Object.keys(r.coverage).some((f) => f.startsWith(`${head} `))).toBe(true);
    }
  }, 600_000);

  test("static-only: the lines judged dynamic are not run, every other line is, and none under-reports", async () => {
    if (typeof sandbox === "string") return;
    const inv = bashInventory();
    const r = await fuzz(sandbox, { lines: 300, seed: SEED + 1, batch: 300, staticOnly: true }, inv);
    expect(r.underReports).toEqual([]);
    expect(r.ranInBash).toBe(r.lines - r.dynamic);
    expect(r.ranStub).toBeGreaterThan(0);
  }, 600_000);
});
