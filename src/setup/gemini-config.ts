// Gemini CLI: `hooks` in settings.json (user ~/.gemini/settings.json, $GEMINI_CLI_HOME/.gemini when set;
// project .gemini/settings.json), next to the person's other settings, which stay as they are. Gemini
// has no exec form: `command` runs through the shell, so the executable's path is shell-quoted; its
// `timeout` is in milliseconds. Gemini loads settings hooks, the user's own included, only in a folder
// the person trusted (or with --skip-trust): measured in e2e/live/gemini.live.ts.
import { join } from "node:path";
import type { JsonObject } from "./json-file";
import { findHooks, registerHooks, unregisterHooks } from "./hook-tree";
import { commandStringExe, commandStringShape, type HarnessSetup, type SetupContext, hookArgs, shellQuote } from "./harness-setup";
import { harnessHome } from "../harness-homes";

/**
 * PreCompress is left out: Gemini CLI 0.61 fires it (`trigger: "auto"`) before every model call,
 * compressing or not, so compact conditions would run on every turn.
 */
const EVENTS = ["SessionStart", "SessionEnd", "BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool", "Notification"] as const;

/** Gemini CLI's user folder: $GEMINI_CLI_HOME/.gemini, else ~/.gemini. */
export const geminiHome = (ctx: SetupContext) => harnessHome("gemini", ctx.home, ctx.env);


const shape = commandStringShape;

export const geminiSetup: HarnessSetup = {
  target: "gemini",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".gemini", "settings.json");
    return join(geminiHome(ctx), "settings.json");
  },
  add(config, spec, where) {
    const make = (event: string): JsonObject => ({
      name: "agentihooks",
      type: "command",
      command: [shellQuote(spec.exe), ...hookArgs("gemini", event)].join(" "),
      timeout: spec.timeoutSec * 1000,
    });
    return registerHooks(config, EVENTS, make, shape(where));
  },
  remove: (config, where) => unregisterHooks(config, shape(where)),
  find: (config, where) => findHooks(config, shape(where)).map((f) => ({ ...f, exe: commandStringExe(f.handler) ?? "" })),
  isEmpty: (config) => Object.keys(config).length === 0,
};
