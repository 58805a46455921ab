// Factory Droid's set-up, against the compiled executable: init adds its handlers to hooks.json (events
// at the top level, Droid's switches kept beside them) next to the person's own hooks, uninit gives the
// file back byte for byte, doctor agrees and names what keeps the hooks from running, and a hooks.json
// that does not parse stops everything before any write.
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, readJson } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const hooksFile = (sb: Sandbox) => join(sb.userHome, ".factory", "hooks.json");
const EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification"];
const fails = (sb: Sandbox, level = "fail") =>
  ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string; text: string }) => c.level === level && c.text.startsWith("droid:")).map((c: { text: string }) => c.text);

const EXISTING = `{
  "showHookOutput": true,
  "PreToolUse": [{ "matcher": "Create", "hooks": [{ "type": "command", "command": "/usr/local/bin/audit.sh", "timeout": 5 }] }]
}
`;

describe("droid init / uninit", () => {
  test("registers one handler per event in hooks.json, keeps the person's hooks and switches; uninit restores the bytes", () => {
    const sb = sandbox();
    writeFile(hooksFile(sb), EXISTING);
    const r = ah(sb, ["init", "--target", "droid"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("droid: the interactive droid runs these hooks only in a folder the person trusted");
    const after = readJson(hooksFile(sb));
    expect(after.showHookOutput).toBe(true);
    expect(Object.keys(after).filter((k) => k !== "showHookOutput").sort()).toEqual([...EVENTS].sort());
    expect(after.PreToolUse[0]).toEqual({ matcher: "Create", hooks: [{ type: "command", command: "/usr/local/bin/audit.sh", timeout: 5 }] });
    expect(after.PreToolUse[1].hooks[0].command).toStartWith(`${BIN} hook --target droid --event PreToolUse; s=$?;`);
    expect(after.PostToolUse[0]).toEqual({ hooks: [{ type: "command", command: `${BIN} hook --target droid --event PostToolUse`, timeout: 30 }] });
    expect(ah(sb, ["init", "--target", "droid"]).stdout).toContain("already set up: nothing changed");
    expect(fails(sb)).toEqual([]);
    const ok = ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string; text: string }) => c.level === "ok" && c.text.startsWith("droid:"));
    expect(ok.map((c: { text: string }) => c.text)).toContain(`droid: ${hooksFile(sb)} calls this executable on 9 events`);
    expect(ah(sb, ["uninit", "--target", "droid", "--remove-backups"]).exitCode).toBe(0);
    expect(readFileSync(hooksFile(sb), "utf8")).toBe(EXISTING);
  });

  test("a hooks.json init created is removed by uninit; --scope project writes .factory/hooks.json in the repository", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "droid"]).exitCode).toBe(0);
    expect(existsSync(hooksFile(sb))).toBe(true);
    expect(ah(sb, ["uninit", "--target", "droid"]).exitCode).toBe(0);
    expect(existsSync(hooksFile(sb))).toBe(false);
    expect(ah(sb, ["init", "--target", "droid", "--scope", "project"]).exitCode).toBe(0);
    expect(Object.keys(readJson(join(sb.repo, ".factory", "hooks.json"))).sort()).toEqual([...EVENTS].sort());
    expect(existsSync(hooksFile(sb))).toBe(false);
  });

  test("user scope: PreToolUse fails closed when the executable cannot run (Droid runs the call on any exit but 2); project scope stays plain", () => {
    const sb = sandbox();
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    const exe = join(bin, "agentihooks");
    copyFileSync(BIN, exe);
    chmodSync(exe, 0o755);
    const init = Bun.spawnSync([exe, "init", "--target", "droid"], { env: sb.env, cwd: sb.repo, stdout: "pipe", stderr: "pipe" });
    expect(init.exitCode).toBe(0);
    const command = readJson(hooksFile(sb)).PreToolUse[0].hooks[0].command as string;
    addCondition(join(sb.home, "conditions"), "pre-bash.touch-deny.sh", "#!/usr/bin/env bash\necho 'no touch' >&2; exit 2\n");
    // as Droid runs it: `sh -c`, the payload on stdin
    const sh = (cmd: string) => {
      const payload = { session_id: "s", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Execute", tool_input: { command: cmd } };
      const p = Bun.spawnSync(["sh", "-c", command], { env: sb.env, cwd: sb.repo, stdin: new Blob([JSON.stringify(payload)]), stdout: "pipe", stderr: "pipe" });
      return { exitCode: p.exitCode, stderr: p.stderr.toString() };
    };
    expect(sh("ls")).toEqual({ exitCode: 0, stderr: "" });
    const deny = sh("touch x");
    expect(deny.exitCode).toBe(2);
    expect(deny.stderr).toContain("no touch");
    expect(deny.stderr).not.toContain("could not run");
    renameSync(exe, `${exe}.moved`);
    const gone = sh("ls");
    expect(gone.exitCode).toBe(2);
    expect(gone.stderr).toContain("agentihooks could not run (exit 127): denied");
    renameSync(`${exe}.moved`, exe);
    const project = Bun.spawnSync([exe, "init", "--target", "droid", "--scope", "project"], { env: sb.env, cwd: sb.repo, stdout: "pipe", stderr: "pipe" });
    expect(project.exitCode).toBe(0);
    expect(readJson(join(sb.repo, ".factory", "hooks.json")).PreToolUse[0].hooks[0].command).toBe(`${exe} hook --target droid --event PreToolUse`);
  });

  test("FACTORY_HOME_OVERRIDE moves Droid's user folder, and init follows it", () => {
    const sb = sandbox();
    const other = join(sb.root, "factory-home");
    expect(ah(sb, ["init", "--target", "droid"], { FACTORY_HOME_OVERRIDE: other }).exitCode).toBe(0);
    expect(Object.keys(readJson(join(other, ".factory", "hooks.json")))).toHaveLength(9);
    expect(existsSync(hooksFile(sb))).toBe(false);
  });

  test("a bare init sets Droid up when ~/.factory exists, and skips it otherwise", () => {
    const sb = sandbox();
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    expect(existsSync(hooksFile(sb))).toBe(false);
    writeFile(join(sb.userHome, ".factory", "settings.json"), "{}\n");
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    expect(existsSync(hooksFile(sb))).toBe(true);
  });
});

describe("droid doctor", () => {
  test("names a handler whose event is missing", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "droid"]);
    const file = readJson(hooksFile(sb));
    delete file.PostToolUse;
    writeFile(hooksFile(sb), JSON.stringify(file));
    expect(fails(sb)).toEqual([`droid: ${hooksFile(sb)} does not register PostToolUse`]);
  });

  test("fails when hooksDisabled turns Droid's hooks off, in hooks.json or in settings.json", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "droid"]);
    const settings = join(sb.userHome, ".factory", "settings.json");
    writeFile(settings, JSON.stringify({ hooks: { hooksDisabled: true } }));
    expect(fails(sb)).toEqual([`droid: ${settings} turns Droid's hooks off (hooks.hooksDisabled: true): no guard runs`]);
    writeFile(hooksFile(sb), JSON.stringify({ ...readJson(hooksFile(sb)), hooksDisabled: true }));
    expect(fails(sb)).toEqual([`droid: ${hooksFile(sb)} turns Droid's hooks off (hooksDisabled: true): no guard runs`]);
  });

  test("warns when settings.json keeps hooks that Droid stops reading once hooks.json exists", () => {
    const sb = sandbox();
    const settings = join(sb.userHome, ".factory", "settings.json");
    writeFile(settings, JSON.stringify({ hooks: { PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "prettier" }] }] } }));
    const init = ah(sb, ["init", "--target", "droid"]);
    expect(init.stdout).toContain(`droid: ${settings} has hooks (PostToolUse) that Droid no longer reads`);
    expect(fails(sb, "warn")).toEqual([
      `droid: ${settings} has hooks (PostToolUse) that Droid no longer reads: it reads only ${hooksFile(sb)} when that file exists`,
    ]);
  });
});

describe("droid: files that do not parse", () => {
  test("a hooks.json that does not parse: init of claude and droid writes nothing at all", () => {
    const sb = sandbox();
    writeFile(hooksFile(sb), "{ not json");
    const r = ah(sb, ["init", "--target", "claude,droid"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(paths(sb).claude)).toBe(false);
    expect(readFileSync(hooksFile(sb), "utf8")).toBe("{ not json");
  });

  test("an event that is not a list is refused with its file and line, nothing written", () => {
    const sb = sandbox();
    writeFile(hooksFile(sb), '{\n  "PreToolUse": "nope"\n}\n');
    const r = ah(sb, ["init", "--target", "droid"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain(`${hooksFile(sb)}:2`);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(hooksFile(sb), "utf8")).toBe('{\n  "PreToolUse": "nope"\n}\n');
  });
});
