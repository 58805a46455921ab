// The big differential run of issue 23 (`make fuzz N=1000000`): lines drawn from bash's whole grammar
// (test/shell/bash-grammar.ts) run under the real bash with stub programs, compared with the compiled
// executable's verdicts (test/shell/fuzz-run.ts). Writes the report so far after every batch, so a
// run cut short still says how far it got:
//   bun run scripts/fuzz-shell.ts [--lines N] [--seed S] [--seconds T] [--out DIR] [--static-only]
// --static-only runs under bash only the lines the executable did not call dynamic (a dynamic verdict
// cannot under-report); the report counts both.
// DIR (default .cache/fuzz) gets report.json (counts, coverage, under-reports) and coverage.txt.
// AGENTIHOOKS_BIN names the executable (default dist/agentihooks). Exits 1 when it found an under-report.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openSandbox } from "../test/shell/bash-sandbox";
import { coverageText, type FuzzReport, fuzz } from "../test/shell/fuzz-run";

const USAGE = "usage: bun run scripts/fuzz-shell.ts [--lines N] [--seed S] [--seconds T] [--out DIR] [--static-only]";

function args(argv: string[]): { lines: number; seed: number; seconds: number; out: string; staticOnly: boolean } {
  const o = { lines: 1_000_000, seed: 23, seconds: Number.POSITIVE_INFINITY, out: ".cache/fuzz", staticOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === "--static-only") {
      o.staticOnly = true;
      continue;
    }
    const v = argv[++i];
    if (v === undefined) fail(`${k} needs a value`);
    if (k === "--out") o.out = v;
    else if (k === "--lines" || k === "--seed" || k === "--seconds") {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) fail(`${k} takes a whole number, not ${JSON.stringify(v)}`);
      o[k.slice(2) as "lines" | "seed" | "seconds"] = n;
    } else fail(`unknown option ${k}`);
  }
  return o;
}

function fail(message: string): never {
  console.error(`fuzz-shell: ${message}\n${USAGE}`);
  process.exit(2);
}

const o = args(process.argv.slice(2));
const sandbox = openSandbox();
if (typeof sandbox === "string") {
  console.error(`fuzz-shell: ${sandbox}`);
  process.exit(1);
}
mkdirSync(o.out, { recursive: true });
const write = (r: FuzzReport) => {
  writeFileSync(join(o.out, "report.json"), `${JSON.stringify(r, null, 1)}\n`);
  writeFileSync(join(o.out, "coverage.txt"), `${coverageText(r)}\n`);
};
const deadline = performance.now() + o.seconds * 1000;
let stopped = false;
try {
  const r = await fuzz(sandbox, {
    lines: o.lines,
    seed: o.seed,
    staticOnly: o.staticOnly,
    // about one line in five runs when static-only: bigger batches keep a bash batch near 1,000 lines
    batch: o.staticOnly ? 5000 : 1000,
    progress: (r) => {
      write(r);
      console.log(`${r.lines} lines, ${r.ranInBash} run under bash, ${r.ranStub} ran a stub, ${r.dynamic} dynamic, ${r.underReports.length} under-reports, ${r.seconds} s`);
      if (performance.now() > deadline && !stopped) {
        stopped = true;
        throw new Error("time limit");
      }
    },
  });
  write(r);
  process.exitCode = r.underReports.length ? 1 : 0;
} catch (e) {
  if (!stopped) throw e;
  console.log(`stopped at the time limit (${o.seconds} s); the report so far is in ${o.out}/report.json`);
} finally {
  sandbox.cleanup();
}
