// Which Claude Code is installed, and what its version lets `init` register: `PreSkillShellCommand`
// (2.1.332: a skill's or slash command's embedded shell line, which never passes through PreToolUse)
// and `"onFailure": "block"` on the guard events (2.1.295: a missing or crashing executable then
// refuses the call instead of letting it through). Read from `claude --version` of the claude the
// person named (`--claude PATH`) or the one on PATH; a version that cannot be read registers neither.
import type { SetupContext } from "./harness-setup";
import { onPath } from "./installed";

export const SKILL_SHELL_SINCE = "2.1.332";
export const ON_FAILURE_SINCE = "2.1.295";

/** What was read: the version, or why there is none; `path` is the claude asked. */
export interface ClaudeVersion {
  path?: string;
  version?: string;
  why?: string;
}

/** What the installed Claude Code supports. */
export interface ClaudeFeatures {
  skillShell: boolean;
  onFailure: boolean;
}

/** Returns -1, 0 or 1 comparing two dotted numeric versions (missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Returns what a version supports; an unknown version supports neither. */
export function claudeFeatures(version: string | undefined): ClaudeFeatures {
  if (!version) return { skillShell: false, onFailure: false };
  return { skillShell: compareVersions(version, SKILL_SHELL_SINCE) >= 0, onFailure: compareVersions(version, ON_FAILURE_SINCE) >= 0 };
}

const read = new Map<string, ClaudeVersion>();

/** Returns the version of the named claude, else of the one on PATH (asked once per process). */
export function readClaudeVersion(ctx: SetupContext): ClaudeVersion {
  const path = ctx.claude ?? onPath("claude", ctx.env.PATH);
  if (!path) return { why: "no claude on PATH (name one with --claude PATH)" };
  const known = read.get(path);
  if (known) return known;
  const found = askVersion(path, ctx);
  read.set(path, found);
  return found;
}

/** Returns the line init and doctor print about what the version allowed. */
export function versionLine(v: ClaudeVersion): string {
  if (!v.version) return `claude: Claude Code's version could not be read (${v.why}): registered without PreSkillShellCommand and without "onFailure": "block", so calls proceed when agentihooks is missing`;
  const f = claudeFeatures(v.version);
  const parts = [
    f.skillShell ? "PreSkillShellCommand registered (a skill's shell lines are judged as Bash calls)" : `no PreSkillShellCommand (needs ${SKILL_SHELL_SINCE})`,
    f.onFailure ? `guard events refuse the call when agentihooks is missing or crashes ("onFailure": "block")` : `calls proceed when agentihooks is missing ("onFailure" needs ${ON_FAILURE_SINCE})`,
  ];
  return `claude: Claude Code ${v.version} (${v.path}): ${parts.join("; ")}`;
}

// --- internal ---

function askVersion(path: string, ctx: SetupContext): ClaudeVersion {
  try {
    // argv only, no shell; the person's environment (HOME, PATH), and nothing that may reach a network
    const p = Bun.spawnSync([path, "--version"], {
      env: { ...ctx.env, DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" } as Record<string, string>,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: 15_000,
    });
    const out = p.stdout.toString().trim();
    const m = /^(\d+\.\d+\.\d+)\b/.exec(out);
    if (p.exitCode === 0 && m) return { path, version: m[1] };
    const said = (out || p.stderr.toString().trim()).split("\n")[0].slice(0, 120);
    return { path, why: `${path} --version ${p.exitCode === 0 ? "printed" : `exited ${p.exitCode ?? "on a signal"}:`} ${JSON.stringify(said)}` };
  } catch (err) {
    return { path, why: `${path} --version could not run (${err instanceof Error ? err.message : String(err)})` };
  }
}
