// A condition's environment is the same under the live hook, `conditions explain` and `conditions
// test`: the same AH_* keys and AGENTIHOOKS_HOME, which the harnesses never pass (before, a live
// condition fell back to "/" where `conditions test` had given it a home).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, hook, run, sandbox, writeFile } from "../helpers";

const KEYS = /^(AH_[A-Z_]+|AGENTIHOOKS_HOME)=/;

/** A condition that appends its AH_* and AGENTIHOOKS_HOME variables, one block per run, to `out`. */
const dumper = (out: string) => `#!/usr/bin/env bash\ncat >/dev/null\n{ echo ---; env | grep -E '^(AH_[A-Z_]+|AGENTIHOOKS_HOME)=' | sort; } >> '${out}'\n`;

function blocks(out: string): Record<string, string>[] {
  return readFileSync(out, "utf8").split("---\n").filter(Boolean).map((b) =>
    Object.fromEntries(
      b.trim().split("\n").filter((l) => KEYS.test(l)).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)])
        // AH_RUN_ID names one run of one condition (src/run/reaper.ts): only its presence can be the same
        .map(([k, v]) => [k, k === "AH_RUN_ID" && /^\d+\.\d+$/.test(v) ? "<run id>" : v]),
    ),
  );
}

describe("the condition environment", () => {
  // The harness's environment: HOME, no AGENTIHOOKS_HOME.
  const sb = sandbox();
  const { AGENTIHOOKS_HOME: _, ...harnessEnv } = sb.env;
  const ahome = join(sb.userHome, ".agentihooks");
  const out = join(sb.root, "env.txt");
  const file = "pre-bash.git-env_dump.sh";
  writeFile(join(ahome, "conditions", file), dumper(out), 0o755);
  const payload = claudeBash("git status", sb.repo, { session_id: "s-env", tool_use_id: "toolu_env" });

  test("the hook gives a condition AGENTIHOOKS_HOME even when the harness passes none", () => {
    expect(hook(payload, { env: harnessEnv }).exitCode).toBe(0);
    expect(blocks(out)[0].AGENTIHOOKS_HOME).toBe(ahome);
  });

  test("an AGENTIHOOKS_HOME the person set is passed on as it is", () => {
    const other = join(sb.root, "other-home");
    writeFile(join(other, "conditions", file), dumper(out), 0o755);
    expect(hook(payload, { env: { ...harnessEnv, AGENTIHOOKS_HOME: other } }).exitCode).toBe(0);
    expect(blocks(out).at(-1)!.AGENTIHOOKS_HOME).toBe(other);
  });

  test("explain runs it with exactly the hook's variables and values", () => {
    const r = run(["conditions", "explain", "--payload", "-"], { env: harnessEnv, cwd: sb.repo, stdin: JSON.stringify(payload) });
    expect(r.exitCode).toBe(0);
    const [live, , explained] = blocks(out);
    expect(explained).toEqual(live);
  });

  test("conditions test runs it with the same keys, AGENTIHOOKS_HOME set to its own world's home", () => {
    const cases = { condition: file, cases: [{ name: "git status", command: "git status", expect: { decision: "none" } }] };
    writeFile(join(ahome, "conditions", "_pre-bash.git-env_dump.cases.json"), JSON.stringify(cases));
    const r = run(["conditions", "test", join(ahome, "conditions", file)], { env: harnessEnv, cwd: sb.repo });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    const all = blocks(out);
    const [live, tested] = [all[0], all.at(-1)!];
    expect(Object.keys(tested).sort()).toEqual(Object.keys(live).sort());
    expect(tested.AGENTIHOOKS_HOME).not.toBe(ahome); // a world of its own
    expect(tested.AGENTIHOOKS_HOME).toStartWith("/");
  });
});
