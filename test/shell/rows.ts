// Many spellings -> one expectation, checked three ways: in-process, through the compiled executable
// (`programs --jsonl`, one process per table), and, where the sandbox can isolate them, against the
// real bash (what bash ran must be among what is reported, or the line is dynamic).
import { afterAll, describe, expect, test } from "bun:test";
import { analyze } from "../../src/shell/analyze";
import { LOGGING, openSandbox, type Sandbox } from "./bash-sandbox";
import { missed, verdicts } from "./verdicts";

/** Spellings, the programs they run (exactly), dynamic, and (when given) the wrappers exactly. */
export type Row = [spellings: string[], programs: string[], dynamic?: boolean, wrappers?: string[]];
export const DYN = true;


/**
 * Defines the tests of `tables`: each spelling in-process, each table through the executable and the
 * real bash. `noBash` names tables not run under bash: their programs run helpers of their own from
 * PATH (git's scripts use sed and cat), which the stubs would log as if the line had named them.
 */
export function checkTables(tables: Record<string, Row[]>, noBash: string[] = []): void {
  let opened: Sandbox | string | undefined;
  const sandbox = () => (opened ??= openSandbox());
  afterAll(() => typeof opened === "object" && opened.cleanup());
  test("no spelling appears twice", () => {
    const all = Object.values(tables).flatMap((rows) => rows.flatMap((r) => r[0]));
    expect(all.filter((s, i) => all.indexOf(s) !== i)).toEqual([]);
  });
  for (const [name, rows] of Object.entries(tables)) {
    describe(name, () => {
      for (const [spellings, programs, dynamic = false, wrappers] of rows) {
        test.each(spellings)(`%p -> ${programs.join(",") || "(none)"}${dynamic ? " dynamic" : ""}`, (s) => {
          const a = analyze(s);
          expect({ programs: a.programs, dynamic: a.dynamic }).toEqual({ programs: [...programs].sort(), dynamic });
          if (wrappers) expect(a.wrappers).toEqual([...wrappers].sort());
          if (dynamic) expect(a.why.length).toBeGreaterThan(0);
        });
      }
      test("the compiled executable agrees on every spelling", () => {
        const lines = rows.flatMap((r) => r[0]);
        const expected = rows.flatMap(([s, p, d = false]) => s.map(() => ({ programs: [...p].sort(), dynamic: d })));
        const got = verdicts(lines).map((v) => ({ programs: v.programs, dynamic: v.dynamic }));
        expect(got).toEqual(expected);
      });
      if (!noBash.includes(name)) {
        test("what the real bash runs is reported, or the line is dynamic", async () => {
          const sb = sandbox();
          if (typeof sb === "string") return console.warn(`real-bash check skipped: ${sb}`);
          const lines = rows.flatMap((r) => r[0]).filter((l) => !l.includes("\0"));
          const v = verdicts(lines);
          const { ran, stray } = await sb.run(lines);
          expect(stray).toEqual([]);
          // the sandbox must have run the lines at all: a table naming a stub saw one run
          if (rows.some(([, p]) => p.some((x) => LOGGING.includes(x)))) expect(ran.some((r) => r.length > 0)).toBe(true);
          const bad = lines.map((l, i) => [l, missed(ran[i], v[i])] as const).filter(([, m]) => m.length);
          expect(bad).toEqual([]);
        }, 120_000);
      }
    });
  }
}
