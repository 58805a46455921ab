// The plugin in plugins/agentihooks, without a harness: its three hooks files register what `init`
// registers for each harness (same events, same `hook --target --event` arguments), its manifests
// name them, and its launcher finds the installed agentihooks without trusting PATH folders the agent can
// write (a pinned path, root's folders on PATH, ~/.local/bin) or denies guarded calls.
// (The real CLIs install it and fire a deny in e2e/live/plugin.live.ts.)
import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBashPayload, smokeHook } from "../../scripts/smoke";
import { BIN, REPO, run, sandbox, tempDir } from "../helpers";

const PLUGIN = join(REPO, "plugins/agentihooks");
const LAUNCHER = join(PLUGIN, "scripts/agentihooks.sh");
const json = (path: string) => JSON.parse(readFileSync(join(REPO, path), "utf8"));

/** event -> the argv after the launcher, for every handler of a hooks file (nested or flat). */
function pluginHooks(file: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [event, groups] of Object.entries(json(file).hooks as Record<string, any[]>)) {
    const handlers = groups.flatMap((g) => g.hooks ?? [g]);
    expect(handlers).toHaveLength(1);
    const text: string = handlers[0].command ?? handlers[0].bash;
    expect(text).toMatch(/^"\$\{?(CLAUDE_)?PLUGIN_ROOT\}?\/scripts\/agentihooks\.sh" /);
    out[event] = text.slice(text.indexOf('" ') + 2).split(" ");
  }
  return out;
}

/** event -> the argv init registers, read from the config a real `init --target T` writes. */
function initHooks(target: string): Record<string, string[]> {
  const sb = sandbox();
  expect(run(["init", "--target", target, "--no-mcp"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
  const file = { claude: ".claude/settings.json", codex: ".codex/hooks.json", copilot: ".copilot/hooks/agentihooks.json" }[target]!;
  const out: Record<string, string[]> = {};
  for (const [event, groups] of Object.entries(JSON.parse(readFileSync(join(sb.userHome, file), "utf8")).hooks as Record<string, any[]>)) {
    const h = groups.flatMap((g) => g.hooks ?? [g])[0];
    out[event] = h.args ?? h.command.split(" ").slice(1);
  }
  rmSync(sb.root, { recursive: true, force: true });
  return out;
}

describe("the plugin's hooks files", () => {
  test.each([
    ["claude", "plugins/agentihooks/hooks/hooks.json"],
    ["codex", "plugins/agentihooks/hooks/codex.json"],
    ["copilot", "plugins/agentihooks/hooks/copilot.json"],
  ])("%s: the events and arguments init registers", (target, file) => {
    expect(pluginHooks(file)).toEqual(initHooks(target));
  });
  test("each harness's manifest names its own hooks file and an MCP server running agentihooks mcp for that harness", () => {
    const claude = json("plugins/agentihooks/.claude-plugin/plugin.json"); // Claude reads hooks/hooks.json by default
    expect(claude.hooks).toBeUndefined();
    expect(claude.mcpServers.agentihooks).toMatchObject({ command: "${CLAUDE_PLUGIN_ROOT}/scripts/agentihooks.sh", args: ["mcp", "--target", "claude"] });
    const codex = json("plugins/agentihooks/.codex-plugin/plugin.json"); // Codex prefers .codex-plugin/
    expect(codex.hooks).toBe("./hooks/codex.json");
    expect(codex.mcpServers.agentihooks).toEqual({ command: "agentihooks", args: ["mcp", "--target", "codex"] });
    const copilot = json("plugins/agentihooks/plugin.json"); // Copilot prefers the root manifest
    expect(copilot.hooks).toBe("hooks/copilot.json");
    expect(copilot.mcpServers.agentihooks).toMatchObject({ command: "agentihooks", args: ["mcp", "--target", "copilot"] });
    for (const m of [codex, copilot]) expect({ ...m, hooks: undefined, mcpServers: undefined }).toEqual({ ...claude, hooks: undefined, mcpServers: undefined });
  });
  test("the marketplace names the plugin folder, at the plugin's version, which is package.json's", () => {
    expect(json("plugins/agentihooks/.claude-plugin/plugin.json").version).toBe(json("package.json").version);
    const market = json(".claude-plugin/marketplace.json");
    expect(market.plugins).toEqual([expect.objectContaining({ name: "agentihooks", source: "./plugins/agentihooks", version: json("plugins/agentihooks/.claude-plugin/plugin.json").version })]);
  });
});

describe("the plugin's launcher", () => {
  const withBin = (path: string) => {
    const dir = tempDir("ah-plugin-path-");
    mkdirSync(join(dir, "bin"));
    symlinkSync(BIN, join(dir, "bin", "agentihooks"));
    return { dir, PATH: path.replace("BIN", join(dir, "bin")) };
  };
  // Folders root owns and nobody else can write stand for the system's; these tests run as root.
  const asRoot = process.getuid?.() === 0;
  test.if(asRoot)("runs agentihooks from a PATH folder root owns and nobody else can write: a hook call answers through it", () => {
    const { dir, PATH } = withBin("/usr/bin:BIN:/bin");
    expect(smokeHook(["sh", LAUNCHER], { env: { PATH } })).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
  /** A fake agentihooks in a folder of its own: it leaves a marker and answers nothing. */
  const fake = (dir: string, marker: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "agentihooks"), `#!/bin/sh\n: > '${marker}'\necho fake\n`, { mode: 0o755 });
  };
  const version = (env: Record<string, string>) => Bun.spawnSync(["sh", LAUNCHER, "--version"], { env, stdout: "pipe", stderr: "pipe" });
  test.if(asRoot)("a fake agentihooks (or find, id) earlier on PATH, in a folder the user (not root) owns, a writable folder or ~/.local/bin, never runs", () => {
    const { dir, PATH } = withBin("BIN:/usr/bin:/bin");
    const marker = join(dir, "ran");
    const home = join(dir, "home");
    const mine = join(dir, "mine"); // the agent's own folder: not root's
    fake(mine, marker);
    // and the programs the launcher itself starts
    for (const tool of ["find", "id", "head", "grep"]) writeFileSync(join(mine, tool), `#!/bin/sh\n: > '${marker}'\n`, { mode: 0o755 });
    chownSync(mine, 65534, 65534);
    chownSync(join(mine, "agentihooks"), 65534, 65534);
    const open = join(dir, "open"); // root's, but writable by every user
    fake(open, marker);
    chmodSync(open, 0o777);
    const local = join(home, ".local", "bin"); // as a user's own folder is: not root's
    fake(local, marker);
    chownSync(local, 65534, 65534);
    const r = version({ PATH: `${mine}:${open}:${local}:${PATH}`, HOME: home });
    expect(r.stdout.toString()).toMatch(/^\d+\.\d+\.\d+ /);
    expect(existsSync(marker)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
  test("the path pinned in executable-path runs, whatever the PATH holds; a bad pin denies", () => {
    const dir = tempDir("ah-plugin-pin-");
    const marker = join(dir, "ran");
    fake(join(dir, "bin"), marker);
    const ahome = join(dir, "ahome");
    mkdirSync(ahome);
    writeFileSync(join(ahome, "executable-path"), `${BIN}\n`);
    const env = { PATH: `${join(dir, "bin")}:/usr/bin:/bin`, HOME: dir, AGENTIHOOKS_HOME: ahome };
    expect(version(env).stdout.toString()).toMatch(/^\d+\.\d+\.\d+ /);
    expect(existsSync(marker)).toBe(false);
    writeFileSync(join(ahome, "executable-path"), BIN, { mode: 0o666 }); // a pin others could re-point
    chmodSync(join(ahome, "executable-path"), 0o666);
    expect(version(env).stderr.toString()).toContain("or the pin is not yours alone");
    chmodSync(join(ahome, "executable-path"), 0o644);
    for (const pin of [join(dir, "missing"), "agentihooks", join(dir, "bin", "agentihooks")]) {
      writeFileSync(join(ahome, "executable-path"), `${pin}\n`);
      if (pin.endsWith("bin/agentihooks")) chmodSync(join(dir, "bin", "agentihooks"), 0o777); // writable by others
      const p = Bun.spawnSync(["sh", LAUNCHER, "hook", "--target", "claude", "--event", "PreToolUse"], { env, stdin: new Blob([claudeBashPayload("ls", "/")]), stdout: "pipe", stderr: "pipe" });
      expect({ pin, exit: p.exitCode }).toEqual({ pin, exit: 2 });
      expect(p.stderr.toString()).toContain(`the path pinned in ${ahome}/executable-path is not an absolute path to an executable`);
    }
    expect(existsSync(marker)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
  test("~/.local/bin/agentihooks runs when no system folder has one, unless others can write it", () => {
    const dir = tempDir("ah-plugin-local-");
    mkdirSync(join(dir, ".local", "bin"), { recursive: true });
    symlinkSync(BIN, join(dir, ".local", "bin", "agentihooks"));
    const env = { PATH: "/usr/bin:/bin", HOME: dir, AGENTIHOOKS_HOME: join(dir, "ahome") };
    expect(version(env).stdout.toString()).toMatch(/^\d+\.\d+\.\d+ /);
    chmodSync(join(dir, ".local", "bin"), 0o777);
    expect(version(env).stderr.toString()).toContain("agentihooks is not installed");
    rmSync(dir, { recursive: true, force: true });
  });
  test("skips relative PATH entries (they follow the session's folder, which a repository controls)", () => {
    const { dir } = withBin("");
    for (const rel of ["bin", "./bin", "", "bin/"]) {
      const p = Bun.spawnSync(["sh", LAUNCHER, "--version"], { cwd: dir, env: { PATH: `${rel}:/usr/bin:/bin` }, stdout: "pipe", stderr: "pipe" });
      expect({ rel, exit: p.exitCode, err: p.stderr.toString().includes("agentihooks is not installed") }).toEqual({ rel, exit: 1, err: true });
    }
    rmSync(dir, { recursive: true, force: true });
  });
  // No agentihooks anywhere on PATH: each spelling of a guarded registration is denied with the reason.
  const none = { PATH: "/usr/bin:/bin", HOME: "/nonexistent" };
  test.each([
    [["hook", "--target", "claude", "--event", "PreToolUse"], ""],
    [["hook", "--target", "codex", "--event", "PermissionRequest"], ""],
    [["hook", "--target", "copilot", "--event", "preToolUse"], "json"],
    [["hook", "--target=copilot", "--event=preToolUse"], "json"],
    [["hook"], ""],
  ] as [string[], string][])("denied without agentihooks: %p", (args, stdout) => {
    const p = Bun.spawnSync(["sh", LAUNCHER, ...args], { env: none, stdin: new Blob([claudeBashPayload("ls", "/")]), stdout: "pipe", stderr: "pipe" });
    expect(p.exitCode).toBe(2);
    expect(p.stderr.toString()).toContain("agentihooks is not installed");
    if (stdout === "json") expect(JSON.parse(p.stdout.toString()).permissionDecision).toBe("deny");
    else expect(p.stdout.toString()).toBe("");
  });
  test("other events and the MCP server: not started, said on stderr, no deny", () => {
    const post = Bun.spawnSync(["sh", LAUNCHER, "hook", "--target", "claude", "--event", "SessionStart"], { env: none, stdin: new Blob(["{}"]), stderr: "pipe" });
    expect(post.exitCode).toBe(0);
    expect(post.stderr.toString()).toContain("agentihooks is not installed");
    const mcp = Bun.spawnSync(["sh", LAUNCHER, "mcp"], { env: none, stderr: "pipe" });
    expect(mcp.exitCode).toBe(1);
  });
});
