// The packs' corpus through the compiled executable: a fixed fifth of bench/corpus/packs.jsonl (every
// fifth line, so each pack and source keeps its share) under each built-in preset, scored per pack
// and held to test/packs/corpus-baseline.json: a catch rate lower, or a false-block rate higher, than
// recorded fails. After an improvement, record the new figures with AH_UPDATE_BASELINE=1.
// `make bench` (bench/packs.ts) scores the whole corpus.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type PackScore, type PresetScore, approvals, availablePresets, loadExclusions, loadPackCorpus, rates, score, verdicts } from "../../bench/packs";
import { BIN, REPO } from "../helpers";

const BASELINE = join(REPO, "test/packs/corpus-baseline.json");
type Counts = Omit<PackScore, "pack">;
type Baseline = Record<string, Record<string, Counts>>;

const cases = loadPackCorpus().filter((_, i) => i % 5 === 0);
const presets = availablePresets();
const recorded: Baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, "utf8")) : {};
const measured: Baseline = {};

const countsOf = (s: PresetScore) =>
  Object.fromEntries([...s.packs, s.total].map(({ pack, ...c }) => [pack, c])) as Record<string, Counts>;

/** Returns one line per pack whose catch rate fell or false-block rate rose against the baseline. */
function regressions(now: Record<string, Counts>, before: Record<string, Counts>): string[] {
  const out: string[] = [];
  for (const [pack, b] of Object.entries(before)) {
    const n = now[pack];
    if (!n) {
      out.push(`${pack}: no longer in the corpus`);
      continue;
    }
    const [rn, rb] = [rates({ pack, ...n }), rates({ pack, ...b })];
    if (rn.catch < rb.catch - 1e-9) out.push(`${pack}: catch rate ${n.caught}/${n.destructive} < recorded ${b.caught}/${b.destructive}`);
    if (rn.falseBlock > rb.falseBlock + 1e-9) out.push(`${pack}: false-block rate ${n.blocked}/${n.benign} > recorded ${b.blocked}/${b.benign}`);
  }
  return out;
}

describe("the packs' corpus, through the executable", () => {
  test("the corpus: every case has a line, a verdict, a pack and a named source", () => {
    const all = loadPackCorpus();
    expect(all.length).toBeGreaterThan(1000);
    for (const c of all) {
      expect(typeof c.line === "string" && c.line.length > 0).toBe(true);
      expect(["block", "allow"]).toContain(c.expect);
      expect(c.pack).toMatch(/^[a-z]+$/);
      expect(c.source).toMatch(/^[\w.-]+\/[\w.-]+ \S+$/);
    }
    expect(new Set(all.map((c) => c.line)).size).toBe(all.length);
  });

  test("the excluded lines: each is a corpus line, with a reason of a known kind; a syntax one is refused by bash -n", () => {
    const all = new Set(loadPackCorpus(undefined, true).map((c) => c.line));
    const excluded = loadExclusions();
    expect(excluded.length).toBeGreaterThan(0);
    expect(new Set(excluded.map((e) => e.line)).size).toBe(excluded.length);
    for (const e of excluded) {
      expect([e.line, all.has(e.line)]).toEqual([e.line, true]);
      expect(e.reason).toMatch(/^(syntax|mislabeled|mislabeled here|outside the packs): \S/);
      if (e.reason.startsWith("syntax:")) expect([e.line, Bun.spawnSync(["bash", "-n", "-c", e.line]).exitCode]).toEqual([e.line, 2]);
    }
    // the scored corpus leaves them out, and only them
    expect(loadPackCorpus().length).toBe(all.size - excluded.length);
  });

  test("the presets of the baseline are the built-in ones", () => {
    expect(presets.length).toBeGreaterThan(0);
    if (!process.env.AH_UPDATE_BASELINE) expect(Object.keys(recorded).sort()).toEqual([...presets].sort());
  });

  for (const preset of presets)
    test(`${preset}: no pack catches less or blocks more benign lines than recorded`, async () => {
      const s = score(preset, cases, await verdicts(BIN, [preset], cases, 2));
      measured[preset] = countsOf(s);
      expect(s.misses.filter((m) => m.verdict === "error")).toEqual([]);
      if (process.env.AH_UPDATE_BASELINE) {
        writeFileSync(BASELINE, `${JSON.stringify({ ...recorded, ...measured }, null, 1)}\n`);
        return;
      }
      expect(regressions(measured[preset], recorded[preset] ?? {})).toEqual([]);
    }, 120_000);

  test("approve-readonly allows no destructive line, and some benign ones", async () => {
    const a = await approvals(BIN, cases, 2);
    expect(a.destructiveAllowed).toEqual([]);
    expect(a.benignAllowed).toBeGreaterThan(a.benign / 10);
  }, 120_000);
});
