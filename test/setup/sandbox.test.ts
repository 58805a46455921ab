// `init --sandbox`, `uninit` and doctor's OS-enforced verdict, through the compiled executable: Claude
// Code's sandbox settings (what is added, what is kept, the round trip, dry-run), Codex's writable
// roots read and judged, Copilot's pattern-only line. The live proof is e2e/live/sandbox.live.ts.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, tempDir, writeFile, type Sandbox } from "../helpers";

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const settings = (sb: Sandbox) => join(sb.userHome, ".claude", "settings.json");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const bin = realpathSync(BIN);

/** A PATH folder that holds stand-ins for bwrap and socat, so the check for them passes on any machine. */
function toolsPath(): string {
  const dir = tempDir("tools-");
  for (const name of ["bwrap", "socat"]) writeFile(join(dir, name), "#!/bin/sh\nexit 0\n", 0o755);
  return `${dir}:${process.env.PATH ?? "/usr/bin:/bin"}`;
}

const PERSON = `{
  "theme": "dark",
  "sandbox": {
    "enabled": false,
    "excludedCommands": ["docker *"],
    "filesystem": {
      "denyWrite": ["~/secrets"]
    }
  }
}
`;

describe("init --sandbox (Claude Code)", () => {
  test("turns sandboxed Bash on and denies every protected place; the person's own sandbox settings stay", () => {
    const sb = sandbox();
    writeFile(settings(sb), PERSON, 0o600);
    const r = ah(sb, ["init", "--target", "claude", "--sandbox"], { PATH: toolsPath() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("claude: the gate is OS-enforced for Bash");
    const s = readJson(settings(sb));
    expect(s.theme).toBe("dark");
    expect(s.sandbox).toMatchObject({ enabled: true, allowUnsandboxedCommands: false, failIfUnavailable: true, excludedCommands: ["docker *"] });
    const deny: string[] = s.sandbox.filesystem.denyWrite;
    expect(deny[0]).toBe("~/secrets");
    for (const place of [sb.home, join(sb.userHome, ".claude", "settings.json"), join(sb.userHome, ".codex", "hooks.json"), join(sb.userHome, ".codex", "config.toml"), join(sb.userHome, ".copilot", "hooks"), bin]) {
      expect(deny).toContain(`/${place}`);
    }
    // inside the home: covered by the home's own entry, not listed again
    expect(deny).not.toContain(`/${join(sb.home, "conditions")}`);
    const record = readJson(join(sb.home, "state.json")).targets.claude.sandbox;
    expect(record.previous).toEqual({ enabled: false, allowUnsandboxedCommands: null, failIfUnavailable: null });
    expect(record.denyWrite).toEqual(deny.slice(1));
  });

  test("the bundle and linked profiles are denied too", () => {
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, "profiles", "team"), { recursive: true });
    const r = ah(sb, ["init", "--target", "claude", "--sandbox", "--bundle", bundle], { PATH: toolsPath() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readJson(settings(sb)).sandbox.filesystem.denyWrite).toContain(`/${bundle}`);
  });

  test("uninit gives back the file byte for byte (the person's sandbox settings included) and drops the record", () => {
    const sb = sandbox();
    writeFile(settings(sb), PERSON, 0o600);
    const env = { PATH: toolsPath() };
    expect(ah(sb, ["init", "--target", "claude", "--sandbox"], env).exitCode).toBe(0);
    expect(ah(sb, ["init", "--target", "claude", "--sandbox"], env).stdout).toContain("already set up"); // idempotent
    const r = ah(sb, ["uninit", "--target", "claude"], env);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("removed the sandbox settings init --sandbox added");
    expect(readFileSync(settings(sb), "utf8")).toBe(PERSON);
    expect(readJson(join(sb.home, "state.json")).targets.claude.sandbox).toBeUndefined();
  });

  test("uninit takes back only what init added: a switch the person set since, and their own entries, stay", () => {
    const sb = sandbox();
    const env = { PATH: toolsPath() };
    expect(ah(sb, ["init", "--target", "claude", "--sandbox"], env).exitCode).toBe(0);
    const s = readJson(settings(sb));
    s.sandbox.failIfUnavailable = false; // the person's own change after init
    s.sandbox.filesystem.denyWrite.push("~/mine");
    writeFile(settings(sb), JSON.stringify(s, null, 2), 0o600);
    expect(ah(sb, ["uninit", "--target", "claude"], env).exitCode).toBe(0);
    expect(readJson(settings(sb))).toEqual({ sandbox: { failIfUnavailable: false, filesystem: { denyWrite: ["~/mine"] } } });
  });

  test("init created the file: uninit removes it", () => {
    const sb = sandbox();
    const env = { PATH: toolsPath() };
    expect(ah(sb, ["init", "--target", "claude", "--sandbox", "--no-mcp"], env).exitCode).toBe(0);
    expect(ah(sb, ["uninit", "--target", "claude", "--no-mcp"], env).exitCode).toBe(0);
    expect(existsSync(settings(sb))).toBe(false);
  });

  test("--dry-run shows the sandbox settings and writes nothing", () => {
    const sb = sandbox();
    writeFile(settings(sb), PERSON, 0o600);
    const r = ah(sb, ["init", "--target", "claude", "--sandbox", "--dry-run"], { PATH: toolsPath() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('+    "allowUnsandboxedCommands": false,');
    expect(r.stdout).toContain(`"/${sb.home}"`);
    expect(readFileSync(settings(sb), "utf8")).toBe(PERSON);
    expect(existsSync(join(sb.home, "state.json"))).toBe(false);
  });

  test("refused with --scope project (exit 2) and, on Linux, without bubblewrap and socat: nothing written", () => {
    const sb = sandbox();
    const project = ah(sb, ["init", "--target", "claude", "--sandbox", "--scope", "project"], { PATH: toolsPath() });
    expect(project.exitCode).toBe(2);
    expect(project.stderr).toContain("--sandbox");
    expect(existsSync(join(sb.repo, ".claude"))).toBe(false);
    if (process.platform !== "linux") return;
    const empty = tempDir("nopath-");
    const r = ah(sb, ["init", "--target", "claude", "--sandbox"], { PATH: empty });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("needs bwrap and socat on PATH");
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(existsSync(settings(sb))).toBe(false);
    expect(existsSync(join(sb.home, "state.json"))).toBe(false);
  });
});

describe("doctor: is the gate OS-enforced?", () => {
  const lines = (out: string, target: string) => out.split("\n").filter((l) => l.includes(`${target}: `) && /OS-enforced|pattern-only/.test(l));

  test("claude: pattern-only until init --sandbox, then OS-enforced; a denied place taken out is named", () => {
    const sb = sandbox();
    const env = { PATH: toolsPath() };
    ah(sb, ["init", "--target", "claude"], env);
    expect(lines(ah(sb, ["doctor"], env).stdout, "claude").join("\n")).toContain("claude: pattern-only: sandbox.enabled is not true");
    ah(sb, ["init", "--target", "claude", "--sandbox"], env);
    expect(lines(ah(sb, ["doctor"], env).stdout, "claude").join("\n")).toContain("claude: the gate is OS-enforced for Bash");
    const s = readJson(settings(sb));
    s.sandbox.filesystem.denyWrite = s.sandbox.filesystem.denyWrite.filter((e: string) => e !== `/${sb.home}`);
    writeFile(settings(sb), JSON.stringify(s, null, 2), 0o600);
    expect(lines(ah(sb, ["doctor"], env).stdout, "claude").join("\n")).toContain(`does not cover ${sb.home}`);
    s.sandbox.allowUnsandboxedCommands = true;
    writeFile(settings(sb), JSON.stringify(s, null, 2), 0o600);
    expect(lines(ah(sb, ["doctor"], env).stdout, "claude").join("\n")).toContain("allowUnsandboxedCommands is not false");
  });

  test("codex: a protected place in /tmp or a writable root is pattern-only; excluded, it is OS-enforced", () => {
    const sb = sandbox(); // its homes lie under the test run's folder in /tmp (and TMPDIR)
    ah(sb, ["init", "--target", "codex"]);
    const config = join(sb.userHome, ".codex", "config.toml");
    const base = readFileSync(config, "utf8");
    let out = lines(ah(sb, ["doctor"]).stdout, "codex").join("\n");
    expect(out).toContain(`codex: pattern-only: ${sb.home} lies in /tmp`);
    writeFile(config, `${base}\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n`);
    out = lines(ah(sb, ["doctor"]).stdout, "codex").join("\n");
    expect(out).toContain("codex: the gate is OS-enforced in Codex's sandbox");
    writeFile(config, `sandbox_workspace_write.writable_roots = [\n  "${sb.root}",\n]\n${base}\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n`);
    out = lines(ah(sb, ["doctor"]).stdout, "codex").join("\n");
    expect(out).toContain(`${sb.home} lies in a writable root (sandbox_workspace_write.writable_roots)`);
    writeFile(config, `sandbox_mode = "danger-full-access"\n${base}`);
    expect(lines(ah(sb, ["doctor"]).stdout, "codex").join("\n")).toContain("sandbox_mode is danger-full-access");
  });

  test("codex: a home inside the workspace is named", () => {
    const sb = sandbox();
    const env = { AGENTIHOOKS_HOME: join(sb.repo, ".ahome") };
    mkdirSync(join(sb.repo, ".ahome", "conditions"), { recursive: true });
    ah(sb, ["init", "--target", "codex"], env);
    writeFile(join(sb.userHome, ".codex", "config.toml"), `${readFileSync(join(sb.userHome, ".codex", "config.toml"), "utf8")}\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n`);
    expect(lines(ah(sb, ["doctor"], env).stdout, "codex").join("\n")).toContain(`${join(sb.repo, ".ahome")} lies in this workspace (${sb.repo})`);
  });

  test("copilot: pattern-only, with the reason", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    expect(lines(ah(sb, ["doctor"]).stdout, "copilot")).toEqual([expect.stringContaining("copilot: pattern-only: Copilot CLI runs its shell tool without a sandbox")]);
  });

  test("init --sandbox --target codex writes nothing of Codex's sandbox and says what it found", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "codex", "--sandbox"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(`codex: pattern-only: ${sb.home} lies in /tmp`);
    expect(readFileSync(join(sb.userHome, ".codex", "config.toml"), "utf8")).not.toMatch(/sandbox_mode|sandbox_workspace_write/);
  });
});
