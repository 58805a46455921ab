// Who may run what (trust of the directory layer, strict modes) and load (64 hooks at once).
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, run, sandbox, trustInTerminal } from "../helpers";

const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;
const deny = sh("echo 'repo guard' >&2; exit 2");

describe("the directory layer runs only what a person approved, whoever owns the repository", () => {
  const origins = [
    ["https", "https://github.com/Stranger/repo.git", "github.com/stranger"],
    ["ssh", "ssh://git@github.com/stranger/repo.git", "github.com/stranger"],
    ["scp", "git@github.com:STRANGER/repo.git", "github.com/stranger"],
  ];
  for (const [kind, url, owner] of origins) {
    test(`${kind} origin (${url})`, () => {
      const sb = sandbox();
      writeFileSync(join(sb.repo, ".git", "config"), `[remote "origin"]\n\turl = ${url}\n`);
      addCondition(join(sb.repo, ".agentihooks", "conditions"), "pre-bash-guard.sh", deny);
      expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).exitCode).toBe(0);
      const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo });
      const layer = list.json.layers.find((l: { source: string }) => l.source === "directory");
      expect(layer).toMatchObject({ skipped: true, untrusted_owner: owner, count: 1 });
      // trusting its owner (any case) only suggests it; the person approving it at a terminal runs it
      expect(hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_TRUSTED_OWNERS: "other,Stranger" } }).exitCode).toBe(0);
      expect(trustInTerminal(sb.env, [sb.repo]).exitCode).toBe(0);
      expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).exitCode).toBe(2);
    });
  }
  test("a worktree whose .git is a file follows its origin", () => {
    const sb = sandbox();
    const main = join(sb.root, "main-checkout");
    mkdirSync(join(main, ".git", "worktrees", "wt"), { recursive: true });
    writeFileSync(join(main, ".git", "config"), '[remote "origin"]\n\turl = git@github.com:stranger/x.git\n');
    writeFileSync(join(main, ".git", "worktrees", "wt", "commondir"), "../..\n");
    const wt = join(sb.root, "wt");
    mkdirSync(wt);
    writeFileSync(join(wt, ".git"), `gitdir: ${join(main, ".git", "worktrees", "wt")}\n`);
    addCondition(join(wt, ".agentihooks", "conditions"), "pre-bash-guard.sh", deny);
    expect(hook(claudeBash("ls", join(wt)), { env: sb.env }).exitCode).toBe(0);
    expect(hook(claudeBash("ls", join(wt)), { env: { ...sb.env, CONDITIONS_TRUSTED_OWNERS: "*" } }).exitCode).toBe(0);
    expect(run(["conditions", "list", "--json"], { env: sb.env, cwd: wt }).json.layers.find((l: { source: string }) => l.source === "directory").note).toContain("never trusted");
    expect(trustInTerminal(sb.env, [wt]).exitCode).toBe(0);
    expect(hook(claudeBash("ls", join(wt)), { env: sb.env }).exitCode).toBe(2);
  });
  test("a repository with no origin (local work, or a stranger's copy) runs once a person trusts it", () => {
    const sb = sandbox();
    addCondition(join(sb.repo, ".agentihooks", "conditions"), "pre-bash-guard.sh", deny);
    mkdirSync(join(sb.repo, "sub", "dir"), { recursive: true });
    expect(hook(claudeBash("ls", join(sb.repo, "sub", "dir")), { env: sb.env }).exitCode).toBe(0);
    expect(trustInTerminal(sb.env, [], join(sb.repo, "sub", "dir")).exitCode).toBe(0);
    expect(hook(claudeBash("ls", join(sb.repo, "sub", "dir")), { env: sb.env }).exitCode).toBe(2);
  });
});

describe("strict modes", () => {
  // A refused file is a loud failure: PreToolUse is denied with the reason (its guard cannot run),
  // other events note it; never a silent skip.
  const refused = (r: ReturnType<typeof hook>, what: RegExp) => {
    expect(r.exitCode).toBe(2);
    expect(r.stderr + r.stdout).toMatch(what);
    expect(r.stderr + r.stdout).not.toContain("repo guard"); // the guard itself never ran
  };
  test("a group-writable condition or layer folder is refused and listed; AGENTIHOOKS_STRICT_MODES=0 allows it", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    const runtime = join(sb.home, "conditions");
    chmodSync(runtime, 0o755);
    const f = addCondition(runtime, "pre-bash-guard.sh", deny);
    chmodSync(f, 0o777);
    refused(hook(claudeBash("ls", sb.repo), { env }), /pre-bash-guard.sh is refused: file is writable by group or others/);
    const post = hook({ ...claudeBash("ls", sb.repo), hook_event_name: "PostToolUse", tool_response: { stdout: "" } }, { env });
    expect(post.exitCode).toBe(0);
    expect(post.stderr).toMatch(/refused/);
    const list = run(["conditions", "list", "--json"], { env, cwd: sb.repo });
    expect(list.json.invalid.find((i: { path: string }) => i.path === f).error).toMatch(/writable by group or others/);
    chmodSync(f, 0o755);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(2);
    chmodSync(runtime, 0o777);
    refused(hook(claudeBash("ls", sb.repo), { env }), /runtime layer .* writable by group or others/);
    expect(hook(claudeBash("ls", sb.repo), { env: { ...env, AGENTIHOOKS_STRICT_MODES: "0" } }).stderr).toContain("repo guard");
  });
  test("a chmod after the index was cached is still refused (checked again before each run)", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    const runtime = join(sb.home, "conditions");
    chmodSync(runtime, 0o755);
    const f = addCondition(runtime, "pre-bash-guard.sh", deny);
    const old = new Date(Date.now() - 60_000);
    utimesSync(runtime, old, old);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(2); // indexed and cached
    expect(readdirSync(join(sb.home, "cache")).length).toBeGreaterThan(0);
    chmodSync(f, 0o777); // changes no directory mtime: the cached index still lists it
    refused(hook(claudeBash("ls", sb.repo), { env }), /pre-bash-guard.sh is refused: file is writable by group or others .*denied to fail closed/);
    const list = run(["conditions", "list", "--json", "--command", "ls"], { env, cwd: sb.repo });
    expect(list.json.conditions).toEqual([]);
    expect(list.json.fires).toEqual([]);
    expect(list.json.invalid.map((i: { path: string }) => i.path)).toEqual([f]);
  });

  // skipped unless root: only root can give a file away
  test.skipIf(process.getuid?.() !== 0)("a file owned by another user is refused", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    chmodSync(join(sb.home, "conditions"), 0o755);
    const f = addCondition(join(sb.home, "conditions"), "pre-bash-guard.sh", deny);
    require("node:fs").chownSync(f, 12345, 12345);
    // root runs the hook: a file owned by uid 12345 is neither root's nor the runner's
    refused(hook(claudeBash("ls", sb.repo), { env }), /is refused: file is owned by uid 12345/);
    const list = run(["conditions", "list", "--json"], { env, cwd: sb.repo });
    expect(list.json.invalid[0].error).toMatch(/owned by uid 12345/);
  });
});

describe("load", () => {
  test("64 hooks at once on a cold cache while a condition is added: every answer right, the cache valid", async () => {
    const sb = sandbox();
    const runtime = join(sb.home, "conditions");
    for (let i = 0; i < 100; i++) addCondition(runtime, `pre-read-filler${i}.sh`, sh("true"));
    addCondition(runtime, "pre-bash.git-guard.sh", deny);
    expect(run(["enforcement", "set", "Push through review.", "3", "--matcher", "bash.git"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    const calls = Array.from({ length: 64 }, (_, i) => {
      const cmd = (i >> 2) % 2 ? "git push" : "ls"; // each of the four sessions gets 8 of each
      const p = Bun.spawn([BIN, "hook"], {
        env: sb.env,
        stdin: new Blob([JSON.stringify(claudeBash(cmd, sb.repo, { session_id: `load-${i % 4}`, tool_use_id: `t${i}` }))]),
        stdout: "pipe",
        stderr: "pipe",
      });
      if (i === 32) addCondition(runtime, "pre-bash-late.sh", sh("echo late"));
      return p.exited.then((code) => ({ cmd, code }));
    });
    const results = await Promise.all(calls);
    for (const r of results) expect(r.code).toBe(r.cmd === "git push" ? 2 : 0);
    // four sessions, 16 calls each, 8 of them git: the matching counters are exact (calls that match
    // no enforcement, with no plain enforcement set, are not counted at all)
    for (let s = 0; s < 4; s++) {
      const counters = JSON.parse(readFileSync(join(sb.home, "sessions", `load-${s}`, "enforcement-counters.json"), "utf8"));
      expect(Object.values(counters.matches)).toEqual([8]);
    }
    // the layer changed under 2 s ago, so nothing may be cached yet; once it settles the index is written
    const old = new Date(Date.now() - 60_000);
    utimesSync(runtime, old, old);
    expect(hook(claudeBash("ls", sb.repo), { env: sb.env }).json.hookSpecificOutput.additionalContext).toContain("late");
    const cached = readdirSync(join(sb.home, "cache")).filter((f) => f.startsWith("conditions-index."));
    expect(cached.length).toBeGreaterThan(0);
    for (const f of cached) {
      // JSON lines: a header, then per folder one line per (step, matcher) group of [file, name, async, ext, i]
      const [, ...groups] = readFileSync(join(sb.home, "cache", f), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l));
      expect(groups.flat().map((c: string[]) => c[0])).toContain("pre-bash-late.sh");
    }
  }, 60_000);

  test("64 hooks at once: per-session enforcement counters are exact", async () => {
    const sb = sandbox();
    const set = run(["enforcement", "set", "Every tenth call, re-read the plan.", "10"], { env: sb.env, cwd: sb.repo });
    expect(set.exitCode).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        Bun.spawn([BIN, "hook"], { env: sb.env, stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo, { session_id: `sess-${i % 2}`, tool_use_id: `t${i}` }))]), stdout: "pipe" }),
      ).map(async (p) => ({ code: await p.exited, out: await new Response(p.stdout).text() })),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    for (const s of ["sess-0", "sess-1"]) {
      const counters = JSON.parse(readFileSync(join(sb.home, "sessions", s, "enforcement-counters.json"), "utf8"));
      expect(counters.tool_calls).toBe(32);
    }
    // a plain enforcement is shown on first sight, then on every 10th call: 1 + 3 per session
    expect(results.filter((r) => r.out.includes("re-read the plan")).length).toBe(8);
  }, 60_000);
});
