// The resident path, live. Claude Code (`init --resident`) calls the `hook` tool of the agentihooks MCP
// server it started, over its stdio pipe, for every tool event: a condition still denies through it
// (each call leaves a decision record marked `via: "mcp"`), the model cannot call the tool itself, and
// with the server killed or hung during the session a call a condition denies never runs (refused by
// onFailure, or judged by the server Claude started again); the next session works; after an upgrade
// mid-session (the executable changed on disk), the server answers that call with the new executable
// and ends, and no later call runs unjudged. Codex (the pinned version, 0.169 and 0.171 measured) with the
// same handlers written by hand (init does not move Codex): a condition denies through the server too,
// but with the server killed or hung the denied call runs (Codex has no onFailure): printed, and the
// reason init keeps Codex on the process path. Decided by marker files the commands would create.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bash, mcp, resultOf } from "./lib/claude";
import { describeRun, runCli } from "./lib/clis";
import { runCodex, shell } from "./lib/codex";
import type { Step } from "./lib/mock-model";
import { BIN, hookLog, makeWorld, type World, worldWithCopy } from "./lib/world";

/** The pids of this world's agentihooks MCP servers (started by the harness with the world's HOME). */
function servers(w: World, exe = BIN): number[] {
  const out: number[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (argv[0] !== exe || argv[1] !== "mcp") continue;
      if (readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`HOME=${w.home}`)) out.push(Number(pid));
    } catch {}
  }
  return out;
}

/** A step that first does `act` to the world's servers (the session has started them by then). */
function after(w: World, signal: NodeJS.Signals, step: Step): () => Step {
  return () => {
    const pids = servers(w);
    for (const pid of pids) process.kill(pid, signal);
    if (!pids.length) throw new Error("no agentihooks MCP server found for this world");
    return step;
  };
}

/** Codex's fields per event as its input schemas require them (0.169 and 0.171; src/resident/hook-input.ts). */
const CODEX_FIELDS: Record<string, string[]> = {
  PreToolUse: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"],
  PostToolUse: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id", "tool_response"],
  PermissionRequest: ["session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input"],
};

/** Turns a Codex world's tool-event hooks into mcp_tool handlers calling the hook tool (run with --dangerously-bypass-hook-trust). */
function codexByHand(w: World): void {
  const path = join(w.home, ".codex", "hooks.json");
  const config = JSON.parse(readFileSync(path, "utf8"));
  for (const [event, fields] of Object.entries(CODEX_FIELDS)) {
    const payload = Object.fromEntries(fields.map((f) => [f, `\${${f}}`]));
    config.hooks[event] = [{ hooks: [{ type: "mcp_tool", server: "agentihooks", tool: "hook", input: { target: "codex", event, payload }, timeout: 21 }] }];
  }
  writeFileSync(path, JSON.stringify(config, null, 2));
}
const BYPASS = { args: ["--dangerously-bypass-hook-trust"] };

/**
 * A resident world whose harness waits 21 s for the server's answer (init writes the conditions
 * timeout + 20 s: here 1 + 20), so a hung server costs a check 21 s, not 30.
 */
function residentWorld(): World {
  const w = makeWorld("claude", { init: false });
  w.env.CONDITIONS_TIMEOUT_SEC = "1";
  w.agentihooks(["init", "--target", "claude", "--resident"]);
  delete w.env.CONDITIONS_TIMEOUT_SEC;
  return w;
}

const DENY_TOUCH = '#!/usr/bin/env bash\necho "TOUCH-DENY: touch is off limits" >&2\nexit 2\n';
const DENY_RM = '#!/usr/bin/env bash\necho "RESIDENT-DENY: rm is off limits" >&2\nexit 2\n';

describe("claude: the resident path", () => {
  test("a condition denies through the MCP server, with a decision record per call; the model cannot call the hook tool", async () => {
    const w = makeWorld("claude", { initArgs: ["--resident"] });
    w.condition("pre-bash.rm-deny.sh", DENY_RM);
    const r = await runCli(w, {
      script: [mcp("hook", { target: "claude", event: "PreToolUse", payload: {} }), bash(`rm -f '${w.marker("x")}'; touch '${w.marker("rm-ran")}'`), bash(`touch '${w.marker("touch-ran")}'`)],
    });
    // init's deny rule keeps the tool from the model; the hooks still call it
    expect(resultOf(r, "mcp__agentihooks__hook")?.text, describeRun(r)).toContain("No such tool available");
    expect(w.exists(w.marker("rm-ran")), describeRun(r)).toBe(false);
    expect(resultOf(r, "Bash", "rm-ran")?.text).toContain("RESIDENT-DENY");
    expect(w.exists(w.marker("touch-ran"))).toBe(true);
    const records = hookLog(w).filter((l) => l.via === "mcp");
    expect(records.map((l) => `${l.event}:${l.decision ?? ""}`)).toEqual(expect.arrayContaining(["PreToolUse:deny", "PreToolUse:", "PostToolUse:"]));
  });

  for (const [what, signal] of [["killed", "SIGKILL"], ["hung", "SIGSTOP"]] as const) {
    test(`a ${what} server: a call a condition denies never runs; the next session works again`, async () => {
      const w = residentWorld();
      w.condition("pre-bash.touch-deny.sh", DENY_TOUCH);
      const r = await runCli(w, { script: [], pick: (_b, done) => (done === 0 ? after(w, signal, bash(`touch '${w.marker("ran")}'`))() : { text: "done" }) });
      for (const pid of servers(w)) process.kill(pid, "SIGKILL"); // a stopped server outlives its session
      // never run unjudged: refused for want of an answer, or denied by a server Claude started again
      expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
      const why = resultOf(r, "Bash", "ran")?.text ?? "";
      expect(why).toMatch(/onFailure is "block"|TOUCH-DENY/);
      console.log(`claude, ${what} server: ${why.includes("TOUCH-DENY") ? "denied by a restarted server" : "refused (onFailure block)"}`);
      const next = await runCli(w, { script: [bash(`touch '${w.marker("next")}'`), bash(`mkdir '${w.marker("next-dir")}'`)] });
      expect(resultOf(next, "Bash", "next")?.text, describeRun(next)).toContain("TOUCH-DENY");
      expect(w.exists(w.marker("next-dir")), describeRun(next)).toBe(true);
    });
  }
});

describe("claude: an upgrade in the middle of a session", () => {
  test("the executable changes on disk: the server answers that call with the new one and ends; no later call runs unjudged", async () => {
    const { world: w, exe } = worldWithCopy("claude", ["--resident"]);
    w.condition("pre-bash.touch-deny.sh", DENY_TOUCH);
    let first: number[] = [];
    const upgrade = (): Step => {
      first = servers(w, exe);
      const later = new Date(Date.now() + 5000);
      utimesSync(exe, later, later); // what an upgrade in place changes
      return bash(`touch '${w.marker("after-upgrade")}'`);
    };
    const r = await runCli(w, {
      script: [],
      pick: (_b, done) => [upgrade, () => bash(`touch '${w.marker("later")}'`), () => bash(`mkdir '${w.marker("allowed")}'`)][done]?.() ?? { text: "done" },
    });
    expect(first.length, describeRun(r)).toBe(1);
    for (const name of ["after-upgrade", "later"]) {
      expect(w.exists(w.marker(name)), describeRun(r)).toBe(false);
      expect(resultOf(r, "Bash", name)?.text).toMatch(/onFailure is "block"|TOUCH-DENY/);
    }
    expect(resultOf(r, "Bash", "after-upgrade")?.text).toContain("TOUCH-DENY"); // answered by the new executable
    expect(first.some((pid) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z "))).toBe(false);
    console.log(`claude after an upgrade: the next call ${resultOf(r, "Bash", "later")?.text.includes("TOUCH-DENY") ? "was judged by a new server" : "was refused (onFailure block)"}; a call allowed ${w.exists(w.marker("allowed")) ? "ran" : "did not run"}`);
  });
});

describe("codex (pinned) with resident handlers written by hand", () => {
  test("a condition denies through the MCP server, with a decision record per call", async () => {
    const w = makeWorld("codex");
    codexByHand(w);
    w.condition("pre-bash.rm-deny.sh", DENY_RM);
    const r = await runCodex(w, [shell(`rm -f '${w.marker("x")}'; touch '${w.marker("rm-ran")}'`), shell(`touch '${w.marker("touch-ran")}'`)], BYPASS);
    expect(w.exists(w.marker("rm-ran")), describeRun(r)).toBe(false);
    expect(r.seen).toContain("RESIDENT-DENY");
    expect(w.exists(w.marker("touch-ran"))).toBe(true);
    const records = hookLog(w).filter((l) => l.via === "mcp");
    expect(records.map((l) => `${l.event}:${l.decision ?? ""}`)).toEqual(expect.arrayContaining(["PreToolUse:deny", "PreToolUse:", "PostToolUse:"]));
  });

  for (const [what, signal] of [["killed", "SIGKILL"], ["hung", "SIGSTOP"]] as const) {
    test(`a ${what} server: Codex runs a call a condition denies (it has no onFailure: the reason init keeps Codex on the process path); the next session works again`, async () => {
      const w = makeWorld("codex");
      codexByHand(w);
      w.condition("pre-bash.touch-deny.sh", DENY_TOUCH);
      const r = await runCodex(w, [after(w, signal, shell(`touch '${w.marker("ran")}'`))], BYPASS);
      for (const pid of servers(w)) process.kill(pid, "SIGKILL");
      // measured with 0.169 and 0.171: a failed mcp_tool hook lets the call through. When a Codex
      // version refuses it instead, this fails: Codex can then move to the resident path.
      expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
      const next = await runCodex(w, [shell(`touch '${w.marker("next")}'`), shell(`mkdir '${w.marker("next-dir")}'`)], BYPASS);
      expect(next.seen, describeRun(next)).toContain("TOUCH-DENY");
      expect(w.exists(w.marker("next-dir")), describeRun(next)).toBe(true);
    });
  }
});
