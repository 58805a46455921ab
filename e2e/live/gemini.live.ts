// Gemini CLI, live: the real CLI (`gemini -p --yolo --skip-trust`) against the mock model speaking
// Gemini's streamGenerateContent, agentihooks wired in by `init --target gemini`. Every check is
// decided by a side effect (a marker file) or by what reached the model. Few sessions, so the file
// stays fast: control (post context, rewrite, output replacement, post block, events, doctor), deny
// (with a crashing condition), the prompt, the executable gone, and the .env guard on the file tools.
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import type { ToolStep } from "./lib/mock-model";
import { hookLog, makeWorld, recorder, worldWithCopy } from "./lib/world";
import { session, saw } from "./lib/session";

const shell = (command: string): ToolStep => ({ tool: "run_shell_command", input: { command } });
const readFile = (file_path: string): ToolStep => ({ tool: "read_file", input: { file_path } });
const writeFile = (file_path: string, content: string): ToolStep => ({ tool: "write_file", input: { file_path, content } });
const replace = (file_path: string, old_string: string, new_string: string): ToolStep => ({ tool: "replace", input: { file_path, old_string, new_string, instruction: "live check" } });

describe("gemini: control, answers after init, doctor", () => {
  const s = session(() => {
    const world = makeWorld("gemini");
    const m = (name: string) => world.marker(name);
    world.write(join(world.work, "notes.txt"), "GEMINI-HIDDEN-OUTPUT\n");
    world.condition("pre-bash.touch-record.sh", recorder(world, "pre"));
    world.condition("pre-bash.mkdir-rewrite.sh", `#!/usr/bin/env bash\necho '{"tool_input": {"command": "mkdir ${m("rewritten")}"}, "decision": "allow"}'\n`);
    world.condition("post-bash.date-context.sh", "#!/usr/bin/env bash\necho GEMINI-POST-CONTEXT\n");
    world.condition("post-bash.printf-replace.sh", `#!/usr/bin/env bash\necho '{"tool_output": "GEMINI-REPLACED"}'\n`);
    world.condition("post-bash.cat-block.sh", "#!/usr/bin/env bash\necho GEMINI-POST-BLOCK >&2\nexit 2\n");
    return {
      world,
      run: {
        label: "control",
        script: [shell(`touch '${m("ran")}'`), shell("date"), shell(`mkdir '${m("original")}'`), shell("printf '%s%s' GEMINI- ORIGINAL"), shell("cat notes.txt")],
      },
    };
  });
  const r = () => s.result();

  test("with nothing denying, the command runs and the pre-bash condition saw it as Bash", () => {
    const w = s.world();
    expect(w.exists(w.marker("ran")), describeRun(r())).toBe(true);
    expect(w.exists(w.marker("pre"))).toBe(true);
    const payload = JSON.parse(w.read(`${w.marker("pre")}.payload.json`));
    expect([payload.hook_event_name, payload.tool_name, payload.tool_input.command]).toEqual(["PreToolUse", "Bash", `touch '${w.marker("ran")}'`]);
  });
  test("a post-bash condition's text reaches the model with the tool's result", () => {
    expect(saw(r(), "GEMINI-POST-CONTEXT</hook_context>"), describeRun(r())).toBe(true);
  });
  test("a rewrite with allow is applied: the rewritten command runs, the original does not", () => {
    expect([s.world().exists(s.world().marker("rewritten")), s.world().exists(s.world().marker("original"))]).toEqual([true, false]);
  });
  test("an output replacement reaches the model in place of the output", () => {
    expect([saw(r(), "GEMINI-REPLACED"), saw(r(), "GEMINI-ORIGINAL")]).toEqual([true, false]);
  });
  test("a post block: the model sees the reason instead of the output", () => {
    expect(saw(r(), "GEMINI-POST-BLOCK")).toBe(true);
    expect(saw(r(), "GEMINI-HIDDEN-OUTPUT")).toBe(false);
  });
  test("every event Gemini fired ran without an error (SessionStart, BeforeAgent, BeforeTool, AfterTool, AfterAgent, SessionEnd)", () => {
    const log = hookLog(s.world());
    expect(log.filter((l) => l.error)).toEqual([]);
    const events = new Set(log.map((l) => l.event));
    expect(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"].filter((e) => !events.has(e))).toEqual([]);
  });
  test("doctor finds no problem in what init wrote", () => {
    const d = s.world().agentihooks(["doctor", "--json"], { allowFail: true });
    expect(JSON.parse(d.stdout).checks.filter((c: { level: string }) => c.level === "fail")).toEqual([]);
  });
});

describe("gemini: deny", () => {
  const s = session(() => {
    const world = makeWorld("gemini");
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    world.condition("pre-bash.mkdir-crash.sh", '#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *tag-crash*) kill -ABRT $$;; esac\n');
    const m = (name: string) => world.marker(name);
    return {
      world,
      run: {
        label: "deny",
        script: [
          shell(`touch '${m("direct")}'`),
          shell(`bash -c "touch '${m("nested")}'"`),
          shell(`echo "$(touch '${m("subst")}')"`),
          shell(`mkdir '${m("other")}'`),
          shell(`mkdir '${m("after-crash")}' # tag-crash`),
        ],
      },
    };
  });
  const ran = (name: string) => s.world().exists(s.world().marker(name));

  test("a pre-bash condition that exits 2 stops the command", () => {
    expect(ran("cond"), describeRun(s.result())).toBe(true);
    expect(ran("direct")).toBe(false);
  });
  test("its reason reaches the model", () => {
    expect(saw(s.result(), "Tool execution blocked: [condition pre-bash.touch-deny.sh] touch is not allowed here")).toBe(true);
  });
  test("nested in bash -c, the command is stopped", () => expect(ran("nested")).toBe(false));
  test("nested in $(...), the command is stopped", () => expect(ran("subst")).toBe(false));
  test("a command the condition does not match still runs in the same session", () => expect(ran("other")).toBe(true));
  test("a condition that crashes does not stop the call", () => expect(ran("after-crash")).toBe(true));
});

describe("gemini: the prompt (BeforeAgent)", () => {
  test("a prompt condition's text reaches the model with the prompt; a prompt condition's block stops the turn", async () => {
    const w = makeWorld("gemini");
    w.condition("prompt-context.sh", "#!/usr/bin/env bash\necho GEMINI-PROMPT-CONTEXT\n");
    w.condition("prompt-block.sh", '#!/usr/bin/env bash\ncase "$(cat)" in *tag-block*) echo "GEMINI-PROMPT-BLOCKED" >&2; exit 2;; esac\n');
    const ok = await runCli(w, { label: "prompt context", prompt: "hello", script: [] });
    expect(saw(ok, "GEMINI-PROMPT-CONTEXT"), describeRun(ok)).toBe(true);
    const blocked = await runCli(w, { label: "prompt block", prompt: "please tag-block this", script: [shell(`touch '${w.marker("ran")}'`)] });
    expect(blocked.model.requests.filter((b) => Array.isArray(b.tools)), describeRun(blocked)).toEqual([]);
    expect(blocked.stdout).toContain("GEMINI-PROMPT-BLOCKED");
    expect(w.exists(w.marker("ran"))).toBe(false);
  });
});

describe("gemini: the registered executable is missing", () => {
  // Gemini runs the hook command through bash; a missing program exits 127, which Gemini counts as a
  // block: BeforeAgent stops the whole turn before the model is asked (fail closed).
  test("every prompt is blocked before the model sees it, nothing runs, and doctor names the fix", async () => {
    const { world: w, exe } = worldWithCopy("gemini");
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "exe missing", script: [shell(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(r.model.requests.filter((b) => Array.isArray(b.tools))).toEqual([]);
    expect(r.stdout).toContain("Agent execution blocked:");
    const fails = JSON.parse(w.agentihooks(["doctor", "--json"], { allowFail: true }).stdout).checks.filter((c: { level: string; text: string }) => c.level === "fail" && c.text.startsWith("gemini:"));
    expect(fails.length).toBeGreaterThan(0);
    expect(fails[0].fix).toContain("agentihooks init --target gemini");
  });
});

describe("gemini: the built-in .env guard on its file tools and its shell", () => {
  // Gemini CLI 0.61 refuses read_file and replace of a file named exactly `.env` itself ("Path not in
  // workspace"), before any hook: the guard is proven on the dotenv names Gemini does hand over.
  const s = session(() => {
    const world = makeWorld("gemini");
    world.write(join(world.work, ".env"), "ENV-SECRET-0\n");
    world.write(join(world.work, ".env.local"), "LOCAL-SECRET-1\n");
    world.write(join(world.work, "prod.env"), "PROD-SECRET-2\n");
    world.write(join(world.work, "notes.txt"), "GEMINI-NOTES-CONTENT\n");
    return {
      world,
      run: {
        label: "env-guard",
        script: [
          readFile(".env.local"),
          readFile(join(world.work, "prod.env")),
          shell("cat .env"),
          replace("prod.env", "PROD", "CHANGED"),
          writeFile(join(world.work, ".env.production"), "X=1\n"),
          readFile("notes.txt"),
          writeFile(join(world.work, "ok.txt"), "fine\n"),
        ],
      },
    };
  });
  const file = (name: string) => join(s.world().work, name);

  test("read_file of .env.local (relative) and prod.env (absolute) is refused: no secret reaches the model", () => {
    const r = s.result();
    expect(saw(r, "Tool execution blocked:"), describeRun(r)).toBe(true);
    expect([saw(r, "LOCAL-SECRET-1"), saw(r, "PROD-SECRET-2")]).toEqual([false, false]);
  });
  test("cat .env in run_shell_command is refused", () => expect(saw(s.result(), "ENV-SECRET-0")).toBe(false));
  test("replace in prod.env is refused: the file is unchanged", () => expect(s.world().read(file("prod.env"))).toBe("PROD-SECRET-2\n"));
  test("write_file of .env.production is refused: no file", () => expect(s.world().exists(file(".env.production"))).toBe(false));
  test("read_file and write_file of other files work in the same session (the controls)", () => {
    expect(saw(s.result(), "GEMINI-NOTES-CONTENT")).toBe(true);
    expect(s.world().exists(file("ok.txt"))).toBe(true);
  });
});
