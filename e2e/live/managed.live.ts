// The administrator's tier, live: with the person's own settings empty (no `init`), the registration
// `init --managed` writes fires in the real CLI, and nothing the person does in their own layers lifts
// a managed deny: `conditions disable` of the rule and of the rules file, an [[allow]] entry for the
// rule, and a condition of their own with the managed file's name that allows. A condition the person
// adds still runs beside the tier's (they may only add).
//
// `init --managed` runs with AGENTIHOOKS_MANAGED_PREFIX (a machine root inside the world), then only
// the harness's file it wrote is copied to the real /etc path the CLI reads, for the one run, and
// removed in `finally`: other checks run on this machine at the same time, so /etc holds it for
// seconds, and the tier (AGENTIHOOKS_MANAGED_DIR, honoured only because /etc/agentihooks does not
// exist) denies one command nobody else runs: `touch .../managed-probe-<harness>`.
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { bash as claudeBash } from "./lib/claude";
import { type RunResult, cliPath, configureGemini, configureQwen, describeRun, runCli } from "./lib/clis";
import { runCodex, shell } from "./lib/codex";
import { bash as copilotBash } from "./lib/copilot";
import type { Step } from "./lib/mock-model";
import { BIN, makeWorld, recorder, type World, worldWithCopy } from "./lib/world";

const REASON = "MANAGED-PROBE-REASON-7c1d";

/**
 * Writing /etc needs root, and a machine with a tier of its own (or a harness's managed file at our
 * paths) is not ours to change: the checks are skipped there, and say why.
 */
const OURS = ["/etc/agentihooks", "/etc/claude-code/managed-settings.d/agentihooks.json", "/etc/codex/requirements.toml", "/etc/github-copilot/policy.d/agentihooks.json", "/etc/github-copilot/managed-settings.json", "/etc/gemini-cli/settings.json", "/etc/qwen-code/settings.json"];
const cannot = process.getuid?.() !== 0 ? "not root" : OURS.find((p) => existsSync(p));
if (cannot) console.warn(`managed.live.ts skipped: ${cannot === "not root" ? "writing /etc needs root" : `${cannot} exists on this machine`}`);

const RULES = `version = 1
description = "the live check's managed rule"

[[rule]]
id = "managed.probe"
program = "touch"
operands = { any = ["regex:managed-probe-"] }
decision = "deny"
reason = "${REASON}"
`;

/** Every way a person's own layers could try to lift the managed deny. */
function personTriesToLift(w: World): void {
  w.agentihooks(["conditions", "disable", "managed.probe"]);
  w.agentihooks(["conditions", "disable", "pre-bash-managed_probe"]);
  w.condition("pre-bash-lift.rules.toml", `version = 1\n\n[[allow]]\nrule = "managed.probe"\nreason = "the person wants it"\n`);
  w.condition("pre-bash-managed_probe.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho \'{"decision":"allow","reason":"mine"}\'\n');
}

/**
 * Writes the tier with init --managed under a root inside the world, puts the harness's file at its
 * real path for `run`, and removes it (and the folders made for it) whatever happens.
 */
async function withManagedTier(w: World, run: (env: Record<string, string>) => Promise<RunResult>, initArgs: string[] = [], exe = BIN): Promise<RunResult> {
  const machine = join(w.home, "..", "machine");
  mkdirSync(machine, { mode: 0o755 });
  const init = Bun.spawnSync([exe, "init", "--managed", "--target", w.harness, ...initArgs], { env: { ...w.env, AGENTIHOOKS_MANAGED_PREFIX: machine }, stdout: "pipe", stderr: "pipe" });
  if (init.exitCode !== 0) throw new Error(`init --managed failed: ${init.stdout}${init.stderr}`);
  const tier = join(machine, "etc", "agentihooks");
  w.write(join(tier, "conditions", "pre-bash-managed_probe.rules.toml"), RULES, 0o644);
  const written = filesUnder(join(machine, "etc")).filter((f) => !f.startsWith(`${tier}/`));
  const placed: string[] = [];
  const made: string[] = [];
  try {
    for (const file of written) {
      const real = `/${relative(machine, file)}`;
      if (existsSync(real)) throw new Error(`${real} exists on this machine: the live check does not replace it`);
      for (let d = dirname(real); !existsSync(d); d = dirname(d)) made.unshift(d);
      for (const d of made) if (!existsSync(d)) mkdirSync(d, { mode: 0o755 });
      copyFileSync(file, real);
      placed.push(real);
    }
    return await run({ AGENTIHOOKS_MANAGED_DIR: tier });
  } finally {
    for (const f of placed) unlinkSync(f);
    for (const d of made.reverse()) {
      try {
        rmdirSync(d);
      } catch {}
    }
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The shell step of each harness. */
type Managed = "claude" | "codex" | "copilot" | "gemini" | "qwen";
const runShellCommand = (command: string): Step => ({ tool: "run_shell_command", input: { command } });
const SHELL: Record<Managed, (command: string) => Step> = { claude: claudeBash, codex: shell, copilot: copilotBash, gemini: runShellCommand, qwen: runShellCommand };

async function check(harness: Managed) {
  const w = makeWorld(harness, { init: false });
  if (harness === "gemini") configureGemini(w);
  if (harness === "qwen") configureQwen(w);
  personTriesToLift(w);
  w.condition("pre-bash.echo-person_added.sh", recorder(w, "person-added"));
  const probe = w.marker(`managed-probe-${harness}`);
  const steps = [SHELL[harness](`touch '${probe}'`), SHELL[harness]("echo added-by-the-person"), SHELL[harness](`touch '${w.marker("ran")}'`)];
  const r = await withManagedTier(w, (env) => (harness === "codex" ? runCodex(w, steps, { env }) : runCli(w, { label: `managed ${harness}`, script: steps, env })));
  expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true); // the session ran its tools
  expect(w.exists(probe), describeRun(r)).toBe(false); // the managed rule denied, whatever the person did
  expect(r.seen).toContain(REASON);
  expect(w.exists(w.marker("person-added")), describeRun(r)).toBe(true); // the person's own condition ran too
}

/**
 * The person turns every hook off in their own settings (`disableAllHooks`), beside a hook of their own
 * that touches a marker: theirs does not fire (the switch works), the managed registration still does.
 * (Copilot: a person's hook in ~/.copilot/hooks/ still fired with disableAllHooks in config.json or
 * settings.json, so the control does not hold there and no check is claimed.)
 */
async function checkHooksOff(harness: "claude", how: "disableAllHooks" | "--managed-only" | "control") {
  const w = makeWorld(harness, { init: false });
  const theirs = w.marker("their-hook");
  const mine = { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `touch '${theirs}'` }] }] } };
  w.write(join(w.home, ".claude", "settings.json"), JSON.stringify(how === "disableAllHooks" ? { disableAllHooks: true, ...mine } : mine));
  const probe = w.marker(`managed-probe-${harness}-off`);
  const steps = [SHELL[harness](`touch '${probe}'`), SHELL[harness](`touch '${w.marker("ran")}'`)];
  const r = await withManagedTier(w, (env) => runCli(w, { label: `managed ${harness} ${how}`, script: steps, env }), how === "--managed-only" ? ["--managed-only"] : []);
  expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  expect(w.exists(theirs), describeRun(r)).toBe(how === "control"); // the person's own hook ran only in the control
  expect(w.exists(probe), describeRun(r)).toBe(false); // ...and the managed one did
  expect(r.seen).toContain(REASON);
}

describe.skipIf(!!cannot)("the managed tier, live: the person's hooks switched off, the managed registration not", () => {
  test("claude, the control: without either switch the person's own hook runs beside the managed one", () => checkHooksOff("claude", "control"), 180_000);
  test("claude: disableAllHooks in ~/.claude/settings.json stops the person's hook, not the managed drop-in", () => checkHooksOff("claude", "disableAllHooks"), 180_000);
  test("claude: init --managed --managed-only (allowManagedHooksOnly): the person's own hook does not run, the managed one does", () => checkHooksOff("claude", "--managed-only"), 180_000);
});

/**
 * Codex: the person's own `init` (from a copy of the executable, replaced afterwards by a script that
 * only touches a marker, so their registration is told apart from the managed one) beside the tier.
 */
async function codexManagedOnly(managedOnly: boolean) {
  const { world: w, exe } = worldWithCopy("codex");
  const theirs = w.marker("their-hook");
  w.write(exe, `#!/bin/sh\ncat >/dev/null\ntouch '${theirs}'\nexit 0\n`, 0o755);
  const probe = w.marker("managed-probe-codex-only");
  const steps = [shell(`touch '${probe}'`), shell(`touch '${w.marker("ran")}'`)];
  const r = await withManagedTier(w, (env) => runCodex(w, steps, { env }), managedOnly ? ["--managed-only"] : []);
  expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  expect(w.exists(theirs), describeRun(r)).toBe(!managedOnly); // their registration ran only without the switch
  expect(w.exists(probe), describeRun(r)).toBe(false);
  expect(r.seen).toContain(REASON);
}

describe.skipIf(!!cannot)("the managed tier, live: Codex's allow_managed_hooks_only", () => {
  test("codex, the control: without --managed-only the person's own registration runs beside the managed one", () => codexManagedOnly(false), 180_000);
  test("codex: init --managed --managed-only (allow_managed_hooks_only): the person's own registration does not run, the managed one does", () => codexManagedOnly(true), 180_000);
});

/** Copilot: a hook of the person's own (~/.copilot/hooks/) beside the policy-level file. */
async function copilotManagedOnly(managedOnly: boolean) {
  const w = makeWorld("copilot", { init: false });
  const theirs = w.marker("their-hook");
  w.write(join(w.home, ".copilot", "hooks", "theirs.json"), JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: `touch '${theirs}'` }] } }));
  const probe = w.marker("managed-probe-copilot-only");
  const steps = [SHELL.copilot(`touch '${probe}'`), SHELL.copilot(`touch '${w.marker("ran")}'`)];
  const r = await withManagedTier(w, (env) => runCli(w, { label: `managed copilot only=${managedOnly}`, script: steps, env }), managedOnly ? ["--managed-only"] : []);
  expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  expect(w.exists(theirs), describeRun(r)).toBe(!managedOnly);
  expect(w.exists(probe), describeRun(r)).toBe(false);
  expect(r.seen).toContain(REASON);
}

describe.skipIf(!!cannot)("the managed tier, live: Copilot's allowManagedHooksOnly", () => {
  test("copilot, the control: without --managed-only the person's own hook runs beside the policy-level one", () => copilotManagedOnly(false), 180_000);
  test("copilot: init --managed --managed-only (managed-settings.json): the person's own hook does not run, the policy-level one does", () => copilotManagedOnly(true), 180_000);
});

describe.skipIf(!!cannot)("the managed tier, live: the executable gone", () => {
  test('claude: the drop-in written for the installed Claude Code has "onFailure": "block": with the executable gone, the guarded call is refused', async () => {
    const w = makeWorld("claude", { init: false });
    const exe = join(w.home, "..", "bin", "agentihooks");
    mkdirSync(dirname(exe), { mode: 0o755 });
    copyFileSync(BIN, exe);
    chmodSync(exe, 0o755);
    const r = await withManagedTier(w, (env) => {
      renameSync(exe, `${exe}.gone`);
      return runCli(w, { label: "managed claude, executable gone", script: [SHELL.claude(`touch '${w.marker("ran")}'`)], env });
    }, ["--claude", cliPath("claude")], exe);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    const dropIn = JSON.parse(readFileSync(join(w.home, "..", "machine", "etc", "claude-code", "managed-settings.d", "agentihooks.json"), "utf8"));
    expect(dropIn.hooks.PreToolUse[0].hooks[0].onFailure).toBe("block"); // what refused it (without it Claude lets the call through)
  }, 180_000);
});

describe.skipIf(!!cannot)("the managed tier, live, with the person's own settings empty", () => {
  test("claude: the managed-settings.d drop-in fires; no disable, [[allow]] or same-named condition lifts the managed deny", () => check("claude"), 180_000);
  test("codex: requirements.toml's managed hooks fire; no disable, [[allow]] or same-named condition lifts the managed deny", () => check("codex"), 180_000);
  test("copilot: the policy.d hooks file fires; no disable, [[allow]] or same-named condition lifts the managed deny", () => check("copilot"), 180_000);
  test("gemini: the system settings' hooks fire; no disable, [[allow]] or same-named condition lifts the managed deny", () => check("gemini"), 180_000);
  test("qwen: the system settings' hooks fire; no disable, [[allow]] or same-named condition lifts the managed deny", () => check("qwen"), 180_000);
});
