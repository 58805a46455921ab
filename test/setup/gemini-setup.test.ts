// Gemini CLI's set-up, against the compiled executable: init adds its handlers to settings.json next to
// the person's other settings and hooks, uninit gives the file back byte for byte, doctor agrees, and a
// settings.json that does not parse stops everything before any write.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, readJson } from "./fixtures";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });
const settings = (sb: Sandbox) => join(sb.userHome, ".gemini", "settings.json");
const EVENTS = ["SessionStart", "SessionEnd", "BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool", "Notification"];

const EXISTING = `{
  "security": { "auth": { "selectedType": "gemini-api-key" } },
  "general": { "vimMode": true },
  "hooks": {
    "BeforeTool": [{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "./audit.sh", "timeout": 5000 }] }]
  }
}
`;

describe("gemini init / uninit", () => {
  test("registers one handler per event in settings.json, keeps the person's settings and hooks; uninit restores the bytes", () => {
    const sb = sandbox();
    writeFile(settings(sb), EXISTING);
    const r = ah(sb, ["init", "--target", "gemini"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("gemini: Gemini CLI runs these hooks only in a folder the person trusted");
    const after = readJson(settings(sb));
    expect(after.security).toEqual({ auth: { selectedType: "gemini-api-key" } });
    expect(after.general).toEqual({ vimMode: true });
    expect(Object.keys(after.hooks).sort()).toEqual([...EVENTS].sort());
    expect(after.hooks.BeforeTool[0]).toEqual({ matcher: "write_file", hooks: [{ type: "command", command: "./audit.sh", timeout: 5000 }] });
    expect(after.hooks.BeforeTool[1]).toEqual({ hooks: [{ name: "agentihooks", type: "command", command: `${BIN} hook --target gemini --event BeforeTool`, timeout: 30000 }] });
    expect(ah(sb, ["init", "--target", "gemini"]).stdout).toContain("already set up: nothing changed");
    const doctor = ah(sb, ["doctor", "--json"]);
    expect(doctor.json.checks.filter((c: { level: string; text: string }) => c.text.startsWith("gemini:") && c.level === "fail")).toEqual([]);
    expect(doctor.json.checks.some((c: { level: string; text: string }) => c.level === "ok" && c.text === `gemini: ${settings(sb)} calls this executable on 7 events`)).toBe(true);
    expect(ah(sb, ["uninit", "--target", "gemini", "--remove-backups"]).exitCode).toBe(0);
    expect(readFileSync(settings(sb), "utf8")).toBe(EXISTING);
  });

  test("a settings.json init created is removed by uninit; --scope project writes .gemini/settings.json in the repository", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "gemini"]).exitCode).toBe(0);
    expect(existsSync(settings(sb))).toBe(true);
    expect(ah(sb, ["uninit", "--target", "gemini"]).exitCode).toBe(0);
    expect(existsSync(settings(sb))).toBe(false);
    expect(ah(sb, ["init", "--target", "gemini", "--scope", "project"]).exitCode).toBe(0);
    expect(Object.keys(readJson(join(sb.repo, ".gemini", "settings.json")).hooks)).toHaveLength(7);
  });

  test("doctor names a handler whose event is missing", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "gemini"]);
    const file = readJson(settings(sb));
    delete file.hooks.AfterTool;
    writeFile(settings(sb), JSON.stringify(file));
    const fails = ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string }) => c.level === "fail");
    expect(fails.map((c: { text: string }) => c.text)).toEqual([`gemini: ${settings(sb)} does not register AfterTool`]);
  });

  test("doctor fails when Gemini's settings turn the hooks off or disable ours by name", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "gemini"]);
    const file = readJson(settings(sb));
    file.hooksConfig = { enabled: false, disabled: ["agentihooks"] };
    writeFile(settings(sb), JSON.stringify(file));
    const fails = ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string }) => c.level === "fail").map((c: { text: string }) => c.text);
    expect(fails).toEqual([
      `gemini: ${settings(sb)} turns Gemini's hooks off (hooksConfig.enabled: false): no guard runs`,
      `gemini: ${settings(sb)} disables the hooks named agentihooks (hooksConfig.disabled): no guard runs`,
    ]);
  });

  test("comments (which Gemini allows) are refused with one line, the file left as it is", () => {
    const sb = sandbox();
    writeFile(settings(sb), `{\n  // mine\n  "general": {}\n}\n`);
    const r = ah(sb, ["init", "--target", "gemini"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("comments are not allowed in JSON");
    expect(readFileSync(settings(sb), "utf8")).toBe(`{\n  // mine\n  "general": {}\n}\n`);
  });

  test("a settings.json that does not parse: init of claude and gemini writes nothing at all", () => {
    const sb = sandbox();
    writeFile(settings(sb), "{ not json");
    const r = ah(sb, ["init", "--target", "claude,gemini"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(paths(sb).claude)).toBe(false);
    expect(readFileSync(settings(sb), "utf8")).toBe("{ not json");
  });
});
