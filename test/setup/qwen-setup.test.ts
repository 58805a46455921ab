// Qwen Code's set-up, against the compiled executable: init adds its handlers to settings.json next to
// the person's other settings and hooks (user scope, $QWEN_HOME, project scope), uninit gives the file
// back byte for byte, doctor agrees and names the settings that keep the hooks from running, and a
// settings.json that does not parse stops everything before any write.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, readJson } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const settings = (sb: Sandbox) => join(sb.userHome, ".qwen", "settings.json");
const EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "SessionStart", "SessionEnd",
  "UserPromptSubmit", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "Notification",
];
type CheckLine = { level: string; text: string; fix?: string };
const CANNOT_RUN = "agentihooks could not run (executable missing or crashed): this call is refused to fail closed; run agentihooks doctor";
const FAIL_CLOSED = `; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo '${CANNOT_RUN}' >&2; exit 2; }; exit $s`;
const checks = (sb: Sandbox): CheckLine[] => ah(sb, ["doctor", "--json"]).json.checks;

const EXISTING = `{
  "security": { "auth": { "selectedType": "openai" } },
  "model": { "name": "qwen3-coder-plus" },
  "hooks": {
    "PreToolUse": [{ "matcher": "write_file", "hooks": [{ "type": "command", "command": "./audit.sh", "timeout": 5 }] }]
  }
}
`;

describe("qwen init / uninit", () => {
  test("registers one handler per event in settings.json, keeps the person's settings and hooks; uninit restores the bytes", () => {
    const sb = sandbox();
    writeFile(settings(sb), EXISTING);
    expect(ah(sb, ["init", "--target", "qwen"]).exitCode).toBe(0);
    const after = readJson(settings(sb));
    expect(after.security).toEqual({ auth: { selectedType: "openai" } });
    expect(after.model).toEqual({ name: "qwen3-coder-plus" });
    expect(Object.keys(after.hooks).sort()).toEqual([...EVENTS].sort());
    expect(after.hooks.PreToolUse[0]).toEqual({ matcher: "write_file", hooks: [{ type: "command", command: "./audit.sh", timeout: 5 }] });
    expect(after.hooks.PreToolUse[1]).toEqual({ hooks: [{ name: "agentihooks", type: "command", command: `${BIN} hook --target qwen --event PreToolUse${FAIL_CLOSED}`, timeout: 30 }] });
    expect(after.hooks.Stop[0].hooks[0].command).toBe(`${BIN} hook --target qwen --event Stop`);
    expect(ah(sb, ["init", "--target", "qwen"]).stdout).toContain("already set up: nothing changed");
    const doctor = checks(sb);
    expect(doctor.filter((c) => c.text.startsWith("qwen:") && c.level === "fail")).toEqual([]);
    expect(doctor.some((c) => c.level === "ok" && c.text === `qwen: ${settings(sb)} calls this executable on 12 events`)).toBe(true);
    expect(ah(sb, ["uninit", "--target", "qwen", "--remove-backups"]).exitCode).toBe(0);
    expect(readFileSync(settings(sb), "utf8")).toBe(EXISTING);
  });

  test("a path with a space is shell-quoted in the command (Qwen runs it through bash -c)", () => {
    const sb = sandbox();
    const dir = join(sb.root, "my tools");
    const exe = join(dir, "agentihooks");
    mkdirSync(dir, { recursive: true });
    symlinkSync(BIN, exe); // a link, not a copy: the executable is large
    expect(ah(sb, ["init", "--target", "qwen"], { AGENTIHOOKS_SELF: exe }).exitCode).toBe(0);
    expect(readJson(settings(sb)).hooks.Stop[0].hooks[0].command).toBe(`'${exe}' hook --target qwen --event Stop`);
    const doctor = checks(sb);
    expect(doctor.filter((c) => c.text.startsWith("qwen:") && c.level === "fail")).toEqual([]);
    expect(doctor.some((c) => c.level === "ok" && c.text === `qwen: ${settings(sb)} calls this executable on 12 events`)).toBe(true);
  });

  test("the guard events' command, run as Qwen runs it (bash -c): answers pass through; a missing executable refuses (exit 2)", () => {
    const sb = sandbox();
    const dir = join(sb.root, "bin");
    const exe = join(dir, "agentihooks");
    mkdirSync(dir, { recursive: true });
    symlinkSync(BIN, exe);
    expect(ah(sb, ["init", "--target", "qwen"], { AGENTIHOOKS_SELF: exe }).exitCode).toBe(0);
    writeFile(join(sb.home, "conditions", "pre-bash.touch-deny.sh"), "#!/usr/bin/env bash\necho 'no touch' >&2; exit 2\n", 0o755);
    const settingsNow = readJson(settings(sb));
    const command = (event: string) => settingsNow.hooks[event][0].hooks[0].command as string;
    const call = (event: string, payload: Record<string, unknown>) => {
      const p = Bun.spawnSync(["bash", "-c", command(event)], { env: sb.env, cwd: sb.repo, stdin: new Blob([JSON.stringify(payload)]), stdout: "pipe", stderr: "pipe" });
      return { exitCode: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
    };
    const pre = (command: string) => ({ session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "run_shell_command", tool_input: { command } });
    const denied = call("PreToolUse", pre("touch x"));
    expect([denied.exitCode, denied.stdout]).toEqual([2, ""]);
    expect(denied.stderr).toContain("no touch");
    expect(denied.stderr).not.toContain(CANNOT_RUN);
    expect(call("PreToolUse", pre("ls")).exitCode).toBe(0);
    unlinkSync(exe);
    const missing = call("PreToolUse", pre("ls"));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(CANNOT_RUN);
    // other events keep Qwen's own rule (a prompt is not blocked by a missing executable)
    expect(call("UserPromptSubmit", { session_id: "s", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "hi" }).exitCode).toBe(127);
  });

  test("QWEN_HOME is the user folder itself; --scope project writes .qwen/settings.json in the repository; uninit removes a file init created", () => {
    const sb = sandbox();
    const home = join(sb.root, "qwen-home");
    expect(ah(sb, ["init", "--target", "qwen"], { QWEN_HOME: home }).exitCode).toBe(0);
    expect(Object.keys(readJson(join(home, "settings.json")).hooks)).toHaveLength(12);
    expect(existsSync(settings(sb))).toBe(false);
    expect(ah(sb, ["uninit", "--target", "qwen"], { QWEN_HOME: home }).exitCode).toBe(0);
    expect(existsSync(join(home, "settings.json"))).toBe(false);
    expect(ah(sb, ["init", "--target", "qwen", "--scope", "project"]).exitCode).toBe(0);
    expect(Object.keys(readJson(join(sb.repo, ".qwen", "settings.json")).hooks)).toHaveLength(12);
  });

  test("init without --target sets Qwen up when ~/.qwen exists", () => {
    const sb = sandbox();
    writeFile(join(sb.userHome, ".qwen", "installation_id"), "x\n");
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("qwen: profiles default");
    expect(existsSync(settings(sb))).toBe(true);
  });

  test("doctor names a handler whose event is missing", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "qwen"]);
    const file = readJson(settings(sb));
    delete file.hooks.PostToolUse;
    writeFile(settings(sb), JSON.stringify(file));
    const fails = checks(sb).filter((c) => c.level === "fail");
    expect(fails.map((c) => c.text)).toEqual([`qwen: ${settings(sb)} does not register PostToolUse`]);
  });

  test("doctor fails on disableAllHooks, and warns on folder trust for project hooks", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "qwen"]);
    ah(sb, ["init", "--target", "qwen", "--scope", "project"]);
    const file = readJson(settings(sb));
    file.disableAllHooks = true;
    file.security = { folderTrust: { enabled: true } };
    writeFile(settings(sb), JSON.stringify(file));
    const found = checks(sb).filter((c) => c.text.startsWith("qwen:") && c.level !== "ok");
    const fails = found.filter((c) => c.level === "fail");
    expect(fails.map((c) => [c.text, c.fix])).toEqual([
      [`qwen: ${settings(sb)} turns Qwen Code's hooks off (disableAllHooks: true): no guard runs`, `remove "disableAllHooks" from ${settings(sb)}`],
    ]);
    expect(found.map((c) => [c.level, c.text])).toContainEqual(
      ["warn", `qwen: folder trust is on (security.folderTrust.enabled in ${settings(sb)}): the project's hooks run only once the person trusts this folder`],
    );
  });

  test("comments (which Qwen allows) are refused with one line, the file left as it is", () => {
    const sb = sandbox();
    writeFile(settings(sb), `{\n  // mine\n  "model": {}\n}\n`);
    const r = ah(sb, ["init", "--target", "qwen"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("comments are not allowed in JSON");
    expect(readFileSync(settings(sb), "utf8")).toBe(`{\n  // mine\n  "model": {}\n}\n`);
  });

  test("a settings.json that does not parse: init of claude and qwen writes nothing at all", () => {
    const sb = sandbox();
    writeFile(settings(sb), "{ not json");
    const r = ah(sb, ["init", "--target", "claude,qwen"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(paths(sb).claude)).toBe(false);
    expect(readFileSync(settings(sb), "utf8")).toBe("{ not json");
  });
});
