// OpenCode's set-up, against the compiled executable: init writes the plugin (this executable's
// absolute path and the timeout in it, private to the user) at the user or the project scope, uninit
// removes it and nothing else, a file of that name agentihooks did not write is never touched, and
// doctor tells a plugin that is current from one that is stale, names a missing executable, or that
// OpenCode cannot load.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { snapshot } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env = sb.env) => run(args, { env, cwd: sb.repo });
const userPlugin = (sb: Sandbox) => join(sb.userHome, ".config", "opencode", "plugins", "agentihooks.js");
const projectPlugin = (sb: Sandbox) => join(sb.repo, ".opencode", "plugins", "agentihooks.js");
type Check = { level: string; text: string; fix?: string };
const opencodeChecks = (sb: Sandbox, env = sb.env): Check[] => ah(sb, ["doctor", "--json"], env).json.checks.filter((c: Check) => c.text.startsWith("opencode:"));

describe("opencode init / uninit", () => {
  test("user scope: the plugin holds this executable's path and the timeout, private; init again changes nothing; uninit removes it", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "opencode"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`opencode: wrote the plugin ${userPlugin(sb)}`);
    const text = readFileSync(userPlugin(sb), "utf8");
    expect(text).toContain(`const EXE = ${JSON.stringify(BIN)};\n`);
    expect(text).toContain("const TIMEOUT_MS = 30000;\n");
    expect(text).not.toContain("__AGENTIHOOKS_");
    expect(statSync(userPlugin(sb)).mode & 0o777).toBe(0o600);
    const config = join(sb.userHome, ".config", "opencode", "opencode.json");
    expect(JSON.parse(readFileSync(config, "utf8"))).toEqual({ mcp: { agentihooks: { type: "local", command: [BIN, "mcp", "--target", "opencode"], enabled: true } } });
    expect(ah(sb, ["init", "--target", "opencode"]).stdout).toContain("already set up: nothing changed");
    expect(opencodeChecks(sb)).toContainEqual({ level: "ok", text: `opencode: ${userPlugin(sb)} hands every tool call to this executable` });
    expect(opencodeChecks(sb)).toContainEqual({ level: "ok", text: `opencode: ${config} registers the MCP server (${BIN} mcp --target opencode)` });
    const u = ah(sb, ["uninit", "--target", "opencode"]);
    expect(u.stdout).toContain(`opencode: removed the plugin ${userPlugin(sb)}`);
    expect(existsSync(userPlugin(sb))).toBe(false);
    expect(existsSync(join(sb.userHome, ".config", "opencode", "plugins"))).toBe(false);
    expect(existsSync(config)).toBe(false);
    expect(ah(sb, ["uninit", "--target", "opencode"]).stdout).toContain("nothing to remove");
  });

  test("the timeout follows CONDITIONS_TIMEOUT_SEC; XDG_CONFIG_HOME moves the user folder", () => {
    const sb = sandbox();
    const xdg = join(sb.root, "xdg");
    const env = { ...sb.env, XDG_CONFIG_HOME: xdg, CONDITIONS_TIMEOUT_SEC: "5" };
    expect(ah(sb, ["init", "--target", "opencode"], env).exitCode).toBe(0);
    expect(readFileSync(join(xdg, "opencode", "plugins", "agentihooks.js"), "utf8")).toContain("const TIMEOUT_MS = 25000;\n");
    expect(existsSync(userPlugin(sb))).toBe(false);
  });

  test("project scope: .opencode/plugins/agentihooks.js in the repository; uninit --scope project removes only it", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "opencode", "--scope", "project"]).exitCode).toBe(0);
    expect(readFileSync(projectPlugin(sb), "utf8")).toContain(`const EXE = ${JSON.stringify(BIN)};`);
    expect(existsSync(userPlugin(sb))).toBe(false);
    expect(opencodeChecks(sb).filter((c) => c.level === "fail")).toEqual([]);
    expect(JSON.parse(readFileSync(join(sb.repo, "opencode.json"), "utf8")).mcp.agentihooks.command).toEqual([BIN, "mcp", "--target", "opencode"]);
    ah(sb, ["uninit", "--target", "opencode", "--scope", "project"]);
    expect([existsSync(join(sb.repo, ".opencode")), existsSync(join(sb.repo, "opencode.json"))]).toEqual([false, false]);
  });

  test("--dry-run shows the plugin and writes nothing", () => {
    const sb = sandbox();
    const before = snapshot(sb.root);
    const r = ah(sb, ["init", "--target", "opencode", "--dry-run"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`+++ ${userPlugin(sb)}`);
    expect(snapshot(sb.root)).toEqual(before);
  });

  test("an agentihooks.js agentihooks did not write stops init with one line, before any write; uninit leaves it", () => {
    const sb = sandbox();
    writeFile(userPlugin(sb), "export const Mine = async () => ({});\n");
    const before = snapshot(sb.root);
    const r = ah(sb, ["init", "--target", "opencode"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.trim()).toBe(`agentihooks: opencode: ${userPlugin(sb)} exists and agentihooks did not write it: move it away, then run init again`);
    expect(snapshot(sb.root)).toEqual(before);
    ah(sb, ["uninit", "--target", "opencode"]);
    expect(readFileSync(userPlugin(sb), "utf8")).toBe("export const Mine = async () => ({});\n");
  });
});

describe("opencode MCP server in opencode.json", () => {
  test("added next to the person's settings and servers; uninit gives the file back byte for byte", () => {
    const sb = sandbox();
    const config = join(sb.userHome, ".config", "opencode", "opencode.json");
    const mine = `{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": { "mine": { "type": "remote", "url": "https://x" } },\n  "theme": "dark"\n}\n`;
    writeFile(config, mine);
    expect(ah(sb, ["init", "--target", "opencode"]).exitCode).toBe(0);
    const after = JSON.parse(readFileSync(config, "utf8"));
    expect([after.theme, after.mcp.mine, after.mcp.agentihooks.command]).toEqual(["dark", { type: "remote", url: "https://x" }, [BIN, "mcp", "--target", "opencode"]]);
    ah(sb, ["uninit", "--target", "opencode", "--remove-backups"]);
    expect(readFileSync(config, "utf8")).toBe(mine);
  });
});

describe("opencode doctor", () => {
  test("a plugin OpenCode cannot load (another export, a syntax error) is a fail: the session would run unguarded", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "opencode"]);
    const text = readFileSync(userPlugin(sb), "utf8");
    for (const broken of [`${text}\nexport const extra = 1;\n`, text.replace("export const AgentihooksPlugin = async", "export const AgentihooksPlugin = async (")]) {
      writeFile(userPlugin(sb), broken, 0o600);
      const fails = opencodeChecks(sb).filter((c) => c.level === "fail");
      expect(fails).toHaveLength(1);
      expect(fails[0].text).toStartWith(`opencode: OpenCode cannot load ${userPlugin(sb)}: `);
      expect(fails[0].text).toEndWith("it skips the plugin and every tool call runs unguarded");
      expect(fails[0].fix).toBe("agentihooks init --target opencode");
    }
    ah(sb, ["init", "--target", "opencode"]);
    expect(opencodeChecks(sb).filter((c) => c.level !== "ok" && c.level !== "info")).toEqual([]);
  });

  test("a plugin whose executable is gone is a fail (every call refused); a stale one (other timeout) a warn", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "opencode"]);
    const text = readFileSync(userPlugin(sb), "utf8");
    writeFile(userPlugin(sb), text.replace(JSON.stringify(BIN), JSON.stringify(join(sb.root, "gone", "agentihooks"))), 0o600);
    const gone = opencodeChecks(sb).filter((c) => c.level === "fail");
    expect(gone.map((c) => c.text)).toEqual([expect.stringContaining(`calls ${join(sb.root, "gone", "agentihooks")}, which`)]);
    writeFile(userPlugin(sb), text.replace("const TIMEOUT_MS = 30000;", "const TIMEOUT_MS = 1000;"), 0o600);
    expect(opencodeChecks(sb).map((c) => c.level)).toContain("warn");
  });

  test("the plugin at both scopes is a warn (every call judged twice); OPENCODE_PURE is a fail", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "opencode"]);
    ah(sb, ["init", "--target", "opencode", "--scope", "project"]);
    expect(opencodeChecks(sb).some((c) => c.level === "warn" && c.text.startsWith("opencode: the plugin is installed twice"))).toBe(true);
    const pure = opencodeChecks(sb, { ...sb.env, OPENCODE_PURE: "1" });
    expect(pure.some((c) => c.level === "fail" && c.text.includes("OPENCODE_PURE"))).toBe(true);
  });
});
