// Claude Code 2.1.332, live: what `init` registers when it reads a Claude Code that supports them
// (`init --claude <the CLI>`): PreSkillShellCommand, so a slash command's or skill's embedded `!` shell
// line (which never passes through PreToolUse) is judged as a Bash call by the conditions, the
// built-in guards and the gate; and "onFailure": "block" on the guard events, so with the executable
// gone a guarded call is refused instead of let through. Decided by side effects (markers, a file that
// must not appear) and by what reached the model.
//
// `claude -p "/name"` runs the project command .claude/commands/name.md (or the skill
// .claude/skills/name/SKILL.md): each `!`-backtick line runs before the model is asked, one
// PreSkillShellCommand hook call per line (measured: tool_name "Bash", tool_input {command},
// command_name, command_source "projectSettings", invoked_by "user"; "claude" when the model ran the
// skill through its Skill tool). A refused line reaches the model as `[not run: blocked by hook: <reason>]`.
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { bash, hookReports, resultOf } from "./lib/claude";
import { cliPath, describeRun, runCli } from "./lib/clis";
import { makeWorld, worldWithCopy } from "./lib/world";

/** init as a person does when their claude is not on PATH: naming it, so its version is read. */
const NAMED = () => ["--claude", cliPath("claude")];

const DENY_TAGGED = '#!/usr/bin/env bash\ngrep -q tag-deny || exit 0\necho "TAGGED-LINE-REFUSED" >&2\nexit 2\n';

describe("claude: a slash command's and a skill's shell lines pass the guards (PreSkillShellCommand)", () => {
  test("a condition refuses one line (not run) and lets the other run; the built-in .env guard and the gate refuse theirs", async () => {
    const w = makeWorld("claude", { initArgs: NAMED() });
    const settings = JSON.parse(w.read(join(w.home, ".claude", "settings.json")));
    expect(settings.hooks.PreSkillShellCommand?.[0]?.hooks?.[0]?.onFailure).toBe("block");
    w.condition("pre-bash.touch-tagged.sh", DENY_TAGGED);
    w.write(join(w.work, ".env"), "API_KEY=LIVE-SKILL-SECRET\n");
    const planted = join(w.conditions, "pre-bash-planted.sh");
    w.write(join(w.work, ".claude", "commands", "chores.md"), [
      "---", "description: live check", "allowed-tools: Bash", "---",
      `Denied: !\`touch '${w.marker("denied-line")}' # tag-deny\``,
      `Allowed: !\`touch '${w.marker("allowed-line")}' && echo ALLOWED-LINE-OUTPUT\``,
      "Secret: !`cat .env`",
      `Planted: !\`echo 'exit 0' > '${planted}'\``,
      "",
    ].join("\n"));
    const r = await runCli(w, { label: "slash command lines", prompt: "/chores", script: [{ text: "done" }] });
    expect(w.exists(w.marker("denied-line")), describeRun(r)).toBe(false);
    expect(w.exists(w.marker("allowed-line")), describeRun(r)).toBe(true);
    expect(w.exists(planted)).toBe(false);
    // what the model got in the expanded command: the allowed line's output, each refusal with its reason
    expect(r.seen).toContain("ALLOWED-LINE-OUTPUT");
    expect(r.seen).toContain("Denied: [not run: blocked by hook: [condition pre-bash.touch-tagged.sh] TAGGED-LINE-REFUSED]");
    expect(r.seen).toMatch(/Secret: \[not run: blocked by hook: \[condition [^\]]*secrets_env[^\]]*\] secrets_env: \.env holds secrets/);
    expect(r.seen).toMatch(/Planted: \[not run: blocked by hook: agentihooks: a shell command that touches a condition layer.*the condition gate for this session is closed/);
    expect(r.seen).not.toContain("LIVE-SKILL-SECRET");
    const skill = hookReports(r).filter((h) => h.hook_event === "PreSkillShellCommand");
    expect(skill.length).toBe(4);
  });

  test("a skill's line, run by /name and by the model's Skill tool: refused when a condition says so, run otherwise", async () => {
    const w = makeWorld("claude", { initArgs: NAMED() });
    w.condition("pre-bash.touch-tagged.sh", DENY_TAGGED);
    w.write(join(w.work, ".claude", "skills", "tidy", "SKILL.md"), [
      "---", "name: tidy", "description: live check skill", "allowed-tools: Bash", "---",
      `Refused: !\`touch '${w.marker("skill-denied")}' # tag-deny\``,
      `Ran: !\`touch '${w.marker("skill-allowed")}' && echo SKILL-LINE-OUTPUT\``,
      "",
    ].join("\n"));
    const typed = await runCli(w, { label: "skill by /name", prompt: "/tidy", script: [{ text: "done" }] });
    expect(w.exists(w.marker("skill-denied")), describeRun(typed)).toBe(false);
    expect(w.exists(w.marker("skill-allowed")), describeRun(typed)).toBe(true);
    expect(typed.seen).toContain("SKILL-LINE-OUTPUT");
    expect(typed.seen).toContain("TAGGED-LINE-REFUSED");

    w.write(join(w.work, ".claude", "skills", "tidy", "SKILL.md"), w.read(join(w.work, ".claude", "skills", "tidy", "SKILL.md")).replaceAll("skill-", "tool-"));
    const byModel = await runCli(w, { label: "skill by the model", prompt: "tidy up", script: [{ tool: "Skill", input: { skill: "tidy" } }, { text: "done" }] });
    expect(w.exists(w.marker("tool-denied")), describeRun(byModel)).toBe(false);
    expect(w.exists(w.marker("tool-allowed")), describeRun(byModel)).toBe(true);
    expect(resultOf(byModel, "Skill")?.isError).toBe(false); // the skill itself was launched
    expect(byModel.seen).toContain("Refused: [not run: blocked by hook: [condition pre-bash.touch-tagged.sh] TAGGED-LINE-REFUSED]");
  });
});

describe('claude: "onFailure": "block" with the registered executable gone', () => {
  test("a guarded Bash call and a command's shell line are refused, the model sees why (also when it crashes); the prompt itself still reaches the model", async () => {
    // init from a copy that reads the CLI's version, then the copy is moved away
    const { world: w, exe } = worldWithCopy("claude", NAMED());
    w.write(join(w.work, ".claude", "commands", "mk.md"), `---\ndescription: live check\n---\nMade: !\`touch '${w.marker("line-ran")}'\`\n`);
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "missing executable, onFailure block", script: [bash(`touch '${w.marker("ran")}'`), { text: "done" }] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    const refused = resultOf(r, "Bash", "ran");
    expect(refused?.isError).toBe(true);
    expect(refused?.text).toContain('blocking because onFailure is "block"');
    expect(refused?.text).toContain("ENOENT");
    // UserPromptSubmit has no onFailure: the turn went on and the model was asked (twice: the call, then done)
    expect(r.model.requests.length).toBeGreaterThanOrEqual(2);

    const line = await runCli(w, { label: "missing executable, skill line", prompt: "/mk", script: [{ text: "done" }] });
    expect(w.exists(w.marker("line-ran")), describeRun(line)).toBe(false);
    expect(line.seen).toContain("[not run:");

    // an executable that crashes (killed by a signal, no answer) is refused the same way
    w.write(exe, "#!/bin/sh\nkill -SEGV $$\n", 0o755);
    const crashed = await runCli(w, { label: "crashing executable, onFailure block", script: [bash(`touch '${w.marker("ran-crash")}'`), { text: "done" }] });
    expect(w.exists(w.marker("ran-crash")), describeRun(crashed)).toBe(false);
    expect(resultOf(crashed, "Bash", "ran-crash")?.text).toContain('blocking because onFailure is "block"');
    renameSync(exe, `${exe}.crashing`);

    // doctor (this build) names the missing executable and the fix
    const doctor = JSON.parse(w.agentihooks(["doctor", "--json", ...NAMED()], { allowFail: true }).stdout);
    expect(doctor.checks.find((c: { level: string; text: string }) => c.level === "fail" && c.text.includes(exe))?.fix).toBe("agentihooks init --target claude");
  });
});
