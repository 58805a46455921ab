// Factory Droid: hooks.json (user ~/.factory/hooks.json, $FACTORY_HOME_OVERRIDE/.factory when set;
// project .factory/hooks.json), keyed by event name at the top level, with Claude's matcher groups
// under each event. Droid runs `command` through `sh`, so the executable's path is shell-quoted; its
// `timeout` is in seconds. When hooks.json is absent Droid reads the `hooks` key of settings.json
// instead, so creating hooks.json silences hooks kept there: doctor reports that (droid-doctor.ts).
// Droid runs a call whose PreToolUse hook exits with anything but 2 (a missing program is `sh`'s 127):
// in user scope our PreToolUse command turns any exit but 0 and 2 into a deny with the reason, so the
// guards never silently stop. The project file is committed and read by teammates, where this
// machine's path does not exist: it carries the plain command (no opinion when the program is gone).
import { join } from "node:path";
import type { Json, JsonObject } from "./json-file";
import { findHooks, registerHooks, unregisterHooks } from "./hook-tree";
import { commandStringExe, commandStringShape, type HarnessSetup, type SetupContext, hookArgs, isRecord, shellQuote } from "./harness-setup";
import { harnessHome } from "../harness-homes";

/** Every event Droid 0.225 fires (it ignores, with a log line, any other key of hooks.json). */
const EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification"] as const;

/** After our PreToolUse command (user scope): an exit that is neither an answer (0) nor a deny (2) denies. */
const FAIL_CLOSED = '; s=$?; [ "$s" = 0 ] || [ "$s" = 2 ] || { echo "agentihooks could not run (exit $s): denied" >&2; exit 2; }; exit "$s"';

/** Droid's user folder: $FACTORY_HOME_OVERRIDE/.factory, else ~/.factory. */
export const droidHome = (ctx: SetupContext) => harnessHome("droid", ctx.home, ctx.env);


const shape = commandStringShape;

/** Droid's switches that share hooks.json with the events (`hooksDisabled`, `showHookOutput`). */
const isEventKey = (key: string, value: Json) => Array.isArray(value) || (EVENTS as readonly string[]).includes(key);

// hook-tree works on a `hooks` object of events; Droid's file is that object itself, with its switches beside.
const wrap = (config: JsonObject): JsonObject => ({ hooks: Object.fromEntries(Object.entries(config).filter(([k, v]) => isEventKey(k, v))) });

/** Returns `config` with its events replaced by those of `root.hooks`, every other key in its place. */
function unwrap(config: JsonObject, root: JsonObject): JsonObject {
  const events = isRecord(root.hooks) ? root.hooks : {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(config)) {
    if (!isEventKey(key, value)) out[key] = value;
    else if (key in events) out[key] = events[key];
  }
  for (const [key, value] of Object.entries(events)) if (!(key in out)) out[key] = value;
  return out;
}

export const droidSetup: HarnessSetup = {
  target: "droid",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".factory", "hooks.json");
    return join(droidHome(ctx), "hooks.json");
  },
  add(config, spec, where) {
    const make = (event: string): JsonObject => {
      const command = [shellQuote(spec.exe), ...hookArgs("droid", event)].join(" ");
      return { type: "command", command: spec.scope === "user" && event === "PreToolUse" ? `${command}${FAIL_CLOSED}` : command, timeout: spec.timeoutSec };
    };
    return unwrap(config, registerHooks(wrap(config), EVENTS, make, shape(where)));
  },
  remove: (config, where) => unwrap(config, unregisterHooks(wrap(config), shape(where))),
  find: (config, where) => findHooks(wrap(config), shape(where)).map((f) => ({ ...f, exe: commandStringExe(f.handler) ?? "" })),
  isEmpty: (config) => Object.keys(config).length === 0,
};
