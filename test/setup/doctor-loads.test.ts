// doctor checks what the harness will really load: every file init wrote parses, the executable each
// one names is this one and runs, and (Claude) the settings Claude refuses before it loads any hook.
// Each problem: exit 1, one check naming the file, and a one-line fix. Many spellings, one expectation.
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, linkSync, mkdirSync, readFileSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, projectPaths } from "./fixtures";

const doctor = (sb: Sandbox) => run(["doctor", "--json"], { env: sb.env, cwd: sb.repo });
const fails = (r: { json?: any }) => r.json.checks.filter((c: any) => c.level === "fail");

function initClaude(): { sb: Sandbox; settings: any; save: (s: unknown) => void } {
  const sb = sandbox();
  expect(run(["init", "--target", "claude"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
  const path = paths(sb).claude;
  return { sb, settings: JSON.parse(readFileSync(path, "utf8")), save: (s) => writeFile(path, JSON.stringify(s, null, 2)) };
}

/** Expects exactly one failing check that contains `text`, with a one-line fix; exit 1. */
function expectOneFail(sb: Sandbox, text: string, fix: string | RegExp): void {
  const r = doctor(sb);
  const f = fails(r);
  expect(f.map((c: any) => c.text)).toEqual([expect.stringContaining(text)]);
  expect(f[0].fix).toMatch(fix);
  expect(f[0].fix).not.toContain("\n");
  expect(r.exitCode).toBe(1);
}

// What the registered hook executable can be instead of this one -> what doctor says about it.
const EXECUTABLES: { name: string; make: (sb: Sandbox) => string; why: string }[] = [
  { name: "a path that does not exist", make: (sb) => join(sb.root, "gone", "agentihooks"), why: "does not exist" },
  { name: "a copy of the executable (another file)", make: (sb) => { const p = join(sb.root, "copy", "agentihooks"); writeFile(p, ""); copyFileSync(BIN, p); chmodSync(p, 0o755); return p; }, why: "is another file than this executable" },
  { name: "a file without its run bit", make: (sb) => writeFile(join(sb.root, "norun", "agentihooks"), "#!/bin/sh\n", 0o644), why: "is not executable" },
  { name: "a relative path", make: () => "bin/agentihooks", why: "is not an absolute path" },
  { name: "a folder", make: (sb) => { const p = join(sb.root, "dir", "agentihooks"); writeFile(join(p, "x"), ""); return p; }, why: "is not a file" },
];

describe("doctor: the executable a hook config names", () => {
  for (const e of EXECUTABLES) {
    test(e.name, () => {
      const { sb, settings, save } = initClaude();
      const exe = e.make(sb);
      settings.hooks.Stop[0].hooks[0].command = exe;
      save(settings);
      expectOneFail(sb, `calls ${exe}, which ${e.why}`, "agentihooks init --target claude");
    });
  }

  test("a symlink to this executable is this executable (and it runs): no problem", () => {
    const { sb, settings, save } = initClaude();
    const link = join(sb.root, "agentihooks-link");
    symlinkSync(BIN, link);
    for (const groups of Object.values(settings.hooks) as any[]) groups[0].hooks[0].command = link;
    save(settings);
    const r = doctor(sb);
    expect(fails(r)).toEqual([]);
    expect(r.exitCode).toBe(0);
  });
});

test("every harness: hooks and MCP server registered by an executable that was then removed", () => {
  const sb = sandbox();
  mkdirSync(join(sb.root, "bin"));
  const gone = join(sb.root, "bin", "agentihooks");
  linkSync(BIN, gone);
  expect(run(["init"], { env: { ...sb.env, AGENTIHOOKS_SELF: gone }, cwd: sb.repo }).exitCode).toBe(0);
  unlinkSync(gone);
  const r = doctor(sb);
  expect(r.exitCode).toBe(1);
  const f = fails(r);
  for (const t of ["claude", "codex", "copilot"]) {
    expect(f).toContainEqual({ level: "fail", text: expect.stringMatching(new RegExp(`^${t}: .* calls ${gone}, which does not exist$`)), fix: `agentihooks init --target ${t}` });
    expect(f).toContainEqual({ level: "fail", text: expect.stringMatching(new RegExp(`^${t}: .* starts the MCP server as ${gone}, which does not exist$`)), fix: `agentihooks init --target ${t}` });
  }
  // the fix, as doctor words it, clears every problem
  expect(run(["init"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
  expect(doctor(sb).exitCode).toBe(0);
});

describe("doctor: the MCP server's entry", () => {
  test("a Claude state file that is not JSON: fail with file:line (before: a warning)", () => {
    const sb = sandbox();
    run(["init", "--target", "claude"], { env: sb.env, cwd: sb.repo });
    const state = join(sb.userHome, ".claude.json");
    writeFile(state, '{\n  "mcpServers": {,\n}\n');
    expectOneFail(sb, `${state}:2:`, /^fix the file, then: agentihooks init --target claude$/);
  });

  for (const [name, change, text] of [
    ["the args of before (no --target)", (s: any) => (s.args = ["mcp"]), 'starts the MCP server with ["mcp"], not ["mcp","--target","claude"]'],
    ["an executable that is gone", (s: any) => (s.command = "/nowhere/agentihooks"), "starts the MCP server as /nowhere/agentihooks, which does not exist"],
  ] as const) {
    test(name, () => {
      const sb = sandbox();
      run(["init", "--target", "claude"], { env: sb.env, cwd: sb.repo });
      const state = join(sb.userHome, ".claude.json");
      const cfg = JSON.parse(readFileSync(state, "utf8"));
      change(cfg.mcpServers.agentihooks);
      writeFile(state, JSON.stringify(cfg));
      expectOneFail(sb, text, "agentihooks init --target claude");
    });
  }
});

// Measured on Claude Code 2.1.328 (claude -p): each of these makes Claude ignore the whole settings
// file, so no hook of it runs and a deny condition never fires.
const CLAUDE_REFUSES: { name: string; change: (s: any) => void; where: string }[] = [
  { name: "disableAllHooks: true", change: (s) => (s.disableAllHooks = true), where: "disableAllHooks" },
  { name: "a hook timeout given as a string", change: (s) => (s.hooks.PreToolUse[0].hooks[0].timeout = "30"), where: "a hook's timeout" },
  { name: "a hook timeout of 0", change: (s) => (s.hooks.Stop[0].hooks[0].timeout = 0), where: "a hook's timeout" },
  { name: "another tool's hook with a bad timeout", change: (s) => s.hooks.PreToolUse.push({ matcher: "Bash", hooks: [{ type: "command", command: "x", timeout: -1 }] }), where: "a hook's timeout" },
  { name: "permissions as a string", change: (s) => (s.permissions = "all"), where: "permissions" },
  { name: "permissions.allow as a string", change: (s) => (s.permissions = { allow: "Bash" }), where: "permissions.allow/ask/deny" },
  { name: "permissions.deny as an object", change: (s) => (s.permissions = { deny: { Bash: true } }), where: "permissions.allow/ask/deny" },
  { name: "model as a number", change: (s) => (s.model = 5), where: "model" },
];

describe("doctor: settings Claude refuses before it loads any hook", () => {
  for (const c of CLAUDE_REFUSES) {
    test(c.name, () => {
      const { sb, settings, save } = initClaude();
      c.change(settings);
      save(settings);
      expectOneFail(sb, `${paths(sb).claude}: Claude ignores this whole file, our hooks included, because ${c.where} is not valid`, /^change /);
    });
  }

  test("what Claude was measured to accept is no problem: unknown keys, non-string env values, a numeric deny rule", () => {
    const { sb, settings, save } = initClaude();
    Object.assign(settings, { frobnicate: 1, env: { A: 1 }, permissions: { deny: [1], allow: ["Bash(ls)"] }, model: "sonnet" });
    save(settings);
    const r = doctor(sb);
    expect(fails(r)).toEqual([]);
    expect(r.json.checks.map((c: any) => c.text)).toContain(`claude: ${paths(sb).claude} passes the settings checks Claude applies before loading hooks`);
  });
});

// A settings file whose `hooks` is not an object of lists, next to the other scope's file that holds
// our hooks: doctor names the broken file once and goes on (before: the Claude checks threw, and
// doctor printed only that error).
describe("doctor: a Claude settings file whose hooks are not an object, next to one that holds ours", () => {
  const BROKEN: [string, string, string][] = [
    ["hooks as a list", '{"hooks":[1]}', '"hooks" must be an object'],
    ["hooks as a string", '{"hooks":"x"}', '"hooks" must be an object'],
    ["an event that is not a list", '{"hooks":{"PreToolUse":1}}', '"hooks.PreToolUse" must be an array'],
  ];
  for (const [name, text, error] of BROKEN) {
    for (const [broken, ours] of [["user", "project"], ["project", "user"]] as const) {
      test(`${name}, in the ${broken} file`, () => {
        const sb = sandbox();
        const scope = ours === "project" ? ["--scope", "project"] : [];
        expect(run(["init", "--target", "claude", ...scope], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
        const path = (broken === "user" ? paths(sb) : projectPaths(sb)).claude;
        writeFile(path, text);
        const r = doctor(sb);
        expect(r.stderr).toBe("");
        expect(fails(r)).toEqual([{ level: "fail", text: `claude: ${path}: ${error}`, fix: `fix the file, then: agentihooks init --target claude${broken === "project" ? " --scope project" : ""}` }]);
        const other = (ours === "user" ? paths(sb) : projectPaths(sb)).claude;
        expect(r.json.checks).toContainEqual({ level: "ok", text: `claude: ${other} passes the settings checks Claude applies before loading hooks` });
        expect(r.exitCode).toBe(1);
        // the text form: the same problem on one line, the count last, no stack trace
        const plain = run(["doctor"], { env: sb.env, cwd: sb.repo });
        expect(plain.exitCode).toBe(1);
        expect(plain.stderr).toBe("");
        expect(plain.stdout).toContain(`FAIL  claude: ${path}: ${error}\n`);
        expect(plain.stdout.trimEnd().split("\n").at(-1)).toBe("1 problem found");
      });
    }
  }
});
