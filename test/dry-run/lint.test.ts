// `conditions lint` against the compiled executable: the hand-made bad layer and the examples.
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, sandbox } from "../helpers";
import { ah, badLayer, EXAMPLES, examplesSandbox } from "./fixtures";

describe("conditions lint", () => {
  test("the bad layer: every rule, each finding with its file and a fix, exit 1", () => {
    const s = sandbox();
    const dir = join(s.root, "bad");
    mkdirSync(dir);
    const f = badLayer(dir);
    const r = ah(s, ["conditions", "lint", dir, "--json"]);
    expect(r.exitCode).toBe(1);
    const rules = (file: string) => r.json.findings.filter((x: any) => x.file === file).map((x: any) => `${x.severity}:${x.rule}`).sort();
    expect(rules(f.noExtension)).toEqual(["error:invalid"]);
    expect(rules(f.noRunner)).toEqual(["error:no-runner"]);
    expect(rules(f.keyword)).toEqual(["error:cli-never-reported"]);
    expect(rules(f.dashed)).toEqual(["warning:dash-in-matcher"]);
    expect(rules(f.asyncDeny)).toEqual(["error:async-deny"]);
    expect(rules(f.shadowedPy)).toEqual(["warning:shadowed"]);
    expect(rules(f.failsOpen)).toEqual(["warning:exit-1-on-bad-input", "warning:jq-null"]);
    expect(rules(f.notebook)).toEqual(["warning:exit-1-on-bad-input", "warning:tool-not-on-target"]);
    expect(rules(f.typo)).toEqual(["warning:unknown-tool"]);
    expect(rules(f.badCases)).toEqual(["warning:cases"]);
    for (const x of r.json.findings) expect(x.fix.length).toBeGreaterThan(10);
    // each fix fits its cause: a broken cases file is not fixed by renaming, a wrong name is
    expect(r.json.findings.find((x: any) => x.file === f.badCases).fix).toContain("JSON syntax");
    expect(r.json.findings.find((x: any) => x.file === f.noExtension).fix).toContain("rename");
    expect(r.json.errors).toBe(4);
  });

  test("readable output names the file, the severity and the fix", () => {
    const s = sandbox();
    const dir = join(s.home, "conditions");
    badLayer(dir);
    const r = ah(s, ["conditions", "lint"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain("pre-bash.then-guard.sh");
    expect(r.stdout).toContain("error   bash.then fires only for dynamic lines");
    expect(r.stdout).toContain("fix: did you mean pre-bash.git-my_guard.sh?");
    expect(r.stdout).toContain("fix: drop .async from the name to make it synchronous (post-any-audit.sh)");
    expect(r.stdout).toContain("4 errors, 8 warnings");
  });

  test("a later layer's file shadows the runtime layer's across layers", () => {
    const s = sandbox();
    addCondition(join(s.home, "conditions"), "pre-bash-x.sh", "exit 0\n");
    const repoCopy = addCondition(join(s.repo, ".agentihooks", "conditions"), "pre-bash-x.sh", "exit 0\n");
    const r = ah(s, ["conditions", "lint", "--json"]);
    const shadow = r.json.findings.find((x: any) => x.rule === "shadowed");
    expect(shadow.file).toBe(join(s.home, "conditions", "pre-bash-x.sh"));
    expect(shadow.message).toContain(repoCopy);
    expect(r.exitCode).toBe(0);
  });

  test("a file refused for its modes gets a chmod, not a rename", () => {
    const s = sandbox();
    const dir = join(s.root, "modes");
    mkdirSync(dir, { mode: 0o755 });
    const open = addCondition(dir, "pre-bash-open.sh", "exit 0\n", 0o777);
    const r = ah({ ...s, env: { ...s.env, AGENTIHOOKS_STRICT_MODES: "1" } }, ["conditions", "lint", dir, "--json"]);
    const f = r.json.findings.find((x: any) => x.file === open);
    expect(f.rule).toBe("invalid");
    expect(f.message).toContain("writable by");
    expect(f.fix).toContain("chmod");
    expect(f.fix).toContain(open);
    expect(f.fix).not.toContain("rename");
  });

  // A guard's ways to read the payload, and the fail-open findings each gets (exit 2 makes it a guard).
  const READERS: [string, string, string[]][] = [
    ["the README's old first condition", `cmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])')\n[[ $cmd == *rm* ]] && exit 2\n`, ["empty-on-bad-input"]],
    ["python3 -c under set -e", `set -e\ncmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])')\n[[ $cmd == *rm* ]] && exit 2\n`, ["exit-1-on-bad-input"]],
    ["python3 -c || exit 2", `cmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])') || exit 2\n[[ $cmd == *rm* ]] && exit 2\n`, []],
    ["if ! cmd=$(python3 -c ...)", `if ! cmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])'); then exit 2; fi\n[[ $cmd == *rm* ]] && exit 2\n`, []],
    ["an emptiness test of what it read", `cmd=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])')\n[[ -z $cmd ]] && { echo unreadable >&2; exit 2; }\n[[ $cmd == *rm* ]] && exit 2\n`, []],
    ["a try inside the python", `cmd=$("\${AGENTIHOOKS_PYTHON:-python3}" -c '\nimport json, sys\ntry:\n    print(json.load(sys.stdin)["tool_input"]["command"])\nexcept Exception:\n    print("?")\n')\n[[ $cmd == *rm* || $cmd == "?" ]] && exit 2\n`, []],
    ["multi-line python3 -c without a try", `cmd=$("\${AGENTIHOOKS_PYTHON:-python3}" -c '\nimport json, sys\nprint(json.load(sys.stdin)["tool_input"]["command"])\n')\n[[ $cmd == *rm* ]] && exit 2\n`, ["empty-on-bad-input"]],
    ["jq -r, nothing else", `cmd=$(jq -r .tool_input.command)\n[[ $cmd == rm* ]] && exit 2\n`, ["empty-on-bad-input", "jq-null"]],
    ["jq -r || exit 2", `cmd=$(jq -r .tool_input.command) || exit 2\n[[ $cmd == rm* ]] && exit 2\n`, ["jq-null"]],
    ["jq -er || exit 2", `cmd=$(jq -er .tool_input.command) || { echo unreadable >&2; exit 2; }\n[[ $cmd == rm* ]] && exit 2\n`, []],
    ["set -e with an ERR trap that exits 2", `set -euo pipefail\ntrap 'echo unreadable >&2; exit 2' ERR\ncmd=$(jq -er .tool_input.command)\n[[ $cmd == rm* ]] && exit 2\n`, []],
    ["jq in a comment", `# cmd=$(jq -r .tool_input.command)\ncmd=$AH_PROGRAMS\n[[ $cmd == rm* ]] && exit 2\n`, []],
    ["not a guard (no exit 2)", `jq -r .tool_input.file_path | grep -q migrations && echo "append-only"\nexit 0\n`, []],
  ];
  test.each(READERS)("fail-open readers: %s", (_, body, rules) => {
    const s = sandbox();
    const dir = join(s.root, "readers");
    mkdirSync(dir);
    const file = addCondition(dir, "pre-bash-reader.sh", `#!/usr/bin/env bash\n${body}`);
    const r = ah(s, ["conditions", "lint", dir, "--json"]);
    const found = r.json.findings.filter((f: any) => f.file === file);
    expect(found.map((f: any) => f.rule).sort()).toEqual(rules);
    for (const f of found) expect(f.fix).toMatch(/exit 2|jq -e/);
  });

  test("a home every call would be denied for comes first, with the chmod that fixes it", () => {
    const s = sandbox();
    addCondition(join(s.home, "conditions"), "pre-bash-x.sh", "exit 0\n");
    chmodSync(s.home, 0o777);
    const r = ah({ ...s, env: { ...s.env, AGENTIHOOKS_STRICT_MODES: "1" } }, ["conditions", "lint", "--json"]);
    expect(r.exitCode).toBe(1);
    const first = r.json.findings[0];
    expect(first.rule).toBe("broken");
    expect(first.message).toContain("every PreToolUse call is denied");
    expect(first.fix).toMatch(/^chmod .*-w /);
    expect(first.fix).toContain(s.home);
    chmodSync(s.home, 0o755);
  });

  test("a TypeScript condition importing a module that is not beside it never answers", () => {
    const s = sandbox();
    const dir = join(s.root, "ts");
    mkdirSync(dir);
    const body = 'import { runAsScript } from "./_condition.ts";\nimport { x } from "./_helpers";\nrunAsScript(() => x);\n';
    const file = addCondition(dir, "pre-bash-api.ts", body);
    addCondition(dir, "_helpers.ts", "export const x = undefined;\n", 0o644);
    const r = ah(s, ["conditions", "lint", dir, "--json"]);
    const found = r.json.findings.filter((f: any) => f.file === file);
    expect(found.map((f: any) => f.rule)).toEqual(["missing-import"]);
    expect(found[0].message).toContain("./_condition.ts");
    expect(found[0].fix).toContain(`copy _condition.ts into ${dir}`);
    // and the pipeline agrees: in a layer without _condition.ts the condition crashes and is skipped
    addCondition(join(s.home, "conditions"), "pre-bash-api.ts", body);
    const e = ah(s, ["conditions", "explain", "--command", "ls", "--json"]);
    expect(e.json.calls[0].outcomes.find((o: any) => o.file === "pre-bash-api.ts").status).toBe("crashed");
  });

  test("the example conditions have no errors", () => {
    const r = ah(examplesSandbox(), ["conditions", "lint", EXAMPLES, "--json"]);
    expect(r.exitCode).toBe(0);
    expect(r.json.errors).toBe(0);
  });
});
