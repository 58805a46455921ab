// False positives have a way out (issue 25 part 6), through the compiled executable: `conditions disable`
// and `enable` of a rule id or a whole condition, recorded in state.json and honoured by the next hook
// call; refused from the agent's shell while the gate is closed, as `conditions set` is.
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, hook, run, sandbox } from "../helpers";

function defaultHome() {
  const sb = sandbox();
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
  const decision = (command: string) => hook(claudeBash(command, sb.repo), { env: sb.env, target: "claude", event: "PreToolUse" }).json?.hookSpecificOutput?.permissionDecision ?? "none";
  const state = () => JSON.parse(readFileSync(join(sb.home, "state.json"), "utf8"));
  return { sb, decision, state };
}

describe("conditions disable / enable", () => {
  test("a rule id: only that rule is off, the others of its pack still deny; enable turns it back on", () => {
    const { sb, decision, state } = defaultHome();
    expect(decision("git push -f origin x")).toBe("deny");
    const off = run(["conditions", "disable", "git.push-force"], { env: sb.env, cwd: sb.repo });
    expect(off.exitCode).toBe(0);
    expect(off.stdout).toContain("disabled rule git.push-force");
    expect(state().disabled).toEqual(["git.push-force"]);
    expect(decision("git push -f origin x")).toBe("none");
    expect(decision("git push origin main")).toBe("deny");
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    const rules = list.rules[list.conditions.find((c: any) => c.file === "pre-bash-git.rules.toml").path];
    expect(rules.find((r: any) => r.id === "git.push-force")).toEqual({ id: "git.push-force", decision: "deny", disabled: true });
    expect(rules.find((r: any) => r.id === "git.reset-hard")).toEqual({ id: "git.reset-hard", decision: "ask" });
    expect(list.preset).toBe("default");
    expect(run(["conditions", "list"], { env: sb.env, cwd: sb.repo }).stdout).toContain("git.push-force disabled");
    expect(run(["conditions", "disable", "git.push-force"], { env: sb.env }).stdout).toContain("already disabled");
    const on = run(["conditions", "enable", "git.push-force"], { env: sb.env, cwd: sb.repo });
    expect(on.stdout).toContain("enabled rule git.push-force");
    expect(state().disabled).toBeUndefined();
    expect(decision("git push -f origin x")).toBe("deny");
  });

  test("a condition, by its file name or its <step>-<matcher>-<name>: it no longer runs or lists", () => {
    const { sb, decision } = defaultHome();
    expect(run(["conditions", "disable", "pre-bash-git.rules.toml"], { env: sb.env }).stdout).toContain("disabled condition pre-bash-git");
    expect(decision("git push origin main")).toBe("none");
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    expect(list.conditions.map((c: any) => c.file)).not.toContain("pre-bash-git.rules.toml");
    expect(run(["conditions", "enable", "pre-bash-git"], { env: sb.env }).stdout).toContain("enabled condition pre-bash-git");
    expect(decision("git push origin main")).toBe("deny");
  });

  test("a name that is neither is a usage error: exit 2, one line, nothing written", () => {
    const { sb } = defaultHome();
    const before = readFileSync(join(sb.home, "state.json"), "utf8");
    for (const name of ["not a name", "Git.Push", "pre-"]) {
      const r = run(["conditions", "disable", name], { env: sb.env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain("neither a condition");
    }
    expect(readFileSync(join(sb.home, "state.json"), "utf8")).toBe(before);
  });
});

describe("the closed gate refuses them from the agent's shell", () => {
  for (const command of ["agentihooks conditions disable git.push-force", "agentihooks conditions enable pre-bash-git", "bash -c 'agentihooks conditions disable pre-bash-git'"]) {
    test(command, () => {
      const { sb } = defaultHome();
      const r = hook(claudeBash(command, sb.repo), { env: { ...sb.env, PATH: `${join(process.env.AGENTIHOOKS_BIN ?? "", "..")}:${sb.env.PATH}` }, target: "claude", event: "PreToolUse" });
      expect(r.exitCode).toBe(2);
      expect(r.json?.hookSpecificOutput?.permissionDecisionReason).toContain("to change its set-up");
    });
  }
});
