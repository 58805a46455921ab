// Where each harness keeps its user configuration, as the harness itself finds it: one definition for
// `init` (which writes there), the gate (which protects it) and the payload readers. Dependency-free,
// so the hook's hot path may import it.
import { join, resolve } from "node:path";
import type { Target } from "./types";

/** The environment variables that move a harness's user folder (each harness reads its own). */
export const HOME_VARIABLES = ["CLAUDE_CONFIG_DIR", "CODEX_HOME", "COPILOT_HOME", "GEMINI_CLI_HOME", "XDG_CONFIG_HOME", "FACTORY_HOME_OVERRIDE", "CLINE_DIR", "QWEN_HOME", "KIMI_CODE_HOME"] as const;

/** The folder holding Claude Code's `.claude.json` (its MCP servers, each project's trust): beside its config folder. */
export function claudeStateDir(userHome: string, env: Readonly<Record<string, string | undefined>>): string {
  return env.CLAUDE_CONFIG_DIR || userHome;
}

/** Returns `target`'s user config folder for the user whose home is `userHome`. */
export function harnessHome(target: Target, userHome: string, env: Readonly<Record<string, string | undefined>>): string {
  switch (target) {
    case "claude":
      return env.CLAUDE_CONFIG_DIR || join(userHome, ".claude");
    case "codex":
      return env.CODEX_HOME || join(userHome, ".codex");
    case "copilot":
      return env.COPILOT_HOME || join(userHome, ".copilot");
    // Gemini CLI's variable names the folder that holds .gemini, not .gemini itself
    case "gemini":
      return join(env.GEMINI_CLI_HOME || userHome, ".gemini");
    case "opencode":
      return join(env.XDG_CONFIG_HOME || join(userHome, ".config"), "opencode");
    // so does Droid's
    case "droid":
      return join(env.FACTORY_HOME_OVERRIDE || userHome, ".factory");
    case "cline":
      return env.CLINE_DIR || join(userHome, ".cline");
    case "qwen":
      return env.QWEN_HOME ? resolve(env.QWEN_HOME) : join(userHome, ".qwen");
    case "kimi":
      return env.KIMI_CODE_HOME ? resolve(env.KIMI_CODE_HOME) : join(userHome, ".kimi-code");
  }
}
