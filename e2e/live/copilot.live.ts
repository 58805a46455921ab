// Copilot CLI, live: the real CLI against the mock model, agentihooks wired in by `init`.
// Every check is decided by a side effect (a marker file) or by what reached the model.
// Deny: direct and nested; what init wrote loads without a hook error; doctor agrees.
import { describe, expect, test } from "bun:test";
import { copilotLog, describeRun, runCli } from "./lib/clis";
import { bash, hookProblems, saw, session, usePascalCase } from "./lib/copilot";
import { makeWorld, recorder } from "./lib/world";

describe("copilot: control", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    return { world, run: { label: "control", script: [bash(`touch '${world.marker("ran")}'`)] } };
  });

  test("with nothing matching, the command runs (the marker method works)", () => {
    expect(s.world().exists(s.world().marker("ran")), describeRun(s.result())).toBe(true);
  });

  test("Copilot's log holds no hook error for the hooks init wrote", () => {
    expect(copilotLog(s.world()).includes('"event_type":"hook.start"')).toBe(true); // the hooks did run
    expect(hookProblems(s.world())).toEqual([]);
  });

  test("doctor finds no problem in what init wrote", () => {
    const r = s.world().agentihooks(["doctor", "--json"], { allowFail: true });
    expect(JSON.parse(r.stdout).checks.filter((c: { level: string }) => c.level === "fail")).toEqual([]);
    expect(r.exitCode).toBe(0);
  });
});

describe("copilot: deny", () => {
  const s = session(() => {
    const world = makeWorld("copilot");
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    const m = (name: string) => world.marker(name);
    return {
      world,
      run: {
        label: "deny",
        script: [
          bash(`touch '${m("direct")}'`),
          bash(`bash -c "touch '${m("nested")}'"`),
          bash(`echo "$(touch '${m("subst")}')"`),
          bash(`mkdir '${m("other")}'`),
        ],
      },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("a pre-bash condition that exits 2 stops the command, with the hooks init wrote", () => {
    expect(ran("cond"), describeRun(s.result())).toBe(true);
    expect(ran("direct")).toBe(false);
  });
  test("its reason reaches the model", () => expect(saw(s.result(), "Denied by preToolUse hook: [condition pre-bash.touch-deny.sh] touch is not allowed here")).toBe(true));
  test("nested in bash -c, the command is stopped", () => expect(ran("nested")).toBe(false));
  test("nested in $(...), the command is stopped", () => expect(ran("subst")).toBe(false));
  test("a command the condition does not match still runs in the same session", () => expect(ran("other")).toBe(true));
});

describe("copilot: the PascalCase config form (VS Code payloads)", () => {
  // Copilot also loads hooks keyed by PascalCase event names and sends them snake_case payloads.
  test("deny, rewrite, pre and post context and output replacement work there too", async () => {
    const w = makeWorld("copilot");
    usePascalCase(w);
    w.condition("pre-bash.touch-deny.sh", recorder(w, "cond", 'echo "PascalCase deny" >&2; exit 2'));
    w.condition("pre-bash.mkdir-rewrite.sh", `#!/usr/bin/env bash\necho '{"tool_input": {"command": "mkdir ${w.marker("rewritten")}"}, "decision": "allow"}'\n`);
    w.condition("pre-bash.date-context.sh", "#!/usr/bin/env bash\necho PASCAL-PRE-CONTEXT\n");
    w.condition("post-bash.date-context.sh", "#!/usr/bin/env bash\necho PASCAL-POST-CONTEXT\n");
    w.condition("post-bash.printf-replace.sh", `#!/usr/bin/env bash\necho '{"tool_output": "PASCAL-REPLACED"}'\n`);
    const r = await runCli(w, {
      label: "pascal",
      script: [bash(`touch '${w.marker("touched")}'`), bash(`mkdir '${w.marker("original")}'`), bash("date"), bash("printf '%s%s' PASCAL- ORIGINAL"), { tool: "view", input: { path: `${w.work}/missing.txt` } }],
    });
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("touched"))).toBe(false);
    expect(saw(r, "PascalCase deny")).toBe(true);
    expect([w.exists(w.marker("rewritten")), w.exists(w.marker("original"))]).toEqual([true, false]);
    expect(["PASCAL-PRE-CONTEXT", "PASCAL-POST-CONTEXT", "PASCAL-REPLACED", "PASCAL-ORIGINAL"].map((t) => saw(r, t))).toEqual([true, true, true, false]);
    expect(hookProblems(w)).toEqual([]);
  });
});
