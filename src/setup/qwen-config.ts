// Qwen Code: `hooks` in settings.json (user ~/.qwen/settings.json, or $QWEN_HOME/settings.json when
// set; project .qwen/settings.json), Claude's event names and matcher groups, next to the person's
// other settings, which stay as they are. A command hook runs through `bash -c`, so the executable's
// path is shell-quoted; `timeout` is in seconds (values of 1000 or more are read as milliseconds).
// User hooks always run; project hooks only in a trusted folder, and every folder is trusted unless
// the person turned on security.folderTrust.enabled (measured in e2e/live/qwen.live.ts).
import { join, resolve } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, type TreeShape, unregisterHooks } from "./hook-tree";
import { firstShellWord, type HarnessSetup, type SetupContext, hookArgs, isAgentihooksPath, shellQuote } from "./harness-setup";

const EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
  "SessionStart", "SessionEnd", "UserPromptSubmit", "Stop",
  "SubagentStart", "SubagentStop", "PreCompact", "Notification",
] as const;

/** Qwen Code's user folder: $QWEN_HOME (the folder itself, not its parent), else ~/.qwen. */
export const qwenHome = (ctx: SetupContext) => (ctx.env.QWEN_HOME ? resolve(ctx.env.QWEN_HOME) : join(ctx.home, ".qwen"));

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** Returns the executable a command string of ours calls, or undefined when the command is not ours. */
function ourExe(h: Json): string | undefined {
  if (!isRecord(h) || h.type !== "command" || typeof h.command !== "string") return undefined;
  const first = firstShellWord(h.command);
  if (!first || !/^\s+hook(\s|$)/.test(first.rest)) return undefined;
  return isAgentihooksPath(first.word) ? first.word : undefined;
}

const shape = (where: (key: string) => string): TreeShape => ({ nested: true, isOurs: (h) => ourExe(h) !== undefined, where });

export const qwenSetup: HarnessSetup = {
  target: "qwen",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".qwen", "settings.json");
    return join(qwenHome(ctx), "settings.json");
  },
  add(config, spec, where) {
    const make = (event: string): JsonObject => ({
      name: "agentihooks",
      type: "command",
      command: [shellQuote(spec.exe), ...hookArgs("qwen", event)].join(" "),
      timeout: spec.timeoutSec,
    });
    return registerHooks(config, EVENTS, make, shape(where));
  },
  remove: (config, where) => unregisterHooks(config, shape(where)),
  find: (config, where) => findHooks(config, shape(where)).map((f) => ({ ...f, exe: ourExe(f.handler) ?? "" })),
  isEmpty: (config) => Object.keys(config).length === 0,
};
