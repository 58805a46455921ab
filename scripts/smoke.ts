// A hook call against an installed executable, wherever it came from (a release file, an npm
// install, a plugin): one condition that denies `git push`, one payload that must be denied and one
// that must pass. Shared by the release check and the install tests.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DENY_SH = '#!/bin/sh\ngrep -q "git push" || exit 0\necho "no pushes from the smoke test" >&2\nexit 2\n';
// A TypeScript condition runs on the executable's own Bun: this proves the embedded runtime works.
const DENY_TS = 'const p = JSON.parse(await Bun.stdin.text());\nif (/--force/.test(p.tool_input.command)) { console.error("no force from the smoke test"); process.exit(2); }\n';

/** A Claude PreToolUse Bash payload. */
export const claudeBashPayload = (command: string, cwd: string) =>
  JSON.stringify({ session_id: "smoke", transcript_path: "", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_smoke" });

export interface SmokeOptions {
  /** Also run a TypeScript condition (needs the executable to be able to start itself: not under qemu). */
  typescript?: boolean;
  env?: Record<string, string>;
}

/** Runs hook calls through `command` (the executable, or qemu and the executable); returns the problems. */
export function smokeHook(command: string[], opts: SmokeOptions = {}): string[] {
  const root = mkdtempSync(join(tmpdir(), "ah-smoke-"));
  try {
    const home = join(root, "ahome");
    mkdirSync(join(home, "conditions"), { recursive: true, mode: 0o700 });
    const put = (file: string, body: string) => {
      writeFileSync(join(home, "conditions", file), body);
      chmodSync(join(home, "conditions", file), 0o755);
    };
    put("pre-bash.git-no_push.sh", DENY_SH);
    if (opts.typescript) put("pre-bash.git-no_force.ts", DENY_TS);
    const env = { PATH: "/usr/bin:/bin", HOME: root, AGENTIHOOKS_HOME: home, ...opts.env };
    const call = (cmd: string) =>
      Bun.spawnSync([...command, "hook", "--target", "claude", "--event", "PreToolUse"], { env, stdin: new Blob([claudeBashPayload(cmd, root)]), stdout: "pipe", stderr: "pipe" });
    const problems: string[] = [];
    const pass = call("git status");
    if (pass.exitCode !== 0) problems.push(`"git status" exited ${pass.exitCode}: ${pass.stderr.toString().trim()}`);
    const deny = call("git push origin feature");
    if (deny.exitCode !== 2 || !deny.stdout.toString().includes('"permissionDecision":"deny"') || !deny.stdout.toString().includes("no pushes from the smoke test")) {
      problems.push(`"git push" was not denied (exit ${deny.exitCode}): ${deny.stdout.toString().trim()} ${deny.stderr.toString().trim()}`);
    }
    if (opts.typescript) {
      const force = call("git push --force");
      if (force.exitCode !== 2 || !force.stdout.toString().includes("no force from the smoke test")) problems.push(`the TypeScript condition did not deny (exit ${force.exitCode}): ${force.stdout.toString().trim()}`);
    }
    return problems;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
