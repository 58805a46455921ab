// Kimi Code, live: the real CLI (`kimi -p --auto`, its bundle run by bun: it needs Node >= 22.19)
// against the mock model speaking OpenAI chat (KIMI_MODEL_* variables, no login), agentihooks wired in
// by `init --target kimi` ([[hooks]] tables in ~/.kimi-code/config.toml). Every check is decided by a
// side effect (a marker file) or by what reached the model: control (allow, payload, events, doctor),
// deny, the .env guard on its file tools and shell, the gate on its config.toml, the executable gone.
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import type { ToolStep } from "./lib/mock-model";
import { hookLog, makeWorld, recorder, worldWithCopy } from "./lib/world";
import { session, saw } from "./lib/session";

const bash = (command: string): ToolStep => ({ tool: "Bash", input: { command } });
const read = (path: string): ToolStep => ({ tool: "Read", input: { path } });
const write = (path: string, content: string): ToolStep => ({ tool: "Write", input: { path, content } });
const edit = (path: string, old_string: string, new_string: string): ToolStep => ({ tool: "Edit", input: { path, old_string, new_string } });
const grep = (pattern: string, path: string): ToolStep => ({ tool: "Grep", input: { pattern, path } });

describe("kimi: control and deny after init, doctor", () => {
  const s = session(() => {
    const world = makeWorld("kimi");
    const m = (name: string) => world.marker(name);
    world.condition("pre-bash.touch-record.sh", recorder(world, "pre"));
    world.condition("pre-bash.mkdir-deny.sh", recorder(world, "cond", 'echo "mkdir is not allowed here" >&2; exit 2'));
    return {
      world,
      run: { label: "control", script: [bash(`touch '${m("ran")}'`), bash(`mkdir '${m("denied")}'`), bash(`bash -c "mkdir '${m("nested")}'"`)] },
    };
  });
  const r = () => s.result();
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("with nothing denying, the command runs and the pre-bash condition saw the call as Bash", () => {
    const w = s.world();
    expect(ran("ran"), describeRun(r())).toBe(true);
    const payload = JSON.parse(w.read(`${w.marker("pre")}.payload.json`));
    expect([payload.hook_event_name, payload.tool_name, payload.tool_input.command]).toEqual(["PreToolUse", "Bash", `touch '${w.marker("ran")}'`]);
  });
  test("a pre-bash condition that exits 2 stops the command, also nested in bash -c", () => {
    expect(ran("cond"), describeRun(r())).toBe(true);
    expect([ran("denied"), ran("nested")]).toEqual([false, false]);
  });
  test("the deny's reason reaches the model", () => expect(saw(r(), "[condition pre-bash.mkdir-deny.sh] mkdir is not allowed here"), describeRun(r())).toBe(true));
  test("every event kimi -p fired ran without an error (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop)", () => {
    const log = hookLog(s.world());
    expect(log.filter((l) => l.error)).toEqual([]);
    const events = new Set(log.map((l) => l.event));
    expect(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"].filter((e) => !events.has(e))).toEqual([]);
  });
  test("doctor finds no problem in what init wrote", () => {
    const d = s.world().agentihooks(["doctor", "--json"], { allowFail: true });
    expect(JSON.parse(d.stdout).checks.filter((c: { level: string }) => c.level === "fail")).toEqual([]);
  });
});

describe("kimi: the prompt and Stop", () => {
  test("a prompt condition's text reaches the model; a prompt condition's block stops the turn before the model", async () => {
    const w = makeWorld("kimi");
    w.condition("prompt-context.sh", "#!/usr/bin/env bash\necho KIMI-PROMPT-CONTEXT\n");
    w.condition("prompt-block.sh", '#!/usr/bin/env bash\ncase "$(cat)" in *tag-block*) echo "KIMI-PROMPT-BLOCKED" >&2; exit 2;; esac\n');
    const ok = await runCli(w, { label: "prompt context", prompt: "hello", script: [] });
    expect(saw(ok, "KIMI-PROMPT-CONTEXT"), describeRun(ok)).toBe(true);
    const blocked = await runCli(w, { label: "prompt block", prompt: "please tag-block this", script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(blocked.model.requests.length, describeRun(blocked)).toBe(0);
    expect(w.exists(w.marker("ran"))).toBe(false);
  });
  test("a stop condition's block makes Kimi go on with the reason as its next instruction", async () => {
    const w = makeWorld("kimi");
    w.condition("stop-once.sh", `#!/usr/bin/env bash\nif [ ! -e '${w.marker("stopped")}' ]; then touch '${w.marker("stopped")}'; echo "KIMI-STOP-MORE" >&2; exit 2; fi\n`);
    const r = await runCli(w, { label: "stop", script: [] });
    expect(saw(r, "KIMI-STOP-MORE"), describeRun(r)).toBe(true);
    expect(r.model.requests.length).toBe(2);
  });
});

describe("kimi: the built-in .env guard on its file tools and its shell", () => {
  const s = session(() => {
    const world = makeWorld("kimi");
    world.write(join(world.work, ".env"), "ENV-SECRET-0\n");
    world.write(join(world.work, "prod.env"), "PROD-SECRET-2\n");
    world.write(join(world.work, "notes.txt"), "KIMI-NOTES-CONTENT\n");
    return {
      world,
      run: {
        label: "env-guard",
        script: [
          read(".env"), read(join(world.work, "prod.env")), bash("cat .env"), grep("SECRET", join(world.work, ".env")),
          edit(join(world.work, "prod.env"), "PROD", "CHANGED"), write(".env.production", "X=1\n"),
          read(join(world.work, "notes.txt")), write(join(world.work, "ok.txt"), "fine\n"),
        ],
      },
    };
  });
  const file = (name: string) => join(s.world().work, name);

  test("Read of .env (relative) and prod.env, Grep in .env and cat .env are refused: no secret reaches the model", () => {
    const r = s.result();
    expect(saw(r, "secrets_env:"), describeRun(r)).toBe(true);
    expect([saw(r, "ENV-SECRET-0"), saw(r, "PROD-SECRET-2")]).toEqual([false, false]);
  });
  test("Edit of prod.env is refused: the file is unchanged", () => expect(s.world().read(file("prod.env"))).toBe("PROD-SECRET-2\n"));
  test("Write of .env.production is refused: no file", () => expect(s.world().exists(file(".env.production"))).toBe(false));
  test("Read and Write of other files work in the same session (the controls)", () => {
    expect(saw(s.result(), "KIMI-NOTES-CONTENT"), describeRun(s.result())).toBe(true);
    expect(s.world().exists(file("ok.txt"))).toBe(true);
  });
});

describe("kimi: the gate on its config.toml", () => {
  const s = session(() => {
    const world = makeWorld("kimi");
    return {
      world,
      run: {
        label: "gate",
        script: [bash("echo > ~/.kimi-code/config.toml"), write(join(world.home, ".kimi-code", "config.toml"), "\n"), bash(`touch '${world.marker("control")}'`)],
      },
    };
  });

  test("a Bash and a Write that overwrite ~/.kimi-code/config.toml are denied: the registration stays", () => {
    const w = s.world();
    expect(w.read(join(w.home, ".kimi-code", "config.toml")), describeRun(s.result())).toContain("hook --target kimi --event PreToolUse");
    expect(saw(s.result(), "agentihooks:")).toBe(true);
  });
  test("a command that touches nothing of Kimi's runs in the same session", () => expect(s.world().exists(s.world().marker("control"))).toBe(true));
});

describe("kimi: the registered executable is missing", () => {
  // Kimi runs the command with a shell and runs the call on any exit but 2 (a missing program is sh's
  // 127): init's PreToolUse command turns that into exit 2 with the reason (fail closed).
  test("every tool call is denied, the model is told why, and doctor names the fix", async () => {
    const { world: w, exe } = worldWithCopy("kimi");
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "exe missing", script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(saw(r, "agentihooks could not run (executable missing or crashed)")).toBe(true);
    const fails = JSON.parse(w.agentihooks(["doctor", "--json"], { allowFail: true }).stdout).checks.filter((c: { level: string; text: string }) => c.level === "fail" && c.text.startsWith("kimi:"));
    expect(fails.length).toBeGreaterThan(0);
  });
});
