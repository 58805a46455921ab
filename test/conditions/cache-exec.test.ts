// The cached index seen from outside: a hit lists no directory (traced with strace), a rebuild lists
// only the layer folders that changed, and parallel rebuilds leave a valid file. Also: the executable needs neither Node.js nor Bun on PATH.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, run, sandbox, trustInTerminal } from "../helpers";

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

describe("a rebuild lists only the layer folders that changed", () => {
  const ctx = (r: { json?: any }) => String(r.json?.hookSpecificOutput?.additionalContext ?? "");

  function twoLayers() {
    const { sb, runtime } = agedSandbox();
    const repoLayer = join(sb.repo, ".agentihooks", "conditions");
    addCondition(repoLayer, "pre-Bash-repo.sh", "#!/usr/bin/env bash\necho from-repo\n");
    for (let i = 0; i < 5; i++) addCondition(repoLayer, `pre-read-r${i}.sh`, "#!/usr/bin/env bash\n");
    expect(trustInTerminal(sb.env, [sb.repo]).exitCode).toBe(0); // the person approves the repository's layer
    const old = new Date(Date.now() - 60_000);
    for (const d of [repoLayer, join(sb.repo, ".agentihooks"), runtime]) utimesSync(d, old, old);
    return { sb, runtime, repoLayer };
  }

  /** Runs one traced hook call; returns its context and the folders it listed (strace -y names each fd). */
  function traced(sb: ReturnType<typeof sandbox>) {
    const out = join(sb.root, "trace");
    const p = Bun.spawnSync(["strace", "-f", "-y", "-e", "trace=getdents64,getdents", "-o", out, BIN, "hook"], {
      env: sb.env,
      stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo))]),
    });
    expect(p.exitCode).toBe(0);
    const listed = [...readFileSync(out, "utf8").matchAll(/getdents(?:64)?\(\d+<([^>]*)>/g)].map((m) => m[1]);
    return { context: ctx({ json: JSON.parse(p.stdout.toString()) }), listed: new Set(listed) };
  }

  test.skipIf(!hasStrace)("a file added to the runtime layer: that folder is listed again, the repository's is not", () => {
    const { sb, runtime, repoLayer } = twoLayers();
    expect(ctx(hook(claudeBash("ls", sb.repo), { env: sb.env }))).toContain("from-repo"); // first build lists both
    addCondition(runtime, "pre-Bash-added.sh", "#!/usr/bin/env bash\necho from-added\n");
    utimesSync(runtime, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    const t = traced(sb);
    expect(t.context).toContain("from-added");
    expect(t.context).toContain("from-repo"); // the reused listing still runs its condition
    expect(t.listed.has(runtime)).toBe(true);
    expect(t.listed.has(repoLayer)).toBe(false);
    // and the rebuilt index is a hit again: nothing listed
    expect(traced(sb).listed.size).toBe(0);
  });

  test.skipIf(!hasStrace)("a damaged index is not reused: every folder is listed again and the answer is right", () => {
    const { sb, repoLayer } = twoLayers();
    hook(claudeBash("ls", sb.repo), { env: sb.env });
    const index = join(sb.home, "cache", readdirSync(join(sb.home, "cache")).find((f) => f.startsWith("conditions-index.")) as string);
    const good = readFileSync(index, "utf8");
    const header = JSON.parse(good.slice(0, good.indexOf("\n")));
    const wrongGroups = { ...header, folders: header.folders.map((f: { groups: unknown[] }) => ({ ...f, groups: [...f.groups, ["pre", "bash", 1]] })) };
    for (const damaged of ["{not json", good.slice(0, -10), `${JSON.stringify(wrongGroups)}${good.slice(good.indexOf("\n"))}`]) {
      writeFileSync(index, damaged);
      const t = traced(sb);
      expect(t.context).toContain("from-repo");
      expect(t.listed.has(repoLayer)).toBe(true);
    }
  });

  test("a line damaged in place in an unchanged folder's part: the answer is still right and the index heals", () => {
    const { sb, runtime } = twoLayers();
    expect(ctx(hook(claudeBash("ls", sb.repo), { env: sb.env }))).toContain("from-repo");
    const index = join(sb.home, "cache", readdirSync(join(sb.home, "cache")).find((f) => f.startsWith("conditions-index.")) as string);
    const text = readFileSync(index, "utf8");
    const at = text.indexOf('[["pre-Bash-repo.sh"');
    expect(at).toBeGreaterThan(0);
    writeFileSync(index, `${text.slice(0, at)}{${text.slice(at + 1)}`); // same length: only a parse notices
    addCondition(runtime, "pre-Bash-added.sh", "#!/usr/bin/env bash\necho from-added\n"); // a rebuild that copies the repository folder's lines
    utimesSync(runtime, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    expect(ctx(r)).toContain("from-repo");
    expect(ctx(r)).toContain("from-added");
    expect(readFileSync(index, "utf8")).toContain('[["pre-Bash-repo.sh"');
  });

  test("a layer folder replaced by another with other files is listed again (and waits for the person)", () => {
    const { sb, repoLayer } = twoLayers();
    expect(ctx(hook(claudeBash("ls", sb.repo), { env: sb.env }))).toContain("from-repo");
    rmSync(repoLayer, { recursive: true });
    addCondition(repoLayer, "pre-Bash-other.sh", "#!/usr/bin/env bash\necho from-other\n");
    const old = new Date(Date.now() - 60_000);
    utimesSync(repoLayer, old, old); // even with the old folder's times, its inode and ctime differ
    const c = ctx(hook(claudeBash("ls", sb.repo), { env: sb.env }));
    expect(c).not.toContain("from-repo");
    expect(c).not.toContain("from-other"); // other files than the person approved: they wait for the person
    expect(trustInTerminal(sb.env, [sb.repo]).exitCode).toBe(0);
    expect(ctx(hook(claudeBash("ls", sb.repo), { env: sb.env }))).toContain("from-other");
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
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+ \(commit [\w-]+, (linux|darwin)-(x64|arm64)\)$/);
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
