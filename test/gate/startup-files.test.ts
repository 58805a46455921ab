// Codex runs each hook as a command line through the user's shell and has no exec form: the files that
// shell reads first (zsh's .zshenv even for `-c`, the profiles under `-lc`, fish's config) could end a
// hook before it answers. The gate protects them, in every spelling the other protected files have.
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, userHome } = sb;
const zdot = join(sb.root, "zdot");
const bashEnv = join(sb.root, "bashenv.sh");
const env = { ...sb.env, ZDOTDIR: zdot, BASH_ENV: bashEnv };
writeFile(join(sb.root, "dotfiles", "zshenv"), "export A=1\n");
symlinkSync(join(sb.root, "dotfiles", "zshenv"), join(userHome, ".zshenv")); // a dotfiles checkout, linked
writeFile(join(userHome, ".bashrc"), "alias ll='ls -l'\n");
mkdirSync(join(userHome, ".config", "fish", "conf.d"), { recursive: true });

const pre = (tool: string, input: Record<string, unknown>) =>
  hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input }, { env });
const bash = (command: string) => pre("Bash", { command });

function denied(r: RunResult) {
  expect(r.exitCode).toBe(2);
  expect(r.stdout + r.stderr).toContain("a shell startup file (read before Codex runs a hook)");
}

describe("shell startup files are protected", () => {
  for (const line of [
    "echo 'exit 0' >> ~/.zshenv",
    "echo 'exit 0' > $HOME/.bash_profile",
    "cp /tmp/x ~/.profile",
    "sed -i 1d ~/.bashrc",
    "rm ~/.bash_login",
    "echo exit > ~/.zprofile",
    "echo exit > ~/.zlogin",
    `echo exit > ${zdot}/.zshenv`,
    `echo exit > ${bashEnv}`,
    "echo exit > ~/.config/fish/config.fish",
    "echo exit > ~/.config/fish/conf.d/a.fish",
    `echo exit > ${join(sb.root, "dotfiles", "zshenv")}`,
    "cd ~ && echo exit >> .zsh''env",
  ]) {
    test(`denied: ${line}`, () => denied(bash(line)));
  }
  test("denied: a file tool writing ~/.zshenv or ~/.bash_profile", () => {
    denied(pre("Write", { file_path: join(userHome, ".zshenv"), content: "exit 0\n" }));
    denied(pre("Edit", { file_path: join(userHome, ".bashrc"), old_string: "ll", new_string: "l" }));
    denied(pre("Write", { file_path: join(userHome, ".bash_profile"), content: "exit 0\n" }));
  });
  for (const line of ["cat ~/.zshenv ~/.bashrc", "echo x > ~/notes.profile.txt", "grep alias ~/.bashrc", "echo x > .profile.d/x"]) {
    test(`allowed: ${line}`, () => {
      const r = bash(line);
      expect(`${r.exitCode} ${r.stdout}${r.stderr}`).toBe("0 ");
    });
  }
});

describe("the plugin's pinned executable is protected", () => {
  for (const line of ["echo /tmp/fake > ~/.agentihooks/executable-path", `echo /tmp/fake > ${sb.home}/executable-path`]) {
    test(`denied: ${line}`, () => {
      const r = bash(line);
      expect(r.exitCode).toBe(2);
      expect(r.stdout + r.stderr).toContain("the plugin's pinned executable");
    });
  }
});
