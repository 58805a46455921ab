// `programs --json`, `programs` and `conditions explain` say why a line is dynamic: which construct,
// its span in the line, its text, and a sentence (the compiled executable).
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { addCondition, run, sandbox } from "../helpers";

const programs = (...args: string[]) => run(["programs", ...args], { env: { ...(process.env as Record<string, string>), NO_COLOR: "1" } });

describe("why a line is dynamic", () => {
  test("programs --json: the construct, the span and its text, in line order", () => {
    const line = "git status; $X -rf x; (( n )); source env.sh";
    const doc = programs("--json", line).json;
    expect(doc.dynamic).toBe(true);
    expect(doc.why.map((r: { construct: string }) => r.construct)).toEqual(["program-not-static", "arithmetic-variable", "source-file"]);
    for (const r of doc.why) {
      expect(line.slice(r.start, r.end)).toBe(r.text);
      expect(r.message.length).toBeGreaterThan(10);
    }
    expect(doc.why[0]).toMatchObject({ start: 12, end: 14, text: "$X" });
  });

  test("a construct inside nested text is placed at that text's span of the line", () => {
    const line = "echo hi && bash -c 'ls; $CMD'";
    const r = programs("--json", line).json.why[0];
    expect(r.construct).toBe("program-not-static");
    expect(line.slice(r.start, r.end)).toBe("'ls; $CMD'");
  });

  test("a static line has no reasons; wrappers are reported apart", () => {
    const doc = programs("--json", "sudo -u bob timeout 5 git push").json;
    expect(doc).toMatchObject({ programs: ["git"], wrappers: ["sudo", "timeout"], dynamic: false, why: [] });
  });

  test("programs (text) lists each reason with its span", () => {
    const r = programs("x='a[$(rm f)]'; (( x ))");
    expect(r.stdout).toContain("dynamic:  yes");
    expect(r.stdout).toMatch(/arithmetic-variable at 19-20 `x`: arithmetic reads `x`/);
  });

  test("programs --jsonl answers one line per command line, and one error per bad line", () => {
    const r = run(["programs", "--jsonl"], { stdin: `${JSON.stringify("git push")}\n${JSON.stringify("$X")}\nnot json\n` });
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ programs: ["git"], wrappers: [], modules: [], dynamic: false, why: [] });
    expect(lines[1]).toMatchObject({ dynamic: true, why: ["program-not-static"] });
    expect(lines[2]).toEqual({ error: "each line must be a JSON string" });
  });

  test("conditions explain names the construct and span; the match says why it fired", () => {
    const sb = sandbox();
    addCondition(join(sb.home, "conditions"), "pre-bash.kubectl-guard.sh", "#!/usr/bin/env bash\nexit 0\n");
    // (a program made by an expansion, `eval "$DEPLOY"`, is now denied by the gate before any condition:
    // it may be agentihooks itself; a script file is dynamic and reaches the conditions)
    const r = run(["conditions", "explain", "--command", "bash deploy.sh", "--no-run"], { env: sb.env });
    expect(r.stdout).toMatch(/dynamic: script-file at 5-14 `deploy\.sh`/);
    expect(r.stdout).toMatch(/bash\.kubectl: the command is dynamic \(script-file at 5-14\)/);
    const j = run(["conditions", "explain", "--command", "bash deploy.sh", "--no-run", "--json"], { env: sb.env }).json;
    expect(j.calls[0].programs.why[0]).toMatchObject({ construct: "script-file", start: 5, end: 14, text: "deploy.sh" });
  });

  test("conditions explain shows the wrappers a line runs", () => {
    const sb = sandbox();
    addCondition(join(sb.home, "conditions"), "pre-bash.sudo-guard.sh", "#!/usr/bin/env bash\nexit 0\n");
    const r = run(["conditions", "explain", "--command", "sudo git push", "--no-run"], { env: sb.env });
    expect(r.stdout).toContain("wrappers: sudo");
    expect(r.stdout).toContain("bash.sudo: the command runs another program through sudo");
  });
});
