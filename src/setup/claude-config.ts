// Claude Code: `hooks` in settings.json (user ~/.claude/settings.json, project .claude/settings.json).
// Exec form (`command` + `args`): no shell, so no profile output can reach the hook's stdout. What the
// installed Claude Code supports adds PreSkillShellCommand and `"onFailure": "block"` (claude-version.ts).
import { join } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, type TreeShape, unregisterHooks } from "./hook-tree";
import { claudeFeatures, readClaudeVersion } from "./claude-version";
import { type HarnessSetup, hookArgs, isAgentihooksPath } from "./harness-setup";
import { isResidentHandler, residentOr, withHiddenHookTool, withoutHiddenHookTool, withResidentExe } from "./resident-hooks";

const EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
  "SessionStart", "SessionEnd", "UserPromptSubmit", "Stop",
  "SubagentStart", "SubagentStop", "PreCompact", "Notification",
] as const;

/** A skill's or slash command's embedded shell line (Claude Code >= 2.1.332), judged as a Bash call. */
export const SKILL_SHELL_EVENT = "PreSkillShellCommand";

/**
 * The events where our answer decides whether something runs: with `"onFailure": "block"` Claude
 * refuses the call when the executable is missing or crashes. Not UserPromptSubmit (a failure there
 * blocks every prompt, so the model never sees why), nor the post, stop or notification events.
 */
export const GUARD_EVENTS: readonly string[] = ["PreToolUse", "PermissionRequest", SKILL_SHELL_EVENT];

/** Returns the events to register for a Claude Code version (undefined: the ones every version has). */
export function claudeEvents(version: string | undefined): readonly string[] {
  return claudeFeatures(version).skillShell ? [...EVENTS, SKILL_SHELL_EVENT] : EVENTS;
}

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Ours: a command handler whose executable is agentihooks and whose first argument is `hook`. */
function isOurs(h: Json): boolean {
  return (isRecord(h) && h.type === "command" && Array.isArray(h.args) && h.args[0] === "hook" && isAgentihooksPath(h.command)) || isResidentHandler(h);
}

const shape = (where: (key: string) => string): TreeShape => ({ nested: true, isOurs, where });

export const claudeSetup: HarnessSetup = {
  target: "claude",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".claude", "settings.json");
    return join(ctx.env.CLAUDE_CONFIG_DIR || join(ctx.home, ".claude"), "settings.json");
  },
  add(config, spec, where) {
    const block = claudeFeatures(spec.version).onFailure;
    const make = residentOr("claude", spec, (event) => ({
      type: "command", command: spec.exe, args: hookArgs("claude", event), timeout: spec.timeoutSec,
      ...(block && GUARD_EVENTS.includes(event) ? { onFailure: "block" } : {}),
    }));
    const hooked = registerHooks(config, claudeEvents(spec.version), make, shape(where));
    return spec.resident ? withHiddenHookTool(hooked) : withoutHiddenHookTool(hooked);
  },
  readVersion: readClaudeVersion,
  remove: (config, where) => unregisterHooks(withoutHiddenHookTool(config), shape(where)),
  find: (config, where) => withResidentExe(findHooks(config, shape(where)).map((f) => ({ ...f, exe: String(f.handler.command) }))),
  isEmpty: (config) => Object.keys(config).length === 0,
};
