// `agentihooks --version`: the version, the commit and the target, and the version kept in step
// with package.json (a stamped release build is checked by the upgrade test and `make release`).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageVersion } from "../../scripts/release";
import { REPO, run } from "../helpers";

describe("--version", () => {
  test("src/version.ts names package.json's version", () => {
    const literal = readFileSync(join(REPO, "src/version.ts"), "utf8").match(/: "(\d+\.\d+\.\d+[^"]*)";/)?.[1];
    expect(literal).toBe(packageVersion());
  });
  test("an unstamped build (make) says so, and names the platform it runs on", () => {
    for (const flag of ["--version", "-v"]) {
      const r = run([flag], { env: { PATH: "/nonexistent" } });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe(`${packageVersion()} (commit unknown, ${process.platform}-${process.arch})\n`);
    }
  });
});
