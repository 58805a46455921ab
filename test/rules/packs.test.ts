// The packs built into the executable are checked as a rules file in a layer is (the hook only parses
// them, to save the check's millisecond on every call): lint of a home with the default profile finds
// nothing in them, and `conditions show` prints the file the executable embeds.
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, run, sandbox } from "../helpers";

test("the default profile's git pack passes lint's rules checks, and show prints it", () => {
  const sb = sandbox();
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
  const lint = run(["conditions", "lint", "--json"], { env: sb.env, cwd: sb.repo });
  const mine = lint.json.findings.filter((f: any) => f.file.includes("pre-bash-git.rules.toml"));
  expect(mine).toEqual([]);
  const show = run(["conditions", "show", "pre-bash-git.rules.toml"], { env: sb.env, cwd: sb.repo });
  expect(show.stdout).toBe(readFileSync(join(REPO, "src", "rules", "packs", "pre-bash-git.rules.toml"), "utf8"));
});
