// Copilot CLI, live: the condition gate with the MCP tool condition_set (armed by the person's
// prompt: the condition is written and runs on the next call; refused otherwise: nothing written),
// `mcp__` matchers on Copilot's `<server>-<tool>` names, an enforcement, and write_bash (text typed
// into a running shell) as bash.<cli> guards see it.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { describeRun } from "./lib/clis";
import { bash, mcp, saw, session, sessionIdSeen } from "./lib/copilot";
import type { Step } from "./lib/mock-model";
import { makeWorld, recorder } from "./lib/world";

/** The session id a start condition put in the model's context (`SESSION-ID=<id>`). */
const startedId = (body: Record<string, unknown>) => /SESSION-ID=([0-9a-f-]{36})/.exec(JSON.stringify(body))?.[1];

const conditionSet = (sessionId: string, marker: string): Step =>
  mcp("condition_set", {
    step: "pre", matcher: "bash.touch", name: "no_touch", session_id: sessionId, language: "bash",
    script: `cat >/dev/null\ntouch '${marker}'\necho "touch blocked by the condition the person asked for" >&2\nexit 2\n`,
  });

describe("copilot: the gate, armed by the person's prompt", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    const script = [conditionSet("", world.marker("new-condition-ran")), bash(`touch '${world.marker("touched")}'`)];
    return {
      world,
      run: {
        label: "gate armed",
        prompt: "Add a condition that blocks touch, then touch the marker.",
        script,
        // the gate's context names the session; the scripted model passes it on, as an agent would
        pick: (body, done) => (done === 0 ? conditionSet(sessionIdSeen(body) ?? "none", world.marker("new-condition-ran")) : undefined),
      },
    };
  });
  const file = () => `${s.world().conditions}/pre-bash.touch-no_touch.sh`;

  test("condition_set writes the condition", () => expect(s.world().exists(file()), describeRun(s.result())).toBe(true));
  test("the new condition runs on the next call and stops it", () => {
    expect(s.world().exists(s.world().marker("new-condition-ran"))).toBe(true);
    expect(s.world().exists(s.world().marker("touched"))).toBe(false);
    expect(saw(s.result(), "touch blocked by the condition the person asked for")).toBe(true);
  });
});

describe("copilot: the gate closed, mcp__ matchers, an enforcement, write_bash", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    world.condition("start-any-session_id.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "SESSION-ID=$AH_SESSION_ID"\n');
    world.condition("pre-mcp__agentihooks__condition_list-seen.sh", recorder(world, "mcp-matcher"));
    world.condition("pre-bash.kubectl-seen.sh", recorder(world, "kubectl-guard"));
    world.agentihooks(["enforcement", "set", "ENFORCE-REMINDER-77", "2"]);
    const typed = { tool: "write_bash", input: { shellId: "s1", input: "git push --force origin feature\n", delay: 1 } };
    return {
      world,
      run: {
        label: "gate closed",
        prompt: "go",
        script: [conditionSet("", world.marker("x")), bash(`touch '${world.marker("touched")}'`), mcp("condition_list", { target: "copilot" }), typed],
        pick: (body, done) => (done === 0 ? conditionSet(startedId(body) ?? "none", world.marker("x")) : undefined),
      },
    };
  });
  const w = () => s.world();

  test("condition_set without the person asking is refused: nothing is written", () => {
    expect(saw(s.result(), "SESSION-ID="), describeRun(s.result())).toBe(true); // the model did know the session
    expect(readdirSync(w().conditions).filter((f) => f.includes("no_touch"))).toEqual([]);
    expect(w().exists(w().marker("touched"))).toBe(true);
  });
  test("an mcp__<server>__<tool> condition fires on Copilot's agentihooks-condition_list", () => {
    expect(w().exists(w().marker("mcp-matcher"))).toBe(true);
    expect(JSON.parse(readFileSync(`${w().marker("mcp-matcher")}.payload.json`, "utf8")).tool_name).toBe("mcp__agentihooks__condition_list");
  });
  test("an enforcement's message reaches the model", () => expect(saw(s.result(), "ENFORCE-REMINDER-77")).toBe(true));
  test("write_bash: a bash.git guard sees the typed git push and denies it", () => {
    expect(saw(s.result(), "Denied by preToolUse hook:")).toBe(true);
    // the example guard or the default profile's git pack, whichever answers first
    expect(saw(s.result(), "force push blocked (--force)") || saw(s.result(), "git.push-force: force push blocked")).toBe(true);
  });
  test("write_bash: what reads the typed text is unknown, so every bash.<cli> guard fires", () => {
    expect(w().exists(w().marker("kubectl-guard"))).toBe(true);
  });
});
