// The plugin init writes for OpenCode, loaded as OpenCode loads it (an ES module whose export is called
// with the project folder, in Bun) and driven through its hooks against the compiled executable: a deny
// throws the reason, a rewrite changes output.args in place, a post replacement and context change
// output.output. Fail closed: with the executable gone, crashing, hanging past the timeout or answering
// garbage, tool.execute.before throws (OpenCode refuses the call) and names why.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";

type Hooks = Record<string, (input: unknown, output?: any) => Promise<void>>;

/** Loads a plugin file's export as OpenCode does (called with the project folder); its config hook gets no MCP server. */
async function load(path: string, sb: Sandbox): Promise<Hooks> {
  const mod = await import(`${path}?${Math.random()}`);
  expect(Object.keys(mod)).toEqual(["AgentihooksPlugin"]);
  const hooks = (await mod.AgentihooksPlugin({ directory: sb.repo, worktree: sb.repo })) as Hooks;
  await hooks.config({ mcp: {} });
  return hooks;
}

/** init's plugin, with this test's AGENTIHOOKS_HOME in the process environment the hook inherits. */
async function installed(sb: Sandbox, edit = (text: string) => text): Promise<Hooks> {
  expect(run(["init", "--target", "opencode"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
  const path = join(sb.userHome, ".config", "opencode", "plugins", "agentihooks.js");
  const copy = writeFile(join(sb.root, "plugin", "agentihooks.js"), edit(readFileSync(path, "utf8")));
  return load(copy, sb);
}

const input = { tool: "bash", sessionID: "ses_1", callID: "call_1" };
/** Runs tool.execute.before; returns the args after it, or the error it threw. */
async function before(hooks: Hooks, args: Record<string, unknown>): Promise<{ args: Record<string, unknown>; same: boolean } | { error: string }> {
  const output = { args };
  try {
    await hooks["tool.execute.before"](input, output);
    return { args: output.args, same: output.args === args };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** Runs `fn` in a new sandbox; the hook calls inherit this process's environment, as they inherit OpenCode's. */
function inSandbox(fn: (sb: Sandbox) => Promise<void>): () => Promise<void> {
  return () => {
    const sb = sandbox();
    const saved = { ...process.env };
    Object.assign(process.env, { AGENTIHOOKS_HOME: sb.home, HOME: sb.userHome, AGENTIHOOKS_STRICT_MODES: "0" });
    return fn(sb).finally(() => {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    });
  };
}

describe("opencode plugin: answers applied", () => {
  test("a deny throws the condition's reason; a call nothing denies keeps its args", inSandbox(async (sb) => {
      addCondition(join(sb.home, "conditions"), "pre-bash.touch-deny.sh", "#!/usr/bin/env bash\necho 'touch is not allowed' >&2\nexit 2\n");
      const hooks = await installed(sb);
      const r = await before(hooks, { command: "touch x", description: "d" });
      expect("error" in r && r.error).toContain("[condition pre-bash.touch-deny.sh] touch is not allowed");
      const ok = await before(hooks, { command: "ls", description: "d" });
      expect(ok).toEqual({ args: { command: "ls", description: "d" }, same: true });
  }));

  test("a rewrite replaces the args in place (OpenCode keeps its reference to output.args)", inSandbox(async (sb) => {
      addCondition(join(sb.home, "conditions"), "pre-bash.mkdir-rewrite.sh", `#!/usr/bin/env bash\necho '{"tool_input": {"command": "mkdir other"}}'\n`);
      const hooks = await installed(sb);
      expect(await before(hooks, { command: "mkdir x", description: "d" })).toEqual({ args: { command: "mkdir other", description: "d" }, same: true });
  }));

  test("after the call: a replacement and context change output.output; the prompt reaches the prompt step", inSandbox(async (sb) => {
      const dir = join(sb.home, "conditions");
      addCondition(dir, "post-bash.printf-replace.sh", `#!/usr/bin/env bash\necho '{"tool_output": "REPLACED"}'\n`);
      addCondition(dir, "post-bash.date-context.sh", "#!/usr/bin/env bash\necho POST-CONTEXT\n");
      const seen = join(sb.root, "prompt.json");
      addCondition(dir, "prompt-keep.sh", `#!/usr/bin/env bash\ncat > '${seen}'\n`);
      const hooks = await installed(sb);
      const replaced = { title: "", output: "original", metadata: {} };
      await hooks["tool.execute.after"]({ ...input, args: { command: "printf x" } }, replaced);
      expect(replaced.output).toBe("REPLACED");
      const context = { title: "", output: "today", metadata: {} };
      await hooks["tool.execute.after"]({ ...input, args: { command: "date" } }, context);
      expect(context.output).toStartWith("today\n\n");
      expect(context.output).toContain("POST-CONTEXT");
      await hooks["chat.message"]({ sessionID: "ses_1" }, { message: {}, parts: [{ type: "text", text: "hello" }, { type: "text", text: "added", synthetic: true }] });
      expect(JSON.parse(readFileSync(seen, "utf8"))).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "hello", session_id: "ses_1" });
    }));

  test("the prompt: context joins it as a synthetic part of its own id; a block is thrown", inSandbox(async (sb) => {
      const dir = join(sb.home, "conditions");
      addCondition(dir, "prompt-context.sh", "#!/usr/bin/env bash\necho PROMPT-CONTEXT\n");
      addCondition(dir, "prompt-block.sh", '#!/usr/bin/env bash\ncase "$(cat)" in *tag-block*) echo "prompt refused" >&2; exit 2;; esac\n');
      const hooks = await installed(sb);
      const part = { id: "prt_1a", sessionID: "ses_1", messageID: "msg_1", type: "text", text: "hello" };
      const output: { message: object; parts: Record<string, unknown>[] } = { message: {}, parts: [part] };
      await hooks["chat.message"]({ sessionID: "ses_1" }, output);
      expect(output.parts).toEqual([part, { ...part, id: "prt_1b", text: expect.stringContaining("PROMPT-CONTEXT"), synthetic: true }]);
      const blocked = hooks["chat.message"]({ sessionID: "ses_1" }, { message: {}, parts: [{ ...part, text: "tag-block" }] });
      await expect(blocked).rejects.toThrow("prompt refused");
  }));
});

describe("opencode plugin: fail closed", () => {
  const script = (sb: Sandbox, body: string) => writeFile(join(sb.root, "bin", "agentihooks"), `#!/bin/sh\n${body}\n`, 0o755);
  const pointAt = (exe: string) => (text: string) => text.replace(JSON.stringify(BIN), JSON.stringify(exe));

  test("the executable gone: refused, naming the path", inSandbox(async (sb) => {
      const gone = join(sb.root, "gone", "agentihooks");
      const r = await before(await installed(sb, pointAt(gone)), { command: "ls" });
      expect(r).toEqual({ error: `agentihooks could not judge this call (${gone} does not exist); refused to fail closed. Run: agentihooks doctor` });
  }));

  test("crashing (exit 1, a signal), garbage, args that are not an object: refused; a post failure leaves the output", inSandbox(async (sb) => {
      const cases: [string, string][] = [
        ["echo boom >&2; exit 1", "it exited 1: boom"],
        ["kill -KILL $$", "it was killed by SIGKILL"],
        ["echo '<html>'", 'it answered something that is not a JSON object: "<html>\\n"'],
        [`echo '{"args": [1]}'`, "its args are not an object"],
      ];
      for (const [body, why] of cases) {
        const hooks = await installed(sb, pointAt(script(sb, `cat >/dev/null\n${body}`)));
        expect(await before(hooks, { command: "ls" })).toEqual({ error: `agentihooks could not judge this call (${why}); refused to fail closed. Run: agentihooks doctor` });
        const output = { title: "", output: "kept", metadata: {} };
        await hooks["tool.execute.after"]({ ...input, args: {} }, output);
        expect(output.output).toBe("kept");
      }
  }));

  test("no answer within the timeout: refused, and the hanging process is killed", inSandbox(async (sb) => {
      const pidFile = join(sb.root, "pid");
      const exe = script(sb, `echo $$ > '${pidFile}'\nexec sleep 30`);
      const hooks = await installed(sb, (t) => pointAt(exe)(t).replace("const TIMEOUT_MS = 30000;", "const TIMEOUT_MS = 500;"));
      const started = Date.now();
      expect(await before(hooks, { command: "ls" })).toEqual({ error: "agentihooks could not judge this call (no answer within 0.5 s); refused to fail closed. Run: agentihooks doctor" });
      expect(Date.now() - started).toBeLessThan(5000);
      const pid = Number(readFileSync(pidFile, "utf8"));
      await Bun.sleep(100);
      expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ")).toBe(false);
  }));
});
