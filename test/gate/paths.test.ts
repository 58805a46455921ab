// Everything that decides which conditions run, through the compiled executable, gate closed: shell
// lines and file tools that would change it are denied in every spelling found (quotes inside words,
// globs, `cd` in the line, variables, symlinks dangling or not, patches as Codex parses them), and
// ordinary work next to it is not. One table per class; each row is a real hook call.
import { describe, expect, test } from "bun:test";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, home, userHome } = sb;
const env = { ...sb.env, CODEX_HOME: join(userHome, ".codex") };
const layer = join(repo, ".agentihooks", "conditions");
writeFile(join(layer, "pre-bash-x.sh"), "#!/bin/sh\nexit 0\n", 0o755);
mkdirSync(join(repo, ".claude", "conditions"), { recursive: true });
mkdirSync(join(repo, "sub", "deeper"), { recursive: true });
mkdirSync(join(repo, "src"), { recursive: true });
mkdirSync(join(repo, "'")); // a folder named by a quote, for `$'\''/../x`
for (const d of ["gates", "cache", "builtin"]) mkdirSync(join(home, d), { recursive: true });
writeFileSync(join(home, "state.json"), "{}\n");
const OUR_HOOKS = { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: BIN, args: ["hook", "--target", "claude", "--event", "PreToolUse"] }] }] } };
writeFile(join(userHome, ".claude", "settings.json"), JSON.stringify({ theme: "dark", ...OUR_HOOKS }, null, 2));
writeFile(join(repo, ".claude", "settings.json"), JSON.stringify({ permissions: { allow: [] }, ...OUR_HOOKS }, null, 2));
writeFile(join(userHome, ".codex", "hooks.json"), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: `${BIN} hook --target codex` }] }] } }));
writeFile(join(userHome, ".codex", "config.toml"), 'model = "x"\n\n[hooks.state]\ntrusted = "abc"\n');
writeFile(join(userHome, ".copilot", "hooks", "agentihooks.json"), JSON.stringify({ version: 1, hooks: {} }));
const QWEN_HOOKS = { hooks: { PreToolUse: [{ hooks: [{ name: "agentihooks", type: "command", command: `${BIN} hook --target qwen --event PreToolUse` }] }] } };
writeFile(join(userHome, ".qwen", "settings.json"), JSON.stringify({ model: { name: "m" }, ...QWEN_HOOKS }, null, 2));
writeFile(join(repo, ".qwen", "settings.json"), JSON.stringify({ ...QWEN_HOOKS }, null, 2));
symlinkSync(layer, join(repo, "innocent"));
symlinkSync(join(layer, "pre-any-new.sh"), join(repo, "dangle")); // its target does not exist yet
symlinkSync(join(home, "gates", "forged.json"), join(repo, "dangle-gate"));
symlinkSync(join(repo, "dangle"), join(repo, "chain")); // a link to a dangling link
symlinkSync(join(userHome, ".claude"), join(repo, "dotclaude"));
linkSync(join(layer, "pre-bash-x.sh"), join(repo, "hardlink.sh")); // a hard link is the file itself

const pre = (tool: string, input: Record<string, unknown>, cwd = repo, extra: Record<string, unknown> = {}) =>
  hook({ session_id: "closed", cwd, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input, ...extra }, { env });
const bash = (command: string, cwd = repo) => pre("Bash", { command }, cwd);

function denied(r: RunResult) {
  expect(r.exitCode).toBe(2);
  expect(r.stdout + r.stderr).toContain("agentihooks:");
}
function allowed(r: RunResult) {
  expect(`${r.exitCode} ${r.stdout}${r.stderr}`).toBe("0 ");
}

/** Shell lines that change protected things: quotes, globs, cd, variables, symlinks, every kind of place. */
const SHELL_DENIED: Record<string, string[]> = {
  "quote removal": [
    "rm .agent''ihooks/conditions/pre-bash-x.sh",
    'rm ".agentihooks"/conditions/pre-bash-x.sh',
    "rm .agentih\\ooks/conditions/pre-bash-x.sh",
    "rm $'.agentihooks'/conditions/pre-bash-x.sh",
    "rm $'\\x2eagentihooks/conditions/pre-bash-x.sh'",
    "rm $'\\056agentihooks/con\\144itions/pre-bash-x.sh'",
    "echo x > \".claude/\"'conditions'/x.sh",
    "tee .agent\"\"ihooks/conditions/x.sh < /dev/null",
    'cp /tmp/x "$HOME/.agent"ihooks/conditions/',
    "mv /tmp/x .agent''ihooks/gate''s/s.json",
    "install -m755 /tmp/x --target-directory=.agent''ihooks/conditions",
    "cp /tmp/x --target-directory=.agentihooks/conditions",
  ],
  // each row's value checked against bash (printf '%s\\n' WORD in this layout): the comment is what bash makes of it
  "ANSI-C quoting, $'...'": [
    "cp /tmp/evil $'\\''/../.cl*/se*.json", // '/../.claude/settings.json: an escaped quote does not end it
    "cp /tmp/evil $'\\''*/../.claude/se*.json", // the same, through a glob
    "cp /tmp/evil $'\\''/../.{claude,x}/settings.json", // a brace list after it is still expanded
    "cp /tmp/evil $'\\x2e'claude/se*.json", // .claude/settings.json
    "rm $'\\056'agentihooks/cond*/pre-bash-x.sh",
    "rm $'.agent\\u0069hooks'/cond*/pre-bash-x.sh",
    "rm $'.agent\\U00000069hooks'/cond*/pre-bash-x.sh",
    "cp /tmp/evil $'.claude\\c@junk'/se*.json", // \c@ is NUL, which ends the quote's value: .claude/settings.json
    "cp /tmp/evil $'.claude\\0junk'/se*.json",
  ],
  globs: [
    "rm ~/.agent*/cond*/x",
    "rm .agent*/cond*/*",
    "rm .a?entihooks/conditions/*",
    "rm .[a]gentihooks/conditions/pre-bash-x.sh",
    "cp /tmp/evil .*/conditions/",
    "mv /tmp/x .{agentihooks,claude}/conditions/",
    "rm -rf .agenti*",
    "rm -rf .clau?e",
    `rm -rf ${home}/co*`,
    `rm -rf ${home}/g*`,
    `echo {} > ${home}/gates/*`,
    "rm .claude/cond?tions/x",
    "rm .agentihooks/@(conditions)/x",
    "rm -f in*/pre-bash-x.sh",
    "rm ~/.c?dex/hooks.json",
    "rm ~/.claude/setting*",
    "rm -rf ~/.copilot/h*",
    `cp /tmp/x ${join(home, "cac")}*/`,
  ],
  "cd within the line": [
    "cd .agentihooks && rm conditions/pre-bash-x.sh",
    "cd .agentihooks/conditions; rm pre-bash-x.sh",
    "cd sub && rm ../.agentihooks/conditions/pre-bash-x.sh",
    "cd sub/deeper && rm ../../.agentihooks/conditions/pre-bash-x.sh",
    "cd $HOME && echo {} > .claude/settings.json",
    "cd ~/.codex && echo {} > hooks.json",
    'cd "$X" && rm conditions/pre-bash-x.sh',
    "cd $(somewhere) && rm -rf gates",
    "pushd .agentihooks >/dev/null; rm conditions/pre-bash-x.sh",
    "cd - && rm conditions/x.sh",
    "(cd .agentihooks && rm conditions/pre-bash-x.sh)",
    `cd ${home} && rm -rf gates`,
    `cd ${home} && echo x > state.json`,
    "cd .agentihooks && cd conditions && touch pre-any-y.sh",
    "cd innocent && rm pre-bash-x.sh",
  ],
  "variables and substitutions": [
    'D=.agentihooks/conditions; touch "$D/x.sh"',
    "D=.agent''ihooks; touch $D/conditions/x",
    "export D=~/.agentihooks; rm -rf $D/gates",
    'for d in .agentihooks/conditions; do cp /tmp/evil "$d"; done',
    'for d in .agent\'\'ihooks/conditions; do cp /tmp/evil "$d"/x.sh; done',
    "echo x > $AGENTIHOOKS_HOME/conditions/x.sh",
    "echo x > ${AGENTIHOOKS_HOME}/gates/s.json",
    "rm -f $HOME/.claude/settings.json",
    'cp /tmp/x "$(git rev-parse --show-toplevel)/.agentihooks/conditions/"',
    'cp /tmp/x "$(pwd)/.agentihooks/conditions/"',
    'cp /tmp/x "$PWD/.claude/conditions/"',
    "echo x > $X/conditions/a.sh",
    'rm -rf "$X"',
    "rm -rf `echo ~/.agentihooks`",
    "echo x > ${X}/.agentihooks/gates/s.json",
    "cat /tmp/x > $CODEX_HOME/hooks.json",
  ],
  "symlinks, dangling or not": [
    "echo x > innocent/pre-bash-y.sh",
    "cp /tmp/evil innocent/",
    "echo x > dangle",
    "echo '{}' > dangle-gate",
    "echo x > chain",
    "rm -rf innocent/",
    "echo {} > dotclaude/settings.json",
    "echo x >> hardlink.sh",
    "echo x > innocent/../conditions/pre-any-evil.sh",
    "cp /tmp/x innocent/../gates/s.json",
    "rm -rf innocent/..",
  ],
  "the home's decision files": [
    `echo '{}' > ${home}/state.json`,
    `rm ${home}/trust.json`,
    `echo x > ${home}/cache/conditions-index.claude.0.json`,
    `rm -rf ${home}/builtin`,
    `rm -rf ${home}`,
    `mv ${home} /tmp/elsewhere`,
    `ln -sfn /tmp/evil ${home}/conditions`,
    "echo '{}' > ~/.agentihooks/gates/s.json",
    "rm -rf ~/.agentihooks/cache",
    `chmod -R 777 ${home}`,
  ],
  "harness hook registrations": [
    "echo '{}' > ~/.claude/settings.json",
    "sed -i /hooks/d ~/.claude/settings.json",
    "rm ~/.codex/hooks.json",
    "echo > ~/.codex/config.toml",
    "rm -rf ~/.copilot/hooks",
    "jq 'del(.hooks)' .claude/settings.json > t && mv t .claude/settings.json",
    "echo '{}' > .claude/settings.local.json",
    "rm -rf .github/hooks",
    "cp /tmp/x .codex/hooks.json",
    "python3 -c \"open('.claude/settings.json','w')\"",
    "rm -rf ~/.claude",
    "mv .claude .claude.bak",
    "echo '{}' > ~/.qwen/settings.json",
    "sed -i /hooks/d .qwen/settings.json",
    "rm -rf ~/.qwen",
    "echo > ~/.kimi-code/config.toml",
    "sed -i /hooks/d ~/.kimi-code/config.toml",
    "rm -rf ~/.kimi-code/plugins",
  ],
  "the executable and a layer repository's git": [
    `cp /tmp/evil ${BIN}`,
    `chmod 777 ${BIN}`,
    "echo x >> .git/config",
    "rm -rf .git",
    "git config remote.origin.url https://evil.example/x/y",
    "git remote add upstream https://evil.example/x/y",
    "git remote rename origin upstream",
    "git remote remove origin",
    "git remote rm origin",
    "git remote set-url origin https://github.com/someone/x",
    "git config --unset remote.origin.url",
    "git config unset remote.origin.url",
    "git config url.https://github.com/alice/.insteadOf https://evil.example/",
    "git config --edit",
    "git config --remove-section remote.origin",
    `cd /tmp && git -C ${repo} remote remove origin`,
    "git clean -fdx",
    'cd "$X" && git remote remove origin',
  ],
  "making, filling or replacing a folder that holds protected things": [
    "mv /tmp/evil .agentihooks",
    "cp -r /tmp/evil/. .agentihooks/",
    "rsync -a /tmp/evil/ .agentihooks/",
    "tar -xf /tmp/evil.tar -C .agentihooks",
    "unzip /tmp/evil.zip -d .claude",
    "mkdir .agentihooks",
    "cp -r /tmp/x/. ~/.codex",
    "cp /tmp/evil .agent*",
    "mv /tmp/evil ./.claude/",
  ],
  "paths inside an option or a key=value operand": [
    "dd if=/tmp/x of=innocent/y",
    "dd of=.agent''ihooks/conditions/x",
    "sort -oinnocent/y /tmp/x",
    "cp --target-directory=innocent /tmp/x",
  ],
  "CDPATH and /proc": [
    "CDPATH=.agentihooks cd conditions && rm pre-bash-x.sh",
    "echo x > /proc/self/cwd/.agentihooks/conditions/x.sh",
    "echo x > /proc/self/cwd/innocent/y",
    "cp /tmp/x /proc/1/cwd/anything",
    "cp /tmp/x /proc/self/root" + join(home, "conditions", "x.sh"),
  ],
  "patches run from the shell": [
    "apply_patch <<'EOF'\n*** Begin Patch\n   *** Add File: .agentihooks/conditions/x.sh\n+x\n*** End Patch\nEOF",
    "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: innocent/pre-bash-x.sh\n@@\n-a\n+b\n*** End Patch\nEOF",
  ],
};

/** Ordinary work next to protected things: reads, and writes elsewhere. */
const SHELL_ALLOWED = [
  "ls .agentihooks/conditions",
  "cat .claude/conditions/x.sh",
  "grep -rn kubectl .agentihooks/conditions",
  "git status",
  "git diff .agentihooks/conditions",
  "git log -- .claude/conditions",
  "git add .agentihooks/conditions && git commit -m 'conditions'",
  "cat ~/.claude/settings.json",
  "jq .hooks ~/.claude/settings.json",
  "ls -la innocent/",
  "echo hello > out.txt",
  "rm -rf node_modules",
  "cd sub && rm -rf build",
  'for f in src/*.ts; do sed -i s/a/b/ "$f"; done',
  "echo x > $OUT/report.txt",
  'cp a.txt "$DEST/"',
  "rm -rf sub/*",
  "mkdir -p build && cp a build/",
  "git remote -v",
  "git config --get remote.origin.url",
  "git config user.name me",
  "cd $(mktemp -d) && echo x > f.txt",
  "agentihooks conditions list",
  "agentihooks --version",
  "agentihooks programs 'git push'",
  `${BIN} conditions show pre-bash-x.sh`,
  "git init /tmp/newrepo",
  "echo x > .claude/notes.md",
  "rm -rf ~/.claude/cache",
  `rm ${home}/logs/hook.jsonl.1`,
  `cat ${home}/gates/s.json`,
  "cd sub && ls",
  "npm test",
  "make build",
  "cd $X && make",
  "mkdir -p .github/workflows",
  "cp notes.txt ~/",
  "ls .claude",
  "cat /proc/self/status",
  "dd if=/dev/zero of=/tmp/blob bs=1k count=1",
  "sort -o/tmp/sorted input.txt",
  "cp /tmp/x $'notes\\x2etxt'*",
  "echo x > $'out\\'s'*.txt",
  "cp /tmp/x $'\\''/notes.md",
];

describe("shell lines, gate closed", () => {
  for (const [klass, rows] of Object.entries(SHELL_DENIED)) {
    describe(`denied: ${klass}`, () => {
      for (const c of rows) test(c, () => denied(bash(c)));
    });
  }
  describe("allowed", () => {
    for (const c of SHELL_ALLOWED) test(c, () => allowed(bash(c)));
  });
  test("inside a layer, only reading passes", () => {
    denied(bash("rm pre-bash-x.sh", layer));
    denied(bash("touch new.sh", join(repo, "innocent")));
    allowed(bash("ls -la", layer));
  });
});

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch", ""].join("\n");

/** File tools (as each harness spells them) on protected paths. */
const FILE_DENIED: [string, string, Record<string, unknown>][] = [
  ["claude", "Write", { file_path: join(layer, "pre-bash-y.sh"), content: "x" }],
  ["claude", "Write", { file_path: join(repo, "src", "..", ".agentihooks", "conditions", "y.sh"), content: "x" }],
  ["claude", "Write", { file_path: "~/.agentihooks/conditions/y.sh", content: "x" }],
  ["claude", "Write", { file_path: join(repo, ".Claude", "Conditions", "y.sh"), content: "x" }],
  ["claude", "Edit", { file_path: join(layer, "pre-bash-x.sh"), old_string: "exit 0", new_string: "exit 1" }],
  ["claude", "MultiEdit", { file_path: join(layer, "pre-bash-x.sh"), edits: [{ old_string: "0", new_string: "1" }] }],
  ["claude", "NotebookEdit", { notebook_path: join(home, "conditions", "x.ipynb"), new_source: "x" }],
  ["claude", "Write", { file_path: join(repo, "innocent", "y.sh"), content: "x" }],
  ["claude", "Write", { file_path: join(repo, "dangle"), content: "x" }],
  ["claude", "Write", { file_path: join(repo, "chain"), content: "x" }],
  ["claude", "Write", { file_path: join(repo, "dangle-gate"), content: "{}" }],
  ["claude", "Write", { file_path: join(repo, "hardlink.sh"), content: "x" }],
  ["claude", "Write", { file_path: `${repo}/innocent/../conditions/pre-any-evil.sh`, content: "x" }],
  ["codex", "apply_patch", { command: patch("*** Add File: innocent/../conditions/pre-any-evil.sh", "+x") }],
  ["claude", "Write", { file_path: join(home, "gates", "closed.json"), content: "{}" }],
  ["claude", "Write", { file_path: join(home, "cache", "conditions-index.claude.0.json"), content: "{}" }],
  ["claude", "Edit", { file_path: join(home, "state.json"), old_string: "{}", new_string: '{"bundle":{"path":"/tmp"}}' }],
  ["claude", "Write", { file_path: join(home, "trust.json"), content: "{}" }],
  ["claude", "Write", { file_path: join(home, "builtin", "x", "y.sh"), content: "x" }],
  ["claude", "Write", { file_path: BIN, content: "x" }],
  ["claude", "Write", { file_path: join(repo, ".git", "config"), content: "[core]\n" }],
  ["claude", "Write", { file_path: join(repo, "a\0b"), content: "x" }],
  // harness configs: a change to what decides which hooks run
  ["claude", "Write", { file_path: join(userHome, ".claude", "settings.json"), content: '{"theme":"dark"}' }],
  ["claude", "Edit", { file_path: join(userHome, ".claude", "settings.json"), old_string: '"hooks": {', new_string: '"disabled": {' }],
  ["claude", "Edit", { file_path: join(repo, ".claude", "settings.json"), old_string: '"permissions"', new_string: '"disableAllHooks": true, "permissions"' }],
  ["claude", "Edit", { file_path: join(repo, ".claude", "settings.json"), old_string: '"permissions"', new_string: '"env": {"CONDITIONS_ENABLED": "false"}, "permissions"' }],
  ["claude", "Write", { file_path: join(repo, ".claude", "settings.local.json"), content: '{"hooks":{"PreToolUse":[]}}' }],
  ["claude", "Write", { file_path: join(userHome, ".codex", "hooks.json"), content: "{}" }],
  ["claude", "Edit", { file_path: join(userHome, ".codex", "config.toml"), old_string: 'trusted = "abc"', new_string: 'trusted = "zzz"' }],
  ["claude", "Write", { file_path: join(userHome, ".copilot", "hooks", "agentihooks.json"), content: "{}" }],
  ["claude", "Write", { file_path: join(repo, ".github", "hooks", "x.json"), content: '{"hooks":{"preToolUse":[]}}' }],
  ["claude", "Write", { file_path: join(repo, "dotclaude", "settings.json"), content: "{}" }],
  // Qwen Code's settings.json: its hooks, disableAllHooks, the hooks' env (user and project)
  ["qwen", "write_file", { file_path: join(userHome, ".qwen", "settings.json"), content: '{"model":{"name":"m"}}' }],
  ["qwen", "edit", { file_path: join(userHome, ".qwen", "settings.json"), old_string: '"model"', new_string: '"disableAllHooks": true, "model"' }],
  ["qwen", "edit", { file_path: join(repo, ".qwen", "settings.json"), old_string: '"hooks": {', new_string: '"env": {"CONDITIONS_ENABLED": "false"}, "hooks": {' }],
  ["qwen", "write_file", { file_path: join(repo, "sub", ".qwen", "settings.json"), content: '{"hooks":{}}' }],
  // Kimi Code's config.toml ([[hooks]] tables), by its own tool names and `path`
  ["kimi", "Write", { path: join(userHome, ".kimi-code", "config.toml"), content: "" }],
  ["kimi", "Edit", { path: join(userHome, ".kimi-code", "config.toml"), old_string: "[[hooks]]", new_string: "[[nohooks]]" }],
  // Codex's apply_patch, as Codex parses it: headers trimmed, Move to, CRLF, several files
  ["codex", "apply_patch", { command: patch("*** Add File: .agentihooks/conditions/y.sh", "+x") }],
  ["codex", "apply_patch", { command: patch("   *** Add File: .agentihooks/conditions/y.sh", "+x") }],
  ["codex", "apply_patch", { command: patch("\t*** Add File: .claude/conditions/y.sh", "+x") }],
  ["codex", "apply_patch", { command: patch("*** Update File: src/a.ts", "@@", "-a", "+b", "  *** Add File: .agentihooks/conditions/z.sh", "+x") }],
  ["codex", "apply_patch", { command: patch("*** Update File: src/a.ts", "*** Move to: .agentihooks/conditions/a.sh", "@@", "-a", "+b") }],
  ["codex", "apply_patch", { command: patch("*** Add File: innocent/y.sh", "+x").replace(/\n/g, "\r\n") }],
  ["codex", "apply_patch", { command: patch("*** Delete File: dangle") }],
  ["codex", "apply_patch", { command: patch(`*** Add File: ${join(home, "gates", "closed.json")}`, "+{}") }],
  ["codex", "apply_patch", { command: patch("*** Update File: .claude/settings.json", "@@", '-  "hooks": {', '+  "nohooks": {') }],
  ["codex", "apply_patch", { command: `<<'EOF'\n${patch("*** Add File: .agentihooks/conditions/y.sh", "+x")}EOF\n` }],
  ["copilot", "create", { path: join(layer, "y.sh"), file_text: "x" }],
  ["copilot", "edit", { path: join(layer, "pre-bash-x.sh"), old_str: "0", new_str: "1" }],
  ["copilot", "str_replace_editor", { command: "create", path: join(repo, "innocent", "y.sh"), file_text: "x" }],
  ["copilot", "apply_patch", patch("  *** Add File: .agentihooks/conditions/y.sh", "+x") as unknown as Record<string, unknown>],
  ["copilot", "create", { path: join(userHome, ".claude", "settings.json"), file_text: "{}" }],
];

const FILE_ALLOWED: [string, string, Record<string, unknown>][] = [
  ["claude", "Write", { file_path: join(repo, "notes.md"), content: "x" }],
  ["claude", "Write", { file_path: join(repo, "src", "conditions", "x.ts"), content: "x" }],
  ["claude", "Edit", { file_path: join(repo, "conditions.md"), old_string: "a", new_string: "b" }],
  ["claude", "Read", { file_path: join(layer, "pre-bash-x.sh") }],
  ["claude", "Write", { file_path: join(userHome, ".claude", "CLAUDE.md"), content: "x" }],
  ["claude", "Write", { file_path: join(home, "logs", "x.log"), content: "x" }],
  // harness configs, hook registrations untouched
  ["claude", "Edit", { file_path: join(userHome, ".claude", "settings.json"), old_string: '"theme": "dark"', new_string: '"theme": "light"' }],
  ["claude", "Edit", { file_path: join(repo, ".claude", "settings.json"), old_string: '"allow": []', new_string: '"allow": ["Bash(npm test)"]' }],
  ["claude", "Write", { file_path: join(repo, ".claude", "settings.local.json"), content: '{"permissions":{"allow":[]}}' }],
  ["claude", "Edit", { file_path: join(userHome, ".codex", "config.toml"), old_string: 'model = "x"', new_string: 'model = "y"' }],
  ["codex", "apply_patch", { command: patch("*** Add File: src/new.ts", "+x") }],
  ["codex", "apply_patch", { command: patch("*** Add File: notes/conditions.md", "+x") }],
  ["copilot", "create", { path: join(repo, "notes.md"), file_text: "x" }],
  ["copilot", "view", { path: join(layer, "pre-bash-x.sh") }],
  // Qwen's settings.json, hook registrations untouched
  ["qwen", "edit", { file_path: join(userHome, ".qwen", "settings.json"), old_string: '"name": "m"', new_string: '"name": "qwen3-coder-plus"' }],
  ["qwen", "write_file", { file_path: join(userHome, ".qwen", "QWEN.md"), content: "x" }],
];

function fileCall(h: string, tool: string, input: Record<string, unknown>): RunResult {
  if (h === "copilot") return hook({ sessionId: "closed", timestamp: 1, cwd: repo, toolName: tool, toolArgs: input }, { env, event: "preToolUse" });
  if (h === "qwen") return hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input }, { env, target: "qwen", event: "PreToolUse" });
  if (h === "kimi") return hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", client_type: "cli", tool_name: tool, tool_input: input, tool_call_id: "c" }, { env });
  const p = { session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input };
  return hook(h === "codex" ? { ...p, turn_id: "t", transcript_path: null } : p, { env });
}

describe("file tools, gate closed", () => {
  FILE_DENIED.forEach(([h, tool, input], i) => test(`denied ${i}: ${h} ${tool} ${JSON.stringify(input).slice(0, 110)}`, () => denied(fileCall(h, tool, input))));
  FILE_ALLOWED.forEach(([h, tool, input], i) => test(`allowed ${i}: ${h} ${tool} ${JSON.stringify(input).slice(0, 110)}`, () => allowed(fileCall(h, tool, input))));
});

describe("a home whose own entries are symlinks", () => {
  test("writing where a symlinked entry leads is writing the entry", () => {
    const s = sandbox();
    const elsewhere = join(s.root, "elsewhere-gates");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(s.home, "gates"));
    const write = (file_path: string) => hook({ session_id: "closed", cwd: s.repo, hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path, content: "{}" } }, { env: s.env });
    denied(write(join(elsewhere, "closed.json")));
    denied(hook({ session_id: "closed", cwd: s.repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: `echo {} > ${join(elsewhere, "x.json")}` } }, { env: s.env }));
    allowed(write(join(s.root, "notes.md")));
  });
});
