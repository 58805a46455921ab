// The differential fuzzer of issue 23: lines from bash-grammar.ts run under the real bash with stub
// programs on PATH (bash-sandbox.ts), and the compiled executable's verdict on each. An under-report
// (bash ran a stub the verdict neither lists nor covers by `dynamic`) is a failure. Used by
// fuzz.test.ts (a small run in `make test`) and scripts/fuzz-shell.ts (`make fuzz N=...`).
import { type BashInventory, BashGrammar, bashInventory } from "./bash-grammar";
import type { Sandbox } from "./bash-sandbox";
import { missed, verdicts } from "./verdicts";

export interface FuzzReport {
  lines: number;
  seed: number;
  /** Lines that ran at least one stub, and lines the verdict called dynamic. */
  ranStub: number;
  dynamic: number;
  /** Lines run under bash: all of them, or (staticOnly) only those the verdict did not call dynamic. */
  ranInBash: number;
  underReports: { line: string; missed: string[] }[];
  /** How often each form (builtin, expansion operator, option, compound...) was drawn. */
  coverage: Record<string, number>;
  /** Builtins `compgen -b` lists that no line drew. */
  builtinsMissing: string[];
  seconds: number;
}

export interface FuzzOptions {
  lines: number;
  seed: number;
  batch?: number;
  /**
   * Runs under bash only the lines the verdict did not call dynamic. A dynamic verdict covers every
   * program by definition (`missed` is empty), so those runs cannot find an under-report; skipping
   * them lets a big run spend its time where one could be (about 4 lines in 5 are dynamic).
   */
  staticOnly?: boolean;
  /** Called after each batch with the report so far. */
  progress?: (r: FuzzReport) => void;
}

/** Runs `lines` generated lines (every builtin first, once each) and returns what it found. */
export async function fuzz(sandbox: Sandbox, o: FuzzOptions, inv: BashInventory = bashInventory()): Promise<FuzzReport> {
  const g = new BashGrammar(o.seed, inv);
  const batchSize = o.batch ?? 1000;
  const started = performance.now();
  const report: FuzzReport = { lines: 0, seed: o.seed, ranStub: 0, dynamic: 0, ranInBash: 0, underReports: [], coverage: {}, builtinsMissing: [], seconds: 0 };
  let made = 0;
  while (made < o.lines) {
    const batch: string[] = [];
    for (; batch.length < batchSize && made < o.lines; made++) {
      const gen = made < inv.builtins.length ? g.lineWith(inv.builtins[made]) : g.line();
      if (gen.line.includes("\0")) continue;
      batch.push(gen.line);
      for (const f of gen.forms) report.coverage[f] = (report.coverage[f] ?? 0) + 1;
    }
    const v = verdicts(batch);
    const runIdx = batch.map((_, i) => i).filter((i) => !(o.staticOnly && v[i].dynamic));
    const result = await sandbox.run(runIdx.map((i) => batch[i]));
    const ranAt: string[][] = batch.map(() => []);
    runIdx.forEach((i, k) => {
      ranAt[i] = result.ran[k];
    });
    report.ranInBash += runIdx.length;
    batch.forEach((line, i) => {
      const ran = ranAt[i];
      if (ran.length) report.ranStub++;
      if (v[i].dynamic) report.dynamic++;
      const m = missed(ran, v[i]);
      if (m.length) report.underReports.push({ line, missed: m });
    });
    report.lines += batch.length;
    report.seconds = Math.round((performance.now() - started) / 1000);
    report.builtinsMissing = inv.builtins.filter((b) => !report.coverage[`builtin ${b}`]);
    o.progress?.(report);
  }
  return report;
}

/** Returns the coverage as text: forms grouped by their first word, each with how many lines drew it. */
export function coverageText(r: FuzzReport): string {
  const groups = new Map<string, string[]>();
  for (const [form, n] of Object.entries(r.coverage).sort()) {
    const [head, ...rest] = form.split(" ");
    groups.set(head, [...(groups.get(head) ?? []), `${rest.join(" ") || "-"}:${n}`]);
  }
  return [...groups].map(([head, forms]) => `${head} (${forms.length}): ${forms.join(" ")}`).join("\n");
}
