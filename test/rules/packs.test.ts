// The packs built into the executable are checked as a rules file in a layer is (the hook reads them
// parsed at build time, test/rules/rule-index.test.ts): every file of src/rules/packs/ passes lint, the
// default profile's git pack among the built-ins, and `conditions show` prints the file embedded.
import { expect, test } from "bun:test";
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, run, sandbox, tempDir } from "../helpers";

const PACKS = join(REPO, "src", "rules", "packs");

test("every pack in src/rules/packs/ passes lint (schema, ids, predicates)", () => {
  const sb = sandbox();
  const dir = tempDir("ah-packs-");
  const files = readdirSync(PACKS).filter((f) => f.endsWith(".rules.toml"));
  expect(files).toContain("pre-bash-git.rules.toml");
  for (const f of files) copyFileSync(join(PACKS, f), join(dir, f));
  const lint = run(["conditions", "lint", "--json", dir], { env: sb.env, cwd: sb.repo });
  expect(lint.json.findings.filter((f: any) => f.severity === "error")).toEqual([]);
  expect(lint.exitCode).toBe(0);
});

test("the default profile's git pack passes lint as a built-in, and show prints it", () => {
  const sb = sandbox();
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
  const lint = run(["conditions", "lint", "--json"], { env: sb.env, cwd: sb.repo });
  expect(lint.json.findings.filter((f: any) => f.file.includes("pre-bash-git.rules.toml"))).toEqual([]);
  const show = run(["conditions", "show", "pre-bash-git.rules.toml"], { env: sb.env, cwd: sb.repo });
  expect(show.stdout).toBe(readFileSync(join(PACKS, "pre-bash-git.rules.toml"), "utf8"));
});

test("every pack's cases file (_<pack>.rules.cases.json beside it) passes through conditions test", () => {
  const sb = sandbox();
  const packs = readdirSync(PACKS).filter((f) => f.endsWith(".rules.toml") && readdirSync(PACKS).includes(`_${f.replace(/\.toml$/, "")}.cases.json`));
  expect(packs).toContain("pre-bash-git.rules.toml");
  for (const f of packs) {
    const r = run(["conditions", "test", join(PACKS, f)], { env: sb.env, cwd: sb.repo });
    expect(r.stdout).toMatch(/cases in 1 file: all \d+ passed/);
    expect(r.exitCode).toBe(0);
  }
}, 60_000);
