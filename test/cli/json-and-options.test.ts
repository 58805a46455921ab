// --json wherever a script reads the output (one JSON document, the text output unchanged without
// it), `conditions explain --exit-code`, and `conditions test NAME` / `--verbose`.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, run, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const ah = (args: string[], env: Record<string, string> = sb.env) => run(args, { env, cwd: sb.repo });
const layer = join(sb.home, "conditions");
addCondition(layer, "pre-bash.rm-rm_guard.sh", '#!/usr/bin/env bash\necho "rm is reviewed" >&2\nexit 2\n');
writeFile(join(layer, "_pre-bash.rm-rm_guard.cases.json"), JSON.stringify({
  cases: [
    { name: "rm is denied", command: "rm -rf build", expect: { decision: "deny", reason_contains: "reviewed" } },
    { name: "ls does not match", command: "ls", expect: { silent: true } },
  ],
}));
addCondition(layer, "pre-bash.curl-curl_ask.sh", '#!/usr/bin/env bash\necho \'{"decision":"ask","reason":"curl goes out"}\'\n');
writeFile(join(layer, "_pre-bash.curl-curl_ask.cases.json"), JSON.stringify({ cases: [{ name: "curl asks", command: "curl x", expect: { decision: "ask" } }] }));

describe("--json: one JSON document", () => {
  const json = (args: string[]) => {
    const r = ah([...args, "--json"]);
    expect({ args, exit: r.exitCode, stderr: r.stderr, isJson: r.json !== undefined }).toEqual({ args, exit: 0, stderr: "", isJson: true });
    return r.json;
  };

  test("init and uninit (dry run): targets, scope, the text lines", () => {
    const i = json(["init", "--dry-run", "--target", "codex"]);
    expect(i).toMatchObject({ command: "init", targets: ["codex"], scope: "user", dry_run: true, mcp: true });
    const text = ah(["init", "--dry-run", "--target", "codex"]).stdout;
    expect(`${i.lines.join("\n")}\n`).toBe(text); // the text output is the same lines
    expect(json(["uninit", "--dry-run", "--target", "claude", "--no-mcp"])).toMatchObject({ command: "uninit", targets: ["claude"], dry_run: true, mcp: false });
  });

  test("link, unlink, trust, stats, doctor, conditions list/explain/test", () => {
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, "profiles", "p1"), { recursive: true });
    expect(json(["link", bundle])).toMatchObject({ command: "link", linked: "bundle", path: bundle });
    expect(json(["unlink"])).toMatchObject({ command: "unlink", unlinked: "bundle", lines: [`unlinked bundle ${bundle}`] });
    expect(json(["trust", sb.repo])).toMatchObject({ action: "trust", root: sb.repo, trusted: true });
    expect(Object.keys(json(["trust", "--list"]).repositories)).toEqual([sb.repo]);
    expect(json(["trust", "--forget"])).toEqual({ action: "forget", root: sb.repo, had_record: true });
    expect(json(["stats"])).toHaveProperty("conditions");
    expect(json(["conditions", "list"]).conditions.map((c: { file: string }) => c.file)).toContain("pre-bash.rm-rm_guard.sh");
    expect(json(["conditions", "explain", "--command", "ls"])).toHaveProperty("calls");
    expect(json(["conditions", "test", "rm_guard"])).toMatchObject({ passed: 2, failed: 0 });
    const d = ah(["doctor", "--json"]);
    expect(d.json).toHaveProperty("checks");
  });

  test("trust: --list, --revoke and --forget exclude each other; --list takes no folder (usage errors)", () => {
    const r = ah(["trust", "--list", "--revoke"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe("agentihooks trust: --list, --revoke and --forget exclude each other; see agentihooks trust --help and docs/conditions.md\n");
    expect(ah(["trust", "--list", sb.repo]).stderr).toMatch(/^agentihooks trust: --list takes no folder;/);
  });
});

describe("conditions explain --exit-code", () => {
  test("0 when nothing denies or asks, 1 when denied or asked, 2 usage, 3 other errors", () => {
    expect(ah(["conditions", "explain", "--command", "ls", "--exit-code"]).exitCode).toBe(0);
    expect(ah(["conditions", "explain", "--command", "rm -rf build", "--exit-code"]).exitCode).toBe(1);
    expect(ah(["conditions", "explain", "--command", "curl x", "--exit-code", "--json"]).exitCode).toBe(1);
    // without the flag, a denied call is a successful explanation
    expect(ah(["conditions", "explain", "--command", "rm -rf build"]).exitCode).toBe(0);
    const usage = ah(["conditions", "explain", "--exit-code"]);
    expect([usage.exitCode, usage.stderr]).toEqual([2, "agentihooks: explain needs --payload FILE|- or --command CMD\n"]);
    const notJson = writeFile(join(sb.root, "bad.json"), "{ nope");
    const bad = ah(["conditions", "explain", "--payload", notJson, "--exit-code"]);
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/^agentihooks: the payload in .* is not JSON/);
    expect(bad.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("conditions test NAME and --verbose", () => {
  test("a name runs only that condition's cases; file name and key work too", () => {
    for (const name of ["rm_guard", "pre-bash.rm-rm_guard.sh", "pre-bash.rm-rm_guard"]) {
      const r = ah(["conditions", "test", name, "--json"]);
      expect(r.exitCode).toBe(0);
      expect(r.json.files.map((f: { condition: string }) => f.condition.split("/").pop())).toEqual(["pre-bash.rm-rm_guard.sh"]);
    }
    const all = ah(["conditions", "test", "--json"]);
    expect(all.json.files).toHaveLength(2);
  });

  test("an unknown name, or one without cases, is an error", () => {
    const r = ah(["conditions", "test", "nope"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^agentihooks: no active condition named "nope"/);
    addCondition(layer, "pre-bash.ls-ls_note.sh", "#!/usr/bin/env bash\nexit 0\n");
    const bare = ah(["conditions", "test", "ls_note"]);
    expect(bare.stderr).toMatch(/pre-bash\.ls-ls_note\.sh has no cases/);
  });

  test("--verbose shows each case's input and answer, passed or not", () => {
    const quiet = ah(["conditions", "test", "rm_guard"]);
    expect(quiet.stdout).not.toContain("input:");
    const r = ah(["conditions", "test", "rm_guard", "--verbose"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('input:     {"command":"rm -rf build"}');
    expect(r.stdout).toMatch(/answer: +\{"decision":"deny","reason":"[^"]*rm is reviewed/);
    expect(r.stdout).toMatch(/condition: denied, exit 2/);
    const j = ah(["conditions", "test", "rm_guard", "--verbose", "--json"]);
    expect(j.json.files[0].results[0].input).toEqual({ name: "rm is denied", command: "rm -rf build", expect: { decision: "deny", reason_contains: "reviewed" } });
  });
});
