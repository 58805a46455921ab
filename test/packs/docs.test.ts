// docs/packs.md is generated from the rules files (scripts/gen-packs-doc.ts): it lists every rule of
// every pack, and it is up to date.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DOC, renderPacksDoc } from "../../scripts/gen-packs-doc";
import { REPO } from "../helpers";

describe("docs/packs.md", () => {
  test("is what scripts/gen-packs-doc.ts writes from the rules files (run it after changing a pack)", () => {
    expect(readFileSync(DOC, "utf8")).toBe(renderPacksDoc());
  });

  test("has a row for every rule of every pack, with its decision in each preset", () => {
    const doc = readFileSync(DOC, "utf8");
    const dir = join(REPO, "src/rules/packs");
    for (const f of readdirSync(dir).filter((f) => f.endsWith(".rules.toml"))) {
      const rules = (Bun.TOML.parse(readFileSync(join(dir, f), "utf8")) as { rule?: { id: string }[] }).rule ?? [];
      expect(rules.length).toBeGreaterThan(0);
      for (const r of rules) expect(doc).toMatch(new RegExp(`^\\| \`${r.id.replace(/\./g, "\\.")}\` \\| .+ \\| (deny|ask|allow|context|-) / (deny|ask|allow|context|-) / (deny|ask|allow|context|-) \\|`, "m"));
    }
  });
});
