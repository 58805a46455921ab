// `init --managed` / `uninit --managed` through the compiled executable, with the machine root moved
// into a temporary folder (AGENTIHOOKS_MANAGED_PREFIX): each harness's managed file, readable by every
// user and writable by root alone; the round trip leaves the machine as it was; an administrator's
// file that is not ours is kept (or, for requirements.toml, refused with nothing written); non-root
// and the person's own options are refused. Needs root; skipped otherwise.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN, claudeBash, hook, run, sandbox, tempDir, writeFile } from "../helpers";

const isRoot = process.getuid?.() === 0;
const mode = (p: string) => statSync(p).mode & 0o777;

function machine() {
  const s = sandbox();
  const root = join(tempDir("ah-machine-"), "m");
  mkdirSync(root, { mode: 0o755 });
  const env = { ...s.env, AGENTIHOOKS_MANAGED_PREFIX: root };
  const at = (p: string) => join(root, p);
  return { s, root, env, at };
}

/** Every path under `dir`, relative, sorted. */
function tree(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return [p.slice(base.length + 1), ...(e.isDirectory() ? tree(p, base) : [])];
  }).sort();
}

describe.skipIf(!isRoot)("init --managed / uninit --managed", () => {
  test("writes each harness's managed file and the tier, readable by all, root-only writable; the hook calls this executable", () => {
    const { root, env, at } = machine();
    const r = run(["init", "--managed", "--managed-only"], { env });
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    const claude = JSON.parse(readFileSync(at("etc/claude-code/managed-settings.d/agentihooks.json"), "utf8"));
    expect(claude.allowManagedHooksOnly).toBe(true);
    expect(claude.hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: "command", command: BIN, args: ["hook", "--target", "claude", "--event", "PreToolUse"] });
    const codex = Bun.TOML.parse(readFileSync(at("etc/codex/requirements.toml"), "utf8")) as any;
    expect(codex.allow_managed_hooks_only).toBe(true);
    expect(codex.hooks.managed_dir).toBe(at("etc/agentihooks"));
    expect(codex.hooks.PreToolUse[0].hooks[0].command).toBe(`${BIN} hook --target codex --event PreToolUse`);
    const copilot = JSON.parse(readFileSync(at("etc/github-copilot/policy.d/agentihooks.json"), "utf8"));
    expect(copilot.hooks.preToolUse[0]).toMatchObject({ exec: BIN, args: ["hook", "--target", "copilot", "--event", "preToolUse"] });
    const gemini = JSON.parse(readFileSync(at("etc/gemini-cli/settings.json"), "utf8"));
    expect(gemini.hooks.BeforeTool[0].hooks[0].command).toContain("--target gemini --event BeforeTool");
    const qwen = JSON.parse(readFileSync(at("etc/qwen-code/settings.json"), "utf8"));
    expect(qwen.hooks.PreToolUse[0].hooks[0].command).toContain("--target qwen --event PreToolUse");
    for (const f of ["etc/claude-code/managed-settings.d/agentihooks.json", "etc/codex/requirements.toml", "etc/github-copilot/policy.d/agentihooks.json", "etc/agentihooks/installed.json"]) {
      expect(mode(at(f))).toBe(0o644);
      expect(statSync(at(f)).uid).toBe(0);
    }
    for (const d of ["etc", "etc/claude-code/managed-settings.d", "etc/agentihooks", "etc/agentihooks/conditions"]) expect(mode(at(d))).toBe(0o755);
    // the tier it made passes the hook's checks: an empty tier denies nothing
    const s = sandbox();
    expect(hook(claudeBash("ls", s.repo), { env: { ...s.env, AGENTIHOOKS_MANAGED_DIR: at("etc/agentihooks") }, target: "claude" }).exitCode).toBe(0);
    expect(root).toBeTruthy();
  });

  test("doctor shows the tier, what it pins and each managed registration; a refused tier is a failure with root's fix", () => {
    const { env, at } = machine();
    expect(run(["init", "--managed", "--target", "claude,codex,copilot", "--managed-only"], { env }).exitCode).toBe(0);
    writeFile(at("etc/agentihooks/conditions/pre-bash-pinned.rules.toml"), "version = 1\n");
    const denv = { ...env, AGENTIHOOKS_MANAGED_DIR: at("etc/agentihooks") };
    const d = run(["doctor"], { env: denv });
    expect(d.stdout).toContain(`claude: the managed registration ${at("etc/claude-code/managed-settings.d/agentihooks.json")} calls agentihooks (managed hooks only)`);
    expect(d.stdout).toContain(`codex: the managed registration ${at("etc/codex/requirements.toml")} calls agentihooks (managed hooks only)`);
    expect(d.stdout).toContain(`managed tier ${at("etc/agentihooks")} (AGENTIHOOKS_MANAGED_DIR) pins 1 condition: pre-bash-pinned.rules.toml [managed]`);
    expect(d.stdout).toContain(`copilot: the managed registration ${at("etc/github-copilot/policy.d/agentihooks.json")} calls agentihooks`);
    expect(d.stdout).toContain(`copilot: ${at("etc/github-copilot/managed-settings.json")} lets only managed hooks run (allowManagedHooksOnly)`);
    expect(d.stdout).not.toContain("no harness config calls agentihooks");
    chmodSync(at("etc/agentihooks"), 0o775);
    const bad = run(["doctor"], { env: denv });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toContain(`fix: sudo chmod go-w ${at("etc/agentihooks")}`);
  });

  test("the Claude drop-in registers what the installed Claude Code supports: onFailure block on guard events, PreSkillShellCommand", () => {
    const { env, at } = machine();
    const claude = writeFile(join(tempDir("ah-claude-"), "claude"), "#!/bin/sh\n[ \"$1\" = --version ] || exit 9\necho '2.1.332 (Claude Code)'\n", 0o755);
    const r = run(["init", "--managed", "--target", "claude", "--claude", claude], { env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("claude: Claude Code 2.1.332");
    const hooks = JSON.parse(readFileSync(at("etc/claude-code/managed-settings.d/agentihooks.json"), "utf8")).hooks;
    expect(hooks.PreToolUse[0].hooks[0].onFailure).toBe("block");
    expect(hooks.PreSkillShellCommand[0].hooks[0].args).toEqual(["hook", "--target", "claude", "--event", "PreSkillShellCommand"]);
    expect(hooks.PostToolUse[0].hooks[0].onFailure).toBeUndefined();
  });

  test("Copilot's switch: --managed-only writes managed-settings.json when absent, init without it takes it back; an administrator's own is refused", () => {
    const { root, env, at } = machine();
    const settings = at("etc/github-copilot/managed-settings.json");
    expect(run(["init", "--managed", "--target", "copilot", "--managed-only"], { env }).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(settings, "utf8"))).toEqual({ allowManagedHooksOnly: true });
    const off = run(["init", "--managed", "--target", "copilot"], { env });
    expect(off.stdout).toContain(`copilot: removed ${settings}`);
    expect(existsSync(settings)).toBe(false);
    writeFile(settings, `{"model": "theirs"}\n`);
    const before = tree(root);
    const r = run(["init", "--managed", "--target", "copilot", "--managed-only"], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("managed-settings.json exists and was not written by agentihooks");
    expect(tree(root)).toEqual(before);
    expect(run(["uninit", "--managed"], { env }).exitCode).toBe(0);
    expect(readFileSync(settings, "utf8")).toBe(`{"model": "theirs"}\n`);
  });

  test("the round trip: uninit --managed removes exactly what init wrote, and a second init changes nothing", () => {
    const { root, env } = machine();
    expect(run(["init", "--managed"], { env }).exitCode).toBe(0);
    const again = run(["init", "--managed"], { env });
    expect(again.stdout).toContain("already set up");
    const u = run(["uninit", "--managed"], { env });
    expect(u.exitCode).toBe(0);
    expect(u.stdout).toContain("claude: removed");
    expect(tree(root)).toEqual([]);
  });

  test("uninit --managed --target claude removes Claude's file and the folders made for it; the rest stays until a full uninit", () => {
    const { root, env } = machine();
    expect(run(["init", "--managed", "--target", "claude,codex"], { env }).exitCode).toBe(0);
    expect(run(["uninit", "--managed", "--target", "claude"], { env }).exitCode).toBe(0);
    expect(tree(root)).toEqual(["etc", "etc/agentihooks", "etc/agentihooks/conditions", "etc/agentihooks/installed.json", "etc/codex", "etc/codex/requirements.toml"]);
    expect(run(["uninit", "--managed"], { env }).exitCode).toBe(0);
    expect(tree(root)).toEqual([]);
  });

  test("an administrator's own settings are kept: Gemini's system settings keep their keys; the tier's conditions stay", () => {
    const { root, env, at } = machine();
    writeFile(at("etc/gemini-cli/settings.json"), `{"general": {"vimMode": true}}\n`);
    chmodSync(at("etc"), 0o755);
    chmodSync(at("etc/gemini-cli"), 0o755);
    expect(run(["init", "--managed", "--target", "gemini,claude"], { env }).exitCode).toBe(0);
    writeFile(at("etc/agentihooks/conditions/pre-bash-admin.rules.toml"), "version = 1\n");
    const u = run(["uninit", "--managed"], { env });
    expect(u.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(at("etc/gemini-cli/settings.json"), "utf8"))).toEqual({ general: { vimMode: true } });
    expect(u.stdout).toContain(`kept ${at("etc/agentihooks/conditions")}: it is not empty`);
    expect(tree(root)).toEqual(["etc", "etc/agentihooks", "etc/agentihooks/conditions", "etc/agentihooks/conditions/pre-bash-admin.rules.toml", "etc/gemini-cli", "etc/gemini-cli/settings.json"]);
  });

  test("a requirements.toml that is not ours: refused in one line, and nothing at all is written", () => {
    const { root, env, at } = machine();
    writeFile(at("etc/codex/requirements.toml"), 'allowed_approval_policies = ["never"]\n');
    const before = tree(root);
    const r = run(["init", "--managed"], { env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("requirements.toml exists and was not written by agentihooks");
    expect(tree(root)).toEqual(before);
  });

  test("an executable someone but root could replace is refused", () => {
    const { root, env } = machine();
    const exe = writeFile(join(tempDir("ah-exe-"), "agentihooks"), "#!/bin/sh\n", 0o775);
    const r = run(["init", "--managed"], { env: { ...env, AGENTIHOOKS_SELF: exe } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("only root can change");
    expect(r.stderr).toContain("writable by its group");
    expect(tree(root)).toEqual([]);
  });

  test("the person's own options are usage errors (exit 2, nothing written)", () => {
    const { root, env } = machine();
    for (const args of [["--managed", "--scope", "project"], ["--managed", "--profile", "strict"], ["--managed-only"]]) {
      const r = run(["init", ...args], { env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(tree(root)).toEqual([]);
  });
});

describe.skipIf(!isRoot)("not root: refused", () => {
  const user = `ahm${process.pid % 100000}`;
  const sh = (cmd: string[]) => Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  const dir = mkdtempSync("/tmp/ah-managed-");
  chmodSync(dir, 0o755);
  afterAll(() => {
    sh(["userdel", user]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test("init --managed and uninit --managed as an ordinary user: one line, exit 1, nothing written", () => {
    expect(sh(["useradd", "-M", "-N", "-s", "/bin/sh", "-d", dir, user]).exitCode).toBe(0);
    const uid = Number(sh(["id", "-u", user]).stdout.toString());
    const prefix = join(dir, "m");
    for (const verb of ["init", "uninit"]) {
      const p = Bun.spawnSync(["setpriv", `--reuid=${uid}`, "--regid=65534", "--clear-groups", "--", BIN, verb, "--managed"], {
        env: { PATH: "/usr/bin:/bin", HOME: dir, NO_COLOR: "1", AGENTIHOOKS_MANAGED_PREFIX: prefix },
        stdout: "pipe",
        stderr: "pipe",
      });
      const err = p.stderr.toString();
      expect(p.exitCode).toBe(1);
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err).toContain(`${verb} --managed writes the machine's managed settings: run it as root`);
    }
    expect(existsSync(prefix)).toBe(false);
  });
});
