// docs/install.md's install and uninstall, step by step, on a fresh home where Claude Code, Codex and
// Copilot are installed (their config folders exist): install the executable in ~/.local/bin, init,
// a guarded call, uninit, remove the executable, remove ~/.agentihooks. What is left must be the home
// the person had, plus the ~/.local/bin they made for it (shared with other programs, so it stays).
import { expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, RUN_ROOT, tempDir } from "../helpers";

/** Returns every path under `dir` (folders end in /) with its mode and, for files, its bytes. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = lstatSync(p);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isDirectory()) {
        out[`${rel}${name}/`] = mode;
        walk(p, `${rel}${name}/`);
      } else out[`${rel}${name}`] = `${mode} ${readFileSync(p, "latin1")}`;
    }
  };
  walk(dir, "");
  return out;
}

test("install, init, uninit, uninstall: the home is as it was, ~/.local/bin aside", () => {
  const home = tempDir("ah-fresh-home-");
  writeFileSync(join(home, ".bashrc"), "export EDITOR=vi\n");
  mkdirSync(join(home, ".claude"), { mode: 0o700 });
  writeFileSync(join(home, ".claude", "settings.json"), '{\n  "model": "opus",\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n');
  writeFileSync(join(home, ".claude.json"), '{"numStartups": 12, "mcpServers": {"db": {"command": "db-mcp"}}}');
  mkdirSync(join(home, ".codex"), { mode: 0o700 });
  writeFileSync(join(home, ".codex", "config.toml"), 'model = "o3"\r\n\r\n[projects."/work"]\r\ntrust_level = "trusted"\r\n');
  mkdirSync(join(home, ".copilot"), { mode: 0o700 }); // installed, never configured
  mkdirSync(join(home, ".gemini"), { mode: 0o700 });
  writeFileSync(join(home, ".gemini", "settings.json"), '{\n  "general": { "vimMode": true }\n}\n');
  mkdirSync(join(home, ".config", "opencode"), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, ".config", "opencode", "opencode.json"), '{\n  "$schema": "https://opencode.ai/config.json",\n  "theme": "dark"\n}\n');
  mkdirSync(join(home, ".factory"), { mode: 0o700 }); // Factory Droid installed, never configured
  mkdirSync(join(home, ".cline"), { mode: 0o700 }); // Cline installed, never configured
  mkdirSync(join(home, ".qwen"), { mode: 0o700 });
  mkdirSync(join(home, ".kimi-code"), { mode: 0o700 }); // Kimi Code installed, never configured
  writeFileSync(join(home, ".qwen", "settings.json"), '{\n  "model": { "name": "qwen3-coder-plus" }\n}\n');
  const before = tree(home);

  const localBin = join(home, ".local", "bin");
  const env = { HOME: home, PATH: `${localBin}:/usr/bin:/bin`, TMPDIR: RUN_ROOT, NO_COLOR: "1" };
  const sh = (line: string) => {
    const p = Bun.spawnSync(["bash", "-c", line], { env, cwd: home, stdout: "pipe", stderr: "pipe" });
    return { exitCode: p.exitCode, out: p.stdout.toString() + p.stderr.toString() };
  };

  // Install (docs/install.md, a release executable).
  mkdirSync(localBin, { recursive: true });
  copyFileSync(BIN, join(localBin, "agentihooks"));
  chmodSync(join(localBin, "agentihooks"), 0o755);
  const init = sh("agentihooks init");
  expect(init.out).not.toContain("skipped");
  expect(init.exitCode).toBe(0);
  for (const f of [".claude/settings.json", ".codex/hooks.json", ".copilot/hooks/agentihooks.json", ".copilot/mcp-config.json", ".config/opencode/plugins/agentihooks.js"]) expect(existsSync(join(home, f))).toBe(true);

  // The guard works through what init registered: Claude's command denies a force push.
  const claude = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8")).hooks.PreToolUse[0].hooks[0];
  const payload = { session_id: "s", cwd: home, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push --force" }, tool_use_id: "t" };
  const denied = Bun.spawnSync([claude.command, ...claude.args], { env, cwd: home, stdin: new Blob([JSON.stringify(payload)]), stderr: "pipe" });
  expect(denied.exitCode).toBe(2);

  // Uninstall: uninit first (while the executable is there), then the executable, then the home.
  const uninit = sh("agentihooks uninit");
  expect(uninit.exitCode).toBe(0);
  expect(uninit.out).not.toContain("kept the backup");
  expect(sh("agentihooks backups").out.trim()).toStartWith("no backups");
  rmSync(join(localBin, "agentihooks"));
  // What is left outside the home agentihooks keeps its conditions and state in: nothing new.
  const left = Object.keys(tree(home)).filter((p) => !(p in before));
  expect(left.filter((p) => !p.startsWith(".agentihooks/"))).toEqual([".local/", ".local/bin/"]);
  expect(left).toContain(".agentihooks/state.json");
  rmSync(join(home, ".agentihooks"), { recursive: true });

  const after = tree(home);
  expect(after[".local/"]).toBeDefined();
  expect(readdirSync(localBin)).toEqual([]);
  delete after[".local/"];
  delete after[".local/bin/"];
  expect(after).toEqual(before);
  expect(statSync(home).isDirectory()).toBe(true);
});
