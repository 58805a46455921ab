// The opt-in approve-readonly profile (issue 25 part 5), live in every harness: with the harness set
// up so it WOULD ask the person about a shell command, (a) without the profile the read-only line does
// not run, (b) with `agentihooks profile use default,approve-readonly` it runs with no prompt (its output
// reaches the model), and (c) a line that writes (a redirect into a file, rm) is still not approved.
// Each harness gets a control world and a world with the profile, one session each; every check is
// decided by what reached the model, a file that must or must not exist, and the decision log.
//
// Where a harness does not let a hook's allow lift its own question, that is proven here too:
// - Codex 0.169 `codex exec` never asks about a command the sandbox lets run (reads are allowed
//   everywhere); it asks only when the model requests escalation, and that request goes to
//   PermissionRequest and the automatic review whatever PreToolUse answered. A PermissionRequest allow
//   runs it: the profile answers there too, for Codex only (permission-bash-approve_readonly.ts).
// - Gemini CLI 0.61 `-p` without --yolo does not offer its shell tool at all (no BeforeTool is sent),
//   and its BeforeTool reads only block/deny/ask (an allow changes nothing).
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { describeRun, type RunOptions, type RunResult, runCli } from "./lib/clis";
import type { ToolStep } from "./lib/mock-model";
import { type Harness as AnyHarness, hookLog, type HookLogRecord, makeWorld, sandboxedCodexWorld, type World } from "./lib/world";

/** A token only the read-only command prints: seen by the model only when that command ran. */
const TOKEN = "READONLY-TOKEN-5081";

/** The harnesses this file checks (OpenCode and Factory Droid have no approve-readonly check yet). */
type Harness = Extract<AnyHarness, "claude" | "codex" | "copilot" | "gemini">;

/** The shell tool of each harness as its model calls it; `escalate` asks Codex to run it unsandboxed. */
/** The harnesses this file checks (Cline auto-approves every tool in its default mode). */
type Asking = Exclude<Harness, "cline">;

const SHELL: Record<Asking, (command: string, escalate?: boolean) => ToolStep> = {
  claude: (command) => ({ tool: "Bash", input: { command, description: "live check" } }),
  codex: (cmd, escalate) => ({ tool: "exec_command", input: escalate ? { cmd, sandbox_permissions: "require_escalated", justification: "live check" } : { cmd } }),
  copilot: (command) => ({ tool: "bash", input: { command, description: "live check" } }),
  gemini: (command) => ({ tool: "run_shell_command", input: { command } }),
};

/**
 * The permission setting under which each harness would ask: Claude's default mode (no allow rule;
 * in -p an ask refuses the call), Codex's automatic review (`--approve-for-me`; exec has no person),
 * Copilot without --allow-all-tools, Gemini without --yolo.
 */
const ASKING: Record<Asking, Partial<RunOptions>> = {
  claude: { permissionMode: "default" },
  codex: { permissionMode: "default" },
  copilot: { permissionArgs: [] },
  gemini: { permissionArgs: [] },
};

interface Played {
  world: World;
  result: RunResult;
  /** The file the read-only command reads (outside the working folder for Claude, which reads its own freely). */
  source: string;
  /** Files the writing lines would create or remove. */
  copy: string;
  keep: string;
}

/** Returns the world of a harness (Codex in its sandbox needs one outside /tmp). */
const worldOf = (harness: Harness) => (harness === "codex" ? sandboxedCodexWorld() : makeWorld(harness));

/**
 * Plays one session: the read-only line, a line that redirects into a file, and an rm, each under the
 * harness's asking setting, with or without the approve-readonly profile.
 */
async function play(harness: Asking, withProfile: boolean): Promise<Played> {
  const world = worldOf(harness);
  if (withProfile) world.agentihooks(["profile", "use", "default,approve-readonly"]);
  // Claude reads files inside its working folders without asking: the source lies outside them
  const source = harness === "claude" ? join(world.home, "outside.txt") : join(world.work, "notes.txt");
  world.write(source, `${TOKEN}\n`);
  const keep = world.write(join(world.work, "keep.txt"), "keep\n");
  const copy = join(world.work, "copy.txt");
  const escalate = harness === "codex";
  const sh = (command: string) => SHELL[harness](command, escalate);
  const result = await runCli(world, {
    label: `approve-readonly ${harness} ${withProfile ? "profile" : "control"}`,
    script: [sh(`tac '${source}'`), sh(`tac '${source}' > '${copy}'`), sh(`rm '${keep}'`)],
    ...ASKING[harness],
  });
  return { world, result, source, copy, keep };
}

/** The PreToolUse decision records of a world whose command contains `text`. */
const preRecords = (world: World, text: string): HookLogRecord[] =>
  hookLog(world).filter((r) => r.event === "PreToolUse" && JSON.stringify(r.input ?? "").includes(text));

const approvedBy = (r: HookLogRecord) => r.decision === "allow" && r.by === "pre-bash-approve_readonly.ts";

/** Runs the control and the profile session of `harness` before its checks. */
function both(harness: Asking) {
  const s: { control?: Played; profile?: Played } = {};
  beforeAll(async () => {
    s.control = await play(harness, false);
    s.profile = await play(harness, true);
  });
  return { control: () => s.control as Played, profile: () => s.profile as Played };
}

/** Checks (a), (b), (c) for a harness that honours the allow. */
function honoured(harness: Asking) {
  const s = both(harness);
  test("(a) without approve-readonly, the read-only line does not run: the harness would ask", () => {
    const c = s.control();
    expect(c.result.seen.includes(TOKEN), describeRun(c.result)).toBe(false);
  });
  test("(b) with approve-readonly, it runs with no prompt: its output reaches the model", () => {
    const p = s.profile();
    expect(p.result.seen.includes(TOKEN), describeRun(p.result)).toBe(true);
    expect(preRecords(p.world, `tac '${p.source}'`).some(approvedBy)).toBe(true);
  });
  test("(c) a line that redirects into a file and an rm are not approved, and do not run", () => {
    const p = s.profile();
    expect([p.world.exists(p.copy), p.world.exists(p.keep)]).toEqual([false, true]);
    const writes = [...preRecords(p.world, "copy.txt"), ...preRecords(p.world, "rm '")];
    expect(writes.length).toBe(2);
    expect(writes.filter(approvedBy)).toEqual([]);
  });
}

describe("approve-readonly: Claude Code, --permission-mode default (no allow rule)", () => honoured("claude"));

describe("approve-readonly: Copilot CLI without --allow-all-tools", () => honoured("copilot"));

describe("approve-readonly: Codex, codex exec --approve-for-me (automatic review), an escalated command", () => {
  const s = both("codex");
  const permissionOf = (p: Played) => hookLog(p.world).filter((r) => r.event === "PermissionRequest" && (r.input as { command?: string })?.command === `tac '${p.source}'`);
  test("(a) without approve-readonly, the escalated read-only line is declined (the review cannot approve it)", () => {
    const c = s.control();
    expect(c.result.seen.includes(TOKEN), describeRun(c.result)).toBe(false);
    expect(permissionOf(c).length).toBe(1);
  });
  test("Codex does not let the PreToolUse allow skip its approval: the call still reaches PermissionRequest", () => {
    const p = s.profile();
    expect(preRecords(p.world, `tac '${p.source}'`).some(approvedBy), describeRun(p.result)).toBe(true);
    expect(permissionOf(p).length).toBe(1);
  });
  test("(b) approve-readonly's PermissionRequest allow runs it: its output reaches the model", () => {
    const p = s.profile();
    expect(permissionOf(p)[0]).toMatchObject({ decision: "allow", by: "permission-bash-approve_readonly.ts" });
    expect(p.result.seen.includes(TOKEN), describeRun(p.result)).toBe(true);
  });
  test("(c) writing lines are approved at neither step, and do not run", () => {
    const p = s.profile();
    expect([p.world.exists(p.copy), p.world.exists(p.keep)]).toEqual([false, true]);
    const asked = hookLog(p.world).filter((r) => /copy\.txt|rm '/.test(JSON.stringify(r.input ?? "")));
    expect(asked.map((r) => r.event).sort()).toEqual(["PermissionRequest", "PermissionRequest", "PreToolUse", "PreToolUse"]);
    expect(asked.filter((r) => r.decision === "allow")).toEqual([]);
  });
});

describe("approve-readonly: Gemini CLI, -p without --yolo", () => {
  const s = both("gemini");
  const notOffered = (r: RunResult) => r.seen.includes('Tool "run_shell_command" not found');
  test("without --yolo Gemini does not offer its shell tool in -p: no BeforeTool, nothing runs", () => {
    const c = s.control();
    expect(notOffered(c.result), describeRun(c.result)).toBe(true);
    expect(c.result.seen.includes(TOKEN)).toBe(false);
    expect(hookLog(c.world).filter((r) => r.event === "PreToolUse")).toEqual([]);
  });
  test("approve-readonly cannot change that: no hook call is made, so no allow is asked for", () => {
    const p = s.profile();
    expect(notOffered(p.result), describeRun(p.result)).toBe(true);
    expect(p.result.seen.includes(TOKEN)).toBe(false);
    expect(hookLog(p.world).filter((r) => r.event === "PreToolUse")).toEqual([]);
    expect([p.world.exists(p.copy), p.world.exists(p.keep)]).toEqual([false, true]);
  });
});
