// `conditions new` and `conditions set --language typescript`, through the compiled executable: the
// template fails closed, passes its own cases, is lint-clean, and a refusal writes nothing.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, hook, run, sandbox } from "../helpers";

const ah = (s: ReturnType<typeof sandbox>, args: string[], stdin?: string) => run(args, { env: s.env, cwd: s.repo, stdin });
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe("conditions new", () => {
  const rows: [string, string, string][] = [
    ["bash", "pre", "bash.kubectl"], ["python", "pre", "bash.kubectl"], ["ts", "pre", "bash.kubectl"],
    ["bash", "pre", "edit+write"], ["ts", "pre", "any"], ["python", "post", "bash"], ["ts", "post", "mcp__gateway-tools"],
  ];
  test.each(rows)("--language %s --step %s --matcher %s: written private, passes its own cases, lint-clean", (language, step, matcher) => {
    const s = sandbox();
    const r = ah(s, ["conditions", "new", "my_guard", "--language", language, "--step", step, "--matcher", matcher, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    expect(r.json.active).toBe(true);
    const ext = { bash: "sh", python: "py", ts: "ts" }[language];
    expect(r.json.file).toBe(`${step}-${matcher}-my_guard.${ext}`);
    expect(r.json.cases).toBe(join(s.home, "conditions", `_${step}-${matcher}-my_guard.cases.json`));
    expect(mode(r.json.path)).toBe("755");
    expect(mode(r.json.cases)).toBe("600");
    const t = ah(s, ["conditions", "test", r.json.path, "--json"]);
    expect(t.json.failed).toBe(0);
    expect(t.json.passed).toBe(matcher === "edit+write" || matcher.startsWith("mcp") ? 2 : 3);
    expect(t.exitCode).toBe(0);
    const l = ah(s, ["conditions", "lint", "--json"]);
    expect(l.json.findings).toEqual([]);
    if (language === "bash" && Bun.which("shellcheck")) {
      const sc = Bun.spawnSync(["shellcheck", "--shell=bash", "--severity=style", r.json.path], { stdout: "pipe", stderr: "pipe" });
      expect(sc.stdout.toString()).toBe("");
    }
  });

  test("the live hook: garbage is denied, a dynamic line is denied naming why, a plain line passes", () => {
    const s = sandbox();
    expect(ah(s, ["conditions", "new", "kube", "--language", "bash", "--matcher", "bash.kubectl"]).exitCode).toBe(0);
    const plain = hook(claudeBash("kubectl get pods", s.repo), { env: s.env });
    expect(plain.exitCode).toBe(0);
    const dynamic = hook(claudeBash("echo ${!x}", s.repo), { env: s.env });
    expect(dynamic.exitCode).toBe(2);
    expect(dynamic.stderr).toContain("kube: the programs of this command cannot be known statically (indirect-expansion at 5-9");
  });

  test("refusals write nothing: unknown language, a step without a tool, a bad matcher, a dash, an existing name", () => {
    const s = sandbox();
    const layer = join(s.home, "conditions");
    for (const args of [
      ["x", "--language", "ruby"], ["x", "--language", "bash", "--step", "stop"], ["x", "--language", "bash", "--matcher", "bash.+x"],
      ["my-guard", "--language", "bash"], ["--language", "bash"],
    ]) {
      const r = ah(s, ["conditions", "new", ...args]);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toContain("    at ");
      expect(readdirSync(layer)).toEqual([]);
    }
    expect(ah(s, ["conditions", "new", "g", "--language", "bash"]).exitCode).toBe(0);
    const cases = join(layer, "_pre-bash-g.cases.json");
    writeFileSync(cases, '{"cases": []}\n');
    const again = ah(s, ["conditions", "new", "g", "--language", "python"]);
    expect(again.exitCode).not.toBe(0);
    expect(again.stderr).toContain("already exists");
    expect(readdirSync(layer).sort()).toEqual(["_pre-bash-g.cases.json", "pre-bash-g.sh"]);
    expect(readFileSync(cases, "utf8")).toBe('{"cases": []}\n');
    const replaced = ah(s, ["conditions", "new", "g", "--language", "python", "--replace", "--json"]);
    expect(replaced.exitCode).toBe(0);
    expect(readdirSync(layer).sort()).toEqual(["_pre-bash-g.cases.json", "pre-bash-g.py"]);
    expect(JSON.parse(readFileSync(cases, "utf8")).cases.length).toBe(3);
  });
});

describe("conditions set --language typescript", () => {
  test("writes a .ts condition (no shebang added) that the hook runs on the executable's own Bun", () => {
    const s = sandbox();
    const script = 'import { readFileSync } from "node:fs";\nconst p = JSON.parse(readFileSync(0, "utf8"));\nif (String(p.tool_input?.command).includes("rm -rf")) { process.stderr.write("no rm -rf\\n"); process.exit(2); }\n';
    const r = ah(s, ["conditions", "set", "--name", "no_rmrf", "--matcher", "bash.rm", "--language", "typescript", "--json"], script);
    expect(r.stderr).toBe("");
    expect(r.json.file).toBe("pre-bash.rm-no_rmrf.ts");
    expect(readFileSync(r.json.path, "utf8")).toBe(script);
    const denied = hook(claudeBash("rm -rf build", s.repo), { env: s.env });
    expect(denied.exitCode).toBe(2);
    expect(denied.stderr).toContain("no rm -rf");
    expect(hook(claudeBash("rm build.log", s.repo), { env: s.env }).exitCode).toBe(0);
    const ts = ah(s, ["conditions", "set", "--name", "x", "--matcher", "any", "--language", "ts"], "void 0;\n");
    expect(ts.exitCode).toBe(0);
    expect(ts.stdout).toContain("pre-any-x.ts");
  });
});
