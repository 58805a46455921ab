// The shared corpus (../shared/corpus/shell-programs.jsonl): every case in-process and through the
// compiled executable (`agentihooks programs --json CMD`), which is what `bash.<cli>` users see.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { analyze } from "../../src/shell/analyze";

interface Case {
  command: string;
  programs: string[];
  dynamic: boolean;
}

// next to the checkout (../shared), or where AH_SHELL_CORPUS says (a worktree elsewhere)
const CORPUS = process.env.AH_SHELL_CORPUS || path.resolve(import.meta.dir, "../../../shared/corpus/shell-programs.jsonl");
const BIN = process.env.AGENTIHOOKS_BIN || path.resolve(import.meta.dir, "../../dist/agentihooks");

function loadCorpus(): Case[] {
  if (!existsSync(CORPUS)) return [];
  return readFileSync(CORPUS, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Case);
}

/**
 * Cases whose expectation a later rule changed, with the new expectation. The shared corpus is the
 * issue's, not ours to edit, so the change is written here where it can be seen.
 */
const cases = loadCorpus();
if (!cases.length) console.warn(`shell corpus not found at ${CORPUS}: corpus tests skipped`);

describe.skipIf(!cases.length)("shared corpus, in-process", () => {
  test.each(cases.map((c) => [c.command, c] as const))("%p", (_, c) => {
    const a = analyze(c.command);
    expect({ programs: a.programs, dynamic: a.dynamic }).toEqual({ programs: c.programs, dynamic: c.dynamic });
  });
});

// A missing executable is a failure when AGENTIHOOKS_BIN names it (make test), a skip otherwise.
const haveBin = existsSync(BIN);
if (!haveBin && cases.length) console.warn(`${BIN} not built: run \`make build\`; executable corpus tests skipped`);
describe.skipIf(!cases.length || (!haveBin && !process.env.AGENTIHOOKS_BIN))("shared corpus, compiled executable", () => {
  test.each(cases.map((c) => [c.command, c] as const))("%p", (_, c) => {
    const r = Bun.spawnSync([BIN, "programs", "--json", c.command], { stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
    const doc = JSON.parse(r.stdout.toString());
    expect({ programs: doc.programs, dynamic: doc.dynamic }).toEqual({ programs: c.programs, dynamic: c.dynamic });
    expect(Array.isArray(doc.commands)).toBe(true);
  });
});
