// The peers' corpus (peers.ts) through the compiled executable: every program a peer says a line runs
// is reported (or the line is dynamic), and every line a peer says cannot be known is dynamic.
import { describe, expect, test } from "bun:test";
import { PEERS } from "./peers";
import { verdicts } from "./verdicts";

describe("the peers' corpus", () => {
  for (const source of PEERS) {
    test(`${source.repo} ${source.path}: ${source.cases.length} cases`, () => {
      const v = verdicts(source.cases.map((c) => c.command));
      const wrong = source.cases.flatMap((c, i) => {
        const a = v[i];
        if (c.unknown && !a.dynamic) return [`${JSON.stringify(c.command)}: should be dynamic`];
        const seen = [...a.programs, ...a.wrappers, ...a.modules];
        const missing = (c.runs ?? []).filter((p) => !a.dynamic && !seen.includes(p));
        return missing.length ? [`${JSON.stringify(c.command)}: misses ${missing.join(",")} (${JSON.stringify(a)})`] : [];
      });
      expect(wrong).toEqual([]);
    });
  }
  test("the corpus is large enough to mean something", () => {
    expect(PEERS.reduce((n, s) => n + s.cases.length, 0)).toBeGreaterThan(150);
  });
});
