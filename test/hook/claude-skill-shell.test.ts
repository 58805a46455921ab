// Claude Code's PreSkillShellCommand (2.1.332): a skill's or slash command's embedded shell line,
// through the compiled executable. Conditions, the built-in guards and the gate judge it as the
// PreToolUse of a Bash call; the answer is Claude's PreSkillShellCommand shape (permissionDecision and
// its reason only: no context, never updatedInput).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, hook, run, sandbox, type Sandbox } from "../helpers";

const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;

/** A payload as Claude Code 2.1.332 sends it (measured live, e2e/live/claude-skills.live.ts). */
const skillLine = (command: string, cwd: string) => ({
  session_id: "s-skill", transcript_path: "/t.jsonl", cwd, prompt_id: "p1", permission_mode: "bypassPermissions", effort: { level: "medium" },
  hook_event_name: "PreSkillShellCommand", tool_name: "Bash", tool_input: { command },
  tool_use_id: "3e0be8e9:inner:preamble-0", command_name: "mk", command_source: "projectSettings", invoked_by: "user",
});

/** A sandbox with the built-in default profile recorded, as `init` leaves it. */
function setup(): { sb: Sandbox; add: (file: string, body: string) => string } {
  const sb = sandbox();
  const init = run(["init", "--target", "claude", "--no-mcp"], { env: { ...sb.env, PATH: "/usr/bin:/bin" }, cwd: sb.repo });
  expect(init.exitCode, init.stderr).toBe(0);
  return { sb, add: (file, body) => addCondition(join(sb.home, "conditions"), file, body) };
}

const ask = (sb: Sandbox, command: string) => hook(skillLine(command, sb.repo), { env: sb.env, event: "PreSkillShellCommand" });

describe("a skill's shell line is a Bash call to every condition", () => {
  test("a bash.<cli> condition denies it, in Claude's PreSkillShellCommand answer; the condition saw a PreToolUse Bash call", () => {
    const { sb, add } = setup();
    const seen = join(sb.root, "seen.json");
    add("pre-bash.touch-no_touch.sh", sh(`cat > '${seen}'\necho 'no touching here' >&2\nexit 2`));
    const r = ask(sb, "touch made && echo done");
    expect(r.exitCode).toBe(2);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PreSkillShellCommand", permissionDecision: "deny", permissionDecisionReason: "[condition pre-bash.touch-no_touch.sh] no touching here" } });
    expect(r.stderr).toContain("no touching here");
    const payload = JSON.parse(readFileSync(seen, "utf8"));
    expect(payload).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "touch made && echo done" }, command_name: "mk", invoked_by: "user" });
  });

  test("a line no condition refuses gets no answer at all (Claude then runs it)", () => {
    const { sb, add } = setup();
    add("pre-bash.touch-no_touch.sh", sh("exit 2"));
    const r = ask(sb, "ls -la");
    expect({ exit: r.exitCode, stdout: r.stdout, stderr: r.stderr }).toEqual({ exit: 0, stdout: "", stderr: "" });
  });

  test("context has no channel here: nothing is sent; ask is sent as ask", () => {
    const { sb, add } = setup();
    add("pre-bash.ls-hint.sh", sh("echo 'a hint'"));
    const hint = ask(sb, "ls");
    expect({ exit: hint.exitCode, stdout: hint.stdout }).toEqual({ exit: 0, stdout: "" });
    add("pre-bash.make-confirm.sh", sh(`echo '{"decision": "ask", "reason": "confirm make"}'`));
    const r = ask(sb, "make deploy");
    expect(r.exitCode).toBe(0);
    expect(r.json).toEqual({ hookSpecificOutput: { hookEventName: "PreSkillShellCommand", permissionDecision: "ask", permissionDecisionReason: "[condition pre-bash.make-confirm.sh] confirm make" } });
  });

  test("a rewrite cannot be applied to the line: it is refused with that reason, and no updatedInput is sent", () => {
    const { sb, add } = setup();
    add("pre-bash.git-short_log.sh", sh(`echo '{"tool_input": {"command": "git log --oneline -5"}, "decision": "allow"}'`));
    const r = ask(sb, "git log");
    expect(r.exitCode).toBe(2);
    expect(r.json.hookSpecificOutput).toEqual({ hookEventName: "PreSkillShellCommand", permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("runs a skill's shell line only as written") });
  });

  test("the built-in guards: a force push and a read of .env are refused", () => {
    const { sb } = setup();
    const push = ask(sb, "git push --force origin main");
    expect(push.exitCode).toBe(2);
    expect(push.json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(push.stderr).toContain("force push");
    const env = ask(sb, "cat .env");
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toContain("holds secrets");
  });

  test("the gate: a line that writes a condition is refused while the gate is closed", () => {
    const { sb } = setup();
    const r = ask(sb, `echo 'exit 0' > ${join(sb.home, "conditions", "pre-bash-x.sh")}`);
    expect(r.exitCode).toBe(2);
    expect(r.json.hookSpecificOutput.hookEventName).toBe("PreSkillShellCommand");
    expect(r.stderr).toContain("condition gate for this session is closed");
  });

  test("a PreSkillShellCommand that cannot be read is refused (fail closed), named by --event or in its bytes", () => {
    const { sb } = setup();
    const flagged = run(["hook", "--target", "claude", "--event", "PreSkillShellCommand"], { env: sb.env, stdin: '{"tool_name": "Bash", "tool_input": ' });
    expect(flagged.exitCode).toBe(2);
    expect(flagged.stderr).toContain("denied to fail closed");
    const named = run(["hook", "--target", "claude"], { env: sb.env, stdin: '{"hook_event_name": "PreSkillShellCommand", "tool_input": 5' });
    expect(named.exitCode).toBe(2);
    const noInput = hook({ ...skillLine("x", sb.repo), tool_input: undefined }, { env: sb.env });
    expect(noInput.exitCode).toBe(2);
    expect(noInput.stderr).toContain("PreToolUse payload has no tool_input object");
  });
});
