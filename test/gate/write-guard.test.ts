// The write guard in-process: which calls would change conditions (the gate's state is not involved).
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../src/shell/analyze";
import { conditionWrite } from "../../src/gate/write-guard";
import { sandbox } from "../helpers";

const sb = sandbox();
const scope = { cwd: sb.repo, userHome: sb.userHome, home: sb.home };
const bash = (command: string, cwd = sb.repo) => conditionWrite({ toolName: "Bash", input: { command }, scope: { ...scope, cwd }, analysis: analyze(command) });
const tool = (toolName: string, input: Record<string, unknown>, rawToolName?: string) => conditionWrite({ toolName, rawToolName, input, scope });

describe("MCP tools", () => {
  for (const name of ["mcp__agentihooks__condition_set", "mcp__agentihooks__condition_clear", "agentihooks-condition_set", "AGENTIHOOKS-CONDITION_CLEAR", "mcp__hooks-utils__condition_set", "mcp__hooks_utils__condition_clear", "hooks-utils-condition_set"]) {
    test(`gated: ${name}`, () => expect(tool(name, {})).toBeString());
  }
  for (const name of ["mcp__agentihooks__condition_list", "mcp__agentihooks__condition_show", "agentihooks-condition_list", "mcp__agentihooks__enforcement_set"]) {
    test(`not gated: ${name}`, () => expect(tool(name, {})).toBeUndefined());
  }
});

describe("file tools", () => {
  const inside = [
    join(sb.repo, ".agentihooks/conditions/pre-bash-x.sh"),
    join(sb.repo, ".claude/conditions/pre-bash-x.sh"),
    join(sb.home, "conditions/pre-any-x.sh"),
    "~/.agentihooks/conditions/pre-any-x.sh",
    join(sb.repo, "src/../.agentihooks/conditions/x.sh"),
    ".claude/conditions/x.sh",
    join(sb.repo, ".Claude/Conditions/x.sh"),
  ];
  for (const p of inside) {
    test(`Write/Edit/MultiEdit on ${p}`, () => {
      expect(tool("Write", { file_path: p, content: "x" })).toBeString();
      expect(tool("Edit", { file_path: p, old_string: "a", new_string: "b" })).toBeString();
      expect(tool("MultiEdit", { file_path: p, edits: [] })).toBeString();
    });
  }
  test("NotebookEdit names notebook_path", () => expect(tool("NotebookEdit", { notebook_path: inside[0] })).toBeString());
  test("apply_patch lifted to Edit with file_paths: any path in the patch", () => {
    expect(tool("Edit", { file_path: join(sb.repo, "a.ts"), file_paths: [join(sb.repo, "a.ts"), inside[1]] }, "apply_patch")).toBeString();
  });
  test("an unknown writing tool naming a layer path is gated; readers are not", () => {
    expect(tool("mcp__fs__write_file", { path: inside[0] })).toBeString();
    expect(tool("Read", { file_path: inside[0] })).toBeUndefined();
    expect(tool("mcp__fs__read_file", { path: inside[0] })).toBeUndefined();
  });
  test("other paths are not gated", () => {
    expect(tool("Write", { file_path: join(sb.repo, "src/conditions/x.ts") })).toBeUndefined();
    expect(tool("Write", { file_path: join(sb.repo, ".claude/settings.json") })).toBeUndefined();
    expect(tool("Edit", { file_path: join(sb.repo, "conditions.md") })).toBeUndefined();
  });
  test("a symlink into a layer is resolved", () => {
    const layer = join(sb.repo, ".agentihooks", "conditions");
    mkdirSync(layer, { recursive: true });
    symlinkSync(layer, join(sb.repo, "innocent"));
    expect(tool("Write", { file_path: join(sb.repo, "innocent/pre-any-x.sh") })).toBeString();
    expect(tool("Write", { file_path: join(sb.repo, "innocent/new/deeper.sh") })).toBeString();
  });
});

describe("shell commands", () => {
  const denied = [
    "cat x > .agentihooks/conditions/y.sh",
    "echo hi >> .claude/conditions/pre-bash-x.sh",
    "echo x | tee .agentihooks/conditions/y.sh",
    "cp /tmp/x.sh .agentihooks/conditions/pre-bash-x.sh",
    "mv /tmp/x.sh ~/.agentihooks/conditions/",
    "sed -i 's/a/b/' .claude/conditions/pre-bash-x.sh",
    "rm .agentihooks/conditions/pre-bash-x.sh",
    "rm -rf .claude",
    "bash -c 'echo x > .agentihooks/conditions/y.sh'",
    "echo $(rm .claude/conditions/a.sh)",
    "cd .agentihooks/conditions && rm pre-bash-x.sh",
    "find .claude/conditions -name '*.sh' -delete",
    "find .agentihooks/conditions -exec chmod -x {} \\;",
    'D=.agentihooks/conditions; touch "$D/x.sh"',
    "python3 -c 'open(\".agentihooks/conditions/x.sh\",\"w\")'",
    "git checkout -- .agentihooks/conditions",
    "ln -s /tmp/evil.sh .claude/conditions/pre-any-evil.sh",
    "chmod +x .agentihooks/conditions/x.sh",
    `touch ${join(sb.home, "conditions")}/pre-any-x.sh`,
    "echo x > $AGENTIHOOKS_HOME/conditions/x.sh",
    "agentihooks conditions set --name x --file /tmp/x.sh",
    "agentihooks conditions clear x",
    "sed -n 'w /tmp/out' .claude/conditions/a.sh",
    "sort -o .claude/conditions/a.sh .claude/conditions/a.sh",
  ];
  for (const c of denied) test(`denied: ${c}`, () => expect(bash(c)).toBeString());
  test("any write inside a layer as cwd", () => {
    const layer = join(sb.repo, ".agentihooks", "conditions");
    mkdirSync(layer, { recursive: true });
    expect(bash("rm pre-bash-x.sh", layer)).toBeString();
    expect(bash("ls -la", layer)).toBeUndefined();
  });
  const allowed = [
    "ls .agentihooks/conditions",
    "cat .claude/conditions/pre-bash-x.sh",
    "grep -r kubectl .agentihooks/conditions",
    "find .claude/conditions -name '*.sh'",
    "head -5 .agentihooks/conditions/a.sh | wc -l",
    "git status .agentihooks/conditions",
    "git diff .claude/conditions",
    "git log -- .agentihooks/conditions",
    "git add .agentihooks/conditions && git commit -m 'add conditions' && git push",
    "ls .agentihooks/conditions 2>/dev/null",
    "cat .claude/conditions/a.sh 2>&1 | head",
    "agentihooks conditions list",
    "sed -n '1,5p' .claude/conditions/a.sh",
    "npm test",
    "echo hello > out.txt",
    "rm -rf node_modules",
    "mkdir -p .claude && echo '{}' > .claude/settings.json",
  ];
  for (const c of allowed) test(`allowed: ${c}`, () => expect(bash(c)).toBeUndefined());
});

describe("the gate's own state", () => {
  const gate = join(sb.home, "gates", "s.json");
  test("forging a gate file, the index cache or state.json is a write to conditions", () => {
    expect(tool("Write", { file_path: gate, content: "{}" })).toBeString();
    expect(tool("Write", { file_path: join(sb.home, "cache", "conditions-index.claude.0.json") })).toBeString();
    expect(tool("Edit", { file_path: join(sb.home, "state.json") })).toBeString();
    expect(tool("Write", { file_path: "~/.agentihooks/gates/s.json" })).toBeString();
    expect(bash(`echo '{"session_id":"s","armed_at":1}' > ${gate}`)).toBeString();
    expect(bash("echo {} > ~/.agentihooks/gates/s.json")).toBeString();
    expect(bash("rm -rf ~/.agentihooks/cache")).toBeString();
  });
  test("logs and Claude's own folders are not", () => {
    expect(tool("Write", { file_path: join(sb.home, "logs", "x.log") })).toBeUndefined();
    expect(bash("rm -rf ~/.claude/cache")).toBeUndefined();
    expect(bash("rm ~/.agentihooks/logs/hook.jsonl.1")).toBeUndefined();
    expect(bash(`cat ${gate}`)).toBeUndefined();
  });
});
