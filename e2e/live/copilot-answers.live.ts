// Copilot CLI, live: what Copilot does with each kind of answer agentihooks gives it (rewrite in
// each permission mode, ask, pre and post context, output replacement, post block, a crashing and a
// timed-out condition) and the call id conditions key shared state by.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { describeRun } from "./lib/clis";
import { bash, idRecorder, saw, session } from "./lib/copilot";
import { makeWorld, recorder, type World } from "./lib/world";

const sh = (body: string) => `#!/usr/bin/env bash\ncat >/dev/null\n${body}\n`;
/** A condition body that rewrites the command to `command`, with or without a decision. */
const rewrite = (command: string, decision?: string) =>
  sh(`cat <<'EOF'\n${JSON.stringify({ tool_input: { command }, ...(decision ? { decision } : {}) })}\nEOF`);

describe("copilot: answers, with --allow-all-tools", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    const m = (name: string) => world.marker(name);
    world.condition("pre-bash.mkdir-rewrite_allow.sh", rewrite(`touch '${m("rewritten-allow")}'`, "allow"));
    world.condition("pre-bash.cp-rewrite_plain.sh", rewrite(`touch '${m("rewritten-plain")}'`));
    world.condition("pre-bash.ln-ask.sh", sh(`echo '{"decision": "ask", "reason": "ASK-REASON-ln"}'`));
    world.condition("pre-bash.date-context.sh", sh("echo PRE-CONTEXT-date"));
    world.condition("post-bash.uname-context.sh", sh("echo POST-CONTEXT-uname"));
    world.condition("post-bash.printf-replace.sh", sh(`echo '{"tool_output": "REPLACED-printf"}'`));
    world.condition("post-bash.seq-block.sh", sh('echo "POST-BLOCK-seq" >&2; exit 2'));
    world.condition("pre-bash.wc-crash.sh", recorder(world, "crash-ran", "exit 3"));
    world.condition("pre-bash.sleep-slow.sh", recorder(world, "slow-ran", "sleep 8"));
    return {
      world,
      run: {
        label: "answers allow-all",
        env: { CONDITIONS_TIMEOUT_SEC: "1" },
        script: [
          bash(`mkdir '${m("original-allow")}'`),
          bash(`cp /dev/null '${m("original-plain")}'`),
          bash(`ln -s /dev/null '${m("asked")}'`),
          bash(`date > '${m("dated")}'`),
          bash("uname -s"),
          bash("printf '%s%s' ORIGINAL- OUTPUT"),
          bash("seq 31 33"),
          bash(`wc -c /dev/null > '${m("counted")}'`),
          bash(`sleep 0; touch '${m("slept")}'`),
        ],
      },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("a rewrite with allow: the rewritten command runs instead", () => {
    expect([ran("rewritten-allow"), ran("original-allow")], describeRun(s.result())).toEqual([true, false]);
  });
  test("a rewrite without a decision: the rewritten command runs instead", () => {
    expect([ran("rewritten-plain"), ran("original-plain")]).toEqual([true, false]);
  });
  test("ask: the call does not run in -p, and Copilot tells the model why", () => {
    expect(ran("asked")).toBe(false);
    expect(saw(s.result(), "Denied by preToolUse hook (unable to ask user for confirmation): [condition pre-bash.ln-ask.sh] ASK-REASON-ln")).toBe(true);
  });
  test("pre context reaches the model, and the command runs", () => {
    expect(saw(s.result(), "PRE-CONTEXT-date")).toBe(true);
    expect(ran("dated")).toBe(true);
  });
  test("post context reaches the model", () => expect(saw(s.result(), "POST-CONTEXT-uname")).toBe(true));
  test("output replacement: the model sees the replacement, not the output", () => {
    expect([saw(s.result(), "REPLACED-printf"), saw(s.result(), "ORIGINAL-OUTPUT")]).toEqual([true, false]);
  });
  test("post block: its reason reaches the model (Copilot has no post block; the output stays)", () => {
    expect(saw(s.result(), "POST-BLOCK-seq")).toBe(true);
    expect(saw(s.result(), "31\n32\n33")).toBe(true);
  });
  test("a crashing condition: the call runs, and the model is told which condition failed", () => {
    expect([ran("crash-ran"), ran("counted")]).toEqual([true, true]);
    expect(saw(s.result(), "pre-bash.wc-crash.sh")).toBe(true);
  });
  test("a timed-out condition is stopped: the call runs, and the model is told", () => {
    expect([ran("slow-ran"), ran("slept")]).toEqual([true, true]);
    expect(saw(s.result(), "pre-bash.sleep-slow.sh")).toBe(true);
  });
});

describe("copilot: rewrites with --allow-tool shell(touch)", () => {
  // Copilot's own permission rules judge the rewritten call: a rewrite without a decision cannot
  // widen what the session permits, one with "allow" does (the condition said so).
  const s = session(() => {
    const world = makeWorld("copilot");
    const m = (name: string) => world.marker(name);
    world.condition("pre-bash.mkdir-rewrite_plain.sh", rewrite(`touch '${m("to-allowed")}'`));
    world.condition("pre-bash.touch-rewrite_plain.sh", rewrite(`ln -s /dev/null '${m("to-refused")}'`));
    world.condition("pre-bash.cp-rewrite_allow.sh", rewrite(`ln -s /dev/null '${m("allowed-by-condition")}'`, "allow"));
    return {
      world,
      run: {
        label: "answers allow-tool",
        permissionArgs: ["--allow-tool", "shell(touch)"],
        script: [bash(`mkdir '${m("a")}'`), bash(`touch '${m("b")}'`), bash(`cp /dev/null '${m("c")}'`), bash(`mkdir '${m("control")}'; true`)],
      },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("control: a command the flags do not allow is refused", () => expect(ran("control"), describeRun(s.result())).toBe(false));
  test("without a decision, a rewrite to an allowed command runs", () => expect([ran("to-allowed"), ran("a")]).toEqual([true, false]));
  test("without a decision, a rewrite to a command the flags do not allow is refused", () => {
    expect([ran("to-refused"), ran("b")]).toEqual([false, false]);
  });
  test("with allow, the rewritten command runs although the flags do not allow it", () => {
    expect([ran("allowed-by-condition"), ran("c")]).toEqual([true, false]);
  });
});

describe("copilot: rewrites with no permission flags", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    const m = (name: string) => world.marker(name);
    world.condition("pre-bash.mkdir-rewrite_allow.sh", rewrite(`touch '${m("rewritten-allow")}'`, "allow"));
    world.condition("pre-bash.cp-rewrite_plain.sh", rewrite(`touch '${m("rewritten-plain")}'`));
    return {
      world,
      run: { label: "answers no flags", permissionArgs: [], script: [bash(`touch '${m("control")}'`), bash(`mkdir '${m("a")}'`), bash(`cp /dev/null '${m("b")}'`)] },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("control: nothing runs without approval in -p", () => expect(ran("control"), describeRun(s.result())).toBe(false));
  test("a rewrite with allow runs", () => expect([ran("rewritten-allow"), ran("a")]).toEqual([true, false]));
  test("a rewrite without a decision is refused like any call", () => expect([ran("rewritten-plain"), ran("b")]).toEqual([false, false]));
});

/** Returns the id recorder's lines: [event, id, command, timestamp]. */
function idLines(world: World): string[][] {
  return readFileSync(world.marker("ids"), "utf8").trim().split("\n").map((l) => {
    const [event, id, ts, ...command] = l.split(" ");
    return [event, id, command.join(" "), ts];
  });
}

describe("copilot: AH_TOOL_USE_ID (Copilot's payloads carry no call id)", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    world.condition("pre-bash-ids.sh", idRecorder(world.marker("ids")));
    world.condition("post-bash-ids.sh", idRecorder(world.marker("ids")));
    world.condition("pre-bash.printf-rewrite.sh", rewrite("printf rewritten"));
    return {
      world,
      run: {
        label: "ids",
        // two calls in one reply: two hook processes with one timestamp; then a rewritten call
        script: [{ parallel: [bash("echo one"), bash("echo two")] }, { text: "(two results)" }, bash("printf original")],
      },
    };
  });

  test("the pre and post of one call share an id; two calls of one turn have two", () => {
    const lines = idLines(s.world());
    const idOf = (event: string, command: string) => lines.filter((l) => l[0] === event && l[2] === command).map((l) => l[1]);
    const [preOne, preTwo] = [idOf("PreToolUse", "echo one"), idOf("PreToolUse", "echo two")];
    expect(preOne.length, describeRun(s.result())).toBe(1);
    expect(preOne[0]).toMatch(/^copilot-[0-9a-f]{16}$/);
    expect(idOf("PostToolUse", "echo one")).toEqual(preOne);
    expect(idOf("PostToolUse", "echo two")).toEqual(preTwo);
    expect(preOne[0]).not.toBe(preTwo[0]);
    const stamps = lines.filter((l) => l[0] === "PreToolUse" && l[2].startsWith("echo ")).map((l) => l[3]);
    expect(new Set(stamps).size).toBe(1); // what Copilot sends cannot tell them apart by time
  });
  test("a rewritten call keeps its id from pre to post", () => {
    const lines = idLines(s.world());
    const pre = lines.find((l) => l[0] === "PreToolUse" && l[2] === "printf original");
    const post = lines.find((l) => l[0] === "PostToolUse" && l[2] === "printf rewritten");
    expect(post?.[1]).toBe(pre?.[1] as string);
  });
});
