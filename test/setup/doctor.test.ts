// `agentihooks doctor`: what is wrong, the command that fixes it, exit 1 only for real problems.
import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, statSync, symlinkSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { addCondition, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env = sb.env) => run(args, { env, cwd: sb.repo });
const doctor = (sb: Sandbox, env = sb.env) => ah(sb, ["doctor", "--json"], env);
const fails = (r: { json?: any }) => r.json.checks.filter((c: any) => c.level === "fail");

describe("doctor", () => {
  test("nothing set up: exit 1 and the fix", () => {
    const sb = sandbox();
    const r = doctor(sb);
    expect(r.exitCode).toBe(1);
    expect(fails(r)).toEqual([{ level: "fail", text: "no harness config calls agentihooks", fix: "agentihooks init" }]);
    const human = ah(sb, ["doctor"]);
    expect(human.stdout).toContain("fix: agentihooks init\n");
    expect(human.stdout).toContain("1 problem found");
  });

  test("after init: every harness calls this executable, no problems", () => {
    const sb = sandbox();
    ah(sb, ["init"]);
    const r = doctor(sb);
    expect(fails(r)).toEqual([]);
    expect(r.exitCode).toBe(0);
    const ok = r.json.checks.filter((c: any) => c.level === "ok").map((c: any) => c.text);
    expect(ok).toContain(`claude: ${paths(sb).claude} calls this executable on 12 events`);
    expect(ok).toContain(`codex: ${paths(sb).codex} calls this executable on 10 events`);
    expect(ok).toContain(`copilot: ${paths(sb).copilot} calls this executable on 13 events`);
    // The default profile's guards are TypeScript, run by this executable's Bun: no interpreter to find.
    expect(ok.some((t: string) => / found for \d+ condition/.test(t))).toBe(false);
  });

  test("the condition cache: rebuilt on the first run, fresh on the next", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "claude"]);
    ah(sb, ["conditions", "list"]); // writes out the built-in profile
    addCondition(join(sb.home, "conditions"), "pre-Bash-x.sh", "#!/usr/bin/env bash\n");
    // A folder or state.json changed under 2 s ago is never cached: age everything written so far.
    const old = new Date(Date.now() - 60_000);
    const age = (p: string) => {
      if (statSync(p).isDirectory()) for (const e of readdirSync(p)) age(join(p, e));
      utimesSync(p, old, old);
    };
    age(sb.home);
    const texts = (r: { json?: any }) => r.json.checks.map((c: any) => c.text);
    expect(texts(doctor(sb))).toContain("claude: condition cache was stale or missing; rebuilt");
    expect(texts(doctor(sb))).toContain("claude: condition cache is fresh");
  });

  test("a config that calls another executable, or lacks events", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "claude,codex"]);
    const p = paths(sb);
    const settings = JSON.parse(require("node:fs").readFileSync(p.claude, "utf8"));
    settings.hooks.Stop[0].hooks[0].command = "/old/place/agentihooks";
    delete settings.hooks.Notification;
    writeFile(p.claude, JSON.stringify(settings));
    const r = doctor(sb);
    expect(r.exitCode).toBe(1);
    expect(fails(r)).toEqual([
      { level: "fail", text: `claude: ${p.claude} calls /old/place/agentihooks, which does not exist`, fix: "agentihooks init --target claude" },
      { level: "fail", text: `claude: ${p.claude} does not register Notification`, fix: "agentihooks init --target claude" },
    ]);
    expect(ah(sb, ["init", "--target", "claude"]).exitCode).toBe(0);
    expect(doctor(sb).exitCode).toBe(0);
  });

  test("init recorded but the config is gone; a config that is not JSON", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "codex"]);
    writeFile(paths(sb).codex, "{}\n");
    writeFile(paths(sb).claude, '{\n  "a": 1,,\n}\n');
    const texts = fails(doctor(sb)).map((c: any) => c.text);
    expect(texts).toContain("codex: init was run but no codex config calls agentihooks");
    expect(texts.some((t: string) => t.startsWith(`claude: ${paths(sb).claude}:2: `))).toBe(true);
  });

  test("a missing interpreter is named with the condition that needs it; the default profile needs none", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "claude"]);
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    const bare = doctor(sb, { ...sb.env, PATH: bin });
    expect(fails(bare)).toEqual([]);
    expect(bare.exitCode).toBe(0);
    symlinkSync(Bun.which("bash")!, join(bin, "bash"));
    addCondition(join(sb.home, "conditions"), "pre-bash-lint.sh", "#!/usr/bin/env bash\npython3 -c 'print(1)'\n");
    const r = doctor(sb, { ...sb.env, PATH: bin });
    expect(r.exitCode).toBe(1);
    expect(fails(r)).toEqual([{ level: "fail", text: "claude: python3 is not on PATH, and pre-bash-lint.sh needs it", fix: "install python3" }]);
  });

  test("a shadowed condition is listed with both files, as a warning", () => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "claude"]);
    const mine = addCondition(join(sb.home, "conditions"), "pre-bash-git.sh", "exit 0\n");
    const r = doctor(sb);
    expect(r.exitCode).toBe(0);
    const warn = r.json.checks.find((c: any) => c.level === "warn" && c.text.includes("shadowed"));
    expect(warn.text).toContain("pre-bash-git.rules.toml [profile:default] < " + mine + " [runtime]");
    expect(warn.fix).toBe("rename one of the files if both should run");
  });
});
