// Differential test against the real bash (issue 17): generated lines run under bash with a PATH of
// logging stubs (bash-sandbox.ts); every stub a line ran must be among the programs, wrappers or
// modules the compiled executable reports for it, or the executable must say the line is dynamic.
// AH_DIFF_LINES sets how many lines (default 3000), AH_DIFF_SEED the generator's seed. A line this
// finds is kept as a table case in found.test.ts.
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { openSandbox } from "./bash-sandbox";
import { lines } from "./grammar";
import { missed, verdicts } from "./verdicts";

const COUNT = Number(process.env.AH_DIFF_LINES ?? 3000);
const SEED = Number(process.env.AH_DIFF_SEED ?? 1717);
const BATCH = 1000;

const sandbox = openSandbox();
if (typeof sandbox === "string") console.warn(`differential test skipped: ${sandbox}`);
afterAll(() => typeof sandbox !== "string" && sandbox.cleanup());

describe.skipIf(typeof sandbox === "string")("the analysis against the real bash", () => {
  test(`${COUNT} generated lines (seed ${SEED}): everything bash runs is reported, or the line is dynamic`, async () => {
    if (typeof sandbox === "string") return;
    const all = fc.sample(lines(sandbox.stubs), { numRuns: COUNT, seed: SEED });
    const failures: string[] = [];
    let logged = 0;
    let dynamic = 0;
    for (let at = 0; at < all.length; at += BATCH) {
      const batch = all.slice(at, at + BATCH);
      const v = verdicts(batch);
      const { ran, stray } = await sandbox.run(batch);
      expect(stray).toEqual([]);
      batch.forEach((line, i) => {
        if (ran[i].length) logged++;
        if (v[i].dynamic) dynamic++;
        const m = missed(ran[i], v[i]);
        if (m.length) failures.push(`${JSON.stringify(line)} ran ${m.join(",")}; reported ${JSON.stringify(v[i])}`);
      });
    }
    if (failures.length) console.error(`${failures.length} under-reports:\n${failures.slice(0, 200).join("\n")}`);
    console.log(`differential: ${all.length} lines, ${logged} ran a stub, ${dynamic} dynamic, ${failures.length} under-reports`);
    expect(failures).toEqual([]);
    expect(logged).toBeGreaterThan(all.length / 2);
  }, Math.max(600_000, COUNT * 20)); // about 8 ms a line; 20 leaves room on a loaded machine
});
