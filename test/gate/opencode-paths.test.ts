// The gate closed, through the compiled executable: OpenCode's plugin folders are a harness's hook
// registration (the plugin init writes is the whole registration: removing or replacing it turns every
// guard off, and a plugin added there runs before any tool call), at the user scope
// ($XDG_CONFIG_HOME/opencode or ~/.config/opencode) and in a repository's .opencode/. Reading them and
// the rest of OpenCode's folders stay open.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hook, type RunResult, run, sandbox } from "../helpers";

const sb = sandbox();
const { repo, userHome } = sb;
expect(run(["init", "--target", "opencode"], { env: sb.env, cwd: repo }).exitCode).toBe(0);
expect(run(["init", "--target", "opencode", "--scope", "project"], { env: sb.env, cwd: repo }).exitCode).toBe(0);
const userPlugin = join(userHome, ".config", "opencode", "plugins", "agentihooks.js");

const pre = (tool_name: string, tool_input: Record<string, unknown>) =>
  hook({ hook_event_name: "tool.execute.before", session_id: "closed", cwd: repo, tool_name, tool_input }, { env: sb.env, target: "opencode" });
const denied = (r: RunResult) => {
  expect(r.exitCode).toBe(2);
  // a plugin file is a hook registration; a folder that holds one is refused as a whole
  expect(r.stderr).toMatch(/a harness's hook registration|a folder that holds a condition layer or other protected files \(\.opencode\)/);
};
const allowed = (r: RunResult) => expect(`${r.exitCode} ${r.stdout}${r.stderr}`).toBe("0 ");

describe("opencode plugin folders, gate closed", () => {
  test.each([
    ["rm the user plugin", `rm ${userPlugin}`],
    ["rm it through ~", "rm ~/.config/opencode/plugins/agentihooks.js"],
    ["replace the project plugin", "echo 'export const X = async () => ({})' > .opencode/plugins/agentihooks.js"],
    ["add a plugin next to it", "cp /tmp/x.js .opencode/plugin/"],
    ["remove the project's .opencode as a whole", "rm -rf .opencode"],
  ])("bash: %s is denied", (_, command) => denied(pre("bash", { command, description: "d" })));

  test("write and edit of a plugin file are denied", () => {
    denied(pre("write", { filePath: ".opencode/plugins/other.js", content: "export const X = async () => ({})" }));
    denied(pre("edit", { filePath: userPlugin, oldString: "const EXE", newString: "const NOT" }));
  });

  test("reading the plugin and writing OpenCode's other files stay open", () => {
    allowed(pre("bash", { command: `cat ${userPlugin}`, description: "d" }));
    allowed(pre("read", { filePath: userPlugin }));
    allowed(pre("write", { filePath: ".opencode/agent/review.md", content: "# review\n" }));
  });
});
