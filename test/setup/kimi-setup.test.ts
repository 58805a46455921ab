// Kimi Code's set-up, against the compiled executable: init appends one [[hooks]] table per event to
// ~/.kimi-code/config.toml (or $KIMI_CODE_HOME's) and keeps the person's TOML byte for byte, uninit
// gives the file back, doctor agrees, the PreToolUse command fails closed when the executable is gone,
// a config.toml that does not parse (or whose hooks are not tables) stops everything before any write,
// and project scope is refused (Kimi 2.1 reads no project config).
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const configFile = (sb: Sandbox) => join(sb.userHome, ".kimi-code", "config.toml");
const EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "Stop"];
const hooksIn = (path: string) => (Bun.TOML.parse(readFileSync(path, "utf8")) as { hooks?: { event: string; command: string; matcher?: string }[] }).hooks ?? [];
const checks = (sb: Sandbox, level: string) =>
  ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string; text: string }) => c.level === level && c.text.startsWith("kimi:")).map((c: { text: string }) => c.text);

const EXISTING = `# my Kimi settings
default_model = "kimi-k2"

[[hooks]]
event = "PostToolUse"
matcher = "Write|Edit"
command = "prettier --write \\"$FILE\\""   # format what it wrote

[loop_control]
max_steps_per_turn = 50
`;

describe("kimi init / uninit", () => {
  test("appends one table per event after the person's TOML, which stays; a second init changes nothing; uninit restores the bytes", () => {
    const sb = sandbox();
    writeFile(configFile(sb), EXISTING);
    const r = ah(sb, ["init", "--target", "kimi"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const text = readFileSync(configFile(sb), "utf8");
    expect(text.startsWith(EXISTING)).toBe(true);
    const hooks = hooksIn(configFile(sb));
    expect(hooks[0]).toEqual({ event: "PostToolUse", matcher: "Write|Edit", command: 'prettier --write "$FILE"' });
    expect(hooks.slice(1).map((h) => h.event)).toEqual(EVENTS);
    expect(hooks[1].command).toStartWith(`${BIN} hook --target kimi --event PreToolUse; s=$?;`);
    expect(hooks[2].command).toBe(`${BIN} hook --target kimi --event PostToolUse`);
    expect(ah(sb, ["init", "--target", "kimi"]).stdout).toContain("already set up: nothing changed");
    expect(checks(sb, "fail")).toEqual([]);
    expect(checks(sb, "ok")).toContain(`kimi: ${configFile(sb)} calls this executable on 6 events`);
    expect(ah(sb, ["uninit", "--target", "kimi", "--remove-backups"]).exitCode).toBe(0);
    expect(readFileSync(configFile(sb), "utf8")).toBe(EXISTING);
  });

  test("a config.toml with a BOM and CRLF line endings keeps both, and uninit gives back its bytes", () => {
    const sb = sandbox();
    const crlf = `\uFEFF${EXISTING.replace(/\n/g, "\r\n")}`;
    writeFile(configFile(sb), crlf);
    expect(ah(sb, ["init", "--target", "kimi"]).exitCode).toBe(0);
    const text = readFileSync(configFile(sb), "utf8");
    expect([text.startsWith(crlf), /[^\r]\n/.test(text)]).toEqual([true, false]);
    expect(hooksIn(configFile(sb))).toHaveLength(7);
    expect(ah(sb, ["uninit", "--target", "kimi", "--remove-backups"]).exitCode).toBe(0);
    expect(readFileSync(configFile(sb), "utf8")).toBe(crlf);
  });

  test("a config.toml init created is removed by uninit; KIMI_CODE_HOME moves it", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "kimi"]).exitCode).toBe(0);
    expect(hooksIn(configFile(sb)).map((h) => h.event)).toEqual(EVENTS);
    expect(ah(sb, ["uninit", "--target", "kimi"]).exitCode).toBe(0);
    expect(existsSync(configFile(sb))).toBe(false);
    const other = join(sb.root, "kimi-home");
    expect(ah(sb, ["init", "--target", "kimi"], { KIMI_CODE_HOME: other }).exitCode).toBe(0);
    expect(hooksIn(join(other, "config.toml"))).toHaveLength(6);
    expect(existsSync(configFile(sb))).toBe(false);
  });

  test("--scope project is refused with a one-line usage error and writes nothing", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "kimi", "--scope", "project"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("user config.toml");
    expect(existsSync(join(sb.repo, ".kimi-code"))).toBe(false);
  });

  test("PreToolUse fails closed when the executable cannot run (Kimi runs the call on any exit but 2)", () => {
    const sb = sandbox();
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    const exe = join(bin, "agentihooks");
    copyFileSync(BIN, exe);
    chmodSync(exe, 0o755);
    const init = Bun.spawnSync([exe, "init", "--target", "kimi"], { env: sb.env, cwd: sb.repo, stdout: "pipe", stderr: "pipe" });
    expect(init.exitCode).toBe(0);
    const command = hooksIn(configFile(sb))[0].command;
    addCondition(join(sb.home, "conditions"), "pre-bash.touch-deny.sh", "#!/usr/bin/env bash\necho 'no touch' >&2; exit 2\n");
    // as Kimi runs it: a shell, the payload on stdin
    const sh = (cmd: string) => {
      const payload = { hook_event_name: "PreToolUse", session_id: "s", cwd: sb.repo, client_type: "cli", tool_name: "Bash", tool_input: { command: cmd }, tool_call_id: "c" };
      const p = Bun.spawnSync(["sh", "-c", command], { env: sb.env, cwd: sb.repo, stdin: new Blob([JSON.stringify(payload)]), stdout: "pipe", stderr: "pipe" });
      return { exitCode: p.exitCode, stderr: p.stderr.toString() };
    };
    expect(sh("ls")).toEqual({ exitCode: 0, stderr: "" });
    const deny = sh("touch x");
    expect([deny.exitCode, deny.stderr.includes("no touch"), deny.stderr.includes("could not run")]).toEqual([2, true, false]);
    renameSync(exe, `${exe}.moved`);
    const gone = sh("ls");
    expect(gone.exitCode).toBe(2);
    expect(gone.stderr).toContain("agentihooks could not run (executable missing or crashed)");
  });
});

describe("kimi doctor", () => {
  test("names a table whose event is missing", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "kimi"]);
    const text = readFileSync(configFile(sb), "utf8");
    writeFile(configFile(sb), text.replace(/\n[^\n]*\n\[\[hooks\]\]\nevent = "Stop"\n[^\n]*\n[^\n]*\n?$/, "\n"));
    expect(hooksIn(configFile(sb)).map((h) => h.event)).not.toContain("Stop");
    expect(checks(sb, "fail")).toEqual([`kimi: ${configFile(sb)} does not register Stop`]);
  });
});

describe("kimi: files that do not parse", () => {
  test("a config.toml that does not parse: init of claude and kimi writes nothing at all", () => {
    const sb = sandbox();
    writeFile(configFile(sb), "[[hooks]\nevent = \n");
    const before = readFileSync(configFile(sb), "utf8");
    const r = ah(sb, ["init", "--target", "claude,kimi"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(configFile(sb));
    expect(readFileSync(configFile(sb), "utf8")).toBe(before);
    expect(existsSync(join(sb.userHome, ".claude", "settings.json"))).toBe(false);
  });

  test("hooks as an inline array (not tables) is refused with the reason; the file stays", () => {
    const sb = sandbox();
    const inline = 'hooks = [{ event = "Stop", command = "echo hi" }]\n';
    writeFile(configFile(sb), inline);
    const r = ah(sb, ["init", "--target", "kimi"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain("could not edit its [[hooks]] tables");
    expect(readFileSync(configFile(sb), "utf8")).toBe(inline);
  });
});
