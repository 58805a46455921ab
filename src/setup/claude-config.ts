// Claude Code: `hooks` in settings.json (user ~/.claude/settings.json, project .claude/settings.json).
// Exec form (`command` + `args`): no shell, so no profile output can reach the hook's stdout.
import { join } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, type TreeShape, unregisterHooks } from "./hook-tree";
import { type HarnessSetup, hookArgs, isAgentihooksPath } from "./harness-setup";
import { isResidentHandler, residentOr, withHiddenHookTool, withoutHiddenHookTool, withResidentExe } from "./resident-hooks";

const EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
  "SessionStart", "SessionEnd", "UserPromptSubmit", "Stop",
  "SubagentStart", "SubagentStop", "PreCompact", "Notification",
] as const;

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
    const make = residentOr("claude", spec, (event) => ({ type: "command", command: spec.exe, args: hookArgs("claude", event), timeout: spec.timeoutSec }));
    const hooked = registerHooks(config, EVENTS, make, shape(where));
    return spec.resident ? withHiddenHookTool(hooked) : withoutHiddenHookTool(hooked);
  },
  remove: (config, where) => unregisterHooks(withoutHiddenHookTool(config), shape(where)),
  find: (config, where) => withResidentExe(findHooks(config, shape(where)).map((f) => ({ ...f, exe: String(f.handler.command) }))),
  isEmpty: (config) => Object.keys(config).length === 0,
};
