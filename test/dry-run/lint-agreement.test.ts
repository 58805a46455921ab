// `conditions lint` agrees with the matcher: every rule's claim is checked against `conditions list
// --tool/--command` and `conditions explain --no-run` on the same files, through the compiled
// executable, for the shipped examples and a table of tricky names.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, type Sandbox, sandbox } from "../helpers";
import { ah, EXAMPLES, examplesSandbox } from "./fixtures";

type Probe = { tool: string; command?: string };

/** Rules that claim a condition's matcher cannot fire (for the calls named in the row). */
const NEVER = new Set(["cli-never-reported", "unknown-tool"]);
const EVENT: Record<string, string> = { pre: "PreToolUse", post: "PostToolUse", fail: "PostToolUseFailure", permission: "PermissionRequest" };

/** Returns the files `list --tool --command` says fire for a probe. */
function listFires(s: Sandbox, p: Probe): string[] {
  const args = ["conditions", "list", "--tool", p.tool, "--json"];
  if (p.command !== undefined) args.push("--command", p.command);
  const r = ah(s, args);
  expect(r.exitCode).toBe(0);
  // the reason list gives comes from the same matcher: never "no alternative matched" for a firing file
  for (const f of r.json.fires) expect({ file: f.file, probe: p, why: f.why }).not.toEqual({ file: f.file, probe: p, why: "no alternative matched" });
  return r.json.fires.map((f: { file: string }) => f.file);
}

/** Returns the files `explain --no-run` matches for a probe on `step`'s event. */
function explainMatches(s: Sandbox, p: Probe, step: string): string[] {
  const payload = {
    hook_event_name: EVENT[step], session_id: "lint-agreement", cwd: s.repo, tool_name: p.tool, tool_use_id: "toolu_lint",
    tool_input: p.command === undefined ? {} : { command: p.command }, ...(step === "pre" || step === "permission" ? {} : { tool_response: {} }),
  };
  const r = ah(s, ["conditions", "explain", "--payload", "-", "--target", "claude", "--no-run", "--json"], JSON.stringify(payload));
  expect(r.exitCode).toBe(0);
  return r.json.calls.flatMap((c: { matched: { file: string }[] }) => c.matched.map((m) => m.file));
}

function lint(s: Sandbox, dir: string): Map<string, string[]> {
  const r = ah(s, ["conditions", "lint", dir, "--json"]);
  const rules = new Map<string, string[]>();
  for (const f of r.json.findings) {
    const file = f.file.slice(dir.length + 1);
    rules.set(file, [...(rules.get(file) ?? []), f.rule].sort());
  }
  return rules;
}

/** Checks one file: list and explain agree with each other on every probe, and with lint's claims. */
function agree(s: Sandbox, file: string, rules: string[], probes: Probe[]): boolean[] {
  const step = file.split("-")[0];
  return probes.map((p) => {
    const listed = listFires(s, p).includes(file);
    expect({ file, probe: p, explain: explainMatches(s, p, step).includes(file) }).toEqual({ file, probe: p, explain: listed });
    if (listed) expect({ file, probe: p, rules: rules.filter((r) => NEVER.has(r)) }).toEqual({ file, probe: p, rules: [] });
    return listed;
  });
}

/** The calls a matcher is about: a Bash line per bash.<cli>, a call per tool name. */
function probesOf(file: string): Probe[] {
  const matcher = file.slice(file.indexOf("-") + 1, file.lastIndexOf("-"));
  return matcher.split("+").map((t): Probe => {
    if (t.startsWith("bash.")) return { tool: "Bash", command: `${t.slice(5)} --version` };
    if (t === "any") return { tool: "Read" };
    if (/^mcp__[^_]+(?:[^_]|_(?!_))*$/.test(t)) return { tool: `${t}__probe` };
    return t === "bash" ? { tool: "Bash", command: "ls" } : { tool: t };
  });
}

describe("lint and the matcher agree", () => {
  test("every shipped example: no never-matches claim, and list, explain and lint agree on its calls", () => {
    const s = examplesSandbox();
    const layer = join(s.home, "conditions");
    const rules = lint(s, layer);
    const files = readdirSync(EXAMPLES).filter((f) => /^(pre|post|fail)-.*\.(sh|py|ts)$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const stem = file.replace(/\.[^.]+$/, "");
      const casesPath = join(EXAMPLES, `_${stem}.cases.json`);
      const cases: { tool?: string; command?: string; stdin?: string; payload?: unknown; event?: string }[] = existsSync(casesPath) ? JSON.parse(readFileSync(casesPath, "utf8")).cases : [];
      const fromCases = cases.filter((c) => c.stdin === undefined && !c.payload && !c.event).slice(0, 2).map((c) => ({ tool: c.tool ?? "Bash", command: c.command }));
      const mine = rules.get(file) ?? [];
      expect({ file, never: mine.filter((r) => NEVER.has(r) || r === "invalid" || r === "dash-in-matcher") }).toEqual({ file, never: [] });
      const fired = agree(s, file, mine, [...probesOf(file), ...fromCases]);
      expect({ file, fires: fired.some(Boolean) }).toEqual({ file, fires: true });
    }
  }, 120_000);

  // file, the rules lint gives, calls that fire it, calls that do not
  const TRICKY: [string, string[], Probe[], Probe[]][] = [
    ["pre-bash.git-my-guard.sh", ["dash-in-matcher"], [{ tool: "Bash", command: "git-my status" }], [{ tool: "Bash", command: "git status" }]],
    ["pre-bash.git-my_guard.sh", [], [{ tool: "Bash", command: "git status" }], [{ tool: "Bash", command: "ls" }]],
    ["pre-bash.sudo-guard.sh", [], [{ tool: "Bash", command: "sudo git push" }, { tool: "Bash", command: "FOO=1 sudo -E make" }], [{ tool: "Bash", command: "echo sudo" }]],
    ["pre-bash.timeout-guard.sh", [], [{ tool: "Bash", command: "timeout 5 git status" }], [{ tool: "Bash", command: "git status" }]],
    ["pre-bash.pip-guard.sh", [], [{ tool: "Bash", command: "python3 -m pip install x" }], [{ tool: "Bash", command: "python3 x.py" }]],
    ["pre-bash.then-guard.sh", ["cli-never-reported"], [], [{ tool: "Bash", command: "if true; then ls; fi" }]],
    ["pre-mcp__gateway-tools__github-create_pull_request-audit.sh", [], [{ tool: "mcp__gateway-tools__github-create_pull_request" }, { tool: "mcp__gateway_tools__github_create_pull_request" }], [{ tool: "mcp__gateway-tools__search" }]],
    ["pre-mcp__gateway-tools-every.sh", [], [{ tool: "mcp__gateway-tools__search" }, { tool: "mcp__gateway_tools__search" }], [{ tool: "mcp__other__search" }]],
    ["pre-mcp-all.sh", [], [{ tool: "mcp__x__y" }], [{ tool: "Read" }]],
    ["pre-edit+write-remind.sh", [], [{ tool: "Edit" }, { tool: "Write" }], [{ tool: "Read" }]],
    ["pre-bash.git+bash.gh-both.sh", [], [{ tool: "Bash", command: "gh pr list" }, { tool: "Bash", command: "git push" }], [{ tool: "Bash", command: "hg push" }]],
    ["pre-bsh-typo.sh", ["unknown-tool"], [], [{ tool: "Bash", command: "ls" }, { tool: "Read" }]],
    ["pre-notebookedit-nb.sh", ["tool-not-on-target"], [{ tool: "NotebookEdit" }], [{ tool: "Edit" }]],
    ["pre-bash-my-guard.sh", ["dash-in-matcher"], [], [{ tool: "Bash", command: "ls" }]],
    ["pre-any-audit.async.sh", [], [{ tool: "Read" }, { tool: "Bash", command: "ls" }], []],
    ["post-bash.pytest-trim.async.py", [], [{ tool: "Bash", command: "pytest -q" }], [{ tool: "Bash", command: "ls" }]],
    ["pre-bash.git-thing.rb", ["no-runner"], [{ tool: "Bash", command: "git status" }], []],
    ["pre-bash.kubectl-my-guard.sh", ["dash-in-matcher"], [{ tool: "Bash", command: "kubectl-my x" }], [{ tool: "Bash", command: "kubectl delete pod x" }]],
  ];

  test("tricky names: lint's rules, and what list and explain fire, agree", () => {
    const s = sandbox();
    const layer = join(s.home, "conditions");
    for (const [file] of TRICKY) addCondition(layer, file, file.endsWith(".rb") ? "puts 1\n" : "exit 0\n", file.endsWith(".rb") ? 0o644 : 0o755);
    addCondition(layer, "pre-bash-no.extension-", "exit 0\n");
    const rules = lint(s, layer);
    for (const [file, want, fires, quiet] of TRICKY) {
      expect({ file, rules: rules.get(file) ?? [] }).toEqual({ file, rules: want });
      expect({ file, fired: agree(s, file, want, fires) }).toEqual({ file, fired: fires.map(() => true) });
      expect({ file, fired: agree(s, file, want, quiet) }).toEqual({ file, fired: quiet.map(() => false) });
    }
    // a name that does not parse: lint's "invalid" is list's invalid file
    const listed = ah(s, ["conditions", "list", "--json"]).json;
    expect(listed.invalid.map((i: { path: string }) => i.path)).toEqual([join(layer, "pre-bash-no.extension-")]);
    expect(rules.get("pre-bash-no.extension-")).toEqual(["invalid"]);
  }, 120_000);

  test("shadowed, layer-skipped and async-deny: what lint says never happens does not happen", () => {
    const s = sandbox();
    const runtime = join(s.home, "conditions");
    const directory = join(s.repo, ".agentihooks", "conditions");
    const lower = addCondition(runtime, "pre-bash-x.sh", "exit 0\n");
    const higher = addCondition(directory, "pre-bash-x.py", "print('')\n");
    addCondition(runtime, "post-any-audit.async.sh", "echo no >&2\nexit 2\n");
    const rules = (r: { json?: any }, file: string) => r.json.findings.filter((f: { file: string }) => f.file === file).map((f: { rule: string }) => f.rule);
    const active = ah(s, ["conditions", "lint", "--json"]);
    expect(rules(active, lower)).toEqual(["shadowed"]);
    expect(rules(active, higher)).toEqual([]);
    expect(rules(active, join(runtime, "post-any-audit.async.sh"))).toEqual(["async-deny"]);
    const fired = ah(s, ["conditions", "list", "--command", "ls", "--json"]).json.fires.map((f: { path: string }) => f.path);
    expect(fired).toContain(higher);
    expect(fired).not.toContain(lower);
    const post = { hook_event_name: "PostToolUse", session_id: "t", cwd: s.repo, tool_name: "Read", tool_input: {}, tool_response: {} };
    const explained = ah(s, ["conditions", "explain", "--payload", "-", "--target", "claude", "--json"], JSON.stringify(post));
    expect(explained.json.calls[0].matched.map((m: { file: string }) => m.file)).toContain("post-any-audit.async.sh");
    expect(explained.json.effect).toEqual({});
    // an untrusted repository: its layer is skipped in list, and every file in it is reported
    writeFileSync(join(s.repo, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/stranger/x.git\n');
    const skipped = ah(s, ["conditions", "lint", "--json"]);
    expect(rules(skipped, higher)).toEqual(["layer-skipped"]);
    expect(rules(skipped, lower)).toEqual([]);
    const listed = ah(s, ["conditions", "list", "--command", "ls", "--json"]).json;
    expect(listed.layers.find((l: { source: string }) => l.source === "directory").skipped).toBe(true);
    const now = listed.fires.map((f: { path: string }) => f.path);
    expect(now).toContain(lower);
    expect(now).not.toContain(higher);
  });

  test("the dash trap names the matcher and the name that was meant", () => {
    const s = sandbox();
    const layer = join(s.home, "conditions");
    addCondition(layer, "pre-bash.git-my-guard.sh", "exit 0\n");
    const r = ah(s, ["conditions", "lint", layer, "--json"]);
    const f = r.json.findings.find((x: { rule: string }) => x.rule === "dash-in-matcher");
    expect(f.message).toContain("the matcher is bash.git-my");
    expect(f.fix).toContain("did you mean pre-bash.git-my_guard.sh?");
  });
});
