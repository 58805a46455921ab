// Copilot CLI, live: every event Copilot fires in a `-p` session reaches agentihooks and runs its
// conditions, without a hook error in Copilot's log or in agentihooks' own log.
import { describe, expect, test } from "bun:test";
import { describeRun } from "./lib/clis";
import { bash, hookProblems, session, view } from "./lib/copilot";
import { hookLog, makeWorld, recorder } from "./lib/world";

/** Step -> the event Copilot names it (camelCase config); each gets a recorder condition. */
const STEPS: [step: string, event: string][] = [
  ["start", "sessionStart"],
  ["prompt", "userPromptSubmitted"],
  ["pre", "preToolUse"],
  ["permission", "permissionRequest"],
  ["post", "postToolUse"],
  ["fail", "postToolUseFailure"],
  ["substart", "subagentStart"],
  ["substop", "subagentStop"],
  ["notify", "notification"],
  ["stop", "agentStop"],
  ["end", "sessionEnd"],
];

const SUBAGENT = "SUBAGENT-PROMPT-4411";

describe("copilot: lifecycle events", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    // prompt and stop match nothing: their files are `<step>-<name>`
    for (const [step] of STEPS) world.condition(step === "prompt" || step === "stop" ? `${step}-seen.sh` : `${step}-any-seen.sh`, recorder(world, step));
    return {
      world,
      run: {
        label: "lifecycle",
        script: [
          bash("true"),
          view(`${world.work}/missing.txt`),
          { tool: "task", input: { description: "sub task", prompt: SUBAGENT, agent_type: "task", name: "sub", mode: "sync" } },
          bash("sleep 1", { mode: "async", shellId: "bg1" }),
        ],
        // the subagent's own conversation starts with its prompt: it answers at once
        pick: (body: Record<string, unknown>) => {
          const first = (body.messages as { role: string; content: unknown }[] | undefined)?.find((m) => m.role === "user");
          return JSON.stringify(first?.content ?? "").includes(SUBAGENT) ? { text: "subagent done" } : undefined;
        },
      },
    };
  });

  test.each(STEPS)("%s conditions run on %s", (step) => {
    expect(s.world().exists(s.world().marker(step)), describeRun(s.result())).toBe(true);
  });
  test("Copilot's log holds no hook error", () => expect(hookProblems(s.world())).toEqual([]));
  test("agentihooks' hook log holds no error, and every event was answered with exit 0", () => {
    const records = hookLog(s.world()).filter((r) => r.kind === "hook");
    expect(records.filter((r) => r.error !== undefined || r.notes !== undefined)).toEqual([]);
    expect(records.filter((r) => r.exit !== 0)).toEqual([]);
    expect(new Set(records.map((r) => r.event))).toEqual(new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "SubagentStart", "SubagentStop", "Notification", "Stop", "SessionEnd"]));
  });
});
