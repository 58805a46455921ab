// Qwen Code: `hooks` in settings.json (user ~/.qwen/settings.json, or $QWEN_HOME/settings.json when
// set; project .qwen/settings.json), Claude's event names and matcher groups, next to the person's
// other settings, which stay as they are. A command hook runs through `bash -c`, so the executable's
// path is shell-quoted; `timeout` is in seconds (values of 1000 or more are read as milliseconds).
// Qwen lets a call through when a hook exits with anything but 0 or 2 (a missing executable exits
// 127), so the guard events' command turns any other exit into a refusal (fail closed).
// User hooks always run; project hooks only in a trusted folder, and every folder is trusted unless
// the person turned on security.folderTrust.enabled (measured in e2e/live/qwen.live.ts).
import { join } from "node:path";
import type { JsonObject } from "./json-file";
import { findHooks, registerHooks, unregisterHooks } from "./hook-tree";
import { commandStringExe, commandStringShape, type HarnessSetup, type SetupContext, hookArgs, shellQuote } from "./harness-setup";
import { harnessHome } from "../harness-homes";

const EVENTS = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
  "SessionStart", "SessionEnd", "UserPromptSubmit", "Stop",
  "SubagentStart", "SubagentStop", "PreCompact", "Notification",
] as const;

/** Events whose call must not go through unjudged: any exit but 0 or 2 becomes a refusal. */
const GUARDED: ReadonlySet<string> = new Set(["PreToolUse", "PermissionRequest"]);

/** What Qwen hands the model when the hook could not run on a guarded event. */
const CANNOT_RUN = "agentihooks could not run (executable missing or crashed): this call is refused to fail closed; run agentihooks doctor";

/** Returns the command for `event`: the executable, and on guarded events the fail-closed tail. */
export function qwenCommand(exe: string, event: string): string {
  const call = [shellQuote(exe), ...hookArgs("qwen", event)].join(" ");
  if (!GUARDED.has(event)) return call;
  return `${call}; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo ${shellQuote(CANNOT_RUN)} >&2; exit 2; }; exit $s`;
}

/** Qwen Code's user folder: $QWEN_HOME (the folder itself, not its parent), else ~/.qwen. */
export const qwenHome = (ctx: SetupContext) => harnessHome("qwen", ctx.home, ctx.env);


const shape = commandStringShape;

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
      command: qwenCommand(spec.exe, event),
      timeout: spec.timeoutSec,
    });
    return registerHooks(config, EVENTS, make, shape(where));
  },
  remove: (config, where) => unregisterHooks(config, shape(where)),
  find: (config, where) => findHooks(config, shape(where)).map((f) => ({ ...f, exe: commandStringExe(f.handler) ?? "" })),
  isEmpty: (config) => Object.keys(config).length === 0,
};
