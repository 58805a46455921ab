// What `init` registers for Claude Code by its version (claude --version of the claude on PATH, or the
// one named with --claude): PreSkillShellCommand from 2.1.332, "onFailure": "block" on the guard
// events from 2.1.295; what `doctor` says after an upgrade; what `uninit` takes back. Through the
// compiled executable, with a stand-in `claude` that prints a version.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, readJson } from "./fixtures";

/** A folder holding a `claude` that answers --version with `said` (and exits `exit`). */
function fakeClaude(sb: Sandbox, folder: string, said: string, exit = 0): string {
  const dir = join(sb.root, folder);
  writeFile(join(dir, "claude"), `#!/bin/sh\n[ "$1" = --version ] || exit 9\necho '${said}'\nexit ${exit}\n`, 0o755);
  return dir;
}

/** The sandbox's env with only system folders and `dir` on PATH (no claude the machine may have). */
const withPath = (sb: Sandbox, dir?: string) => ({ ...sb.env, PATH: `${dir ? `${dir}:` : ""}/usr/bin:/bin` });
const init = (sb: Sandbox, env: Record<string, string>, extra: string[] = []) => run(["init", "--target", "claude", "--no-mcp", ...extra], { env, cwd: sb.repo });
const doctor = (sb: Sandbox, env: Record<string, string>) => run(["doctor", "--json"], { env, cwd: sb.repo });

/** Each event ours is registered on, with its onFailure ("-" when absent). */
function registered(sb: Sandbox): Record<string, string> {
  const hooks = readJson(paths(sb).claude).hooks as Record<string, { hooks: { command: string; onFailure?: string }[] }[]>;
  const out: Record<string, string> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    for (const h of groups.flatMap((g) => g.hooks)) if (h.command === BIN) out[event] = h.onFailure ?? "-";
  }
  return out;
}

const GUARDS = ["PreToolUse", "PermissionRequest"];
const OTHERS = ["PostToolUse", "PostToolUseFailure", "SessionStart", "SessionEnd", "UserPromptSubmit", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "Notification"];

describe("init reads Claude Code's version", () => {
  test("2.1.332 on PATH: PreSkillShellCommand registered, the guard events (only) refuse when agentihooks fails", () => {
    const sb = sandbox();
    const dir = fakeClaude(sb, "bin", "2.1.332 (Claude Code)");
    const r = init(sb, withPath(sb, dir));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain(`claude: Claude Code 2.1.332 (${join(dir, "claude")}): PreSkillShellCommand registered`);
    const reg = registered(sb);
    expect(reg.PreSkillShellCommand).toBe("block");
    for (const e of GUARDS) expect(reg[e], e).toBe("block");
    for (const e of OTHERS) expect(reg[e], e).toBe("-");
  });

  test("2.1.300: onFailure on the guard events, no PreSkillShellCommand", () => {
    const sb = sandbox();
    const r = init(sb, withPath(sb, fakeClaude(sb, "bin", "2.1.300 (Claude Code)")));
    expect(r.stdout).toContain("no PreSkillShellCommand (needs 2.1.332)");
    const reg = registered(sb);
    expect(reg.PreSkillShellCommand).toBeUndefined();
    for (const e of GUARDS) expect(reg[e], e).toBe("block");
  });

  test("2.1.200: neither; calls proceed when agentihooks is missing, and init says so", () => {
    const sb = sandbox();
    const r = init(sb, withPath(sb, fakeClaude(sb, "bin", "2.1.200 (Claude Code)")));
    expect(r.stdout).toContain('calls proceed when agentihooks is missing ("onFailure" needs 2.1.295)');
    const reg = registered(sb);
    expect(reg.PreSkillShellCommand).toBeUndefined();
    expect(Object.values(reg).every((v) => v === "-")).toBe(true);
    expect(Object.keys(reg).sort()).toEqual([...GUARDS, ...OTHERS].sort());
  });

  test("no claude on PATH, or one whose version cannot be read: neither, and why", () => {
    const sb = sandbox();
    const none = init(sb, withPath(sb));
    expect(none.exitCode).toBe(0);
    expect(none.stdout).toContain("claude: Claude Code's version could not be read (no claude on PATH (name one with --claude PATH))");
    expect(registered(sb).PreSkillShellCommand).toBeUndefined();
    expect(registered(sb).PreToolUse).toBe("-");
    expect(init(sb, withPath(sb), ["--scope", "project"]).exitCode).toBe(0);
    const infos = doctor(sb, withPath(sb)).json.checks.filter((c: { text: string }) => c.text.includes("version could not be read"));
    expect(infos.map((c: { level: string }) => c.level)).toEqual(["info"]); // said once for both scopes

    const broken = fakeClaude(sb, "broken", "no version here", 1);
    const bad = init(sb, withPath(sb, broken));
    expect(bad.stdout).toContain(`(${join(broken, "claude")} --version exited 1: "no version here")`);
    expect(registered(sb).PreToolUse).toBe("-");
  });

  test("--claude PATH names the one to read; a path that is no executable is a usage error that writes nothing", () => {
    const sb = sandbox();
    const dir = fakeClaude(sb, "elsewhere", "2.1.332 (Claude Code)");
    const r = init(sb, withPath(sb), ["--claude", join(dir, "claude")]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(registered(sb).PreSkillShellCommand).toBe("block");

    const sb2 = sandbox();
    const bad = init(sb2, withPath(sb2), ["--claude", join(sb2.root, "nope", "claude")]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toContain(`--claude ${join(sb2.root, "nope", "claude")}: no executable file there`);
    expect(existsSync(paths(sb2).claude)).toBe(false);
    const other = run(["init", "--target", "codex", "--claude", join(dir, "claude")], { env: withPath(sb2), cwd: sb2.repo });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain("--claude names the Claude Code to read the version of: it needs the claude target");
  });

  test("--dry-run names what the version allows and writes nothing", () => {
    const sb = sandbox();
    const r = init(sb, withPath(sb, fakeClaude(sb, "bin", "2.1.332 (Claude Code)")), ["--dry-run"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('"PreSkillShellCommand"');
    expect(r.stdout).toContain('"onFailure": "block"');
    expect(r.stdout).toContain("claude: Claude Code 2.1.332");
    expect(existsSync(paths(sb).claude)).toBe(false);
  });
});

describe("an upgrade, a downgrade, and uninit", () => {
  test("doctor says when the installed Claude Code supports what the registration lacks; init then adds it", () => {
    const sb = sandbox();
    const old = fakeClaude(sb, "old", "2.1.200 (Claude Code)");
    const now = fakeClaude(sb, "new", "2.1.332 (Claude Code)");
    init(sb, withPath(sb, old));
    const before = doctor(sb, withPath(sb, old)).json.checks;
    expect(before.find((c: { text: string }) => c.text.includes("registers what Claude Code 2.1.200 supports"))?.level).toBe("ok");

    const after = doctor(sb, withPath(sb, now)).json.checks.find((c: { text: string }) => c.text.includes("supports what"));
    expect(after.level).toBe("warn");
    expect(after.text).toContain(`claude: Claude Code 2.1.332 (${join(now, "claude")}) supports what ${paths(sb).claude} was registered without: PreSkillShellCommand`);
    expect(after.text).toContain('"onFailure": "block" on PreToolUse, PermissionRequest');
    expect(after.fix).toBe("run agentihooks init --target claude");

    expect(init(sb, withPath(sb, now)).exitCode).toBe(0);
    expect(registered(sb).PreSkillShellCommand).toBe("block");
    const fixed = doctor(sb, withPath(sb, now)).json.checks;
    expect(fixed.find((c: { text: string }) => c.text.includes("supports what"))).toBeUndefined();
    expect(fixed.find((c: { text: string }) => c.text.includes("registers what Claude Code 2.1.332 supports"))?.level).toBe("ok");
    expect(fixed.find((c: { text: string }) => c.text === `claude: ${paths(sb).claude} calls this executable on 13 events`)?.level).toBe("ok");

    // back to an older Claude: init takes PreSkillShellCommand and onFailure away again
    init(sb, withPath(sb, old));
    expect(registered(sb).PreSkillShellCommand).toBeUndefined();
    expect(registered(sb).PreToolUse).toBe("-");
  });

  test("uninit removes PreSkillShellCommand with the rest, restoring the file init found", () => {
    const sb = sandbox();
    const dir = fakeClaude(sb, "bin", "2.1.332 (Claude Code)");
    const mine = '{\n  "model": "opus",\n  "hooks": {\n    "PreSkillShellCommand": [{"hooks": [{"type": "command", "command": "/usr/local/bin/audit.sh"}]}]\n  }\n}\n';
    writeFile(paths(sb).claude, mine, 0o600);
    init(sb, withPath(sb, dir));
    expect(readJson(paths(sb).claude).hooks.PreSkillShellCommand).toHaveLength(2);
    const un = run(["uninit", "--target", "claude", "--no-mcp"], { env: withPath(sb, dir), cwd: sb.repo });
    expect(un.exitCode, un.stderr).toBe(0);
    expect(readFileSync(paths(sb).claude, "utf8")).toBe(mine);
  });
});
