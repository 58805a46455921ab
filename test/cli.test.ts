// The foundation's command line: conditions list (text and JSON), its errors, and make install.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, REPO, run, sandbox, tempDir } from "./helpers";

const sh = "#!/usr/bin/env bash\n";

describe("conditions list", () => {
  test("layers, execution order, invalid files and what fires, as text and JSON", () => {
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    addCondition(join(bundle, ".claude", "conditions"), "pre-bash.git-guard.sh", sh);
    addCondition(join(bundle, ".claude", "conditions"), "post-mcp-audit.async.sh", sh);
    addCondition(join(sb.home, "conditions"), "pre-bash.kubectl-readonly.sh", sh);
    addCondition(join(sb.home, "conditions"), "pre-bash-oops", sh);
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ bundle: { path: bundle } }));
    const j = run(["conditions", "list", "--json", "--tool", "Bash", "--command", "cd x && sudo git push"], { env: sb.env, cwd: sb.repo });
    expect(j.exitCode).toBe(0);
    expect(j.json.layers.map((l: { source: string; count: number }) => [l.source, l.count])).toEqual([["bundle", 2], ["runtime", 1], ["directory", 0]]); // invalid files are not counted
    expect(j.json.conditions.map((c: { file: string }) => c.file)).toEqual(["post-mcp-audit.async.sh", "pre-bash.git-guard.sh", "pre-bash.kubectl-readonly.sh"]);
    expect(j.json.conditions[0]).toMatchObject({ step: "post", matcher: "mcp", name: "audit", async: true, source: "bundle", order: 0 });
    expect(j.json.invalid).toEqual([{ path: join(sb.home, "conditions", "pre-bash-oops"), source: "runtime", error: expect.stringMatching(/extension/) }]);
    expect(j.json.fires.map((f: { file: string }) => f.file)).toEqual(["pre-bash.git-guard.sh"]);
    expect(j.json.programs).toEqual({ programs: ["cd", "git"], dynamic: false });

    const text = run(["conditions", "list", "--tool", "Bash", "--command", "cd x && sudo git push"], { env: sb.env, cwd: sb.repo });
    expect(text.stdout).toContain("Would fire (1)");
    expect(text.stdout).toContain("pre-bash.git-guard.sh");
    expect(text.stdout).toContain("Invalid files (1)");
    expect(text.stdout).not.toMatch(/\x1b\[/); // no colour when stdout is not a terminal

    // substituted, nested and wrapped commands fire it too; a quoted mention does not
    for (const cmd of ['echo "$(bash -c \'git push\')"', "find . -exec git add {} +", "ls | xargs -I{} git rm {}", "nohup env -i timeout -s KILL 5 git fetch", "echo `git status`"]) {
      const f = run(["conditions", "list", "--json", "--command", cmd], { env: sb.env, cwd: sb.repo });
      expect(f.json.fires.map((x: { file: string }) => x.file)).toEqual(["pre-bash.git-guard.sh"]);
    }
    const quoted = run(["conditions", "list", "--json", "--command", "echo 'git push' # git"], { env: sb.env, cwd: sb.repo });
    expect(quoted.json.fires).toEqual([]);

    const post = run(["conditions", "list", "--json", "--step", "post"], { env: sb.env, cwd: sb.repo });
    expect(post.json.conditions.map((c: { file: string }) => c.file)).toEqual(["post-mcp-audit.async.sh"]);
    const mcp = run(["conditions", "list", "--json", "--tool", "mcp__github__create_issue"], { env: sb.env, cwd: sb.repo });
    expect(mcp.json.fires.map((f: { file: string }) => f.file)).toEqual(["post-mcp-audit.async.sh"]);
  });

  test("AGENTIHOOKS_TARGET picks the profile chain", () => {
    const sb = sandbox();
    const prof = join(sb.root, "prof");
    addCondition(join(prof, ".claude", "conditions"), "pre-bash-codexonly.sh", sh);
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ targets: { codex: { profiles: ["p"] } }, linked_profiles: { p: prof } }));
    const claude = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo });
    expect(claude.json.conditions).toEqual([]);
    const codex = run(["conditions", "list", "--json"], { env: { ...sb.env, AGENTIHOOKS_TARGET: "codex" }, cwd: sb.repo });
    expect(codex.json.conditions.map((c: { source: string }) => c.source)).toEqual(["profile:p"]);
    expect(run(["conditions", "list", "--json", "--target", "codex"], { env: sb.env, cwd: sb.repo }).json.conditions).toHaveLength(1);
  });

  const errors: [string, (sb: ReturnType<typeof sandbox>) => Record<string, string>, RegExp][] = [
    ["a malformed state.json names the file", (sb) => (writeFileSync(join(sb.home, "state.json"), '{"bundle": 5}'), sb.env), /state\.json: \/bundle/],
    ["state.json that is not JSON names the file", (sb) => (writeFileSync(join(sb.home, "state.json"), "{oops"), sb.env), /state\.json: not valid JSON/],
    ["a bad CONDITIONS_TIMEOUT_SEC is an error", (sb) => ({ ...sb.env, CONDITIONS_TIMEOUT_SEC: "abc" }), /CONDITIONS_TIMEOUT_SEC="abc" is not a number/],
    ["an unknown target is an error", (sb) => ({ ...sb.env, AGENTIHOOKS_TARGET: "vim" }), /unknown target "vim"/],
  ];
  for (const [name, prepare, message] of errors) {
    test(`${name}: one line, no stack trace, exit 1 (2 for a bad value)`, () => {
      const sb = sandbox();
      const r = run(["conditions", "list"], { env: prepare(sb), cwd: sb.repo });
      expect(r.exitCode).toBe(/unknown target/.test(r.stderr) ? 2 : 1);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});

describe("make install", () => {
  test("copies the executable to PREFIX", () => {
    const prefix = join(tempDir(), "bin");
    mkdirSync(prefix);
    const p = Bun.spawnSync(["make", "-s", "install", `PREFIX=${prefix}`], { cwd: REPO, stdout: "pipe", stderr: "pipe" });
    expect(p.exitCode).toBe(0);
    expect(existsSync(join(prefix, "agentihooks"))).toBe(true);
    const v = Bun.spawnSync([join(prefix, "agentihooks"), "--version"]);
    expect(v.stdout.toString().trim()).toMatch(/^\d+\.\d+\.\d+ \(commit [\w-]+, (linux|darwin)-(x64|arm64)\)$/);
  }, 120_000);
});

describe("help and usage errors", () => {
  const env = { PATH: "/usr/bin:/bin", HOME: "/tmp", NO_COLOR: "1" };
  test("--help at any level shows that command's usage, without colour when piped", () => {
    for (const [args, shows] of [
      [["--help"], /conditions\|enforcement\|programs/],
      [["conditions", "--help"], /list\|explain\|test\|lint\|set\|show\|clear/],
      [["conditions", "list", "-h"], /--command/],
      [["help", "enforcement"], /set|list|clear/],
    ] as [string[], RegExp][]) {
      const r = run(args, { env: { ...env, NO_COLOR: "" } });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(shows);
      expect(r.stdout).not.toMatch(/\x1b\[/);
    }
  });
  test("a command group without a subcommand shows its usage and exits 2; an unknown command is one line", () => {
    const g = run(["conditions"], { env });
    expect(g.exitCode).toBe(2);
    expect(g.stdout).toMatch(/list\|explain/);
    const u = run(["frobnicate"], { env });
    expect(u.exitCode).toBe(2);
    expect(u.stderr).toBe("agentihooks: Unknown command frobnicate\n");
  });
});
