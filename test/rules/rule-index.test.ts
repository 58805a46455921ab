// The built-in packs parsed at build time (src/generated/packs.ts, scripts/gen-packs.ts) are the TOML
// files as they are now, and judging only the rules the index picks for a call gives what judging
// every rule gives: for every line of the packs' corpus, every pack, every preset, in process.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPackCorpus } from "../../bench/packs";
import { commandFacts } from "../../src/facts/facts";
import { BUILTIN_PACK_NAMES, type BuiltinPack, builtinPack } from "../../src/generated/packs";

const pack = (name: string) => builtinPack(name) as BuiltinPack;
import { judgeCall } from "../../src/rules/evaluate";
import { parseRules } from "../../src/rules/load";
import { indexRules, type RulesIndex, rulesFor } from "../../src/rules/rule-index";
import { PRESETS, type RulesFile } from "../../src/rules/types";
import { REPO, tempDir } from "../helpers";

const PACKS = join(REPO, "src", "rules", "packs");

test("src/generated/packs.ts holds every pack of src/rules/packs/ as it is (run scripts/gen-packs.ts)", () => {
  const files = readdirSync(PACKS).filter((f) => f.endsWith(".rules.toml")).sort();
  expect([...BUILTIN_PACK_NAMES].sort()).toEqual(files);
  expect(builtinPack("no-such.rules.toml")).toBeUndefined();
  expect(builtinPack("__proto__")).toBeUndefined();
  for (const f of files) {
    const file = parseRules(readFileSync(join(PACKS, f), "utf8")) as RulesFile;
    expect(typeof file).toBe("object");
    expect(pack(f).file()).toEqual(file);
    expect(pack(f).allow).toEqual(file.allow ?? []);
    expect(pack(f).index).toEqual(indexRules(file));
  }
});

/** The index of a rules file's text, and the rules it picks for a Bash line. */
function indexOf(toml: string): { index: RulesIndex; bash: (line: string) => number[] } {
  const file = parseRules(toml);
  if (typeof file === "string") throw new Error(file);
  const index = indexRules(file);
  return { index, bash: (line) => rulesFor(index, { tool: "Bash", facts: commandFacts(line, { cwd: "/tmp", home: "/home/u" }) }) };
}

test("the index picks a line's rules by program, every rule naming one for a dynamic line, and a tool's by tool", () => {
  const { index, bash } = indexOf(
    'version = 1\n[[rule]]\nid = "t.a"\nprogram = "rm"\ndecision = "deny"\nreason = "r"\n[[rule]]\nid = "t.b"\nprogram = ["git", "rm"]\ntools = ["Read"]\ndecision = "deny"\nreason = "r"\n[[rule]]\nid = "t.c"\ntools = ["read", "Edit"]\npaths = { any = ["path-root"] }\ndecision = "deny"\nreason = "r"\n',
  );
  expect(bash("git status && rm x")).toEqual([0, 1]);
  expect(bash("git status")).toEqual([1]);
  expect(bash("ls; constructor")).toEqual([]);
  expect(bash('"$X" -rf /')).toEqual([0, 1]);
  expect(rulesFor(index, { tool: "Read", paths: ["/x"] })).toEqual([1, 2]);
  expect(rulesFor(index, { tool: "Read", paths: [] })).toEqual([]);
});

test("a git line judges only the rules of its subcommand (after options and aliases) and those naming none", () => {
  const { bash: rules } = indexOf(
    'version = 1\n[[rule]]\nid = "g.push"\nprogram = "git"\nsubcommand = "push"\ndecision = "deny"\nreason = "r"\n[[rule]]\nid = "g.any"\nprogram = "git"\ndecision = "deny"\nreason = "r"\n[[rule]]\nid = "g.wt"\nprogram = ["git", "hub"]\nsubcommand = ["worktree remove", "reset"]\ndecision = "deny"\nreason = "r"\n',
  );
  expect(rules("git status")).toEqual([1]);
  expect(rules("git -C x --no-pager push origin")).toEqual([0, 1]);
  expect(rules("git worktree remove x")).toEqual([1, 2]);
  expect(rules("git status; git reset --hard")).toEqual([1, 2]);
  expect(rules("git -c alias.st=push st")).toEqual([0, 1]);
  expect(rules("hub status")).toEqual([2]);
  // no subcommand known: every rule naming git
  expect(rules('git "$SUB"')).toEqual([0, 1, 2]);
  expect(rules('git -c "$A" st')).toEqual([0, 1, 2]);
  expect(rules("git")).toEqual([0, 1, 2]);
});

/** git lines beyond the corpus: options before the subcommand, aliases, settings only known when it runs. */
const GIT_LINES = [
  "git status", "git -C .. status", "git --git-dir=x push -f", "git -c alias.s=push s --force origin main", "git -c alias.s='!rm -rf /' s",
  'git -c "alias.x=$Y" x', 'git "$CMD" --force', "git -c remote.origin.push=+refs/heads/*:refs/heads/* push", "git stash drop", "git stash",
  "git worktree remove --force x", "git reflog expire --expire=now --all", "git gc --prune=now", "git clean -fdx", "git checkout -- .",
  "git -p log", "git --no-pager -C x reset --hard HEAD~1", "cd x && git push --mirror", "git push origin :main", "GIT_DIR=x git status",
];

test("judging the indexed rules gives what judging every rule gives, on the whole corpus", () => {
  const cwd = tempDir("ah-index-");
  const home = tempDir("ah-index-home-");
  const packs = BUILTIN_PACK_NAMES.map(pack);
  let judged = 0;
  for (const line of [...loadPackCorpus().map((c) => c.line), ...GIT_LINES]) {
    const c = { line };
    const facts = commandFacts(c.line, { cwd, home });
    for (const { file: rules, index } of packs)
      for (const preset of PRESETS) {
        const call = { tool: "Bash", command: c.line, facts, paths: [], cwd, home };
        const only = rulesFor(index, call);
        const file = rules();
        const all = judgeCall(file, { ...call }, preset, new Set(), []);
        const some = judgeCall(file, { ...call }, preset, new Set(), [], only);
        expect(some).toEqual(all);
        judged += only.length;
      }
  }
  expect(judged).toBeGreaterThan(1000);
});
