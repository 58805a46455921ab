// Factory Droid, live: the real CLI (`droid exec --skip-permissions-unsafe`, FACTORY_AIRGAP_ENABLED, no
// Factory login) against the mock model speaking Anthropic Messages as a BYOK custom model, agentihooks
// wired in by `init --target droid`. Every check is decided by a side effect (a marker file) or by what
// reached the model. Few sessions, so the file stays fast: control (allow, post context, rewrite, a
// dropped output replacement, events, doctor), deny (nested, crashing condition), the Stop block, the
// .env guard on its file tools, the gate on its own hook files, project scope, the executable gone
// (user scope fails closed, project scope open).
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import type { ToolStep } from "./lib/mock-model";
import { hookLog, makeWorld, recorder, worldWithCopy } from "./lib/world";
import { session, saw } from "./lib/session";

const execute = (command: string): ToolStep => ({ tool: "Execute", input: { command, summary: "Run a command for the check" } });
const read = (file_path: string): ToolStep => ({ tool: "Read", input: { file_path } });
const create = (file_path: string, content: string): ToolStep => ({ tool: "Create", input: { file_path, content } });
const edit = (file_path: string, old_str: string, new_str: string): ToolStep => ({ tool: "Edit", input: { file_path, old_str, new_str } });
const grep = (pattern: string, path: string): ToolStep => ({ tool: "Grep", input: { pattern, path } });

describe("droid: control, answers after init, doctor", () => {
  const s = session(() => {
    const world = makeWorld("droid");
    const m = (name: string) => world.marker(name);
    world.condition("pre-bash.touch-record.sh", recorder(world, "pre"));
    world.condition("pre-bash.mkdir-rewrite.sh", `#!/usr/bin/env bash\necho '{"tool_input": {"command": "mkdir ${m("rewritten")}"}, "decision": "allow"}'\n`);
    world.condition("post-bash.date-context.sh", "#!/usr/bin/env bash\necho DROID-POST-CONTEXT\n");
    world.condition("post-bash.printf-replace.sh", `#!/usr/bin/env bash\necho '{"tool_output": "DROID-REPLACED"}'\n`);
    world.condition("pre-edit-safe_rewrite.sh", `#!/usr/bin/env bash\necho '{"tool_input": {"new_string": "DROID-REWRITTEN"}, "decision": "allow"}'\n`);
    world.write(join(world.work, "notes.txt"), "DROID-NOTES\n");
    return {
      world,
      run: {
        label: "control",
        script: [
          execute(`touch '${m("ran")}'`), execute("date"), execute(`mkdir '${m("original")}'`), execute("printf '%s%s' DROID- ORIGINAL"),
          edit(join(world.work, "notes.txt"), "DROID-NOTES", "DROID-EDITED"),
        ],
      },
    };
  });
  const r = () => s.result();

  test("with nothing denying, the command runs and the pre-bash condition saw Execute as Bash", () => {
    const w = s.world();
    expect(w.exists(w.marker("ran")), describeRun(r())).toBe(true);
    const payload = JSON.parse(w.read(`${w.marker("pre")}.payload.json`));
    expect([payload.hook_event_name, payload.tool_name, payload.tool_input.command]).toEqual(["PreToolUse", "Bash", `touch '${w.marker("ran")}'`]);
  });
  test("a post-bash condition's text reaches the model", () => expect(saw(r(), "DROID-POST-CONTEXT"), describeRun(r())).toBe(true));
  test("a rewrite with allow is applied: the rewritten command runs, the original does not", () => {
    expect([s.world().exists(s.world().marker("rewritten")), s.world().exists(s.world().marker("original"))]).toEqual([true, false]);
  });
  test("a rewrite of Edit's new_string (Claude's name) reaches Droid's new_str: the file holds the rewritten text", () => {
    expect(s.world().read(join(s.world().work, "notes.txt"))).toBe("DROID-REWRITTEN\n");
  });
  test("an output replacement cannot be applied: the output stays and the model is told it was dropped", () => {
    expect(saw(r(), "DROID-ORIGINAL")).toBe(true);
    expect(saw(r(), "output replacement by post-bash.printf-replace.sh dropped")).toBe(true);
  });
  test("every event droid exec fired ran without an error (SessionStart, PreToolUse, PostToolUse, Stop, SessionEnd)", () => {
    const log = hookLog(s.world());
    expect(log.filter((l) => l.error)).toEqual([]);
    const events = new Set(log.map((l) => l.event));
    expect(["SessionStart", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"].filter((e) => !events.has(e))).toEqual([]);
  });
  test("droid exec fires no UserPromptSubmit: prompt conditions do not run there", () => {
    expect(hookLog(s.world()).map((l) => l.event)).not.toContain("UserPromptSubmit");
  });
  test("doctor finds no problem in what init wrote", () => {
    const d = s.world().agentihooks(["doctor", "--json"], { allowFail: true });
    expect(JSON.parse(d.stdout).checks.filter((c: { level: string }) => c.level === "fail")).toEqual([]);
  });
});

describe("droid: deny", () => {
  const s = session(() => {
    const world = makeWorld("droid");
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    world.condition("pre-bash.mkdir-crash.sh", '#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *tag-crash*) kill -ABRT $$;; esac\n');
    const m = (name: string) => world.marker(name);
    return {
      world,
      run: {
        label: "deny",
        script: [
          execute(`touch '${m("direct")}'`),
          execute(`bash -c "touch '${m("nested")}'"`),
          execute(`echo "$(touch '${m("subst")}')"`),
          execute(`mkdir '${m("other")}'`),
          execute(`mkdir '${m("after-crash")}' # tag-crash`),
        ],
      },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("a pre-bash condition that exits 2 stops the command", () => {
    expect(ran("cond"), describeRun(s.result())).toBe(true);
    expect(ran("direct")).toBe(false);
  });
  test("its reason reaches the model as the tool's error", () => {
    expect(saw(s.result(), "Error: [condition pre-bash.touch-deny.sh] touch is not allowed here")).toBe(true);
  });
  test("nested in bash -c, the command is stopped", () => expect(ran("nested")).toBe(false));
  test("nested in $(...), the command is stopped", () => expect(ran("subst")).toBe(false));
  test("a command the condition does not match still runs in the same session", () => expect(ran("other")).toBe(true));
  test("a condition that crashes does not stop the call", () => expect(ran("after-crash")).toBe(true));
});

describe("droid: the Stop block", () => {
  test("a stop condition's block makes Droid go on with the reason as its next instruction", async () => {
    const w = makeWorld("droid");
    w.condition("stop-once.sh", `#!/usr/bin/env bash\nif [ ! -e '${w.marker("stopped")}' ]; then touch '${w.marker("stopped")}'; echo "DROID-STOP-MORE" >&2; exit 2; fi\n`);
    const r = await runCli(w, { label: "stop", script: [] });
    expect(saw(r, "DROID-STOP-MORE"), describeRun(r)).toBe(true);
    expect(r.model.requests.length).toBe(2);
  });
});

describe("droid: the built-in .env guard on its file tools and its shell", () => {
  const s = session(() => {
    const world = makeWorld("droid");
    world.write(join(world.work, ".env"), "ENV-SECRET-0\n");
    world.write(join(world.work, "prod.env"), "PROD-SECRET-2\n");
    world.write(join(world.work, "notes.txt"), "DROID-NOTES-CONTENT\n");
    return {
      world,
      run: {
        label: "env-guard",
        script: [
          read(join(world.work, ".env")),
          read(join(world.work, "prod.env")),
          execute("cat .env"),
          grep("SECRET", join(world.work, ".env")),
          edit(join(world.work, "prod.env"), "PROD", "CHANGED"),
          create(join(world.work, ".env.production"), "X=1\n"),
          read(join(world.work, "notes.txt")),
          create(join(world.work, "ok.txt"), "fine\n"),
        ],
      },
    };
  });
  const file = (name: string) => join(s.world().work, name);

  test("Read of .env and prod.env, Grep in .env and cat .env are refused: no secret reaches the model", () => {
    const r = s.result();
    expect(saw(r, "secrets_env:"), describeRun(r)).toBe(true);
    expect([saw(r, "ENV-SECRET-0"), saw(r, "PROD-SECRET-2")]).toEqual([false, false]);
  });
  test("Edit of prod.env is refused: the file is unchanged", () => expect(s.world().read(file("prod.env"))).toBe("PROD-SECRET-2\n"));
  test("Create of .env.production is refused: no file", () => expect(s.world().exists(file(".env.production"))).toBe(false));
  test("Read and Create of other files work in the same session (the controls)", () => {
    expect(saw(s.result(), "DROID-NOTES-CONTENT")).toBe(true);
    expect(s.world().exists(file("ok.txt"))).toBe(true);
  });
});

describe("droid: the gate on Droid's own hook files", () => {
  const s = session(() => {
    const world = makeWorld("droid");
    return {
      world,
      run: {
        label: "gate",
        script: [
          execute(`echo '{}' > ~/.factory/hooks.json`),
          create(join(world.work, ".factory", "hooks.json"), "{}\n"),
          execute(`touch '${world.marker("control")}'`),
        ],
      },
    };
  });

  test("an Execute that overwrites ~/.factory/hooks.json is denied: the registration stays", () => {
    const w = s.world();
    expect(w.read(join(w.home, ".factory", "hooks.json")), describeRun(s.result())).toContain("hook --target droid --event PreToolUse");
    expect(saw(s.result(), "Error: agentihooks:")).toBe(true);
  });
  test("a Create of the project's .factory/hooks.json is denied: no file", () => expect(s.world().exists(join(s.world().work, ".factory", "hooks.json"))).toBe(false));
  test("a command that touches nothing of Droid's runs in the same session", () => expect(s.world().exists(s.world().marker("control"))).toBe(true));
});

describe("droid: init --scope project", () => {
  test("the repository's .factory/hooks.json is loaded by droid exec: a deny there stops the command", async () => {
    const w = makeWorld("droid", { initArgs: ["--scope", "project"] });
    expect([w.exists(join(w.work, ".factory", "hooks.json")), w.exists(join(w.home, ".factory", "hooks.json"))]).toEqual([true, false]);
    w.condition("pre-bash.touch-deny.sh", recorder(w, "cond", 'echo "no touch in this project" >&2; exit 2'));
    const r = await runCli(w, { label: "project", script: [execute(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("ran"))).toBe(false);
    expect(saw(r, "no touch in this project")).toBe(true);
  });
});

describe("droid: the registered executable is missing", () => {
  // Droid runs the hook command through sh and runs the call on any exit but 2; a missing program is
  // sh's 127. init's user-scope PreToolUse command turns that into exit 2 with the reason (fail closed).
  test("user scope: every tool call is denied, the model is told why, and doctor names the fix", async () => {
    const { world: w, exe } = worldWithCopy("droid");
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "exe missing", script: [execute(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(saw(r, "agentihooks could not run (exit 127): denied")).toBe(true);
    const fails = JSON.parse(w.agentihooks(["doctor", "--json"], { allowFail: true }).stdout).checks.filter((c: { level: string; text: string }) => c.level === "fail" && c.text.startsWith("droid:"));
    expect(fails.length).toBeGreaterThan(0);
    expect(fails[0].fix).toContain("agentihooks init --target droid");
  });
  test("project scope (a committed file, read where the path may not exist): the call runs", async () => {
    const { world: w, exe } = worldWithCopy("droid", ["--scope", "project"]);
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "exe missing, project", script: [execute(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  });
});
