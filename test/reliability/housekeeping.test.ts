// Housekeeping (issue 16.14): a test run leaves no folder behind (one root per run, removed at
// exit); temp files a killed hook left in the cache are swept on the next rebuild; `uninit` run from
// a copy of the executable with another name finds what another copy registered.
import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, REPO, RUN_ROOT, run, sandbox, tempDir } from "../helpers";

describe("one temporary root per test run", () => {
  test("this run's folders, and TMPDIR of what it starts, are under the root", () => {
    expect(tempDir().startsWith(`${RUN_ROOT}/`)).toBe(true);
    expect(tmpdir()).toBe(RUN_ROOT);
    expect(sandbox().env.TMPDIR).toBe(RUN_ROOT);
  });
  test("a run's root is removed when the run exits", () => {
    const env: Record<string, string> = { ...(process.env as Record<string, string>) };
    delete env.AGENTIHOOKS_TEST_ROOT; // its own run, its own root
    delete env.TMPDIR;
    const p = Bun.spawnSync([process.execPath, "test", "./test/fixtures/temp-run.fixture.ts"], { env, cwd: REPO, stdout: "pipe", stderr: "pipe" });
    const line = (p.stdout.toString() + p.stderr.toString()).split("\n").find((l) => l.startsWith('{"root"'));
    expect(line).toBeDefined();
    const seen = JSON.parse(line!) as { root: string; tmpdir: string; exists: boolean };
    expect(seen.exists).toBe(true);
    expect(seen.tmpdir).toBe(seen.root);
    expect(existsSync(seen.root)).toBe(false);
  }, 60_000);
});

describe("temp files a killed hook left behind", () => {
  test("are swept from the cache on the next rebuild; a live writer's and a fresh one are kept", () => {
    const sb = sandbox();
    addCondition(join(sb.home, "conditions"), "pre-read-x.sh", "#!/bin/sh\nexit 0\n");
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(sb.home, "conditions"), old, old);
    expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).exitCode).toBe(0);
    const cache = join(sb.home, "cache");
    const dead = join(cache, ".conditions-index.claude.0.json.999999999.abc123.tmp");
    const live = join(cache, `.conditions-index.claude.0.json.${process.pid}.def456.tmp`);
    const fresh = join(cache, ".conditions-index.claude.0.json.999999998.ghi789.tmp");
    for (const f of [dead, live, fresh]) writeFileSync(f, "half");
    utimesSync(dead, old, old);
    utimesSync(live, old, old);
    addCondition(join(sb.home, "conditions"), "pre-read-y.sh", "#!/bin/sh\nexit 0\n"); // the next call rebuilds
    utimesSync(join(sb.home, "conditions"), old, old);
    expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).exitCode).toBe(0);
    const left = readdirSync(cache);
    expect(left).not.toContain(".conditions-index.claude.0.json.999999999.abc123.tmp");
    expect(left).toContain(`.conditions-index.claude.0.json.${process.pid}.def456.tmp`);
    expect(left).toContain(".conditions-index.claude.0.json.999999998.ghi789.tmp");
  });
});

describe("uninit from a copy with another name", () => {
  test("finds and removes what the other copy registered, in every harness", () => {
    const sb = sandbox();
    const copy = join(sb.root, "ah-renamed");
    copyFileSync(BIN, copy);
    expect(run(["init", "--target", "all"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    const settings = join(sb.userHome, ".claude", "settings.json");
    expect(JSON.parse(require("node:fs").readFileSync(settings, "utf8")).hooks).toBeDefined();
    const p = Bun.spawnSync([copy, "uninit", "--target", "all"], { env: sb.env, cwd: sb.repo, stdout: "pipe", stderr: "pipe" });
    expect(p.exitCode).toBe(0);
    const after = existsSync(settings) ? JSON.parse(require("node:fs").readFileSync(settings, "utf8")) : {};
    expect(after.hooks).toBeUndefined();
    for (const f of [join(sb.userHome, ".codex", "hooks.json"), join(sb.userHome, ".copilot", "hooks", "agentihooks.json")]) {
      if (existsSync(f)) expect(require("node:fs").readFileSync(f, "utf8")).not.toContain(BIN);
    }
    // and the other way round: a copy registers, the installed one removes
    Bun.spawnSync([copy, "init", "--target", "claude"], { env: sb.env, cwd: sb.repo });
    expect(require("node:fs").readFileSync(settings, "utf8")).toContain(copy);
    expect(run(["uninit", "--target", "claude"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    expect(existsSync(settings) ? require("node:fs").readFileSync(settings, "utf8") : "").not.toContain(copy);
  });
});
