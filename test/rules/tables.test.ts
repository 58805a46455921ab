// How the rules read words, through the compiled executable: an option table's aliases, find-like
// single-dash words with lists and a default operand, `--` as an option, the later of `--x`/`--no-x`;
// and the path predicates for words only known when the line runs (path-unknown, $TMPDIR, `~user`,
// `glob:**/NAME` under an unknown folder). docs/rules.md describes each.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { claudeBash, harnessHook, hook, sandbox, writeFile } from "../helpers";

const RULES = `
version = 1

[commands.tool]
flags = ["-d", "--delete", "--force", "--no-force"]
values = ["-o"]
aliases = { "-d" = "--delete" }

[commands.finder]
single_dash = true
default_operand = "."
values = ["-name"]
lists = { "-run" = [";", "+"] }

[[rule]]
id = "t.delete"
program = "tool"
options = { any = ["--delete"] }
decision = "deny"
reason = "delete"

[[rule]]
id = "t.force"
program = "tool"
options = { any = ["--force"] }
decision = "deny"
reason = "force"

[[rule]]
id = "t.dashdash"
program = "tool"
options = { all = ["--"] }
operands = { min = 1 }
decision = "deny"
reason = "files after --"

[[rule]]
id = "t.finder-delete"
program = "finder"
options = { any = ["-delete"] }
operands = { any = ["path-repo-root"] }
decision = "deny"
reason = "finder -delete from the root"

[[rule]]
id = "t.unknown"
program = "wipe"
operands = { any = ["path-unknown"] }
decision = "ask"
reason = "a path only known when it runs"

[[rule]]
id = "t.tmp"
program = "wipe"
operands = { any = ["glob:/var/tmp/ah-tables/**"] }
decision = "deny"
reason = "under the temporary folder"

[[rule]]
id = "t.key"
program = "show"
operands = { any = ["glob:**/id_rsa"] }
decision = "deny"
reason = "a key by its name"
`;

describe("option tables and unknown paths, through the executable", () => {
  const sb = sandbox();
  writeFile(join(sb.home, "conditions", "pre-bash-tables.rules.toml"), RULES);
  // the closed gate refuses some lines with operands only known when they run before any condition runs
  const armed = harnessHook({ session_id: "open", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "please add an agentihooks condition for bash.tool" }, { env: sb.env });
  expect(armed.stdout).toContain("condition gate is open");
  const env = { ...sb.env, TMPDIR: "/var/tmp/ah-tables" };
  const answer = (command: string) => {
    const out = hook({ ...claudeBash(command, sb.repo), session_id: "open" }, { env, target: "claude", event: "PreToolUse" }).json?.hookSpecificOutput ?? {};
    return { decision: (out.permissionDecision as string | undefined) ?? "none", reason: (out.permissionDecisionReason as string | undefined) ?? "" };
  };
  const fires: [string, string, string][] = [
    ["tool -d x", "deny", "t.delete"],
    ["tool --del x", "deny", "t.delete"],
    ["tool --no-force --force x", "deny", "t.force"],
    ["tool -- x", "deny", "t.dashdash"],
    ["finder -delete", "deny", "t.finder-delete"],
    ["finder . -name x -delete", "deny", "t.finder-delete"],
    ["finder . -run echo x ';' -delete", "deny", "t.finder-delete"],
    ['wipe "$X"', "ask", "t.unknown"],
    ["echo x | xargs wipe", "ask", "t.unknown"],
    ["wipe ~nobody/x", "ask", "t.unknown"],
    ['wipe "$TMPDIR/x"', "deny", "t.tmp"],
    ["wipe ${TMPDIR}/x", "deny", "t.tmp"],
    ['show "$D/id_rsa"', "deny", "t.key"],
  ];
  for (const [command, decision, rule] of fires)
    test(`${command} -> ${decision} ${rule}`, () => {
      const a = answer(command);
      expect(a.decision).toBe(decision);
      expect(a.reason).toContain(`${rule}:`);
    });
  for (const command of ["tool x", "tool --force --no-force x", "tool -o -- x", "finder src -delete", "finder . -name -delete", "finder . -run echo -delete ';'", "wipe build", "wipe ~/x", 'show "$D/id_rsa.pub"'])
    test(`${command} -> none`, () => expect(answer(command).decision).toBe("none"));
});
