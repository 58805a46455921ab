// Codex, live: the protections a person gets from `init` alone. The shipped .env guard (the built-in
// default profile) on every file tool Codex has (apply_patch in each of its forms, and the shell), the
// gate around the MCP condition_set (armed only by the person's prompt), and an enforcement.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun } from "./lib/clis";
import { mcp, patch, runCodex, shell, toolOutputs, toolSearch } from "./lib/codex";
import { makeWorld } from "./lib/world";

const SECRET = "LIVE_SECRET=s3cr3t-9e1f";

describe("codex: the shipped .env guard", () => {
  test("apply_patch cannot add, update, delete or move onto a .env file; the shell cannot read one; other files are fine", async () => {
    const w = makeWorld("codex");
    const env = join(w.work, ".env");
    const prod = join(w.work, "config", ".env.production");
    w.write(env, `${SECRET}\n`);
    w.write(join(w.work, "notes.txt"), "a\n");
    const r = await runCodex(w, [
      patch("*** Add File: config/.env.production\n+TOKEN=x"),
      patch("*** Update File: .env\n@@\n+ADDED=1"), // quotes no secret: Codex echoes a blocked command back
      patch("*** Delete File: .env"),
      patch("*** Update File: notes.txt\n*** Move to: .env.local\n@@\n-a\n+b"),
      shell("cat .env"),
      patch("*** Add File: ok.txt\n+fine"),
    ]);
    expect(existsSync(prod), describeRun(r)).toBe(false);
    expect(readFileSync(env, "utf8")).toBe(`${SECRET}\n`); // neither changed nor deleted
    expect(existsSync(join(w.work, ".env.local"))).toBe(false);
    expect(readFileSync(join(w.work, "notes.txt"), "utf8")).toBe("a\n");
    expect(toolOutputs(r)).not.toContain("s3cr3t-9e1f"); // no tool answer carried the file's content
    expect(toolOutputs(r)).toContain(".env"); // ...while the denials named it
    expect(readFileSync(join(w.work, "ok.txt"), "utf8")).toBe("fine\n"); // the control: apply_patch works
  });
});

/** The session id the gate's context tells the model to pass (it arrives as a developer message). */
function sessionIdIn(body: Record<string, unknown>): string {
  const m = /pass session_id \\?"([^"\\]+)\\?"/.exec(JSON.stringify(body));
  return m ? m[1] : "no-session-id-seen";
}

const conditionSet = (body: Record<string, unknown>) =>
  mcp("condition_set", {
    step: "pre", matcher: "bash.touch", name: "no_touch", language: "bash",
    script: 'cat >/dev/null\necho "touch is off (set by the agent)" >&2\nexit 2\n', session_id: sessionIdIn(body),
  });

describe("codex: the gate around condition_set", () => {
  test("armed by the person's prompt: the condition is written, and it runs on the next call", async () => {
    const w = makeWorld("codex");
    const r = await runCodex(w, [toolSearch("agentihooks condition set"), conditionSet, shell(`touch '${w.marker("ran")}'`)], {
      prompt: "Please add a condition that blocks touch.",
    });
    expect(readdirSync(w.conditions), describeRun(r)).toContain("pre-bash.touch-no_touch.sh");
    expect(w.exists(w.marker("ran"))).toBe(false);
    expect(r.seen).toContain("touch is off (set by the agent)");
  });

  test("not armed (the prompt asks for no condition): refused, nothing written, the next call runs", async () => {
    const w = makeWorld("codex");
    const r = await runCodex(w, [toolSearch("agentihooks condition set"), conditionSet, shell(`touch '${w.marker("ran")}'`)], {
      prompt: "List the files here.",
    });
    expect(readdirSync(w.conditions), describeRun(r)).not.toContain("pre-bash.touch-no_touch.sh");
    expect(w.exists(w.marker("ran"))).toBe(true);
    expect(r.seen).toMatch(/condition_set.*(gate|refused|asked)/is);
  });
});

describe("codex: enforcement", () => {
  test("an enforcement set with the CLI reaches the model on the session's tool calls", async () => {
    const w = makeWorld("codex");
    w.agentihooks(["enforcement", "set", "LIVE-ENFORCEMENT-4b2c: run the tests before committing.", "1"]);
    const r = await runCodex(w, [shell("echo hi")]);
    expect(r.seen, describeRun(r)).toContain("LIVE-ENFORCEMENT-4b2c");
  });
});
