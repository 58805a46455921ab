// `agentihooks init` / `uninit` on temporary HOME directories, through the compiled executable.
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import {
  CLAUDE_EXISTING, CODEX_EXISTING, COPILOT_EXISTING, paths, projectPaths, readJson, replayClaude, replayCodex, replayCopilot, snapshot,
} from "./fixtures";

const ah = (sb: Sandbox, args: string[], cwd = sb.repo) => run(args, { env: sb.env, cwd });

function withExisting(sb: Sandbox) {
  const p = paths(sb);
  writeFile(p.claude, CLAUDE_EXISTING, 0o600);
  writeFile(p.codex, CODEX_EXISTING);
  writeFile(p.copilot, COPILOT_EXISTING);
  return p;
}

/** The Done-when check: each harness's configured command denies a force push and lets `git status` by. */
function expectGuarded(sb: Sandbox, p: { claude: string; codex: string; copilot: string }) {
  const replays = { claude: replayClaude, codex: replayCodex, copilot: replayCopilot } as const;
  for (const [target, replay] of Object.entries(replays)) {
    const cfg = readJson(p[target as keyof typeof p]);
    const denied = replay(cfg, "git push --force origin feature", sb);
    expect({ target, exit: denied.exitCode }).toEqual({ target, exit: 2 });
    expect(denied.stderr).toContain("force push");
    const allowed = replay(cfg, "git status", sb);
    expect({ target, exit: allowed.exitCode, stderr: allowed.stderr }).toEqual({ target, exit: 0, stderr: "" });
  }
}

describe("init --target all, then a replayed PreToolUse through each configured command", () => {
  test("fresh configs: git push --force is denied by the built-in default profile", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "all"]);
    expect(r.exitCode).toBe(0);
    const p = paths(sb);
    for (const f of Object.values(p)) expect(existsSync(f)).toBe(true);
    expect(readJson(join(sb.home, "state.json")).targets.claude.profiles).toEqual(["default"]);
    expectGuarded(sb, p);
  });

  test("configs that already hold other hooks, permissions and env: still denied, theirs kept", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    expect(ah(sb, ["init", "--target", "all"]).exitCode).toBe(0);
    const claude = readJson(p.claude);
    expect(claude.permissions).toEqual({ allow: ["Bash(npm test)", "Read(*)"], deny: ["Bash(rm -rf /)"] });
    expect(claude.env).toEqual({ SECRET_TOKEN: "abc" });
    expect(claude.model).toBe("opus");
    expect(claude.hooks.PreToolUse[0]).toEqual({ matcher: "Bash", hooks: [{ type: "command", command: "/usr/local/bin/credential-guard.sh", timeout: 5 }] });
    expect(claude.hooks.PreToolUse).toHaveLength(2);
    const text = readFileSync(p.claude, "utf8");
    expect(text).toStartWith(CLAUDE_EXISTING.slice(0, CLAUDE_EXISTING.indexOf('"hooks"'))); // members before hooks: same bytes
    expect(text).toEndWith('\n    "model": "opus"\n}\n');
    expect(text).toContain('\n        "PreToolUse": [\n            {\n                "matcher": "Bash",'); // hooks in the file's 4-space indent
    expect(statSync(p.claude).mode & 0o777).toBe(0o600); // env can hold secrets: the mode is kept
    expect(readJson(p.codex).hooks.PostToolUse[0].hooks[0].command).toBe("python3 ~/.codex/log.py");
    expect(readJson(p.copilot).hooks.preToolUse[0]).toEqual({ type: "command", bash: "./audit.sh", timeoutSec: 5 });
    expectGuarded(sb, p);
  });
});

test("the built-in default profile also keeps every harness away from .env files", () => {
  const sb = sandbox();
  const p = paths(sb);
  ah(sb, ["init"]);
  for (const [target, replay] of [["claude", replayClaude], ["codex", replayCodex], ["copilot", replayCopilot]] as const) {
    const r = replay(readJson(p[target]), "cat .env", sb);
    expect({ target, exit: r.exitCode }).toEqual({ target, exit: 2 });
    expect(r.stderr).toContain(".env");
  }
  const claude = readJson(p.claude).hooks.PreToolUse[0].hooks[0];
  const read = { session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(sb.repo, ".env") }, tool_use_id: "t" };
  const r = Bun.spawnSync([claude.command, ...claude.args], { env: sb.env, cwd: sb.repo, stdin: new Blob([JSON.stringify(read)]) });
  expect(r.exitCode).toBe(2);
});

describe("what init writes", () => {
  test("one handler per event, absolute path, exec form, timeouts above CONDITIONS_TIMEOUT_SEC", () => {
    const sb = sandbox();
    sb.env.CONDITIONS_TIMEOUT_SEC = "15";
    ah(sb, ["init"]);
    const p = paths(sb);
    const claude = readJson(p.claude).hooks;
    expect(Object.keys(claude)).toHaveLength(12);
    expect(claude.SessionStart[0].hooks[0]).toEqual({ type: "command", command: BIN, args: ["hook", "--target", "claude", "--event", "SessionStart"], timeout: 35 });
    const codex = readJson(p.codex).hooks;
    expect(Object.keys(codex).sort()).toEqual(["PermissionRequest", "PostToolUse", "PreCompact", "PreToolUse", "SessionEnd", "SessionStart", "Stop", "SubagentStart", "SubagentStop", "UserPromptSubmit"]);
    expect(codex.Stop[0].hooks[0]).toEqual({ type: "command", command: `${BIN} hook --target codex --event Stop`, timeout: 35 });
    const copilot = readJson(p.copilot);
    expect(copilot.version).toBe(1);
    expect(copilot.hooks.agentStop[0]).toMatchObject({ type: "command", exec: BIN, args: ["hook", "--target", "copilot", "--event", "agentStop"], timeoutSec: 35 });
  });

  test("idempotent: a second run changes no byte and makes no backup of its own output", () => {
    const sb = sandbox();
    withExisting(sb);
    ah(sb, ["init"]);
    const first = snapshot(sb.userHome);
    const again = ah(sb, ["init"]);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toContain("nothing changed");
    expect(snapshot(sb.userHome)).toEqual(first);
  });

  test("a backup of each changed file, once, holding the original bytes", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    ah(sb, ["init"]);
    expect(readFileSync(`${p.claude}.agentihooks.bak`, "utf8")).toBe(CLAUDE_EXISTING);
    expect(readFileSync(`${p.codex}.agentihooks.bak`, "utf8")).toBe(CODEX_EXISTING);
    expect(readFileSync(`${p.copilot}.agentihooks.bak`, "utf8")).toBe(COPILOT_EXISTING);
    sb.env.CONDITIONS_TIMEOUT_SEC = "30"; // changes every handler: the backup must stay the original
    ah(sb, ["init"]);
    expect(readJson(p.claude).hooks.Stop[0].hooks[0].timeout).toBe(50);
    expect(readFileSync(`${p.claude}.agentihooks.bak`, "utf8")).toBe(CLAUDE_EXISTING);
  });

  test("a moved executable: the old handler is replaced in place, not duplicated", () => {
    const sb = sandbox();
    const p = paths(sb);
    const old = { type: "command", command: "/opt/old/agentihooks", args: ["hook", "--target", "claude", "--event", "PreToolUse"], timeout: 30 };
    writeFile(p.claude, JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [old, { type: "command", command: "other" }] }] } }, null, 2));
    ah(sb, ["init", "--target", "claude"]);
    const groups = readJson(p.claude).hooks.PreToolUse;
    expect(groups).toHaveLength(1);
    expect(groups[0].matcher).toBe("Bash");
    expect(groups[0].hooks.map((h: any) => h.command)).toEqual([BIN, "other"]);
  });

  test("--dry-run prints a unified diff and writes nothing", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    const before = snapshot(sb.root);
    const r = ah(sb, ["init", "--dry-run"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`--- ${p.claude}\n+++ ${p.claude}\n@@ `);
    expect(r.stdout).toMatch(new RegExp(`^\\+\\s+"command": "${BIN}",$`, "m"));
    expect(r.stdout).toContain("--- /dev/null\n+++ ");
    expect(r.stdout).not.toMatch(/^[-+].*(permissions|allow|SECRET_TOKEN|model)/m); // outside "hooks": untouched
    expect(snapshot(sb.root)).toEqual(before);
  });
});

describe("uninit removes exactly what init added", () => {
  test("fresh: the files init created are removed, HOME is as before", () => {
    const sb = sandbox();
    const before = snapshot(sb.userHome);
    ah(sb, ["init"]);
    const r = ah(sb, ["uninit"]);
    expect(r.exitCode).toBe(0);
    expect(snapshot(sb.userHome)).toEqual(before);
    expect(existsSync(join(sb.userHome, ".copilot", "hooks"))).toBe(false); // init made it
    expect(existsSync(join(sb.userHome, ".copilot"))).toBe(true); // the person had it
  });

  test("existing configs come back byte-identical, backups gone", () => {
    const sb = sandbox();
    withExisting(sb);
    const before = snapshot(sb.userHome);
    ah(sb, ["init"]);
    sb.env.CONDITIONS_TIMEOUT_SEC = "12";
    ah(sb, ["init"]);
    expect(ah(sb, ["uninit", "--target", "all"]).exitCode).toBe(0);
    expect(snapshot(sb.userHome)).toEqual(before);
    expect(statSync(paths(sb).claude).mode & 0o777).toBe(0o600);
  });

  test("edits made after init are kept; only our handlers go", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    ah(sb, ["init", "--target", "claude"]);
    const cfg = readJson(p.claude);
    cfg.env.NEW = "1";
    writeFileSync(p.claude, JSON.stringify(cfg, null, 4));
    ah(sb, ["uninit", "--target", "claude"]);
    const after = readJson(p.claude);
    expect(after.env).toEqual({ SECRET_TOKEN: "abc", NEW: "1" });
    expect(JSON.stringify(after)).not.toContain("agentihooks");
    expect(after.hooks.PreToolUse).toHaveLength(1);
    expect(existsSync(`${p.claude}.agentihooks.bak`)).toBe(true); // not restored, so still there
  });

  test("only the named target", () => {
    const sb = sandbox();
    ah(sb, ["init"]);
    ah(sb, ["uninit", "--target", "codex"]);
    const p = paths(sb);
    expect([existsSync(p.claude), existsSync(p.codex), existsSync(p.copilot)]).toEqual([true, false, true]);
  });
});

describe("bad input", () => {
  test.each([
    ["a trailing comma", '{\n  "a": 1,\n  "b": [1, 2,],\n}\n', 3, "trailing comma"],
    ["a comment", '{\n  // mine\n  "a": 1\n}\n', 2, "comments are not allowed"],
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}\n', 3, 'expected "," or "}"'],
    ["truncated", '{\n  "a": {\n', 3, "unexpected end of file"],
    ["empty", "", 1, "empty file"],
  ])("invalid JSON (%s) is never overwritten: file:line: reason", (_name, text, line, reason) => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.codex, text);
    const r = ah(sb, ["init", "--target", "all"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toStartWith(`agentihooks: ${p.codex}:${line}: `);
    expect(r.stderr).toContain(reason);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(p.codex, "utf8")).toBe(text);
    expect(existsSync(p.claude)).toBe(false); // planning stops everything before any write
    expect(existsSync(join(sb.home, "state.json"))).toBe(false);
  });

  test('"hooks" of the wrong type names the file and line', () => {
    const sb = sandbox();
    writeFile(paths(sb).claude, '{\n  "model": "x",\n  "hooks": []\n}\n');
    const r = ah(sb, ["init", "--target", "claude"]);
    expect(r.stderr.trim()).toBe(`agentihooks: ${paths(sb).claude}:3: "hooks" must be an object`);
  });

  test("unknown profile and missing bundle are named", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--profile", "default,nosuch"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('unknown profile "nosuch"');
    const missing = join(sb.root, "no-bundle");
    const b = ah(sb, ["init", "--bundle", missing]);
    expect(b.exitCode).toBe(1);
    expect(b.stderr.trim()).toBe(`agentihooks: bundle directory not found: ${missing}`);
    expect(ah(sb, ["init", "--target", "vim"]).stderr).toContain('unknown target "vim"');
    expect(existsSync(paths(sb).claude)).toBe(false);
  });
});

describe("bundles and profiles recorded by init", () => {
  test("--bundle and a bundle profile: the chain per target lands in state.json", () => {
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    writeFile(join(bundle, "profiles", "team", ".claude", "conditions", "pre-bash-no_curl.sh"), "echo no >&2; exit 2\n", 0o755);
    expect(ah(sb, ["init", "--target", "claude", "--bundle", bundle, "--profile", "default,team"]).exitCode).toBe(0);
    ah(sb, ["init", "--target", "codex", "--bundle", bundle]);
    const state = readJson(join(sb.home, "state.json"));
    expect(state.bundle.path).toBe(bundle);
    expect(state.targets.claude.profiles).toEqual(["default", "team"]);
    expect(state.targets.codex.profiles).toEqual(["default"]);
    const claude = readJson(paths(sb).claude);
    expect(replayClaude(claude, "curl example.com", sb).exitCode).toBe(2);
    ah(sb, ["init", "--target", "claude"]); // no --profile: the recorded chain stays
    expect(readJson(join(sb.home, "state.json")).targets.claude.profiles).toEqual(["default", "team"]);
  });
});

describe("--scope project", () => {
  test("writes the repository's configs; Copilot's is a guarded bash command; uninit restores", () => {
    const sb = sandbox();
    const p = projectPaths(sb);
    writeFile(join(sb.repo, ".github", "workflows", "ci.yml"), "on: push\n");
    const before = snapshot(sb.repo);
    const userBefore = snapshot(sb.userHome);
    expect(ah(sb, ["init", "--scope", "project"], join(sb.repo)).exitCode).toBe(0);
    for (const f of Object.values(p)) expect(existsSync(f)).toBe(true);
    // Only Codex's trust of the project's hooks goes to HOME: Codex reads hook trust from the user's config.toml
    const userAfter = snapshot(sb.userHome);
    const trust = join(sb.userHome, ".codex", "config.toml");
    expect(Object.keys(userAfter).filter((k) => userAfter[k] !== userBefore[k])).toEqual([trust]);
    expect(userAfter[trust]).toContain(`[hooks.state.${JSON.stringify(`${p.codex}:pre_tool_use:0:0`)}]`);
    const copilot = readJson(p.copilot);
    expect(copilot.hooks.preToolUse[0].exec).toBeUndefined();
    expectGuarded(sb, p);
    // Where the executable is missing (the cloud agent, a teammate) the hook says nothing: exit 0.
    const moved = JSON.parse(JSON.stringify(copilot).replaceAll(BIN, "/nonexistent/agentihooks"));
    expect(replayCopilot(moved, "git push --force", sb).exitCode).toBe(0);
    ah(sb, ["uninit", "--scope", "project"]);
    expect(snapshot(sb.repo)).toEqual(before);
    expect(snapshot(join(sb.userHome, ".codex"))).toEqual({}); // the trust went with the hooks (bun's cache of the guards aside)
  });
});

test("a path with a space and a quote is quoted for Codex's login shell", () => {
  const sb = sandbox();
  const dir = join(sb.root, "my tools", "it's");
  const exe = join(dir, "agentihooks");
  mkdirSync(dir, { recursive: true });
  copyFileSync(BIN, exe);
  chmodSync(exe, 0o755);
  const r = run(["init"], { env: { ...sb.env, AGENTIHOOKS_SELF: exe }, cwd: sb.repo });
  expect(r.exitCode).toBe(0);
  const codex = readJson(paths(sb).codex);
  expect(codex.hooks.PreToolUse[0].hooks[0].command).toBe(`'${exe.replace("'", "'\\''")}' hook --target codex --event PreToolUse`);
  expect(replayCodex(codex, "git push -f", sb).exitCode).toBe(2);
  expect(replayCopilot(readJson(paths(sb).copilot), "git push -f", sb).exitCode).toBe(2);
  expect(run(["uninit"], { env: { ...sb.env, AGENTIHOOKS_SELF: exe }, cwd: sb.repo }).exitCode).toBe(0);
  expect(existsSync(paths(sb).codex)).toBe(false);
});
