// docs/typescript-conditions.md does what it says: its example condition, beside a copy of the API
// module as _condition.ts, denies through the hook, its example test passes under the executable's own
// Bun, and the API file is ignored as a condition in a layer.
import { describe, expect, test } from "bun:test";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, REPO, claudeBash, hook, run, sandbox } from "../helpers";

const doc = readFileSync(join(REPO, "docs", "typescript-conditions.md"), "utf8");
const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1].replace(/^ {3}/gm, ""));
const condition = blocks.find((b) => b.startsWith("#!/usr/bin/env bun"))!;
const testFile = blocks.find((b) => b.includes('from "bun:test"'))!;
const FILE = "pre-bash.terraform-no_apply.ts";

function layer() {
  const sb = sandbox();
  const dir = join(sb.home, "conditions");
  writeFileSync(join(dir, FILE), condition, { mode: 0o755 });
  copyFileSync(join(REPO, "conditions-examples", "_src", "condition.ts"), join(dir, "_condition.ts"));
  return { sb, dir };
}

describe("the documented TypeScript condition", () => {
  test("the doc holds the example condition and its test", () => {
    expect(condition).toContain("export default function noApply");
    expect(testFile).toContain(`import noApply from "./${FILE}"`);
  });

  test("beside _condition.ts in a layer: denies terraform apply without a plan, passes one with a plan", () => {
    const { sb } = layer();
    const denied = hook(claudeBash("terraform apply", sb.repo), { env: sb.env });
    expect(denied.exitCode).toBe(2);
    expect(denied.stderr).toContain(`[condition ${FILE}] terraform apply needs a saved plan`);
    expect(hook(claudeBash("terraform apply x.tfplan", sb.repo), { env: sb.env }).exitCode).toBe(0);
  });

  test("_condition.ts is not taken for a condition (no invalid file listed)", () => {
    const { sb } = layer();
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    expect(list.conditions.map((c: { file: string }) => c.file)).toEqual([FILE]);
    expect(list.invalid).toEqual([]);
  });

  test("its example test passes under the executable's own Bun", () => {
    const { dir } = layer();
    writeFileSync(join(dir, "terraform.test.ts"), testFile);
    const p = Bun.spawnSync([BIN, "test", "./terraform.test.ts"], { cwd: dir, env: { ...process.env, BUN_BE_BUN: "1" }, stdout: "pipe", stderr: "pipe" });
    const out = p.stdout.toString() + p.stderr.toString();
    expect(out).toContain("2 pass");
    expect(p.exitCode).toBe(0);
  });
});
