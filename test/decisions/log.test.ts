// The decision log (issue 26), through the compiled executable: one record per hook call with the
// decision, what made it and why; secrets masked by default; a hash chain `log verify` checks; rotation;
// `log` filters, follow, export and report; nothing from a record reaches the terminal as a sequence.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, run, sandbox, type Sandbox } from "../helpers";

const logPath = (sb: Sandbox) => join(sb.home, "logs", "hook.jsonl");
const records = (sb: Sandbox) =>
  readFileSync(logPath(sb), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
const bash = (sb: Sandbox, command: string, extra: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
  hook(claudeBash(command, sb.repo, extra), { env: { ...sb.env, ...env }, target: "claude", cwd: sb.repo });

/** A sandbox with a condition that denies `rm`, and one that adds context to every call. */
function world(): Sandbox {
  const sb = sandbox();
  addCondition(join(sb.home, "conditions"), "pre-bash.rm-no_rm.sh", '#!/bin/bash\necho "rm is not allowed here; use trash-put" >&2\nexit 2\n');
  addCondition(join(sb.home, "conditions"), "pre-any-note.sh", "#!/bin/bash\necho noted\n");
  return sb;
}

const SECRETS = [
  ["an AWS key id", "echo AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"],
  ["a GitHub token", "curl -H 'Authorization: token ghp_0123456789abcdefghijABCDEFGHIJ012345' api", "ghp_0123456789abcdefghijABCDEFGHIJ012345"],
  ["a bearer token", "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnop' x", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnop"],
  ["a password assignment", "PGPASSWORD=hunter2secret psql -h db", "hunter2secret"],
  ["a URL password", "git clone https://bob:s3cr3tpass@example.com/r.git", "s3cr3tpass"],
  ["an Anthropic key", "export ANTHROPIC_API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345"],
  ["a private key", "printf '%s' '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----' > k", "b3BlbnNzaC1rZXktdjEAAAAA"],
] as const;

describe("the decision record", () => {
  test("a deny names the condition and its reason, with each condition's outcome and time", () => {
    const sb = world();
    expect(bash(sb, "rm -rf build", { tool_use_id: "t-rm" }).exitCode).toBe(2);
    const [r] = records(sb);
    expect(r).toMatchObject({
      kind: "hook",
      harness: "claude",
      event: "PreToolUse",
      tool: "Bash",
      session: "s-test",
      tool_use_id: "t-rm",
      input: { command: "rm -rf build" },
      decision: "deny",
      by: "pre-bash.rm-no_rm.sh",
      exit: 2,
    });
    expect(r.reason).toContain("rm is not allowed here; use trash-put");
    expect(r.conditions.map((c: { name: string; status: string }) => [c.name, c.status]).sort()).toEqual([
      ["pre-any-note.sh", "answered"],
      ["pre-bash.rm-no_rm.sh", "denied"],
    ]);
    expect(r.conditions.every((c: { ms: number }) => typeof c.ms === "number")).toBe(true);
    expect(typeof r.duration_ms).toBe("number");
    // read from /proc and /etc/passwd by the hook, not node:os: the names the system gives
    expect(r.host).toBe(hostname());
    expect(r.user).toBe(Bun.spawnSync(["id", "-un"]).stdout.toString().trim());
  });

  test("host and user are read from the system at most once a minute, and kept only in the gated cache folder", () => {
    const sb = world();
    mkdirSync(join(sb.home, "cache"), { mode: 0o700 }); // as the condition index leaves it: the record makes no folder
    bash(sb, "ls");
    const cached = join(sb.home, "cache", "identity.json");
    const kept = JSON.parse(readFileSync(cached, "utf8"));
    expect(kept).toMatchObject({ host: hostname(), user: records(sb)[0].user, uid: process.getuid?.() });
    expect(readdirSync(join(sb.home, "logs")).some((f) => f.includes("identity"))).toBe(false);
    expect(Bun.spawnSync(["stat", "-c", "%a", cached]).stdout.toString().trim()).toBe("600");
    // within the minute the kept names are used; past it, or for another uid, or unreadable, the system's
    writeFileSync(cached, JSON.stringify({ ...kept, host: "kept-host" }));
    bash(sb, "ls");
    expect(records(sb).at(-1).host).toBe("kept-host");
    for (const stale of [{ ...kept, host: "old-host", at: Date.now() - 61_000 }, { ...kept, host: "other-uid", uid: 4242 }, { ...kept, host: "future", at: Date.now() + 61_000 }]) {
      writeFileSync(cached, JSON.stringify(stale));
      bash(sb, "ls");
      expect(records(sb).at(-1).host).toBe(hostname());
    }
    writeFileSync(cached, "{not json");
    bash(sb, "ls");
    expect(records(sb).at(-1).host).toBe(hostname());
    expect(JSON.parse(readFileSync(cached, "utf8")).host).toBe(hostname()); // and read again from the system
  });

  test("a record's own t, host, user or prev never replace the log's", () => {
    const sb = world();
    bash(sb, "ls", { session_id: "s-keys" });
    const line = readFileSync(logPath(sb), "utf8").trim().split("\n").at(-1) ?? "";
    for (const k of ["t", "host", "user", "prev"]) expect(line.split(`"${k}":`).length).toBe(2);
  });

  test("a dynamic line keeps its reasons", () => {
    const sb = world();
    bash(sb, "bash script.sh");
    expect(records(sb)[0].dynamic.join(" ")).toContain("script-file");
  });

  test("a post record is joined to its pre decision: what ran", () => {
    const sb = world();
    bash(sb, "ls", { tool_use_id: "t-ls" });
    const post = { ...claudeBash("ls", sb.repo, { tool_use_id: "t-ls" }), hook_event_name: "PostToolUse", tool_response: { stdout: "a\n", stderr: "", interrupted: false } };
    hook(post, { env: sb.env, target: "claude", cwd: sb.repo });
    const shown = run(["log", "--json", "--tool", "Bash"], { env: sb.env }).json.records;
    expect(shown[0]).toMatchObject({ event: "PreToolUse", ran: { status: "ok" } });
  });

  test.each(SECRETS)("redacted by default: %s", (_name, command, secret) => {
    const sb = world();
    bash(sb, command);
    const raw = readFileSync(logPath(sb), "utf8");
    expect(raw).not.toContain(secret);
    expect(raw).toContain("[redacted:");
    expect(run(["log", "--limit", "0"], { env: sb.env }).stdout).not.toContain(secret);
  });

  test("AGENTIHOOKS_LOG_INPUT: full keeps the input, hash keeps its hash, none drops it", () => {
    const sb = world();
    bash(sb, "echo AKIAIOSFODNN7EXAMPLE", {}, { AGENTIHOOKS_LOG_INPUT: "full" });
    bash(sb, "echo AKIAIOSFODNN7EXAMPLE", {}, { AGENTIHOOKS_LOG_INPUT: "hash" });
    bash(sb, "echo AKIAIOSFODNN7EXAMPLE", {}, { AGENTIHOOKS_LOG_INPUT: "none" });
    const [full, hashed, none] = records(sb);
    expect(full.input.command).toBe("echo AKIAIOSFODNN7EXAMPLE");
    expect(hashed.input).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(none.input).toBeUndefined();
  });

  test("a huge command is kept bounded", () => {
    const sb = world();
    bash(sb, `echo ${"x".repeat(200_000)}`);
    const line = readFileSync(logPath(sb), "utf8");
    expect(line.length).toBeLessThan(10_000);
    expect(records(sb)[0].input.command).toMatch(/… \[200005 chars\]$/);
  });
});

describe("the hash chain", () => {
  const three = () => {
    const sb = world();
    for (const c of ["ls", "rm x", "pwd"]) bash(sb, c);
    return sb;
  };

  test("verify accepts the log as written, parallel hooks included", async () => {
    const sb = world();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        Bun.spawn([BIN, "hook", "--target", "claude"], { env: sb.env, cwd: sb.repo, stdin: new Blob([JSON.stringify(claudeBash(`echo ${i}`, sb.repo))]), stdout: "ignore", stderr: "ignore" }).exited,
      ),
    );
    expect(records(sb).length).toBe(24);
    const v = run(["log", "verify", "--json"], { env: sb.env });
    expect(v.exitCode).toBe(0);
    expect(v.json).toMatchObject({ ok: true, lines: 24 });
    expect(v.json.unchained).toBeLessThan(24); // a hook that waits past the lock (extreme load) logs unchained rather than late
  });

  test("the lock: a held one is waited for, a stale one (a killed hook's, or an older build's plain file) is broken", () => {
    const sb = world();
    bash(sb, "echo first");
    const logs = join(sb.home, "logs");
    // the lock is a hard link to a token file made on the first call, and is gone after each call
    expect(existsSync(join(logs, "hook.lock-token"))).toBe(true);
    expect(existsSync(join(logs, "hook.lock"))).toBe(false);
    // an older build's lock file, left by a hook killed 10 s ago
    writeFileSync(join(logs, "hook.lock"), "");
    const old = new Date(Date.now() - 10_000);
    utimesSync(join(logs, "hook.lock"), old, old);
    bash(sb, "echo second");
    // a fresh lock is waited for (up to a second), then the record is written unchained, never lost
    writeFileSync(join(logs, "hook.lock"), "");
    bash(sb, "echo third");
    rmSync(join(logs, "hook.lock"), { force: true });
    bash(sb, "echo fourth");
    const prevs = records(sb).map((r) => r.prev);
    expect(prevs.length).toBe(4);
    expect(prevs[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(prevs[2]).toBe("unlocked");
    expect(prevs[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(run(["log", "verify", "--json"], { env: sb.env }).json).toMatchObject({ ok: true, lines: 4, unchained: 1 });
  });

  test.each([
    ["an edited line", (lines: string[]) => lines.map((l, i) => (i === 1 ? l.replace("rm x", "rm y") : l))],
    ["a deleted line", (lines: string[]) => lines.filter((_, i) => i !== 1)],
    ["an inserted line", (lines: string[]) => [lines[0], lines[0], ...lines.slice(1)]],
    ["the last line deleted", (lines: string[]) => lines.slice(0, -1)],
    ["two lines swapped", (lines: string[]) => [lines[1], lines[0], lines[2]]],
  ])("verify finds %s", (_name, change) => {
    const sb = three();
    const lines = readFileSync(logPath(sb), "utf8").trim().split("\n");
    writeFileSync(logPath(sb), `${change(lines).join("\n")}\n`);
    const v = run(["log", "verify"], { env: sb.env });
    expect(v.exitCode).toBe(1);
    expect(v.stderr).toMatch(/^agentihooks: the log was changed: hook\.(jsonl line \d+|head line 1) /);
    expect(v.stderr.trim().split("\n").length).toBe(1);
  });

  test("rotation by size keeps the chain across files and at most KEEP old files", () => {
    const sb = world();
    const env = { AGENTIHOOKS_LOG_MAX_MB: "0.01", AGENTIHOOKS_LOG_KEEP: "2" };
    for (let i = 0; i < 60; i++) bash(sb, `echo ${i} ${"y".repeat(500)}`, {}, env);
    const rotated = readdirSync(join(sb.home, "logs")).filter((f) => /^hook-.*\.jsonl$/.test(f));
    expect(rotated.length).toBe(2);
    const v = run(["log", "verify", "--json"], { env: sb.env });
    expect(v.json).toMatchObject({ ok: true, files: 3, prunedBefore: true });
  });
});

describe("agentihooks log", () => {
  const busy = () => {
    const sb = world();
    bash(sb, "ls -la", { session_id: "s-a" });
    bash(sb, "rm -rf dist", { session_id: "s-a" });
    bash(sb, "git status", { session_id: "s-b" });
    hook({ ...claudeBash("", sb.repo), tool_name: "Read", tool_input: { file_path: "/etc/hosts" } }, { env: sb.env, target: "claude", cwd: sb.repo });
    return sb;
  };
  const shown = (sb: Sandbox, ...args: string[]) => (run(["log", "--jsonl", ...args], { env: sb.env }).stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)));

  test("filters: decision, tool, rule, session, grep, since/until", () => {
    const sb = busy();
    expect(shown(sb).length).toBe(4);
    expect(shown(sb, "--decision", "deny").map((r) => r.input.command)).toEqual(["rm -rf dist"]);
    expect(shown(sb, "--tool", "read").map((r) => r.input.file_path)).toEqual(["/etc/hosts"]);
    expect(shown(sb, "--rule", "bash.rm-no_rm").length).toBe(1);
    expect(shown(sb, "--session", "s-b").map((r) => r.input.command)).toEqual(["git status"]);
    expect(shown(sb, "--grep", "GIT STATUS").length).toBe(1);
    expect(shown(sb, "--since", "1h").length).toBe(4);
    expect(shown(sb, "--until", "1h").length).toBe(0);
    expect(shown(sb, "--since", "2020-01-01T00:00").length).toBe(4);
  });

  test("the table fits the terminal and names the rule and reason", () => {
    const sb = busy();
    const out = run(["log"], { env: { ...sb.env, COLUMNS: "80" } }).stdout;
    const deny = out.split("\n").find((l) => l.includes("deny"));
    expect(deny).toContain("bash.rm-no_rm");
    expect(deny).toContain("rm -rf dist");
    for (const l of out.trim().split("\n")) expect(l.length).toBeLessThanOrEqual(80 + 8);
  });

  test("bad words and values are one-line usage errors", () => {
    const sb = busy();
    for (const args of [["log", "bogus"], ["log", "--decision", "maybe"], ["log", "--since", "yesterday"], ["log", "--limit", "x"], ["log", "report"], ["log", "verify", "extra"]]) {
      const r = run(args, { env: sb.env });
      expect({ args, failed: r.exitCode !== 0 }).toEqual({ args, failed: true });
      expect(r.stderr).toStartWith("agentihooks");
      expect(r.stderr.trim().split("\n").length).toBe(1);
    }
  });

  test("--follow prints decisions as they are logged", async () => {
    const sb = busy();
    const p = Bun.spawn([BIN, "log", "--follow", "--jsonl", "--limit", "1"], { env: sb.env, stdout: "pipe", stderr: "pipe" });
    await Bun.sleep(400);
    bash(sb, "echo followed");
    await Bun.sleep(700);
    p.kill();
    const out = await new Response(p.stdout).text();
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.at(-1).input.command).toBe("echo followed");
  });

  test("control sequences in a command never reach the terminal", () => {
    const sb = world();
    bash(sb, "echo \u001b]52;c;cm0gLXJmIH4=\u0007 \u001b[2J \u202e");
    for (const args of [["log"], ["log", "--limit", "0"], ["stats"]]) {
      const out = run(args, { env: sb.env }).stdout;
      expect(out).not.toMatch(/[\u001b\u0007\u202e]/);
    }
    expect(run(["log"], { env: sb.env }).stdout).toContain("\\x1b]52;c;");
  });

  test("export a range, then report over several machines' exports", () => {
    const a = busy();
    const b = busy();
    const marker = join(b.repo, "deny-now");
    addCondition(join(b.home, "conditions"), "pre-bash.make-no_make.sh", `#!/bin/bash\n[ -e ${JSON.stringify(marker)} ] && { echo "make is frozen" >&2; exit 2; }\nexit 0\n`);
    writeFileSync(marker, "");
    bash(b, "make deploy", { session_id: "s-c" });
    rmSync(marker);
    bash(b, "make deploy", { session_id: "s-c" }); // the person lifted it: the same call went through
    const fa = join(a.root, "a.jsonl");
    const fb = join(b.root, "b.jsonl");
    expect(run(["log", "export", "--since", "1h", "--out", fa], { env: a.env }).exitCode).toBe(0);
    const exported = run(["log", "export"], { env: b.env }).stdout;
    writeFileSync(fb, exported.replaceAll(/"host":"[^"]*"/g, '"host":"build-02"'));
    expect(readFileSync(fa, "utf8").trim().split("\n").length).toBe(4);
    const r = run(["log", "report", fa, fb, "--json"], { env: a.env });
    expect(r.exitCode).toBe(0);
    expect(r.json.records).toBe(10);
    expect(r.json.hosts.map((h: { host: string; calls: number }) => h.calls).sort()).toEqual([4, 6]);
    expect(r.json.rules.find((x: { rule: string }) => x.rule === "bash.rm-no_rm")).toMatchObject({ denies: 2 });
    expect(r.json.false_positive_candidates).toEqual([{ rule: "bash.make-no_make", allowed_after: 1, denies: 1 }]);
    expect(run(["log", "report", fa, fb], { env: a.env }).stdout).toContain("False-positive candidates");
  });

  test("the exported file is private", () => {
    const sb = busy();
    const out = join(sb.root, "e.jsonl");
    run(["log", "export", "--out", out], { env: sb.env });
    expect(existsSync(out)).toBe(true);
    expect(Bun.spawnSync(["stat", "-c", "%a", out]).stdout.toString().trim()).toBe("600");
  });
});
