// The MCP round trip through the real server process (`agentihooks mcp`), driven by the SDK's client:
// a refused condition_set, the gate armed by a typed prompt through `agentihooks hook`, an accepted
// condition_set, the file with its run bit, condition_list showing it, and the condition running.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, claudeBash, harnessHook, hook, run, sandbox } from "../helpers";

const sb = sandbox();
const SESSION = "mcp-session-1";
let client: Client;

const DENY_FORCE = `if grep -q -- '--force'; then echo 'force push is off limits' >&2; exit 2; fi\n`;

/** Calls a tool; returns its parsed JSON answer and whether it was an error. */
async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: any }> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  const text = r.content[0].text;
  // The SDK answers a schema violation itself, as plain text.
  const body = text.startsWith("{") ? JSON.parse(text) : { error: text };
  return { isError: !!r.isError, body };
}

const armGate = () => harnessHook({ session_id: SESSION, cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "set a condition: never let git push --force through" }, { env: sb.env });
const stop = () => hook({ session_id: SESSION, cwd: sb.repo, hook_event_name: "Stop", stop_hook_active: false }, { env: sb.env });

beforeAll(async () => {
  client = new Client({ name: "agentihooks-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: BIN, args: ["mcp"], env: sb.env, cwd: sb.repo, stderr: "pipe" }));
});
afterAll(async () => {
  await client?.close();
});

describe("agentihooks mcp", () => {
  test("initialize and tools/list: every tool, each with an input schema", async () => {
    expect(client.getServerVersion()?.name).toBe("agentihooks");
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(["condition_clear", "condition_list", "condition_set", "condition_show", "enforcement_clear", "enforcement_list", "enforcement_set", "hook"]);
    const set = tools.find((t) => t.name === "condition_set")!;
    expect(set.inputSchema.required).toEqual(expect.arrayContaining(["step", "name", "script", "session_id"]));
    expect(Object.keys(set.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["matcher", "language", "scope", "profile", "cwd", "run_async", "replace"]));
  });

  test("condition_set is refused while the gate is closed, and nothing is written", async () => {
    const r = await call("condition_set", { step: "pre", matcher: "bash.git", name: "no_force", script: DENY_FORCE, session_id: SESSION, cwd: sb.repo });
    expect(r.isError).toBe(true);
    expect(r.body.error).toContain("condition gate for this session is closed");
    expect(existsSync(join(sb.home, "conditions", "pre-bash.git-no_force.sh"))).toBe(false);
    expect((await call("condition_clear", { file: "no_force", session_id: SESSION })).isError).toBe(true);
  });

  test("after a typed request: accepted, executable, listed, and running on the next hook call", async () => {
    expect(armGate().exitCode).toBe(0);
    const r = await call("condition_set", { step: "pre", matcher: "bash.git", name: "no_force", script: DENY_FORCE, session_id: SESSION, cwd: sb.repo });
    expect(r.isError).toBe(false);
    const path = join(sb.home, "conditions", "pre-bash.git-no_force.sh");
    expect(r.body).toMatchObject({ success: true, path, layer: "runtime", file: "pre-bash.git-no_force.sh", step: "pre", matcher: "bash.git", active: true });
    expect(r.body.listed).toMatchObject({ file: "pre-bash.git-no_force.sh", source: "runtime", path });
    expect(statSync(path).mode & 0o777).toBe(0o755);
    expect(readFileSync(path, "utf8")).toBe(`#!/usr/bin/env bash\n${DENY_FORCE}`);

    const list = await call("condition_list", { cwd: sb.repo });
    expect(list.body.conditions.map((c: { file: string }) => c.file)).toContain("pre-bash.git-no_force.sh");
    expect(list.body.layers.find((l: { source: string }) => l.source === "runtime")).toMatchObject({ exists: true, count: 1 });

    const denied = hook(claudeBash("git push --force origin main", sb.repo), { env: sb.env });
    expect(denied.exitCode).toBe(2);
    expect(denied.stdout + denied.stderr).toContain("force push is off limits");
    expect(hook(claudeBash("git push origin main", sb.repo), { env: sb.env }).exitCode).toBe(0);

    const show = await call("condition_show", { file: "no_force", cwd: sb.repo });
    expect(show.body).toMatchObject({ file: "pre-bash.git-no_force.sh", script: `#!/usr/bin/env bash\n${DENY_FORCE}` });
  });

  test("replace, scope directory, validation, clear; and Stop closes the gate again", async () => {
    armGate();
    const again = await call("condition_set", { step: "pre", matcher: "bash.git", name: "no_force", script: "exit 0", session_id: SESSION });
    expect(again.isError).toBe(true);
    expect(again.body.error).toContain("already exists");
    const replaced = await call("condition_set", { step: "pre", matcher: "bash.git", name: "no_force", script: "#!/bin/sh\nexit 0", language: "bash", replace: true, session_id: SESSION });
    expect(replaced.body).toMatchObject({ success: true, replaced: ["pre-bash.git-no_force.sh"] });
    expect(hook(claudeBash("git push --force", sb.repo), { env: sb.env }).exitCode).toBe(0);

    const dir = await call("condition_set", { step: "post", matcher: "edit+write", name: "fmt", script: "print('ok')", language: "python", scope: "directory", run_async: true, cwd: sb.repo, session_id: SESSION });
    expect(dir.body).toMatchObject({ success: true, layer: "directory", path: join(sb.repo, ".agentihooks", "conditions", "post-edit+write-fmt.async.py"), active: true });
    expect(readFileSync(dir.body.path, "utf8").startsWith("#!/usr/bin/env python3\n")).toBe(true);
    // the gated write is the person's approval of that file (issue 23.6): trust.json holds its sha256
    const approved = () => JSON.parse(readFileSync(join(sb.home, "trust.json"), "utf8")).repositories[realpathSync(sb.repo)];
    const sha = new Bun.CryptoHasher("sha256").update(readFileSync(dir.body.path)).digest("hex");
    expect(approved()).toMatchObject({ trusted: true, files: { "post-edit+write-fmt.async.py": sha } });
    // a file the agent's shell puts next to it was not approved: the layer waits for the person
    const sneak = join(sb.repo, ".agentihooks", "conditions", "pre-bash-sneak.sh");
    writeFileSync(sneak, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const layer = () => run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json.layers.find((l: { source: string }) => l.source === "directory");
    expect(layer()).toMatchObject({ skipped: true });
    expect(layer().note).toContain("pre-bash-sneak.sh added");
    rmSync(sneak);
    expect(layer()).toMatchObject({ skipped: false });

    for (const [name, why] of [["a-b", "a_b"], ["../x", "slash"], ["x/y", "slash"], ["", "name"]]) {
      const bad = await call("condition_set", { step: "pre", matcher: "bash", name: name || "x y", script: "x", session_id: SESSION });
      expect(bad.isError).toBe(true);
      expect(bad.body.error).toContain(name ? why : "invalid name");
    }
    const badMatcher = await call("condition_set", { step: "pre", matcher: "bash git", name: "x", script: "x", session_id: SESSION });
    expect(badMatcher.body.error).toContain("matcher");
    const badStep = await call("condition_set", { step: "later", matcher: "bash", name: "x", script: "x", session_id: SESSION });
    expect(badStep.isError).toBe(true);

    const cleared = await call("condition_clear", { file: "fmt", session_id: SESSION, cwd: sb.repo });
    expect(cleared.body).toMatchObject({ success: true, layer: "directory" });
    expect(existsSync(dir.body.path)).toBe(false);
    expect(approved().files).toEqual({});

    stop();
    const refused = await call("condition_clear", { file: "no_force", session_id: SESSION });
    expect(refused.isError).toBe(true);
    expect(existsSync(join(sb.home, "conditions", "pre-bash.git-no_force.sh"))).toBe(true);
  });

  test("enforcement tools: set, list, clear", async () => {
    const set = await call("enforcement_set", { message: "run the tests before you commit", cadence: 5, matcher: "bash.git", tag: "tests" });
    expect(set.isError).toBe(false);
    expect(set.body.entry).toMatchObject({ message: "run the tests before you commit", cadence: 5, tag: "tests" });
    const list = await call("enforcement_list", {});
    expect(list.body.enforcements.map((e: { id: string }) => e.id)).toContain(set.body.entry.id);
    expect((await call("enforcement_clear", {})).isError).toBe(true);
    const cleared = await call("enforcement_clear", { tag: "tests" });
    expect(cleared.body.removed).toHaveLength(1);
  });
});
