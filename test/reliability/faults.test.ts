// Faults: misbehaving conditions, a broken home, and hooks killed mid-write.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, sandbox } from "../helpers";

const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;

function setup() {
  const sb = sandbox();
  return { sb, add: (file: string, body: string) => addCondition(join(sb.home, "conditions"), file, body) };
}

describe("misbehaving conditions", () => {
  test("ignores SIGTERM, never exits, forks children, closes stdin at once: the hook answers, the group dies", () => {
    const { sb, add } = setup();
    const pids = join(sb.root, "pids");
    add("pre-bash-a_term.sh", sh(`trap '' TERM; echo $$ >> ${pids}; while :; do sleep 1; done`));
    add("pre-bash-b_fork.sh", sh(`(sleep 600 & echo $! >> ${pids}); setsid -w true; echo forked`));
    add("pre-bash-c_nostdin.sh", sh("exec 0<&-; echo closed stdin"));
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "1" } });
    expect(r.exitCode).toBe(0);
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx).toMatch(/pre-bash-a_term.sh\] failed \(timed out after 1s\)/);
    expect(ctx).toContain("forked");
    expect(ctx).toContain("closed stdin");
    Bun.sleepSync(200);
    for (const pid of readFileSync(pids, "utf8").trim().split("\n").map(Number)) {
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
      } catch {}
      expect(alive).toBe(false);
    }
  });

  // GNU time is installed by `make test` (test-tools); without it the peak cannot be read per process
  test.skipIf(!existsSync("/usr/bin/time"))("a 100 MiB flood: output capped, the hook's peak memory stays under 100 MiB", () => {
    const { sb, add } = setup();
    add("pre-bash-flood.sh", sh("head -c 104857600 /dev/zero | tr '\\0' x"));
    // GNU time reports the peak RSS of the hook itself (getrusage of one child): the test runner's own
    // rusage would mix in every process it ever waited for.
    const rssFile = join(sb.root, "rss");
    const p = Bun.spawnSync(["/usr/bin/time", "-f", "%M", "-o", rssFile, BIN, "hook"], {
      env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "60" },
      stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo))]),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(p.exitCode).toBe(0);
    const maxRssKb = Number(readFileSync(rssFile, "utf8").trim().split("\n").pop());
    expect(maxRssKb).toBeGreaterThan(1024);
    expect(maxRssKb / 1024).toBeLessThan(100);
    expect(JSON.parse(p.stdout.toString()).hookSpecificOutput.additionalContext).toContain("[truncated]");
  });
});

describe("a broken home degrades only logging and caching", () => {
  test("an unwritable cache and log location: the answer is still right, with a note on stderr", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo no >&2; exit 2"));
    writeFileSync(join(sb.home, "cache"), "not a folder");
    writeFileSync(join(sb.home, "logs"), "not a folder");
    // age the layer so the index would be cached
    const old = new Date(Date.now() - 60_000);
    require("node:fs").utimesSync(join(sb.home, "conditions"), old, old);
    const r = hook(claudeBash("git push", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/cannot write the condition cache/);
    expect(r.stderr).toMatch(/cannot write the hook log/);
    expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).exitCode).toBe(0);
  });

  test("a full disk for the log (ENOSPC) only loses the log line", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo no >&2; exit 2"));
    mkdirSync(join(sb.home, "logs"), { recursive: true });
    symlinkSync("/dev/full", join(sb.home, "logs", "hook.jsonl"));
    const r = hook(claudeBash("git push", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/cannot write the hook log/);
  });

  test("a deleted cache directory is rebuilt", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo no >&2; exit 2"));
    expect(hook(claudeBash("git push", sb.repo), { env: sb.env }).exitCode).toBe(2);
    rmSync(join(sb.home, "cache"), { recursive: true, force: true });
    expect(hook(claudeBash("git push", sb.repo), { env: sb.env }).exitCode).toBe(2);
  });

  test("state.json rewritten during calls: every answer stays right", async () => {
    const { sb } = setup();
    const bundle = join(sb.root, "bundle");
    addCondition(join(bundle, ".claude", "conditions"), "pre-bash.git-guard.sh", sh("echo no >&2; exit 2"));
    const statePath = join(sb.home, "state.json");
    const write = (i: number) => {
      const tmp = `${statePath}.${i}.tmp`;
      writeFileSync(tmp, JSON.stringify({ bundle: { path: bundle }, targets: { claude: { profiles: [] } }, n: i }));
      require("node:fs").renameSync(tmp, statePath);
    };
    write(0);
    let i = 1;
    const writer = setInterval(() => write(i++), 2);
    const runs = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const p = Bun.spawn([BIN, "hook"], { env: sb.env, stdin: new Blob([JSON.stringify(claudeBash("git push", sb.repo))]), stdout: "pipe", stderr: "pipe" });
        return p.exited;
      }),
    );
    clearInterval(writer);
    expect(runs).toEqual(Array(16).fill(2));
  });
});

describe("killed at any point", () => {
  test("hooks killed mid-call leave no half-written file behind", async () => {
    const { sb, add } = setup();
    for (let i = 0; i < 200; i++) add(`pre-bash-c${i}.sh`, sh("true"));
    const old = new Date(Date.now() - 60_000);
    require("node:fs").utimesSync(join(sb.home, "conditions"), old, old);
    for (let round = 0; round < 30; round++) {
      rmSync(join(sb.home, "cache"), { recursive: true, force: true });
      const p = Bun.spawn([BIN, "hook"], { env: sb.env, stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo))]), stdout: "ignore", stderr: "ignore" });
      await Bun.sleep(round % 10);
      p.kill("SIGKILL");
      await p.exited;
      const cache = join(sb.home, "cache");
      if (!existsSync(cache)) continue;
      for (const f of readdirSync(cache)) {
        if (f.startsWith(".")) continue; // temp files: readers ignore them
        // the index is JSON lines: a header, then one line per group; every line must be whole
        const lines = readFileSync(join(cache, f), "utf8").trimEnd().split("\n");
        for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
        expect(JSON.parse(lines[0]).version).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});

describe("a stdin that stays open (Copilot never closes it)", () => {
  /** Runs the hook with `text` written to a stdin that is only closed after the hook has exited. */
  async function openStdin(text: string, args: string[] = []) {
    const { sb } = setup();
    const p = Bun.spawn([BIN, "hook", ...args], { env: sb.env, cwd: sb.repo, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    if (text) p.stdin.write(text);
    await p.stdin.flush();
    const started = performance.now();
    const exitCode = await p.exited;
    const ms = performance.now() - started;
    p.stdin.end();
    return { exitCode, ms, stdout: await new Response(p.stdout).text(), stderr: await new Response(p.stderr).text() };
  }

  test("a complete payload is answered at once", async () => {
    const { sb } = setup();
    const r = await openStdin(JSON.stringify(claudeBash("ls", sb.repo)));
    expect(r).toMatchObject({ exitCode: 0, stdout: "" });
    expect(r.ms).toBeLessThan(1000);
  });

  test("nothing written: the read deadline answers (a deny without --event: no event to be found)", async () => {
    const r = await openStdin("");
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("no payload on stdin within 1500 ms");
    const stop = await openStdin("", ["--event", "Stop"]);
    expect(stop.exitCode).toBe(0);
  });

  test("half a PreToolUse payload: denied at the deadline (fail closed)", async () => {
    const r = await openStdin('{"hook_event_name":"PreToolUse","tool_name":"Bash"');
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain("stdin did not complete a JSON value within 1500 ms");
  });
});
