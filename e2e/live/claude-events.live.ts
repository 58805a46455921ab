// Claude Code, live: every lifecycle event Claude fires in -p reaches agentihooks, runs the conditions
// of its step and ends without an error (Claude's own hook reports and the hook log); a
// PermissionRequest answer decides a call in default mode; a condition's environment under the live
// hook is the one `conditions explain` gives it (AGENTIHOOKS_HOME included).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { bash, hookReports, resultOf } from "./lib/claude";
import { describeRun, type RunResult, runCli } from "./lib/clis";
import type { Step } from "./lib/mock-model";
import { hookLog, makeWorld, type World } from "./lib/world";

/** Step -> a condition file of that step (matcher `any` where the step has one). */
const RECORDERS: Record<string, string> = {
  start: "start-any-rec.sh", prompt: "prompt-rec.sh", pre: "pre-any-rec.sh", post: "post-any-rec.sh",
  fail: "fail-any-rec.sh", permission: "permission-any-rec.sh", substart: "substart-any-rec.sh",
  substop: "substop-any-rec.sh", stop: "stop-rec.sh", end: "end-any-rec.sh", compact: "compact-any-rec.sh",
  notify: "notify-any-rec.sh",
};

/** Installs a recorder per step: each run appends the event name its payload carries to ev-<step>. */
function recordSteps(w: World): void {
  for (const [step, file] of Object.entries(RECORDERS)) {
    w.condition(file, `#!/usr/bin/env bash\n{ sed -n 's/.*"hook_event_name":"\\([A-Za-z]*\\)".*/\\1/p'; echo; } >> '${w.marker(`ev-${step}`)}'\n`);
  }
}

const events = (w: World, step: string): string[] => (w.exists(w.marker(`ev-${step}`)) ? w.read(w.marker(`ev-${step}`)).split("\n").filter(Boolean) : []);

/** The subagent's own conversation starts with the Agent prompt; it makes one call, then answers. */
const SUBAGENT = "SUBAGENT-TASK-TOKEN";
function pickSubagent(body: Record<string, unknown>, done: number): Step | undefined {
  const first = JSON.stringify((body.messages as unknown[] | undefined)?.[0] ?? "");
  if (!first.includes(SUBAGENT)) return undefined;
  return done === 0 ? bash("echo SUB$((40+2))") : { text: "subagent done" };
}

/** Every hook Claude ran succeeded (exit 0, outcome success). */
function expectNoHookErrors(r: RunResult): void {
  const bad = hookReports(r).filter((h) => h.outcome !== "success" || h.exit_code !== 0);
  expect(bad, describeRun(r)).toEqual([]);
}

describe("claude: lifecycle events", () => {
  test("bypassPermissions: SessionStart, UserPromptSubmit, Pre/PostToolUse, PostToolUseFailure, SubagentStart/Stop, Stop, SessionEnd; then PreCompact on /compact", async () => {
    const w = makeWorld("claude");
    recordSteps(w);
    const sid = crypto.randomUUID();
    const r = await runCli(w, {
      label: "events",
      args: ["--session-id", sid],
      pick: pickSubagent,
      script: [bash("echo EV$((40+1))"), bash("exit 3"), { tool: "Agent", input: { description: "sub", prompt: `${SUBAGENT}: run one command`, subagent_type: "general-purpose" } }],
    });
    expectNoHookErrors(r);
    expect(resultOf(r, "Bash", "exit 3")?.isError).toBe(true);
    expect(r.seen).toContain("SUB42"); // the subagent's call ran and its answer came back
    const compact = await runCli(w, { label: "events compact", prompt: "/compact", args: ["--resume", sid], script: [] });
    expectNoHookErrors(compact);
    // each step's condition saw its own event
    const want: Record<string, string> = {
      start: "SessionStart", prompt: "UserPromptSubmit", pre: "PreToolUse", post: "PostToolUse", fail: "PostToolUseFailure",
      substart: "SubagentStart", substop: "SubagentStop", stop: "Stop", end: "SessionEnd", compact: "PreCompact",
    };
    for (const [step, event] of Object.entries(want)) {
      expect(events(w, step).length, `${step}\n${describeRun(r)}`).toBeGreaterThan(0);
      expect(new Set(events(w, step)), step).toEqual(new Set([event]));
    }
    expect(events(w, "start").length).toBe(3); // startup, resume, and after the compaction
    // the hook's own log: one record per call, none with an error
    const hooks = hookLog(w).filter((l) => l.kind === "hook");
    expect(hooks.filter((l) => l.error || l.exit !== 0)).toEqual([]);
    expect(new Set(hooks.map((l) => l.event))).toEqual(new Set(Object.values(want)));
  });

  test("default mode: PermissionRequest fires, and a permission condition's allow and deny decide the call", async () => {
    const w = makeWorld("claude");
    recordSteps(w);
    w.condition("permission-bash-decide.sh", `#!/usr/bin/env bash
p=$(cat)
case "$p" in
  *tag-allow*) echo '{"decision":"allow"}';;
  *tag-deny*) echo '{"decision":"deny","reason":"PERMISSION-DENY-TOKEN"}';;
esac
`);
    const r = await runCli(w, {
      label: "events permission",
      permissionMode: "default",
      script: [bash(`touch '${w.work}/allowed' # tag-allow`), bash(`touch '${w.work}/denied' # tag-deny`), bash(`touch '${w.work}/unanswered'`)],
    });
    expectNoHookErrors(r);
    expect(new Set(events(w, "permission"))).toEqual(new Set(["PermissionRequest"]));
    expect(w.exists(`${w.work}/allowed`), describeRun(r)).toBe(true);
    expect(w.exists(`${w.work}/denied`)).toBe(false);
    expect(resultOf(r, "Bash", "tag-deny")?.text).toContain("PERMISSION-DENY-TOKEN");
    // no answer: Claude's own rule for -p (nobody to ask) refuses it
    expect(w.exists(`${w.work}/unanswered`)).toBe(false);
  });
});

describe("claude: the condition environment", () => {
  test("the live hook and `conditions explain` give a condition the same AH_* variables and AGENTIHOOKS_HOME", async () => {
    const w = makeWorld("claude");
    const dump = w.marker("env-dump");
    w.condition("pre-bash.printf-env_dump.sh",
      `#!/usr/bin/env bash\np=$(cat)\n{ echo ---; printf '%s\\n' "$p"; env | grep -E '^(AH_[A-Z_]+|AGENTIHOOKS_HOME)=' | sort; } >> '${dump}'\n`);
    const r = await runCli(w, { label: "condition env", script: [bash("printf 'env check\\n'")] });
    // AH_RUN_ID names one run of one condition (src/run/reaper.ts): only its shape can be the same
    const runId = (l: string) => (/^AH_RUN_ID=\d+\.\d+$/.test(l) ? "AH_RUN_ID=<run id>" : l);
    const blocks = () => readFileSync(dump, "utf8").split("---\n").filter(Boolean).map((b) => b.trim().split("\n").map(runId));
    const [live] = blocks();
    expect(live, describeRun(r)).toBeDefined();
    expect(live).toContain(`AGENTIHOOKS_HOME=${w.ahome}`);
    expect(live).toContain("AH_TARGET=claude");
    // the payload the condition received, explained in the same world
    const payload = w.write(w.marker("payload.json"), live[0]);
    w.agentihooks(["conditions", "explain", "--payload", payload]);
    const explained = blocks()[1];
    expect(explained.slice(1)).toEqual(live.slice(1));
  });
});
