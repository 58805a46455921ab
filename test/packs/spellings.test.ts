// The pack rules' spellings (test/packs/spellings.ts) through the compiled executable: each `match` line
// is denied or asked with the rule's id in the reason, no `nomatch` line names the rule; and every rule
// of the packs has its table.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { answers } from "../../bench/packs";
import { BIN, REPO } from "../helpers";
import { SPELLINGS } from "./spellings";

const PACKS = join(REPO, "src/rules/packs");
/** This helper's packs (the git pack has its own tests). */
const OWN = readdirSync(PACKS).filter((f) => f.endsWith(".rules.toml") && f !== "pre-bash-git.rules.toml");
const ids = OWN.flatMap((f) => ((Bun.TOML.parse(readFileSync(join(PACKS, f), "utf8")) as { rule?: { id: string; tools?: string[] }[] }).rule ?? []).filter((r) => !r.tools).map((r) => r.id));

describe("pack rules: spellings that must match and must not", () => {
  test("every shell rule of the packs has a spelling table, and every table a rule", () => {
    expect(Object.keys(SPELLINGS).sort()).toEqual([...ids].sort());
    for (const [id, s] of Object.entries(SPELLINGS)) expect([id, s.match.length > 0]).toEqual([id, true]);
  });

  for (const preset of ["default", "strict"] as const)
    test(`${preset}: through the executable`, async () => {
      const rows = Object.entries(SPELLINGS).filter(([, s]) => (s.preset ?? "default") === preset);
      const lines = rows.flatMap(([id, s]) => [...s.match.map((line) => ({ id, line, match: true })), ...s.nomatch.map((line) => ({ id, line, match: false }))]);
      const got = await answers(BIN, [preset], lines.map((l) => l.line), 2, { agentihooksHomeOutside: true });
      // A line that changes `/` or the home folder is denied by the gate before any condition runs (the
      // executable and the harnesses' hook registrations are under them): that deny stands for the rule.
      const gate = (reason: string) => reason.startsWith("agentihooks: a shell command that touches a folder that holds a condition layer or other protected files");
      const wrong = lines
        .map((l, i) => ({ ...l, verdict: got[i].verdict, named: got[i].reason.includes(`${l.id}:`) || (l.match && gate(got[i].reason)) }))
        .filter((l) => (l.match ? !(l.named && (l.verdict === "deny" || l.verdict === "ask")) : l.named))
        .map((l) => `${l.id} ${l.match ? "must match" : "must not match"}: ${l.line} -> ${l.verdict}`);
      expect(wrong).toEqual([]);
    }, 180_000);
});
