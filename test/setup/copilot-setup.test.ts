// Copilot's set-up: one command form per entry (Copilot skips an entry with both), the trust note of
// --scope project, and doctor's Copilot checks. Against the compiled executable.
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, projectPaths, readJson } from "./fixtures";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });
const doctor = (sb: Sandbox) => ah(sb, ["doctor", "--json"]);
const checks = (r: { json?: any }, level: string) => r.json.checks.filter((c: any) => c.level === level);
const SHELL_KEYS = ["bash", "powershell", "command"];

/** Returns the command forms each handler of a Copilot hooks file carries. */
function forms(path: string): string[][] {
  const hooks = readJson(path).hooks as Record<string, Record<string, unknown>[]>;
  return Object.values(hooks).flat().map((h) => ["exec", ...SHELL_KEYS].filter((k) => h[k] !== undefined));
}

describe("copilot init: one command form per entry", () => {
  test("user scope: exec + args only, on all 13 events", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "copilot"]).exitCode).toBe(0);
    expect(forms(paths(sb).copilot)).toEqual(Array(13).fill(["exec"]));
    expect(readJson(paths(sb).copilot).hooks.preToolUse[0]).toEqual({
      type: "command", exec: BIN, args: ["hook", "--target", "copilot", "--event", "preToolUse"], timeoutSec: 30,
    });
  });

  test("project scope: the guarded bash form only, and the person is told about folder trust", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "copilot", "--scope", "project"]);
    expect(r.exitCode).toBe(0);
    expect(forms(projectPaths(sb).copilot)).toEqual(Array(13).fill(["bash"]));
    expect(r.stdout).toContain("copilot: Copilot loads this repository's .github/hooks only in a trusted folder");
    expect(r.stdout).toContain("--trust-folder");
    expect(ah(sb, ["init", "--target", "copilot"]).stdout).not.toContain("trusted folder");
  });

  test("an entry an older init wrote with both forms is rewritten to exec alone", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    const file = readJson(paths(sb).copilot);
    for (const list of Object.values(file.hooks) as Record<string, unknown>[][]) list[0].bash = `exec ${BIN} hook --target copilot`;
    writeFileSync(paths(sb).copilot, JSON.stringify(file, null, 2));
    expect(checks(doctor(sb), "fail").length).toBe(13);
    ah(sb, ["init", "--target", "copilot"]);
    expect(forms(paths(sb).copilot)).toEqual(Array(13).fill(["exec"]));
    expect(checks(doctor(sb), "fail")).toEqual([]);
  });
});

describe("copilot doctor", () => {
  // many broken spellings of one entry -> one problem each, with the fix
  const broken: [string, Record<string, unknown>, string][] = [
    ["exec and bash", { type: "command", exec: BIN, args: ["hook"], bash: "true" }, "has both exec and bash: Copilot skips it"],
    ["exec and powershell", { type: "command", exec: BIN, args: ["hook"], powershell: "true" }, "has both exec and powershell: Copilot skips it"],
    ["exec and command", { type: "command", exec: BIN, args: ["hook"], command: "true" }, "has both exec and command: Copilot skips it"],
    ["exec, bash and command", { exec: BIN, args: ["hook"], bash: "x", command: "y" }, "has both exec and bash/command: Copilot skips it"],
    ["neither", { type: "command", timeoutSec: 5 }, "has neither exec nor bash/powershell/command: Copilot skips it"],
  ];
  test.each(broken)("an entry with %s is a problem", (_name, entry, text) => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    const file = readJson(paths(sb).copilot);
    file.hooks.agentStop.push(entry);
    writeFileSync(paths(sb).copilot, JSON.stringify(file, null, 2));
    const r = doctor(sb);
    expect(r.exitCode).toBe(1);
    expect(checks(r, "fail")).toEqual([{ level: "fail", text: `copilot: ${paths(sb).copilot}: hooks.agentStop[1] ${text}`, fix: "agentihooks init --target copilot" }]);
  });

  test("a Claude-style group inside the file is opened", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    const file = readJson(paths(sb).copilot);
    file.hooks.postToolUse.push({ matcher: "bash", hooks: [{ type: "command", exec: "/bin/true", bash: "true" }] });
    writeFileSync(paths(sb).copilot, JSON.stringify(file, null, 2));
    expect(checks(doctor(sb), "fail").map((c: any) => c.text)).toEqual([`copilot: ${paths(sb).copilot}: hooks.postToolUse[1].hooks[0] has both exec and bash: Copilot skips it`]);
  });

  test("a file that is not JSON is a problem, once", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    writeFileSync(paths(sb).copilot, readFileSync(paths(sb).copilot, "utf8").replace('"version": 1,', '"version": 1,,'));
    const fails = checks(doctor(sb), "fail").map((c: any) => c.text);
    expect(fails.filter((t: string) => t.includes(paths(sb).copilot))).toEqual([expect.stringContaining("not valid JSON") as never]);
  });

  test("the registered executable is gone: a problem naming it", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    writeFileSync(paths(sb).copilot, readFileSync(paths(sb).copilot, "utf8").replaceAll(BIN, "/gone/agentihooks"));
    expect(checks(doctor(sb), "fail").map((c: any) => c.text)).toContain(
      `copilot: ${paths(sb).copilot} calls /gone/agentihooks, which does not exist`,
    );
  });

  const disabling = ["settings.json", "config.json", "settings.local.json"];
  test.each(disabling)("disableAllHooks in %s is a problem", (name) => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot"]);
    const settings = writeFile(join(sb.userHome, ".copilot", name), '// managed by Copilot\n{ "disableAllHooks": true }\n');
    expect(checks(doctor(sb), "fail")).toEqual([
      { level: "fail", text: `copilot: ${settings} sets disableAllHooks: Copilot runs no hooks`, fix: `remove "disableAllHooks" from ${settings}` },
    ]);
  });

  test("project hooks in a folder Copilot does not trust: a warning until it is trusted", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "copilot", "--scope", "project"]);
    const warn = () => checks(doctor(sb), "warn").filter((c: any) => c.text.includes("trusted folder"));
    expect(warn()).toEqual([{
      level: "warn",
      text: `copilot: ${sb.repo} is not a trusted folder: Copilot loads its .github/hooks only once it is trusted`,
      fix: "answer Copilot's folder-trust prompt once (or run copilot -p with --trust-folder)",
    }]);
    // Copilot's config.json starts with comment lines; a parent folder's trust covers the repository
    writeFile(join(sb.userHome, ".copilot", "config.json"), `// User settings belong in settings.json.\n{"trustedFolders": [${JSON.stringify(sb.root)}]}\n`);
    expect(warn()).toEqual([]);
  });
});
