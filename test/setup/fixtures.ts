// Shared pieces of the setup tests: harness config paths in a sandbox, a snapshot of every file under
// a folder (to prove byte-identity), and replaying a hook through the command a config registers.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN, type Sandbox } from "../helpers";

export const paths = (sb: Sandbox) => ({
  claude: join(sb.userHome, ".claude", "settings.json"),
  codex: join(sb.userHome, ".codex", "hooks.json"),
  copilot: join(sb.userHome, ".copilot", "hooks", "agentihooks.json"),
});

export const projectPaths = (sb: Sandbox) => ({
  claude: join(sb.repo, ".claude", "settings.json"),
  codex: join(sb.repo, ".codex", "hooks.json"),
  copilot: join(sb.repo, ".github", "hooks", "agentihooks.json"),
});

/** Returns path -> bytes for every file under `dir` (sorted), for before/after comparisons. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[p] = readFileSync(p, "latin1");
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

export const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

export interface Replay {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function spawn(argv: string[], stdin: string, env: Record<string, string>, cwd: string): Replay {
  const p = Bun.spawnSync(argv, { env, cwd, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** Claude: the PreToolUse handler's exec form, command + args, no shell. */
export function replayClaude(settings: any, command: string, sb: Sandbox): Replay {
  const h = settings.hooks.PreToolUse.flatMap((g: any) => g.hooks).find((x: any) => x.command === BIN);
  const payload = { session_id: "s", transcript_path: "", cwd: sb.repo, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" };
  return spawn([h.command, ...h.args], JSON.stringify(payload), sb.env, sb.repo);
}

/** Codex: the command string through a login shell, as Codex runs it (`$SHELL -lc`). */
export function replayCodex(hooks: any, command: string, sb: Sandbox): Replay {
  const h = hooks.hooks.PreToolUse.flatMap((g: any) => g.hooks).find((x: any) => String(x.command).includes(" hook "));
  const payload = { session_id: "s", turn_id: "turn-1", transcript_path: null, cwd: sb.repo, hook_event_name: "PreToolUse", model: "gpt-5.5", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_use_id: "c1" };
  return spawn(["bash", "-lc", h.command], JSON.stringify(payload), sb.env, sb.repo);
}

/** Copilot: exec + args when present, else the bash command; camelCase payload without an event name. */
export function replayCopilot(file: any, command: string, sb: Sandbox): Replay {
  const h = file.hooks.preToolUse.find((x: any) => String(x.exec ?? x.bash).includes("agentihooks"));
  const payload = { sessionId: "s", timestamp: 1788547866483, cwd: sb.repo, toolName: "bash", toolArgs: { command, description: "d", mode: "sync", initial_wait: 30 } };
  const argv = h.exec ? [h.exec, ...h.args] : ["bash", "-c", h.bash];
  return spawn(argv, JSON.stringify(payload), sb.env, sb.repo);
}

/** A Claude settings.json that already holds hooks, permissions and env of its own (4-space indent). */
export const CLAUDE_EXISTING = `{
    "permissions": {
        "allow": ["Bash(npm test)", "Read(*)"],
        "deny": ["Bash(rm -rf /)"]
    },
    "env": { "SECRET_TOKEN": "abc" },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "/usr/local/bin/credential-guard.sh", "timeout": 5 } ] }
        ],
        "Stop": []
    },
    "model": "opus"
}
`;

export const CODEX_EXISTING = `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "^Bash$",
        "hooks": [{ "type": "command", "command": "python3 ~/.codex/log.py", "timeout": 10 }]
      }
    ]
  }
}`;

export const COPILOT_EXISTING = `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./audit.sh","timeoutSec":5}]}}
`;
