// The index of programs with rows (src/shell/program-index.ts) against the tables it stands for: the
// analysis reads no table for a program the index does not list, so a row missing from the index
// would go unread. On a mismatch the message names each entry to add, change or remove.
import { describe, expect, test } from "bun:test";
import { builtinNames } from "../../src/shell/builtins";
import { carrierNames } from "../../src/shell/carriers";
import { interpreterNames } from "../../src/shell/interpreter-table";
import { PACKAGE_RUNNERS } from "../../src/shell/package-runners";
import { BUILTIN, CARRIER, INTERPRETER, programIndex, RUNNER, tablesOf, UNMODELLED } from "../../src/shell/program-index";
import { RUNNERS, UNMODELLED as UNMODELLED_ROWS } from "../../src/shell/runner-table";
import { analyze } from "../../src/shell/analyze";

function fromTables(): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (names: string[], bit: number) => {
    for (const n of names) out[n] = (out[n] ?? 0) | bit;
  };
  add(builtinNames(), BUILTIN);
  add(carrierNames(), CARRIER);
  add(interpreterNames(), INTERPRETER);
  add([...Object.keys(RUNNERS), ...Object.keys(PACKAGE_RUNNERS)], RUNNER);
  add(Object.keys(UNMODELLED_ROWS), UNMODELLED);
  return out;
}

describe("the index of programs with rows", () => {
  test("lists every row of every table, and nothing else", () => {
    const want = fromTables();
    const wrong: string[] = [];
    const PROGRAMS = programIndex();
    for (const [name, bits] of Object.entries(want)) if (PROGRAMS[name] !== bits) wrong.push(`${JSON.stringify(name)}: ${bits} (index has ${PROGRAMS[name] ?? "nothing"})`);
    for (const name of Object.keys(PROGRAMS)) if (!(name in want)) wrong.push(`${JSON.stringify(name)}: no table has a row (remove it)`);
    expect(wrong).toEqual([]);
  });

  test("a versioned name or the dynamic loader reads every table; a plain program none", () => {
    expect(tablesOf("python3.12")).toBe(BUILTIN | CARRIER | INTERPRETER | RUNNER | UNMODELLED);
    expect(tablesOf("ld-linux-x86-64.so.2")).toBe(BUILTIN | CARRIER | INTERPRETER | RUNNER | UNMODELLED);
    expect(tablesOf("ls")).toBe(0);
    expect(tablesOf("toString")).toBe(0);
    expect(tablesOf("__proto__")).toBe(0);
  });

  test("what each table reads still happens through the index", () => {
    expect(analyze("python3.12 -c 'import os; os.system(\"rm -rf x\")'").programs).toContain("rm");
    expect(analyze("/lib64/ld-linux-x86-64.so.2 /bin/rm x").programs).toContain("rm");
    expect(analyze("tmux new 'rm x'").dynamic).toBe(true);
    expect(analyze("git -c core.pager='rm x' log").programs).toContain("rm");
    expect(analyze("declare -a 'x=($(rm y))'").programs).toContain("rm");
    expect(analyze("find . -exec rm {} +").programs).toContain("rm");
    expect(analyze("awk 'BEGIN { system(\"rm x\") }'").programs).toContain("rm");
  });
});
