// Cline CLI: no settings file carries hooks. Cline runs every file named after a hook event in its
// hook folders (user $CLINE_DIR/hooks, else ~/.cline/hooks; project .clinerules/hooks) through the
// interpreter of its `#!` line, payload on stdin. init writes one small script of its own,
// PreToolUse.sh, that hands the call to the executable; uninit removes it. Cline reads only stdout,
// and a hook that prints nothing lets the call run: so the script itself stops the task (fail
// closed) when the executable is gone. Measured in e2e/live/cline.live.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import type { FileChange } from "./apply";
import { firstShellWord, type HarnessSetup, type HookSpec, hookArgs, isAgentihooksPath, type SetupContext, shellQuote } from "./harness-setup";
import type { JsonObject } from "./json-file";
import { PLAIN } from "./text-form";
import { harnessHome } from "../harness-homes";

/** Only PreToolUse: Cline's other run events are fire-and-forget, and a post cancel only stops the task. */
const EVENTS = ["PreToolUse"] as const;
/** The script's name: Cline maps `PreToolUse` with any of its script extensions to the event. */
const FILE = "PreToolUse.sh";
const MARK = "# agentihooks:";

/** Cline's user folder: $CLINE_DIR, else ~/.cline. */
export const clineHome = (ctx: SetupContext) => harnessHome("cline", ctx.home, ctx.env);

/** Returns the script's text: the guard when the executable is there, a cancel when it is not. */
export function clineScript(spec: Pick<HookSpec, "exe">): string {
  const exe = shellQuote(spec.exe);
  const missing = JSON.stringify({ cancel: true, errorMessage: `agentihooks: ${spec.exe} is missing, so no tool runs (reinstall it, or: agentihooks uninit --target cline)` });
  return [
    "#!/bin/sh",
    `${MARK} Cline runs this file before each tool call (agentihooks init wrote it; agentihooks uninit removes it).`,
    "# Cline lets a call run when a hook prints nothing: a missing executable stops the task instead.",
    `[ -x ${exe} ] || { printf '%s\\n' ${shellQuote(missing)}; exit 0; }`,
    `exec ${[exe, ...hookArgs("cline", "PreToolUse")].join(" ")}`,
    "",
  ].join("\n");
}

/** Returns the file's text, or undefined when there is none. */
function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if (["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw new AgentihooksError("E_CONFIG", `${path}: cannot read it (${(err as Error).message})`);
  }
}

/** Returns the executable and event a script of ours calls, or undefined when the text is not ours. */
function parseScript(text: string): { exe: string; event: string } | undefined {
  if (!text.split("\n").some((l) => l.startsWith(MARK))) return undefined;
  const line = text.split("\n").find((l) => l.startsWith("exec "));
  const first = line ? firstShellWord(line.slice(5)) : undefined;
  const m = first ? /^\s+hook\s+--target\s+cline\s+--event\s+(\w+)\s*$/.exec(first.rest) : null;
  if (!first || !m || !isAgentihooksPath(first.word)) return undefined;
  return { exe: first.word, event: m[1] };
}

/** The JSON view find reads: `{hooks: {<event>: {exe}}}` for a script of ours, else {}. */
function read(path: string): JsonObject {
  const text = readText(path);
  const ours = text === undefined ? undefined : parseScript(text);
  return ours ? { hooks: { [ours.event]: { exe: ours.exe } } } : {};
}

function register(path: string, spec: HookSpec): FileChange | undefined {
  const before = readText(path);
  if (before !== undefined && !parseScript(before)) {
    throw new AgentihooksError("E_CONFIG", `${path} exists and is not agentihooks' hook script: move it away (Cline runs every hook file of an event), then run init again`);
  }
  const after = clineScript(spec);
  if (before === after) return undefined;
  return { path, before: before ?? "", existed: before !== undefined, after, form: PLAIN, mode: 0o755, backup: false, note: `cline: ${before === undefined ? "created" : "updated"} ${path}` };
}

function unregister(path: string, stopAt: string): FileChange | undefined {
  const before = readText(path);
  if (before === undefined || !parseScript(before)) return undefined;
  return { path, before, existed: true, after: null, form: PLAIN, backup: false, stopAt, note: `cline: removed ${path}` };
}

export const clineSetup: HarnessSetup = {
  target: "cline",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".clinerules", "hooks", FILE);
    return join(clineHome(ctx), "hooks", FILE);
  },
  // the script is the registration: there is no config to merge into
  add: (config) => config,
  remove: (config) => config,
  find(config) {
    const hooks = config.hooks;
    if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
    return Object.entries(hooks).map(([event, handler]) => ({ event, handler: handler as JsonObject, exe: String((handler as JsonObject).exe ?? "") }));
  },
  isEmpty: (config) => Object.keys(config).length === 0,
  script: { read, register, unregister },
};
