// `doctor` knows how agentihooks is installed (issue 24, part 6), through the compiled executable: a
// plugin install in Claude, Codex or Copilot (set up, and never told to run init on top), hooks registered twice (plugin + init,
// user + project), a project-only setup checked from outside its repository, Codex's project trust,
// a slow interpreter (a version-manager shim), and its summary: a count of problems and warnings,
// never "no problems found" under a warning, one fix line per distinct fix.
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, run, sandbox, type Sandbox, tempDir, writeFile } from "../helpers";
import { paths, projectPaths } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env = sb.env, cwd = sb.repo) => run(args, { env, cwd });
const doctor = (sb: Sandbox, env = sb.env, cwd = sb.repo) => ah(sb, ["doctor", "--json"], env, cwd);
const levels = (r: { json?: any }, level: string) => r.json.checks.filter((c: any) => c.level === level);
const texts = (r: { json?: any }, level: string) => levels(r, level).map((c: any) => c.text as string);

/** A sandbox whose PATH has agentihooks on it (the plugin's launcher looks for it there). */
function withPath(sb: Sandbox): Record<string, string> {
  const bin = join(sb.root, "bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(BIN, join(bin, "agentihooks"));
  return { ...sb.env, PATH: `${bin}:${sb.env.PATH}` };
}

/** Enables the agentihooks plugin in Claude's user settings. */
const enablePlugin = (sb: Sandbox, extra: Record<string, unknown> = {}) =>
  writeFile(paths(sb).claude, JSON.stringify({ ...extra, enabledPlugins: { "agentihooks@agentihooks": true } }));

describe("the Claude plugin", () => {
  test("a plugin-only install is set up: no failure, no advice to run init on top", () => {
    const sb = sandbox();
    const env = withPath(sb);
    enablePlugin(sb);
    const r = doctor(sb, env);
    expect(texts(r, "ok")).toContain(`claude: the agentihooks plugin is enabled in ${paths(sb).claude}`);
    expect(texts(r, "info")).toContain("claude: no profile chain recorded yet: the plugin's first hook call records the built-in default profile, as init does");
    expect(levels(r, "fail")).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(JSON.stringify(r.json.checks)).not.toContain("agentihooks init --target claude");
    expect(JSON.stringify(r.json.checks)).not.toContain("no harness config calls agentihooks");
  });

  test("the plugin without agentihooks on PATH: every guarded call is denied, said as a failure", () => {
    const sb = sandbox();
    enablePlugin(sb);
    const r = doctor(sb, { ...sb.env, PATH: "/usr/bin:/bin" });
    expect(texts(r, "fail")).toContain("claude: the plugin's hooks find no agentihooks on PATH: every guarded tool call is denied");
    expect(r.exitCode).toBe(1);
  });

  test("the plugin with disableAllHooks in Claude's settings: no hook runs, a failure", () => {
    const sb = sandbox();
    enablePlugin(sb, { disableAllHooks: true });
    const r = doctor(sb, withPath(sb));
    expect(levels(r, "fail")).toContainEqual({ level: "fail", text: `claude: ${paths(sb).claude} sets disableAllHooks: Claude runs no hooks, the plugin's included`, fix: `remove "disableAllHooks" from ${paths(sb).claude}` });
    expect(r.exitCode).toBe(1);
  });

  test("plugin and init: hooks registered twice, with the uninit that fixes it", () => {
    const sb = sandbox();
    const env = withPath(sb);
    expect(ah(sb, ["init", "--target", "claude", "--no-mcp"], env).exitCode).toBe(0);
    const settings = JSON.parse(readFileSync(paths(sb).claude, "utf8"));
    enablePlugin(sb, settings);
    const r = doctor(sb, env);
    expect(levels(r, "warn")).toContainEqual({
      level: "warn",
      text: `claude: hooks registered twice: by the plugin and by ${paths(sb).claude}: every event runs agentihooks twice`,
      fix: "agentihooks uninit --target claude",
    });
    expect(ah(sb, ["uninit", "--target", "claude", "--no-mcp"], env).exitCode).toBe(0);
    expect(texts(doctor(sb, env), "warn").some((t: string) => t.includes("registered twice"))).toBe(false);
  });
});

/** Enables the plugin as `codex plugin add` (config.toml) and `copilot plugin install` (settings.json) record it. */
const OTHER_PLUGIN = {
  codex: (sb: Sandbox) => writeFile(join(sb.userHome, ".codex", "config.toml"), '[marketplaces.agentihooks]\nsource_type = "local"\nsource = "/src/agentihooks"\n\n[plugins."agentihooks@agentihooks"]\nenabled = true\n'),
  copilot: (sb: Sandbox) => writeFile(join(sb.userHome, ".copilot", "settings.json"), JSON.stringify({ extraKnownMarketplaces: { agentihooks: { source: { source: "directory", path: "/src/agentihooks" } } }, enabledPlugins: { "agentihooks@agentihooks": true } }, null, 2)),
};
const pluginFile = (sb: Sandbox, t: "codex" | "copilot") => join(sb.userHome, t === "codex" ? ".codex/config.toml" : ".copilot/settings.json");

describe.each(["codex", "copilot"] as const)("the %s plugin", (t) => {
  test("a plugin-only install is set up: no failure, no advice to run init on top", () => {
    const sb = sandbox();
    const env = withPath(sb);
    OTHER_PLUGIN[t](sb);
    const r = doctor(sb, env);
    expect(texts(r, "ok")).toContain(`${t}: the agentihooks plugin is enabled in ${pluginFile(sb, t)}`);
    expect(texts(r, "info")).toContain(`${t}: no profile chain recorded yet: the plugin's first hook call records the built-in default profile, as init does`);
    expect(JSON.stringify(r.json.checks)).not.toContain(`agentihooks init --target ${t}`);
    expect(texts(r, "info")).not.toContain(`${t}: not set up`);
    expect(levels(r, "fail").filter((c: any) => c.text.startsWith(`${t}:`))).toEqual([]);
  });

  test("a plugin turned off (enabled = false) is not an install", () => {
    const sb = sandbox();
    OTHER_PLUGIN[t](sb);
    const file = pluginFile(sb, t);
    writeFileSync(file, readFileSync(file, "utf8").replace("enabled = true", "enabled = false").replace('"agentihooks@agentihooks": true', '"agentihooks@agentihooks": false'));
    const r = doctor(sb, withPath(sb));
    expect(JSON.stringify(r.json.checks)).not.toContain(`${t}: the agentihooks plugin is enabled`);
    expect(texts(r, "info")).toContain(`${t}: not set up`);
  });

  test("the plugin without agentihooks on PATH: a failure", () => {
    const sb = sandbox();
    OTHER_PLUGIN[t](sb);
    const r = doctor(sb, { ...sb.env, PATH: "/usr/bin:/bin" });
    expect(texts(r, "fail")).toContain(`${t}: the plugin's hooks find no agentihooks on PATH: every guarded tool call is denied`);
    expect(r.exitCode).toBe(1);
  });

  test("plugin and init: hooks registered twice, with the uninit that fixes it", () => {
    const sb = sandbox();
    const env = withPath(sb);
    OTHER_PLUGIN[t](sb);
    expect(ah(sb, ["init", "--target", t, "--no-mcp"], env).exitCode).toBe(0);
    const r = doctor(sb, env);
    expect(levels(r, "warn")).toContainEqual({
      level: "warn",
      text: `${t}: hooks registered twice: by the plugin and by ${paths(sb)[t]}: every event runs agentihooks twice`,
      fix: `agentihooks uninit --target ${t}`,
    });
    expect(ah(sb, ["uninit", "--target", t, "--no-mcp"], env).exitCode).toBe(0);
    const after = doctor(sb, env);
    expect(texts(after, "warn").some((x: string) => x.includes("registered twice"))).toBe(false);
    expect(texts(after, "ok")).toContain(`${t}: the agentihooks plugin is enabled in ${pluginFile(sb, t)}`);
  });
});

describe("hooks registered twice, project-only setups, Codex project trust", () => {
  test("user and project scope both call agentihooks: a warning per harness", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude,copilot", "--no-mcp"]).exitCode).toBe(0);
    expect(ah(sb, ["init", "--target", "claude", "--scope", "project", "--no-mcp"]).exitCode).toBe(0);
    const warn = levels(doctor(sb), "warn").filter((c: any) => c.text.includes("registered twice"));
    expect(warn).toEqual([{
      level: "warn",
      text: `claude: hooks registered twice: in ${paths(sb).claude} and in ${projectPaths(sb).claude}: every event runs agentihooks twice`,
      fix: "agentihooks uninit --target claude --scope project",
    }]);
  });

  test("a project-only setup checked from outside its repository is not a failure", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--scope", "project", "--no-mcp"]).exitCode).toBe(0);
    expect(doctor(sb).exitCode).toBe(0); // inside: the project configs are found
    const outside = tempDir("ah-outside-");
    const r = doctor(sb, sb.env, outside);
    expect(levels(r, "fail")).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(texts(r, "warn")).toContain("no user-scope harness config calls agentihooks; a project-scope setup is checked from inside its repository");
  });

  test("Codex skips an untrusted project's hooks: a warning until the project is trusted", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "codex", "--scope", "project", "--no-mcp"]).exitCode).toBe(0);
    const toml = join(sb.userHome, ".codex", "config.toml");
    const untrusted = `codex: ${sb.repo} is not a trusted project in ${toml}: Codex skips its .codex/hooks.json until it is`;
    expect(texts(doctor(sb), "warn")).toContain(untrusted);
    writeFileSync(toml, `${readFileSync(toml, "utf8")}\n[projects.${JSON.stringify(sb.repo)}]\ntrust_level = "trusted"\n`);
    const r = doctor(sb);
    expect(texts(r, "warn")).not.toContain(untrusted);
    expect(texts(r, "ok")).toContain(`codex: ${sb.repo} is a trusted project in ${toml}`);
  });
});

describe("slow interpreters", () => {
  test("a python3 that takes over 300 ms to start (a shim) is a warning naming it", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude", "--no-mcp"]).exitCode).toBe(0);
    addCondition(join(sb.home, "conditions"), "pre-bash-py.py", "#!/usr/bin/env python3\n");
    const shims = join(sb.root, "shims");
    const shim = writeFile(join(shims, "python3"), "#!/bin/sh\nsleep 0.5\nexit 0\n", 0o755);
    // Python comes from the system folders or AGENTIHOOKS_PYTHON, never the PATH (run/interpreters.ts)
    const slow = doctor(sb, { ...sb.env, AGENTIHOOKS_PYTHON: shim });
    const warn = texts(slow, "warn").find((t: string) => t.includes("to start"));
    expect(warn).toMatch(new RegExp(`^claude: python3 \\(${shim}\\) takes \\d+ ms to start \\(a version-manager shim\\?\\)`));
    expect(Number(/takes (\d+) ms/.exec(warn!)![1])).toBeGreaterThan(300);
    const fast = writeFile(join(shims, "python3"), "#!/bin/sh\nexit 0\n", 0o755);
    expect(texts(doctor(sb, { ...sb.env, AGENTIHOOKS_PYTHON: shim }), "warn").some((t: string) => t.includes("to start"))).toBe(false);
    expect(fast).toBe(shim);
  });
});

describe("the summary", () => {
  test("warnings only: counted, and never 'no problems found'", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude", "--no-mcp"]).exitCode).toBe(0);
    addCondition(join(sb.home, "conditions"), "pre-bash-git.sh", "exit 0\n"); // shadows a built-in (the git pack): a warning
    const r = ah(sb, ["doctor"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("warn  claude: condition pre-bash-git is shadowed");
    expect(r.stdout).toContain("warn  claude: the MCP server is not registered"); // --no-mcp
    expect(r.stdout).not.toContain("no problems found");
    expect(r.stdout).toMatch(/\n0 problems and 2 warnings found\n$/);
  });

  test("problems and warnings counted; one fix line per distinct fix", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "claude", "--no-mcp"]).exitCode).toBe(0);
    addCondition(join(sb.home, "conditions"), "pre-bash-git.sh", "exit 0\n");
    const settings = JSON.parse(readFileSync(paths(sb).claude, "utf8"));
    settings.hooks.Stop[0].hooks[0].command = "/old/place/agentihooks";
    delete settings.hooks.Notification;
    writeFile(paths(sb).claude, JSON.stringify(settings));
    const r = ah(sb, ["doctor"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout.match(/FAIL {2}claude: /g)?.length).toBe(2); // two problems with one fix
    // the two problems and the MCP warning share one fix: printed once
    expect(r.stdout.split("\n").filter((l) => l === "      fix: agentihooks init --target claude")).toHaveLength(1);
    expect(r.stdout).toMatch(/\n2 problems and 2 warnings found\n$/);
  });
});
