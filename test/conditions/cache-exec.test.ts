// The cached index seen from outside: a hit lists no directory (traced with strace), and parallel
// rebuilds leave a valid file. Also: the executable needs neither Node.js nor Bun on PATH.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, run, sandbox } from "../helpers";

const hasStrace = Bun.spawnSync(["which", "strace"]).exitCode === 0;

function agedSandbox() {
  const sb = sandbox();
  const runtime = join(sb.home, "conditions");
  for (let i = 0; i < 20; i++) addCondition(runtime, `pre-read-c${i}.sh`, "#!/usr/bin/env bash\n");
  addCondition(runtime, "pre-bash.git-guard.sh", "#!/usr/bin/env bash\necho no >&2; exit 2\n");
  const old = new Date(Date.now() - 60_000);
  for (const d of [runtime, sb.home, sb.repo]) utimesSync(d, old, old);
  return { sb, runtime };
}

describe("a cache hit lists no directory", () => {
  test.skipIf(!hasStrace)("strace sees no getdents on the second call, and does on a rebuild", () => {
    const { sb, runtime } = agedSandbox();
    const payload = JSON.stringify(claudeBash("git push", sb.repo));
    const traced = () => {
      const p = Bun.spawnSync(["strace", "-f", "-e", "trace=getdents64,getdents", "-o", join(sb.root, "trace"), BIN, "hook"], { env: sb.env, stdin: new Blob([payload]) });
      expect(p.exitCode).toBe(2); // the guard still denies
      return readFileSync(join(sb.root, "trace"), "utf8");
    };
    expect(hook(JSON.parse(payload), { env: sb.env }).exitCode).toBe(2); // builds and writes the index
    expect(readdirSync(join(sb.home, "cache")).length).toBeGreaterThan(0);
    expect(traced()).not.toMatch(/getdents/);
    addCondition(runtime, "pre-bash-new.sh", "#!/usr/bin/env bash\n");
    expect(traced()).toMatch(/getdents/);
  });
});

describe("parallel rebuilds", () => {
  test("sixteen processes rebuilding a deleted index at once leave one valid file", async () => {
    const { sb } = agedSandbox();
    for (let round = 0; round < 3; round++) {
      rmSync(join(sb.home, "cache"), { recursive: true, force: true });
      const codes = await Promise.all(
        Array.from({ length: 16 }, () => Bun.spawn([BIN, "hook"], { env: sb.env, stdin: new Blob([JSON.stringify(claudeBash("git push", sb.repo))]) }).exited),
      );
      expect(codes).toEqual(Array(16).fill(2));
      const files = readdirSync(join(sb.home, "cache"));
      expect(files.filter((f) => f.startsWith("."))).toEqual([]); // no temp file left behind
      expect(files.filter((f) => f.startsWith("conditions-index.claude."))).toHaveLength(1);
      // the next call is a hit on that file and still denies
      expect(hook(claudeBash("git push", sb.repo), { env: sb.env }).exitCode).toBe(2);
    }
  }, 60_000);
});

describe("a standalone executable", () => {
  test("--version and --help run with no node and no bun on PATH", () => {
    const env = { PATH: "/nonexistent", HOME: "/tmp", NO_COLOR: "1" };
    const v = run(["--version"], { env });
    expect(v.exitCode).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = run(["--help"], { env });
    expect(h.exitCode).toBe(0);
    expect(h.stdout + h.stderr).toMatch(/conditions/);
    const list = run(["conditions", "list", "--json"], { env: { ...env, AGENTIHOOKS_HOME: sandbox().home } });
    expect(list.exitCode).toBe(0);
    expect(list.json.layers.map((l: { source: string }) => l.source)).toContain("runtime");
  });
  test("an unknown command or flag is a one-line error", () => {
    const r = run(["frobnicate"], { env: { PATH: "/usr/bin:/bin", HOME: "/tmp" } });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
