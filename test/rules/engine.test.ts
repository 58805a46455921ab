// Rules files written by people (docs/rules.md), through the compiled executable: in a layer, matched
// by their filename, judged in the hook's process; predicates over paths, SQL and file tools; presets
// and dynamic lines; [[allow]] entries; override by name; list, explain, conditions test and lint.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Sandbox, claudeBash, harnessHook, hook, run, sandbox, writeFile } from "../helpers";

const FS_RULES = `
version = 1
description = "test rules"

[commands.rm]
flags = ["-r", "-R", "-f", "--recursive", "--force", "-i", "-v"]

[[rule]]
id = "fs.rm-danger"
program = "rm"
options = { any = ["-r", "-R", "--recursive", "-f", "--force"] }
operands = { any = ["path-root", "path-home", "path-system", "path-repo-parent"] }
decision = "deny"
reason = "deleting / or the home folder"
alternative = "delete what you mean, by name"

[[rule]]
id = "fs.rm-outside"
program = "rm"
operands = { any = ["path-outside-repo"] }
decision = { default = "ask", strict = "deny" }
reason = "deleting outside the repository"

[[rule]]
id = "fs.write-system"
program = ["echo", "printf", "cat", "tee"]
redirects = { any = ["path-system"] }
decision = "deny"
reason = "writing into a system folder"

[[rule]]
id = "db.drop"
program = ["psql", "mysql", "sqlite3"]
values = { options = ["-c", "--command", "-e", "--execute"], any = ["sql:drop", "sql:truncate", "sql:delete-all"] }
decision = "deny"
reason = "dropping or emptying a table"
alternative = "a migration, reviewed"

[[rule]]
id = "db.flush"
program = "redis-cli"
operands = { any = ["sql:flush"] }
decision = "deny"
reason = "flushing every key"

[[rule]]
id = "db.mongo-drop"
program = ["mongosh", "mongo"]
values = { options = ["--eval"], any = ["sql:flush", "sql:drop"] }
decision = "deny"
reason = "dropping a database or collection"

[[rule]]
id = "db.update-all"
program = ["psql", "mysql"]
values = { options = ["-c", "--command", "-e", "--execute"], any = ["sql:update-all"] }
decision = "ask"
reason = "an UPDATE without WHERE changes every row"

[[rule]]
id = "secrets.ssh-key"
tools = ["Read", "Edit"]
paths = { any = ["glob:~/.ssh/id_*"] }
decision = "deny"
reason = "private keys stay private"

[[rule]]
id = "fs.rm-note"
program = "rm"
operands = { any = ["glob:**/*.log"] }
decision = "context"
reason = "logs are regenerated"
`;

function setUp(profiles: string[] = []) {
  const sb = sandbox();
  const layer = join(sb.home, "conditions");
  const state: Record<string, unknown> = { version: 1 };
  if (profiles.length) {
    // a preset is a profile named default, strict or paranoid: here empty folders linked under those names
    const linked: Record<string, string> = {};
    for (const p of profiles) {
      linked[p] = join(sb.root, "profiles", p);
      mkdirSync(join(linked[p], ".claude", "conditions"), { recursive: true });
    }
    state.linked_profiles = linked;
    state.targets = { global: { profiles } };
  }
  writeFileSync(join(sb.home, "state.json"), JSON.stringify(state));
  writeFile(join(layer, "pre-bash+read+edit-test.rules.toml"), FS_RULES);
  arm(sb);
  return { sb, layer };
}

/**
 * Opens the condition gate for session "open": the closed gate refuses lines that touch the folders
 * holding the sandbox's homes (`rm -rf /`, `rm -rf ~`) before any condition runs.
 */
function arm(sb: Sandbox): void {
  const armed = harnessHook({ session_id: "open", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "please add an agentihooks condition for bash.rm" }, { env: sb.env });
  expect(armed.stdout).toContain("condition gate is open");
}

/** A PreToolUse Bash call of the open session. */
const call = (sb: Sandbox, command: string, cwd = sb.repo) => hook({ ...claudeBash(command, cwd), session_id: "open" }, { env: sb.env, target: "claude", event: "PreToolUse" });

const verdict = (r: ReturnType<typeof hook>) => ({
  decision: (r.json?.hookSpecificOutput?.permissionDecision as string | undefined) ?? "none",
  reason: (r.json?.hookSpecificOutput?.permissionDecisionReason as string | undefined) ?? "",
  context: (r.json?.hookSpecificOutput?.additionalContext as string | undefined) ?? "",
});

describe("predicates through the executable", () => {
  const { sb } = setUp();
  const bash = (command: string, cwd = sb.repo) => verdict(call(sb, command, cwd));
  const cases: [string, string, string][] = [
    ["rm -rf /", "deny", "fs.rm-danger"],
    ["rm -rf /*", "deny", "fs.rm-danger"],
    ["rm -rf ~", "deny", "fs.rm-danger"],
    ["rm -rf ~/", "deny", "fs.rm-danger"],
    ['rm -rf "$HOME"', "deny", "fs.rm-danger"],
    ["rm -rf ${HOME}/", "deny", "fs.rm-danger"],
    ["rm -r -f /etc", "deny", "fs.rm-danger"],
    ["rm --recursive /usr/local/lib", "deny", "fs.rm-danger"],
    ["sudo rm -fr /var", "deny", "fs.rm-danger"],
    ["rm -rf ..", "deny", "fs.rm-danger"],
    ["cd / && rm -rf home", "ask", "fs.rm-outside"],
    ["bash -c 'rm -rf ~'", "deny", "fs.rm-danger"],
    ["find . -maxdepth 0 -exec rm -rf / \\;", "deny", "fs.rm-danger"],
    ["rm -rf ../other-project", "ask", "fs.rm-outside"],
    ["rm /tmp/x", "ask", "fs.rm-outside"],
    ["echo x > /etc/hosts", "deny", "fs.write-system"],
    ["echo x >> /usr/lib/x", "deny", "fs.write-system"],
    ["echo x >& /etc/motd", "deny", "fs.write-system"],
    ["echo x &> /etc/motd", "deny", "fs.write-system"],
    ["psql -c 'DROP DATABASE prod'", "deny", "db.drop"],
    ["psql prod -c 'select 1; drop table users'", "deny", "db.drop"],
    ['mysql -e "TRUNCATE TABLE t"', "deny", "db.drop"],
    ["psql --command='DELETE FROM users'", "deny", "db.drop"],
    ["redis-cli FLUSHALL", "deny", "db.flush"],
    ["redis-cli -h cache flushdb", "deny", "db.flush"],
    ["mongosh prod --eval 'db.dropDatabase()'", "deny", "db.mongo-drop"],
    ["mongosh --eval 'db.users.drop()'", "deny", "db.mongo-drop"],
    ["psql -c \"update users set admin = true\"", "ask", "db.update-all"],
    ["psql -c '-- a comment\nDROP TABLE x'", "deny", "db.drop"],
  ];
  for (const [command, decision, rule] of cases) {
    test(`${JSON.stringify(command)} -> ${decision} ${rule}`, () => {
      const v = bash(command);
      expect(v.decision).toBe(decision);
      expect(v.reason).toContain(`${rule}:`);
      expect(v.reason).toContain(`agentihooks conditions disable ${rule}`);
    });
  }
  for (const command of ["rm -rf build", "rm -rf ./dist node_modules", "rm x.txt", "echo x > out.txt", "psql -c 'select * from t'", "psql -c 'DELETE FROM t WHERE id = 1'", "psql -c \"update users set a = 1 where id = 2\"", "psql -c \"select 'drop table x'\"", "mongosh --eval 'db.users.find()'", "echo x 2>&1", "echo x >/dev/null 2>&-", "ls /", "cat ~/.bashrc", "rm -rf"]) {
    test(`${JSON.stringify(command)} passes`, () => expect(bash(command).decision).toBe("none"));
  }
  test("a context rule adds a note and decides nothing", () => {
    const v = bash("rm logs/app.log");
    expect(v.decision).toBe("none");
    expect(v.context).toContain("fs.rm-note: logs are regenerated");
  });
  test("a file tool's path: Read and Edit of ~/.ssh/id_* are denied, other files are not", () => {
    const read = (file_path: string, tool = "Read") =>
      verdict(hook({ session_id: "open", cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: tool, tool_input: { file_path } }, { env: sb.env, target: "claude", event: "PreToolUse" }));
    expect(read(join(sb.userHome, ".ssh", "id_ed25519")).reason).toContain("secrets.ssh-key:");
    expect(read("~/.ssh/id_rsa", "Edit").decision).toBe("deny");
    expect(read(join(sb.userHome, ".ssh", "known_hosts")).decision).toBe("none");
    expect(read(join(sb.repo, "README.md")).decision).toBe("none");
  });
});

describe("presets and dynamic lines", () => {
  test("the default preset asks, strict denies; a dynamic operand is ignored by default, asked in strict, denied in paranoid", () => {
    const answer = (profiles: string[], command: string) => {
      const { sb } = setUp(profiles);
      return verdict(call(sb, command));
    };
    expect(answer([], "rm /tmp/x").decision).toBe("ask");
    expect(answer(["strict"], "rm /tmp/x").decision).toBe("deny");
    expect(answer(["strict", "paranoid"], "rm /tmp/x").decision).toBe("deny");
    // `rm -rf $X`: the operand is only known when it runs
    expect(answer([], 'rm -rf "$X"').decision).toBe("none");
    const strict = answer(["strict"], 'rm -rf "$X"');
    expect(strict.decision).toBe("ask");
    expect(strict.reason).toContain("only known when the line runs");
    expect(answer(["paranoid"], 'rm -rf "$X"').decision).toBe("deny");
  });

  test("a rule's own on_dynamic wins over the file's", () => {
    const { sb, layer } = setUp();
    writeFile(join(layer, "pre-bash+read+edit-test.rules.toml"), FS_RULES.replace('id = "fs.rm-danger"', 'id = "fs.rm-danger"\non_dynamic = "deny"'));
    const v = verdict(call(sb, 'rm -rf "$DIR"'));
    expect(v.decision).toBe("deny");
    expect(v.reason).toContain("fs.rm-danger:");
  });
});

test("a rule that allows answers allow (and never over another rule's deny)", () => {
  const { sb, layer } = setUp();
  writeFile(join(layer, "pre-bash-ok.rules.toml"), `version = 1\n[[rule]]\nid = "ok.ls"\nprogram = ["ls", "rm"]\ndecision = "allow"\nreason = "listing only reads"\n`);
  expect(verdict(call(sb, "ls -la"))).toMatchObject({ decision: "allow", reason: expect.stringContaining("ok.ls: listing only reads") });
  expect(verdict(call(sb, "rm -rf /etc")).decision).toBe("deny");
});

describe("a way out", () => {
  test("an [[allow]] entry in another rules file lets the rule through for the lines it fits", () => {
    const { sb, layer } = setUp();
    writeFile(join(layer, "pre-bash-allow.rules.toml"), `version = 1\n[[allow]]\nrule = "fs.rm-outside"\nreason = "the build writes to /tmp/x"\ncommand = "^rm /tmp/x$"\n`);
    const bash = (command: string) => verdict(call(sb, command));
    expect(bash("rm /tmp/x").decision).toBe("none");
    expect(bash("rm /tmp/y").decision).toBe("ask");
    expect(bash("rm -rf /").decision).toBe("deny");
  });

  test("a rules file of the same name in a later layer replaces the earlier one (the built-in git pack too)", () => {
    const sb = sandbox();
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    const bash = (command: string) => verdict(hook(claudeBash(command, sb.repo), { env: sb.env, target: "claude", event: "PreToolUse" }));
    expect(bash("git push -f").decision).toBe("deny");
    writeFile(join(sb.home, "conditions", "pre-bash-git.rules.toml"), `version = 1\n[[rule]]\nid = "git.my-reset"\nprogram = "git"\nsubcommand = "reset"\ndecision = "deny"\nreason = "mine"\n`);
    expect(bash("git push -f").decision).toBe("none");
    expect(bash("git reset HEAD").reason).toContain("git.my-reset: mine");
  });
});

describe("a rules file that does not read denies, and lint says why", () => {
  for (const [name, body, message] of [
    ["not TOML", "version = 1\n[[rule]\n", "not TOML"],
    ["a schema error", 'version = 1\n[[rule]]\nid = "x.y"\nprogram = "rm"\ndecision = "maybe"\nreason = "r"\n', "/rule/0/decision"],
    ["an unknown key", 'version = 1\n[[rule]]\nid = "x.y"\nprogram = "rm"\ndecision = "deny"\nreason = "r"\nwhen_ever = 1\n', "when_ever"],
    ["an unknown predicate", 'version = 1\n[[rule]]\nid = "x.y"\nprogram = "rm"\noperands = { any = ["path-moon"] }\ndecision = "deny"\nreason = "r"\n', 'unknown predicate "path-moon"'],
    ["a duplicate id", 'version = 1\n[[rule]]\nid = "x.y"\nprogram = "rm"\ndecision = "deny"\nreason = "r"\n[[rule]]\nid = "x.y"\nprogram = "ls"\ndecision = "deny"\nreason = "r"\n', "given twice"],
    ["no version", '[[rule]]\nid = "x.y"\nprogram = "rm"\ndecision = "deny"\nreason = "r"\n', "version"],
  ] as const) {
    test(name, () => {
      const sb = sandbox();
      const file = writeFile(join(sb.home, "conditions", "pre-bash-bad.rules.toml"), body);
      const r = hook(claudeBash("ls", sb.repo), { env: sb.env, target: "claude", event: "PreToolUse" });
      expect(verdict(r).decision).toBe("deny");
      expect(verdict(r).reason).toContain("denied to fail closed");
      expect(verdict(r).reason).toContain(message);
      const lint = run(["conditions", "lint", "--json"], { env: sb.env, cwd: sb.repo });
      expect(lint.exitCode).toBe(1);
      const finding = lint.json.findings.find((f: any) => f.file === file);
      expect(finding).toMatchObject({ severity: "error", rule: "rules-invalid" });
      expect(finding.message).toContain(message);
    });
  }

  test("lint warns about a rule that names a wrapper (it never matches: the program after it is judged)", () => {
    const sb = sandbox();
    const file = writeFile(join(sb.home, "conditions", "pre-bash-w.rules.toml"), 'version = 1\n[[rule]]\nid = "w.sudo"\nprogram = ["sudo", "rm"]\ndecision = "deny"\nreason = "r"\n');
    const lint = run(["conditions", "lint", "--json"], { env: sb.env, cwd: sb.repo });
    expect(lint.json.findings.filter((f: any) => f.file === file).map((f: any) => [f.severity, f.rule])).toEqual([["warning", "rules-wrapper-program"]]);
  });

  test("a .toml that is not named .rules.toml, or a rules file of another step, is an invalid condition name", () => {
    const sb = sandbox();
    writeFile(join(sb.home, "conditions", "pre-bash-x.toml"), "version = 1\n");
    writeFile(join(sb.home, "conditions", "post-bash-y.rules.toml"), "version = 1\n");
    const lint = run(["conditions", "lint", "--json"], { env: sb.env, cwd: sb.repo });
    const messages = lint.json.findings.filter((f: any) => f.rule === "invalid").map((f: any) => f.message).join("\n");
    expect(messages).toContain("name it <step>-<matcher>-<name>.rules.toml");
    expect(messages).toContain("its step is pre");
  });
});

describe("list, explain and conditions test see a rules file as a condition", () => {
  test("list shows it; explain traces its outcome and reason; its cases pass", () => {
    const { sb, layer } = setUp();
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    expect(list.conditions.map((c: any) => c.file)).toContain("pre-bash+read+edit-test.rules.toml");
    const explain = run(["conditions", "explain", "--command", "rm -rf /etc", "--json"], { env: sb.env, cwd: sb.repo }).json;
    const outcome = explain.calls[0].outcomes.find((o: any) => o.file === "pre-bash+read+edit-test.rules.toml");
    expect(outcome.status).toBe("denied");
    expect(outcome.stderr).toContain("fs.rm-danger:");
    writeFile(
      join(layer, "_pre-bash+read+edit-test.rules.cases.json"),
      JSON.stringify({
        cases: [
          { name: "rm -rf /etc is denied", command: "rm -rf /etc", expect: { decision: "deny", reason_contains: "fs.rm-danger" } },
          { name: "psql drop is denied", command: "psql -c 'drop table x'", expect: { decision: "deny", reason_contains: "db.drop" } },
          { name: "rm of a build folder passes", command: "rm -rf build", expect: { decision: "none" } },
        ],
      }),
    );
    const t = run(["conditions", "test", join(layer, "pre-bash+read+edit-test.rules.toml")], { env: sb.env, cwd: sb.repo });
    expect(t.stdout).toContain("all 3 passed");
    expect(t.exitCode).toBe(0);
  });
});
