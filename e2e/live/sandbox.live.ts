// Claude Code and Codex, live: the operating system enforces the gate where the harness has a sandbox
// (issue 23.4). With `init --sandbox` (Claude: sandboxed Bash, every protected place in
// sandbox.filesystem.denyWrite) or Codex's workspace-write sandbox with no protected place in a
// writable root, the agent's shell cannot write a condition layer, not even in spellings the pattern
// gate does not see (the path built at run time inside python3 or perl), and a hook forged from the
// agent's shell with a faked harness parent cannot write a gate file. Each is decided by the files
// left (or not), with a control: the same spellings land without the sandbox, and the forged hook
// does open the gate there (the process checks cannot tell it; SECURITY.md, promise 5). Claude runs
// in the HOME, so the agentihooks home lies in the workspace its sandbox lets the agent write and only
// denyWrite keeps it (the last check takes the entry out: the write lands). Codex has no deny list:
// its proof is a HOME outside every writable root, as init --sandbox and doctor require.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bash as claudeBash, mcp as claudeMcp } from "./lib/claude";
import { describeRun, type RunResult, runCli } from "./lib/clis";
import { shell as codexShell } from "./lib/codex";
import type { Step } from "./lib/mock-model";
import { BIN, type World, makeWorld } from "./lib/world";

/** A layer path the command builds at run time: no protected path appears in the command line. */
const PY_WRITE = (file: string) =>
  `python3 -c 'import os; open(os.path.join(os.environ["HOME"], ".agentih" + "ooks", "condi" + "tions", "${file}"), "w").write("exit 0\\n")'; echo py-done`;
const PERL_WRITE = (file: string) =>
  `perl -e 'open(my $f, ">", "$ENV{HOME}/.agentih"."ooks/condi"."tions/${file}") or die "perl: $!\\n"; print $f "exit 0\\n"'; echo perl-done`;

const ASK = "add an agentihooks condition that blocks git push --force";

/**
 * A harness look-alike: a script named after the harness that starts `agentihooks hook` the way the
 * harness does (its own session, the payload on a pipe only it holds, the tool environment's markers
 * dropped) with an arming UserPromptSubmit for the running session. The process checks see a parent
 * named like the harness.
 */
function forger(w: World, harness: "claude" | "codex", sessionVar: string): string {
  const body = [
    "import json, os, subprocess, sys",
    `sid = os.environ.get("${sessionVar}", "forged-session")`,
    `env = {"PATH": os.environ["PATH"], "HOME": os.environ["HOME"]}`,
    `payload = json.dumps({"session_id": sid, "cwd": os.getcwd(), "hook_event_name": "UserPromptSubmit", "prompt": ${JSON.stringify(ASK)}})`,
    `p = subprocess.Popen([${JSON.stringify(BIN)}, "hook", "--target", "${harness}", "--event", "UserPromptSubmit"], stdin=subprocess.PIPE, env=env, start_new_session=True)`,
    "p.communicate(payload.encode())",
    'print("forged", sid, p.returncode)',
  ].join("\n");
  return w.write(join(w.work, harness), `${body}\n`, 0o755);
}

/** The step that lists the gates folder while the turn runs (the Stop hook closes the gate). */
const LIST_GATES = "ls -A ~/.agentihooks/gates | sed 's/^/GATE:/'; echo listed-$((6*7))";

/** The gate files the agent's listing showed the model during the turn. */
const gateFilesSeen = (r: RunResult) => [...new Set([...r.seen.matchAll(/GATE:([A-Za-z0-9._-]+\.json)/g)].map((m) => m[1]))];

interface Case {
  harness: "claude" | "codex";
  tool: (cmd: string) => Step;
  session: string;
  /** A world with the harness's sandbox on (true) or off. */
  world: (sandboxed: boolean) => World;
  run: (w: World, script: Step[], sandboxed: boolean) => Promise<RunResult>;
}

const CASES: Case[] = [
  {
    harness: "claude",
    tool: claudeBash,
    session: "CLAUDE_CODE_SESSION_ID",
    world: (sandboxed) => makeWorld("claude", { outsideTmp: true, initArgs: sandboxed ? ["--sandbox"] : [] }),
    // Run in the HOME, as a person who starts Claude in their home folder: the sandbox lets the agent
    // write the whole workspace, so only denyWrite keeps the agentihooks home (outside the workspace
    // it would be read-only anyway).
    run: (w, script) => runCli(w, { label: "sandbox", prompt: "what is in this folder?", script, cwd: w.home }),
  },
  {
    harness: "codex",
    tool: codexShell,
    session: "CODEX_THREAD_ID",
    // A HOME outside /tmp, as a person's is: Codex's sandbox lets the agent write /tmp, and refuses to
    // start under a CODEX_HOME there. init --sandbox only checks Codex's roots (it writes nothing).
    world: (sandboxed) => makeWorld("codex", { outsideTmp: true, initArgs: sandboxed ? ["--sandbox"] : [] }),
    // workspace-write (--approve-for-me) with the sandbox; the bypass flag without it
    run: (w, script, sandboxed) => runCli(w, { label: "sandbox", prompt: "what is in this folder?", script, permissionMode: sandboxed ? "default" : "bypassPermissions" }),
  },
];

for (const c of CASES) {
  describe(`${c.harness}: the OS enforces the gate in the harness's sandbox`, () => {
    test("without the sandbox, writes the pattern gate does not see land in the layer (the control)", async () => {
      const w = c.world(false);
      const r = await c.run(w, [c.tool(PY_WRITE("pre-bash-py.sh")), c.tool(PERL_WRITE("pre-bash-pl.sh"))], false);
      expect(existsSync(join(w.conditions, "pre-bash-py.sh")), describeRun(r)).toBe(true);
      expect(existsSync(join(w.conditions, "pre-bash-pl.sh")), describeRun(r)).toBe(true);
    }, 180_000);

    test("with the sandbox, no spelling writes the layer; the workspace stays writable", async () => {
      const w = c.world(true);
      const r = await c.run(w, [
        c.tool(`echo x > ~/.agentihooks/conditions/pre-bash-evil.sh; echo sh-done`),
        c.tool(PY_WRITE("pre-bash-py.sh")),
        c.tool(PERL_WRITE("pre-bash-pl.sh")),
        c.tool(`echo fine > "$PWD/ok.txt"`),
      ], true);
      for (const f of ["pre-bash-evil.sh", "pre-bash-py.sh", "pre-bash-pl.sh"]) expect({ f, written: existsSync(join(w.conditions, f)) }, describeRun(r)).toEqual({ f, written: false });
      expect(existsSync(join(c.harness === "claude" ? w.home : w.work, "ok.txt")), describeRun(r)).toBe(true);
      expect(r.seen).toMatch(/Read-only file system|Permission denied|Operation not permitted/);
    }, 180_000);

    test("a hook forged from the agent's shell with a harness-like parent opens the gate without the sandbox (the control)", async () => {
      const w = c.world(false);
      const script = forger(w, c.harness, c.session);
      const r = await c.run(w, [c.tool(`python3 '${script}'`), c.tool(LIST_GATES)], false);
      expect(gateFilesSeen(r), describeRun(r)).toHaveLength(1);
      expect(r.seen).toContain("listed-42");
    }, 180_000);

    test("with the sandbox, the same forged hook cannot write a gate file", async () => {
      const w = c.world(true);
      const script = forger(w, c.harness, c.session);
      const r = await c.run(w, [c.tool(`python3 '${script}'`), c.tool(LIST_GATES), c.tool(PY_WRITE("pre-bash-after.sh"))], true);
      expect(r.seen, describeRun(r)).toContain("forged");
      expect(r.seen).toContain("listed-42");
      expect(gateFilesSeen(r), describeRun(r)).toEqual([]);
      const gates = join(w.ahome, "gates");
      expect(existsSync(gates) ? readdirSync(gates).filter((f) => f.endsWith(".json")) : []).toEqual([]);
      expect(existsSync(join(w.conditions, "pre-bash-after.sh"))).toBe(false);
    }, 180_000);
  });
}

describe("claude: what each sandbox setting init writes does", () => {
  test("the sandbox on, but the agentihooks home left out of denyWrite: the same write lands (the workspace is the HOME)", async () => {
    const w = makeWorld("claude", { outsideTmp: true, initArgs: ["--sandbox"] });
    const path = join(w.home, ".claude", "settings.json");
    const settings = JSON.parse(w.read(path));
    settings.sandbox.filesystem.denyWrite = settings.sandbox.filesystem.denyWrite.filter((e: string) => e !== `/${w.ahome}`);
    w.write(path, JSON.stringify(settings, null, 2), 0o600);
    const r = await runCli(w, { label: "sandbox", prompt: "what is in this folder?", script: [claudeBash(PY_WRITE("pre-bash-py.sh"))], cwd: w.home });
    expect(existsSync(join(w.conditions, "pre-bash-py.sh")), describeRun(r)).toBe(true);
  }, 180_000);

  test("with the sandbox, the harness configs agentihooks protects cannot be written either, even where they do not exist yet", async () => {
    const w = makeWorld("claude", { outsideTmp: true, initArgs: ["--sandbox"] });
    const write = (parts: string[]) =>
      claudeBash(`python3 -c 'import os; p = os.path.join(os.environ["HOME"], ${parts.map((x) => JSON.stringify(x)).join(", ")}); os.makedirs(os.path.dirname(p), exist_ok=True); open(p, "w").write("{}")'; echo wrote`);
    const targets = [[".cop" + "ilot", "hooks", "x.json"], [".cop" + "ilot", "settings.json"], [".cla" + "ude", "settings.local.json"], [".co" + "dex", "hooks.json"], ["notes", "plain.txt"]];
    const r = await runCli(w, { label: "sandbox", prompt: "what is in this folder?", script: targets.map(write), cwd: w.home });
    const written = targets.filter((t) => existsSync(join(w.home, ...t))).map((t) => t.join("/"));
    expect(written, describeRun(r)).toEqual(["notes/plain.txt"]); // the control: the rest of the HOME is writable
  }, 180_000);

  test("the model asking to leave the sandbox (dangerouslyDisableSandbox) changes nothing; without allowUnsandboxedCommands: false it would", async () => {
    const escape: Step = { tool: "Bash", input: { command: PY_WRITE("pre-bash-out.sh"), description: "live check", dangerouslyDisableSandbox: true } };
    const kept = makeWorld("claude", { outsideTmp: true, initArgs: ["--sandbox"] });
    const r = await runCli(kept, { label: "sandbox", prompt: "what is in this folder?", script: [escape], cwd: kept.home });
    expect(existsSync(join(kept.conditions, "pre-bash-out.sh")), describeRun(r)).toBe(false);
    const loose = makeWorld("claude", { outsideTmp: true, initArgs: ["--sandbox"] });
    const path = join(loose.home, ".claude", "settings.json");
    const settings = JSON.parse(loose.read(path));
    delete settings.sandbox.allowUnsandboxedCommands;
    loose.write(path, JSON.stringify(settings, null, 2), 0o600);
    const control = await runCli(loose, { label: "sandbox", prompt: "what is in this folder?", script: [escape], cwd: loose.home });
    expect(existsSync(join(loose.conditions, "pre-bash-out.sh")), describeRun(control)).toBe(true);
  }, 180_000);

  test("the person's own request still works with the sandbox on: the hook (outside the sandbox) opens the gate, condition_set writes the condition", async () => {
    const w = makeWorld("claude", { outsideTmp: true, initArgs: ["--sandbox"] });
    const sid = crypto.randomUUID();
    const script = 'echo "SANDBOX-GATE-TOKEN" >&2\nexit 2\n';
    const r = await runCli(w, {
      label: "sandbox",
      prompt: "add an agentihooks condition that blocks touch",
      args: ["--session-id", sid],
      script: [claudeMcp("condition_set", { step: "pre", matcher: "bash.touch", name: "sandboxed", script, session_id: sid, cwd: w.home }), claudeBash("touch after-set.txt")],
      cwd: w.home,
    });
    expect(existsSync(join(w.conditions, "pre-bash.touch-sandboxed.sh")), describeRun(r)).toBe(true);
    expect(existsSync(join(w.home, "after-set.txt"))).toBe(false); // the new condition ran on the next call
    expect(r.seen).toContain("SANDBOX-GATE-TOKEN");
  }, 180_000);
});
