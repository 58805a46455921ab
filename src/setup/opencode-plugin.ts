// OpenCode takes no hook config: init writes the agentihooks plugin (plugins/opencode/agentihooks.js,
// embedded at build) where OpenCode loads every *.js file by itself: ~/.config/opencode/plugins/
// ($XDG_CONFIG_HOME/opencode when set) for the user, .opencode/plugins/ in the repository for the
// project. The executable's absolute path and the timeout are written into the file; a file of that
// name that agentihooks did not write is never touched.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import template from "../../plugins/opencode/agentihooks.js" with { type: "text" };
import { AgentihooksError } from "../errors";
import type { FileChange } from "./apply";
import type { Scope, SetupContext } from "./harness-setup";
import { PLAIN } from "./text-form";
import { harnessHome } from "../harness-homes";

export const PLUGIN_FILE = "agentihooks.js";
/** The template's first line: how a plugin file agentihooks wrote is told from one it did not. */
const FIRST_LINE = template.slice(0, template.indexOf("\n"));
const EXE_LINE = /^const EXE = (".*");$/m;
const TIMEOUT_LINE = /^const TIMEOUT_MS = (\d+);$/m;

/** OpenCode's user folder: $XDG_CONFIG_HOME/opencode, else ~/.config/opencode. */
export const opencodeHome = (ctx: SetupContext) => harnessHome("opencode", ctx.home, ctx.env);

/** Where the plugin goes for `scope`. */
export function pluginPath(scope: Scope, ctx: SetupContext): string {
  if (scope === "project") return join(ctx.projectRoot, ".opencode", "plugins", PLUGIN_FILE);
  return join(opencodeHome(ctx), "plugins", PLUGIN_FILE);
}

/** The plugin's place per scope, in the shape scope-check.ts compares user and project configs by. */
export const opencodePlugin = { target: "opencode" as const, configPath: pluginPath };

/** Returns the plugin's text for this executable and harness-side timeout. */
export function renderPlugin(exe: string, timeoutSec: number): string {
  return template
    .replace('"__AGENTIHOOKS_EXE__"', () => JSON.stringify(exe))
    .replace("__AGENTIHOOKS_TIMEOUT_MS__", String(Math.round(timeoutSec * 1000)));
}

/** What a plugin file agentihooks wrote records; undefined for any other file. */
export function readPlugin(text: string): { exe: string; timeoutSec: number } | undefined {
  if (!text.startsWith(`${FIRST_LINE}\n`)) return undefined;
  const exe = EXE_LINE.exec(text)?.[1];
  const ms = TIMEOUT_LINE.exec(text)?.[1];
  let path: unknown;
  try {
    path = exe === undefined ? undefined : JSON.parse(exe);
  } catch {}
  return typeof path === "string" && ms !== undefined ? { exe: path, timeoutSec: Number(ms) / 1000 } : undefined;
}

const readText = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);

/** Returns the change that writes the plugin, or undefined when it is already this text. */
export function planPluginWrite(scope: Scope, ctx: SetupContext, exe: string, timeoutSec: number): FileChange | undefined {
  const path = pluginPath(scope, ctx);
  const before = readText(path);
  const after = renderPlugin(exe, timeoutSec);
  if (before === after) return undefined;
  if (before !== undefined && !readPlugin(before)) {
    throw new AgentihooksError("E_CONFIG", `opencode: ${path} exists and agentihooks did not write it: move it away, then run init again`);
  }
  const existed = before !== undefined;
  return { path, before: before ?? "", existed, after, form: PLAIN, backup: false, mode: 0o600, note: `opencode: ${existed ? "updated" : "wrote"} the plugin ${path}` };
}

/** Returns the change that removes the plugin agentihooks wrote, or undefined when there is none. */
export function planPluginRemove(scope: Scope, ctx: SetupContext): FileChange | undefined {
  const path = pluginPath(scope, ctx);
  const before = readText(path);
  if (before === undefined || !readPlugin(before)) return undefined;
  const stopAt = scope === "user" ? opencodeHome(ctx) : ctx.projectRoot;
  return { path, before, existed: true, after: null, form: PLAIN, backup: false, stopAt, note: `opencode: removed the plugin ${path}` };
}
