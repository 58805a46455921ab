// `profile list|use` (issue 24, part 6), and the plugin's default profile, through the compiled
// executable: the chain per harness and the profiles there are; `use` switches state.json only (no
// harness config changes), refuses an unknown name with exit 2 and writes nothing; a plugin-only
// install gets the built-in default profile `init` records, so its guards run.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { BIN, REPO, claudeBash, hook, run, sandbox, type Sandbox, writeFile } from "../helpers";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });
const stateOf = (sb: Sandbox) => JSON.parse(readFileSync(join(sb.home, "state.json"), "utf8"));
const configs = (sb: Sandbox) => [".claude/settings.json", ".codex/hooks.json", ".codex/config.toml", ".copilot/hooks/agentihooks.json"].map((f) => {
  const p = join(sb.userHome, f);
  return existsSync(p) ? readFileSync(p, "utf8") : null;
});

/** The built-in profile names, as `profile list --json` gives them (packs may add more). */
const builtins = (sb: Sandbox): string[] => ah(sb, ["profile", "list", "--json"]).json.builtin;

describe("profile list", () => {
  test("each harness's chain, resolved, and the built-in, bundle and linked profiles", () => {
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, "profiles", "team", ".claude", "conditions"), { recursive: true });
    const extra = join(sb.root, "extra");
    mkdirSync(join(extra, ".claude", "conditions"), { recursive: true });
    expect(ah(sb, ["link", bundle]).exitCode).toBe(0);
    expect(ah(sb, ["link", "--profile", "mine", extra, "--target", "codex"]).exitCode).toBe(0);
    expect(ah(sb, ["init", "--target", "claude", "--profile", "default,team", "--no-mcp"]).exitCode).toBe(0);
    const json = ah(sb, ["profile", "list", "--json"]).json;
    expect(json.builtin).toContain("default");
    expect(json.chains.claude).toEqual({ recorded: true, profiles: [{ name: "default", from: "built-in" }, { name: "team", from: "bundle", path: join(bundle, "profiles", "team") }] });
    expect(json.chains.codex).toEqual({ recorded: false, profiles: [] });
    expect(json.bundle).toEqual({ path: bundle, profiles: ["team"] });
    expect(json.linked).toEqual([{ name: "mine", path: extra, target: "codex" }]);
    const text = ah(sb, ["profile", "list"]).stdout;
    expect(text).toContain("claude   default (built-in), team (bundle)");
    expect(text).toContain("codex    (none recorded; agentihooks init records default)");
    expect(text).toContain(`Built-in profiles: ${json.builtin.join(", ")}`);
    expect(text).toContain(`mine -> ${extra} (codex only)`);
  });

  test("a chain naming a profile that resolves nowhere is shown as such", () => {
    const sb = sandbox();
    writeFile(join(sb.home, "state.json"), JSON.stringify({ targets: { copilot: { profiles: ["gone"] } } }));
    expect(ah(sb, ["profile", "list"]).stdout).toContain("copilot  gone (NOT FOUND: every call is denied)");
  });
});

describe("profile use", () => {
  test("switches the recorded chain for one harness or all; harness configs untouched; the hook follows", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude,codex"]).exitCode).toBe(0);
    const before = configs(sb);
    const push = claudeBash("git push --force origin main", sb.repo);
    expect(hook(push, { env: sb.env }).exitCode).toBe(2); // the default profile's git guard
    const extra = join(sb.root, "extra");
    writeFile(join(extra, ".claude", "conditions", "pre-bash-allow.sh"), "#!/bin/sh\nexit 0\n", 0o755);
    expect(ah(sb, ["link", "--profile", "extra", extra]).exitCode).toBe(0);
    const r = ah(sb, ["profile", "use", "extra", "--target", "claude"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("claude: profiles default -> extra\n");
    expect(stateOf(sb).targets.claude.profiles).toEqual(["extra"]);
    expect(stateOf(sb).targets.codex.profiles).toEqual(["default"]);
    expect(configs(sb)).toEqual(before);
    expect(hook(push, { env: sb.env }).exitCode).toBe(0); // no default profile in claude's chain now
    const all = ah(sb, ["profile", "use", "default,extra"]);
    expect(all.stdout).toBe("claude: profiles extra -> default,extra\ncodex: profiles default -> default,extra\ncopilot: profiles none -> default,extra\ngemini: profiles none -> default,extra\nopencode: profiles none -> default,extra\ndroid: profiles none -> default,extra\ncline: profiles none -> default,extra\nqwen: profiles none -> default,extra\nkimi: profiles none -> default,extra\n");
    for (const t of ["claude", "codex", "copilot"]) expect(stateOf(sb).targets[t].profiles).toEqual(["default", "extra"]);
    expect(hook(push, { env: sb.env }).exitCode).toBe(2);
  });

  test("every built-in profile can be used", () => {
    const sb = sandbox();
    for (const name of builtins(sb)) {
      expect(ah(sb, ["profile", "use", name, "--target", "codex"]).exitCode).toBe(0);
      expect(stateOf(sb).targets.codex.profiles).toEqual([name]);
    }
  });

  test("an unknown profile, an invalid name or target: exit 2, one line, nothing written", () => {
    const sb = sandbox();
    for (const args of [["nope"], ["default,nope"], ["bad/name"], ["default", "--target", "emacs"]]) {
      const r = ah(sb, ["profile", "use", ...args]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^agentihooks: (unknown profile|invalid profile name|unknown target)/);
      expect(existsSync(join(sb.home, "state.json"))).toBe(false);
    }
    expect(ah(sb, ["init", "--target", "claude", "--no-mcp"]).exitCode).toBe(0);
    const state = readFileSync(join(sb.home, "state.json"), "utf8");
    expect(ah(sb, ["profile", "use", "nope"]).exitCode).toBe(2);
    expect(readFileSync(join(sb.home, "state.json"), "utf8")).toBe(state);
  });
});

describe("unlink --force, then the fix it prints", () => {
  test("the calls it leaves denied are allowed again once the printed command runs", () => {
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, "profiles", "team", ".claude", "conditions"), { recursive: true });
    expect(ah(sb, ["link", bundle]).exitCode).toBe(0);
    expect(ah(sb, ["profile", "use", "default,team"]).exitCode).toBe(0);
    const ls = claudeBash("ls", sb.repo);
    expect(hook(ls, { env: sb.env }).exitCode).toBe(0);
    const r = ah(sb, ["unlink", "--force"]);
    expect(r.stdout).toContain("denied: every tool call of claude, codex, copilot, gemini, opencode, droid, cline, qwen, kimi: the profile chain names team");
    const fix = /^ {2}fix: (.*)$/m.exec(r.stdout)?.[1];
    expect(fix).toBe("agentihooks profile use default");
    expect(hook(ls, { env: sb.env }).stderr).toContain('profile "team" not found');
    const doctor = ah(sb, ["doctor", "--json"]);
    expect(doctor.json.checks[0]).toMatchObject({ first: true, fix: "agentihooks profile use default" });
    expect(ah(sb, fix!.split(" ").slice(1)).exitCode).toBe(0);
    expect(hook(ls, { env: sb.env }).exitCode).toBe(0);
  });
});

describe("the plugin gives the default profile init gives", () => {
  const LAUNCHER = join(REPO, "plugins/agentihooks/scripts/agentihooks.sh");
  test("a plugin-only install: the first call records default; the git guard runs; the CLI agrees", () => {
    const sb = sandbox();
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, "agentihooks"));
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}` };
    const push = JSON.stringify(claudeBash("git push --force origin main", sb.repo));
    // Without the plugin, nothing recorded means no profile: the push is not the guard's to see; and
    // the index that call and `conditions list` cache must not keep the plugin's call from recording.
    const old = new Date(Date.now() - 60_000); // folders changed under 2 s ago are never cached
    for (const p of [join(sb.home, "conditions"), sb.repo, join(sb.repo, ".git")]) utimesSync(p, old, old);
    expect(hook(push, { env: sb.env, target: "claude", event: "PreToolUse" }).exitCode).toBe(0);
    expect(ah(sb, ["conditions", "list"]).exitCode).toBe(0);
    expect(readdirSync(join(sb.home, "cache")).length).toBeGreaterThan(0);
    const p = Bun.spawnSync(["sh", LAUNCHER, "hook", "--target", "claude", "--event", "PreToolUse"], { env, cwd: sb.repo, stdin: new Blob([push]), stdout: "pipe", stderr: "pipe" });
    expect(p.exitCode).toBe(2);
    expect(p.stderr.toString()).toContain("git.push-force");
    expect(stateOf(sb).targets).toEqual({ claude: { profiles: ["default"] } });
    expect(ah(sb, ["profile", "list", "--json"]).json.chains.claude.profiles).toEqual([{ name: "default", from: "built-in" }]);
    const ls = Bun.spawnSync(["sh", LAUNCHER, "hook", "--target", "claude", "--event", "PreToolUse"], { env, cwd: sb.repo, stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo))]), stdout: "pipe", stderr: "pipe" });
    expect(ls.exitCode).toBe(0);
    rmSync(bin, { recursive: true, force: true });
  });

  test("a chain the person recorded is kept", () => {
    const sb = sandbox();
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    symlinkSync(BIN, join(bin, "agentihooks"));
    writeFile(join(sb.home, "state.json"), JSON.stringify({ targets: { claude: { profiles: [] } } }), 0o600);
    const push = JSON.stringify(claudeBash("git push --force origin main", sb.repo));
    const p = Bun.spawnSync(["sh", LAUNCHER, "hook", "--target", "claude", "--event", "PreToolUse"], { env: { ...sb.env, PATH: `${bin}:${sb.env.PATH}` }, cwd: sb.repo, stdin: new Blob([push]), stdout: "pipe", stderr: "pipe" });
    expect(p.exitCode).toBe(0);
    expect(stateOf(sb).targets.claude.profiles).toEqual([]);
  });
});
