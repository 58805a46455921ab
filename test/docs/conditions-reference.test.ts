// docs/conditions.md names what the code does: every AH_* variable a condition really receives (asked
// of the compiled executable), every cases-file key the loader accepts, every step and runner, and
// its links resolve. A variable or key added to the code without a line in the reference fails here.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { EXPECT_KEYS } from "../../src/explain/cases";
import { STEPS } from "../../src/conditions/filename";
import { addCondition, claudeBash, hook, REPO, run, sandbox } from "../helpers";

const DOC = join(REPO, "docs", "conditions.md");
const text = readFileSync(DOC, "utf8");
/** The first column of every table row, without backticks. */
const firstCells = new Set([...text.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => m[1].split(/,\s*|\s+\(or\s+|\s*\/\s*/).map((c) => c.replace(/[`)]/g, "").replace(/ .*$/, "").trim())));

describe("docs/conditions.md", () => {
  test("documents every AH_* variable a condition receives on a Bash call", () => {
    const s = sandbox();
    addCondition(join(s.home, "conditions"), "pre-bash-env.sh", '#!/usr/bin/env bash\nenv | grep -o "^AH_[A-Z_]*" | sort | tr "\\n" " "\n');
    const r = hook(claudeBash("sudo git status", s.repo), { env: s.env });
    const context: string = r.json.hookSpecificOutput.additionalContext;
    const seen = context.slice(context.indexOf("\n") + 1).trim().split(/\s+/);
    expect(seen.length).toBeGreaterThanOrEqual(15);
    for (const v of seen) expect({ v, documented: firstCells.has(v) }).toEqual({ v, documented: true });
  });

  test("documents every cases-file key and every expect key the loader accepts", () => {
    // the case keys, as the loader lists them in its error for an unknown one
    const src = readFileSync(join(REPO, "src", "explain", "cases.ts"), "utf8");
    const caseKeys = [...src.slice(src.indexOf("const CASE_KEYS"), src.indexOf("export const EXPECT_KEYS")).matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    expect(caseKeys.length).toBeGreaterThan(15);
    for (const k of caseKeys) expect({ k, documented: firstCells.has(k) }).toEqual({ k, documented: true });
    for (const k of EXPECT_KEYS) expect({ k, documented: firstCells.has(k) }).toEqual({ k, documented: true });
  });

  test("the bash.<cli> example table is what the analyzer answers", () => {
    const table = text.slice(text.indexOf("| Command | Fires | Why |"));
    const rows = [...table.slice(0, table.indexOf("\n\n")).matchAll(/^\| `(.+?)` \| (.+?) \|/gm)].slice(0);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const [, cmd, fires] of rows) {
      const line = cmd.replace(/\\\|/g, "|");
      const a = run(["programs", "--json", line]).json;
      if (fires.includes("every")) {
        expect({ line, dynamic: a.dynamic }).toEqual({ line, dynamic: true });
        continue;
      }
      const want = [...fires.matchAll(/`bash\.([^`]+)`/g)].map((m) => m[1]).sort();
      const got = [...a.programs, ...a.wrappers, ...a.modules].sort();
      expect({ line, fires: got }).toEqual({ line, fires: want });
    }
  });

  test("documents every step, and every relative link resolves", () => {
    for (const step of STEPS) expect({ step, documented: firstCells.has(step) }).toEqual({ step, documented: true });
    const anchors = new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => m[1].toLowerCase().replace(/[^a-z0-9 _-]/g, "").replace(/ /g, "-")));
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) {
      const [file, anchor] = target.split("#");
      if (/^https?:/.test(file)) continue;
      if (file) expect({ target, exists: existsSync(join(dirname(DOC), file)) }).toEqual({ target, exists: true });
      else expect({ target, anchor: anchors.has(anchor) }).toEqual({ target, anchor: true });
    }
    for (const doc of ["typescript-conditions.md", "init.md"]) {
      const other = readFileSync(join(REPO, "docs", doc), "utf8");
      expect(other).toContain("](conditions.md");
    }
  });
});
