// Codex: `hooks` in hooks.json (user ~/.codex/hooks.json, project .codex/hooks.json). Codex has no exec
// form: `command` runs through the user's shell (`<shell> -c "<command>"`), so the executable's path is shell-quoted.
// Hooks never go to config.toml's [hooks] tables: hooks.json is enough because Codex loads both forms
// from each layer. (config.toml gets only the MCP server's table, edited as lines: codex-mcp.ts.)
import { join } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, type TreeShape, unregisterHooks } from "./hook-tree";
import { SESSION_END_MAX_SEC } from "./codex-trust";
import { codexHome, commandStringExe, type HarnessSetup, hookArgs, shellQuote } from "./harness-setup";
import { isResidentHandler, withResidentExe } from "./resident-hooks";

const EVENTS = [
  "SessionStart", "PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit",
  "Stop", "SubagentStart", "SubagentStop", "PreCompact", "SessionEnd",
] as const;


/** true for a handler agentihooks wrote (any version, any executable path). */
export const isOurCodexHandler = (h: Json) => commandStringExe(h) !== undefined || isResidentHandler(h);

const shape = (where: (key: string) => string): TreeShape => ({ nested: true, isOurs: isOurCodexHandler, where });

/** Returns the shell command string that runs the hook for one event. */
export function codexCommand(exe: string, event: string): string {
  return [shellQuote(exe), ...hookArgs("codex", event)].join(" ");
}

export const codexSetup: HarnessSetup = {
  target: "codex",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".codex", "hooks.json");
    return join(codexHome(ctx), "hooks.json");
  },
  add(config, spec, where) {
    const make = (event: string): JsonObject => ({
      type: "command",
      command: codexCommand(spec.exe, event),
      // Codex clamps a SessionEnd timeout above 3 s, with an error item on every run
      timeout: event === "SessionEnd" ? Math.min(SESSION_END_MAX_SEC, spec.timeoutSec) : spec.timeoutSec,
    });
    return registerHooks(config, EVENTS, make, shape(where));
  },
  remove: (config, where) => unregisterHooks(config, shape(where)),
  find: (config, where) => withResidentExe(findHooks(config, shape(where)).map((f) => ({ ...f, exe: commandStringExe(f.handler) ?? "" }))),
  isEmpty: (config) => Object.keys(config).length === 0,
};
