// Factory Droid's own files, through the compiled executable with the gate closed: its hook files
// (hooks.json, the legacy hooks/ folder, the `hooks` of settings.json), MCP servers and plugins, in the
// user folder ($FACTORY_HOME_OVERRIDE too) and the project, and the scripts its hooks name. A Droid
// call (Execute, Create, Edit) is judged after normalization, as Droid sends it. Ordinary settings
// (the model, a theme) stay writable.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, userHome } = sb;
const other = join(sb.root, "factory-home");
const env = { ...sb.env, FACTORY_HOME_OVERRIDE: other };
const script = join(userHome, "bin", "format.sh");
writeFile(script, "#!/bin/sh\n", 0o755);
const settings = join(repo, ".factory", "settings.json");
writeFile(settings, JSON.stringify({ model: "x", theme: "dark" }, null, 2));
writeFile(join(repo, ".factory", "hooks.json"), JSON.stringify({ PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: `${script} --all` }] }] }));

const call = (tool_name: string, tool_input: Record<string, unknown>, e = sb.env) =>
  hook({ session_id: "closed", cwd: repo, permission_mode: "auto-low", hook_event_name: "PreToolUse", tool_name, tool_input }, { env: e, target: "droid" });
const execute = (command: string, e = sb.env) => call("Execute", { command, summary: "Change a file here" }, e);

function denied(r: RunResult) {
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toContain("agentihooks:");
}
function allowed(r: RunResult) {
  expect(`${r.exitCode} ${r.stdout}${r.stderr}`).toBe("0 ");
}

describe("droid's files, gate closed", () => {
  const DENIED: [string, () => RunResult][] = [
    ["~/.factory/hooks.json by Execute", () => execute("echo '{}' > ~/.factory/hooks.json")],
    [".factory/hooks.json by Create", () => call("Create", { file_path: join(repo, ".factory", "hooks.json"), content: "{}" })],
    ["the legacy .factory/hooks/hooks.json", () => execute("mkdir -p .factory/hooks && echo '{}' > .factory/hooks/hooks.json")],
    ["hooks added to .factory/settings.json by Edit", () => call("Edit", { file_path: settings, old_str: '"theme": "dark"', new_str: '"theme": "dark", "hooks": {"hooksDisabled": true}' })],
    ["~/.factory/settings.local.json", () => execute("echo '{}' > ~/.factory/settings.local.json")],
    ["Droid's MCP servers", () => execute("echo '{}' > ~/.factory/mcp.json")],
    ["a plugin", () => execute("mkdir -p ~/.factory/plugins/p && echo x > ~/.factory/plugins/p/hooks.json")],
    ["the whole .factory folder", () => execute("rm -rf .factory")],
    ["a script a Droid hook names", () => execute(`echo evil > ${script}`)],
    ["hooks.json under FACTORY_HOME_OVERRIDE", () => execute(`echo '{}' > ${join(other, ".factory", "hooks.json")}`, env)],
  ];
  const ALLOWED: [string, () => RunResult][] = [
    ["the model in .factory/settings.json", () => call("Edit", { file_path: settings, old_str: '"model": "x"', new_str: '"model": "y"' })],
    ["reading hooks.json", () => execute("cat .factory/hooks.json")],
    ["a file beside .factory", () => execute("echo ok > notes.md")],
  ];
  for (const [what, run] of DENIED) test(`denied: ${what}`, () => denied(run()));
  for (const [what, run] of ALLOWED) test(`allowed: ${what}`, () => allowed(run()));
});
