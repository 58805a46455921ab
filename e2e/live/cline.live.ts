// Cline CLI, live: the real CLI (`cline --json PROMPT`, act mode, tools auto-approved) against the
// mock model speaking OpenAI chat completions, agentihooks wired in by `init --target cline` (a
// PreToolUse.sh hook script). Every check is decided by a side effect (a marker file) or by what
// reached the model. Cline's deny (`cancel: true`) stops the whole task, so each deny is the last step
// of its session, and the sessions that end in one run side by side.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { describeRun, type RunOptions, type RunResult, runCli } from "./lib/clis";
import type { ToolStep } from "./lib/mock-model";
import { hookLog, makeWorld, recorder, type World, type WorldOptions, worldWithCopy } from "./lib/world";
import { saw } from "./lib/session";

const run = (...commands: string[]): ToolStep => ({ tool: "run_commands", input: { commands } });
const readFiles = (...paths: string[]): ToolStep => ({ tool: "read_files", input: { files: paths.map((path) => ({ path })) } });
const editor = (path: string, new_text: string, old_text?: string): ToolStep => ({ tool: "editor", input: { path, new_text, ...(old_text ? { old_text } : {}) } });
const patch = (body: string): ToolStep => ({ tool: "apply_patch", input: { input: `*** Begin Patch\n${body}\n*** End Patch` } });

/** How the run ended: Cline's last `run_result` line (`completed`, or `aborted` after a cancel). */
function finish(r: RunResult): string | undefined {
  const lines = r.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as { type?: string; finishReason?: string });
  return lines.filter((l) => l.type === "run_result").at(-1)?.finishReason;
}

/** Cline's own log: a cancel's errorMessage is written there (the model never sees it). */
const clineLog = (w: World) => {
  const path = join(w.home, ".cline", "data", "logs", "cline.log");
  return existsSync(path) ? readFileSync(path, "utf8") : "";
};

/** Several sessions at once (each ends in a deny), run in beforeAll; checks read them by name. */
function sessions(setups: Record<string, () => { world: World; run: RunOptions }>) {
  const done: Record<string, { world: World; result: RunResult }> = {};
  beforeAll(async () => {
    await Promise.all(Object.entries(setups).map(async ([name, setup]) => {
      const s = setup();
      done[name] = { world: s.world, result: await runCli(s.world, { label: name, ...s.run }) };
    }));
  });
  afterAll(() => {
    for (const k of Object.keys(done)) delete done[k];
  });
  return (name: string) => done[name];
}

function envWorld(opts: WorldOptions = {}): World {
  const world = makeWorld("cline", opts);
  world.write(join(world.work, ".env"), "ENV-SECRET-0\n");
  world.write(join(world.work, "prod.env"), "PROD-SECRET-2\n");
  world.write(join(world.work, "notes.txt"), "CLINE-NOTES-CONTENT\n");
  return world;
}

describe("cline: allow, context, deny", () => {
  const get = sessions({
    deny: () => {
      const world = makeWorld("cline");
      const m = (name: string) => world.marker(name);
      world.write(join(world.work, "notes.txt"), "CLINE-NOTES-CONTENT\n");
      world.condition("pre-bash.mkdir-record.sh", `${recorder(world, "pre").replace("exit 0", "")}echo CLINE-PRE-CONTEXT\n`);
      world.condition("pre-bash.touch-deny.sh", '#!/usr/bin/env bash\necho "touch is not allowed here" >&2\nexit 2\n');
      return {
        world,
        run: { script: [run(`mkdir '${m("allowed")}'`), readFiles("notes.txt"), run(`mkdir '${m("batch-ok")}'`, `touch '${m("denied")}'`)] },
      };
    },
  });
  const s = () => get("deny");
  const ran = (name: string) => s().world.exists(s().world.marker(name));

  test("with nothing denying, the command runs; the pre-bash condition sees each command of a call as its own Bash call", () => {
    expect(ran("allowed"), describeRun(s().result)).toBe(true);
    // the last mkdir it saw: the first command of the two-command call
    const payload = JSON.parse(s().world.read(`${s().world.marker("pre")}.payload.json`));
    expect([payload.hook_event_name, payload.tool_name, payload.tool_input.command]).toEqual(["PreToolUse", "Bash", `mkdir '${s().world.marker("batch-ok")}'`]);
  });
  test("a pre condition's text (contextModification) reaches the model", () => {
    expect(saw(s().result, "CLINE-PRE-CONTEXT"), describeRun(s().result)).toBe(true);
  });
  test("read_files of an ordinary file works (the .env guard's control)", () => expect(saw(s().result, "CLINE-NOTES-CONTENT")).toBe(true));
  test("a deny of one command of a run_commands call stops the whole call: neither command runs", () => {
    expect([ran("batch-ok"), ran("denied")], describeRun(s().result)).toEqual([false, false]);
  });
  test("a deny stops the task (cancel): the run ends aborted, the model is not asked again", () => {
    expect(finish(s().result)).toBe("aborted");
    expect(s().result.model.requests.length).toBe(3);
  });
  test("the reason does not reach the model; Cline writes it to its log", () => {
    expect(saw(s().result, "touch is not allowed here")).toBe(false);
    expect(clineLog(s().world)).toContain("[condition pre-bash.touch-deny.sh] touch is not allowed here");
  });
  test("the hook ran without an error, and doctor finds no problem in what init wrote", () => {
    expect(hookLog(s().world).filter((l) => l.error)).toEqual([]);
    const d = s().world.agentihooks(["doctor", "--json"], { allowFail: true });
    expect(JSON.parse(d.stdout).checks.filter((c: { level: string }) => c.level === "fail")).toEqual([]);
  });
});

describe("cline: the built-in .env guard on its file tools and its shell, the gate, init in project scope", () => {
  const get = sessions({
    read: () => {
      const world = envWorld();
      return { world, run: { script: [readFiles("notes.txt", ".env")] } };
    },
    editor: () => {
      const world = envWorld();
      return { world, run: { script: [editor("prod.env", "CHANGED", "PROD")] } };
    },
    patch: () => {
      const world = envWorld();
      return { world, run: { model: "gpt-4.1", script: [patch("*** Add File: .env.production\n+X=1")] } };
    },
    gate: () => {
      const world = makeWorld("cline");
      return { world, run: { script: [editor(join(world.home, ".cline", "hooks", "PreToolUse.sh"), "#!/bin/sh\n# CLINE-GATE-EDITED\n", "#!/bin/sh\n")] } };
    },
    project: () => {
      const world = envWorld({ initArgs: ["--scope", "project"] });
      return { world, run: { script: [run("cat .env")] } };
    },
  });

  test("read_files of .env (with an ordinary file in the same call) is refused: no secret reaches the model, the task stops", () => {
    const r = get("read").result;
    expect(saw(r, "ENV-SECRET-0"), describeRun(r)).toBe(false);
    expect(saw(r, "CLINE-NOTES-CONTENT")).toBe(false);
    expect(finish(r)).toBe("aborted");
    expect(clineLog(get("read").world)).toContain("secrets_env");
  });
  test("editor on prod.env is refused: the file is unchanged", () => {
    const w = get("editor").world;
    expect(w.read(join(w.work, "prod.env")), describeRun(get("editor").result)).toBe("PROD-SECRET-2\n");
    expect(finish(get("editor").result)).toBe("aborted");
  });
  test("apply_patch adding .env.production is refused: no file", () => {
    const w = get("patch").world;
    expect(w.exists(join(w.work, ".env.production")), describeRun(get("patch").result)).toBe(false);
    expect(finish(get("patch").result)).toBe("aborted");
  });
  test("the gate: the agent may not edit Cline's hook script", () => {
    const w = get("gate").world;
    expect(finish(get("gate").result), describeRun(get("gate").result)).toBe("aborted");
    expect(w.read(join(w.home, ".cline", "hooks", "PreToolUse.sh"))).not.toContain("CLINE-GATE-EDITED");
    expect(clineLog(w)).toContain("a harness's hook registration");
  });
  test("init --scope project: Cline runs the repository's .clinerules/hooks script; cat .env in run_commands is refused", () => {
    const w = get("project").world;
    expect(w.exists(join(w.work, ".clinerules", "hooks", "PreToolUse.sh"))).toBe(true);
    expect(w.exists(join(w.home, ".cline", "hooks", "PreToolUse.sh"))).toBe(false);
    expect(saw(get("project").result, "ENV-SECRET-0"), describeRun(get("project").result)).toBe(false);
    expect(finish(get("project").result)).toBe("aborted");
  });
});

describe("cline: the registered executable is missing", () => {
  // Cline lets a call run when a hook prints nothing; init's script prints a cancel itself instead.
  test("the task stops before the tool runs, with the fix in Cline's log, and doctor names it", async () => {
    const { world: w, exe } = worldWithCopy("cline");
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "exe missing", script: [run(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(finish(r)).toBe("aborted");
    expect(clineLog(w)).toContain("is missing, so no tool runs");
    const fails = JSON.parse(w.agentihooks(["doctor", "--json"], { allowFail: true }).stdout).checks.filter((c: { level: string; text: string }) => c.level === "fail" && c.text.startsWith("cline:"));
    expect(fails.length).toBeGreaterThan(0);
    expect(fails[0].fix).toContain("agentihooks init --target cline");
  });
});
