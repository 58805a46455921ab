// What `init`, `uninit` and `doctor` need from each harness's config module: where the file lives, the
// events it registers, and how to add, remove and find agentihooks' handlers in it.
import { basename } from "node:path";
import { isAgentihooksExecutable } from "../gate/exe-identity";
import type { Target } from "../types";
import type { FileChange } from "./apply";
import type { Found, TreeShape } from "./hook-tree";
import type { Json, JsonObject } from "./json-file";
import { harnessHome } from "../harness-homes";

export type Scope = "user" | "project";

export interface SetupContext {
  /** The user's home (HOME). */
  home: string;
  /** The project root for --scope project: the git root of the working directory, else the directory. */
  projectRoot: string;
  env: Record<string, string | undefined>;
  /** The claude executable the person named (`--claude PATH`), whose version init and doctor read. */
  claude?: string;
}

/** Codex's user folder: CODEX_HOME, else ~/.codex. */
export const codexHome = (ctx: SetupContext) => harnessHome("codex", ctx.home, ctx.env);

/** Copilot CLI's user folder: COPILOT_HOME, else ~/.copilot. */
export const copilotHome = (ctx: SetupContext) => harnessHome("copilot", ctx.home, ctx.env);

export interface HookSpec {
  /** Absolute path of the agentihooks executable. */
  exe: string;
  /** Harness-side timeout in seconds: above CONDITIONS_TIMEOUT_SEC so a slow condition is ours to stop. */
  timeoutSec: number;
  scope: Scope;
  /** The installed harness's version, when read (Claude: what it supports decides what is registered). */
  version?: string;
  /** --resident: the guard and tool events call the MCP server's hook tool (resident-hooks.ts). */
  resident?: boolean;
}

export interface HarnessSetup {
  target: Target;
  /** The events registered, in the harness's own spelling. */
  events: readonly string[];
  configPath(scope: Scope, ctx: SetupContext): string;
  /** Returns the config with exactly one agentihooks handler per event (a copy). */
  add(config: JsonObject, spec: HookSpec, where: (key: string) => string): JsonObject;
  /** Returns the config without any agentihooks handler (a copy). */
  remove(config: JsonObject, where: (key: string) => string): JsonObject;
  /** Returns the agentihooks handlers found, with the executable each one calls. */
  find(config: JsonObject, where: (key: string) => string): (Found & { exe: string })[];
  /** Reads the installed harness's version, for the harnesses whose registration depends on it. */
  readVersion?(ctx: SetupContext): { version?: string };
  /** true when what is left holds nothing but an empty skeleton: a file init created can be removed. */
  isEmpty(config: JsonObject): boolean;
  /** A harness configured by a script file of ours, not a JSON file (Cline's hook files). */
  script?: ScriptSetup;
}

/** How init, uninit and doctor handle a harness whose registration is a script file agentihooks owns. */
export interface ScriptSetup {
  /** Returns the view of the script at `path` that `find` reads ({} when it is missing). */
  read(path: string): JsonObject;
  /** Returns the change that writes the script for `spec`, or undefined when it is already so. */
  register(path: string, spec: HookSpec): FileChange | undefined;
  /** Returns the change that removes the script when it is ours, or undefined. */
  unregister(path: string, stopAt: string): FileChange | undefined;
}

/**
 * true for a path to an agentihooks executable: any install location and version suffix by name, and
 * under any other name when it is the running executable or a copy of it, or names agentihooks itself
 * (so `uninit` run from a renamed copy finds what another copy registered).
 */
export function isAgentihooksPath(path: unknown, exe = process.execPath): path is string {
  if (typeof path !== "string") return false;
  if (path === exe || /^agentihooks(\b|$)/.test(basename(path))) return true;
  return path.startsWith("/") && isAgentihooksExecutable(path, exe);
}

/** Returns `word` quoted for a POSIX shell: as-is when it holds only safe characters, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\/.,:+@%=-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Returns the first shell word of a command string (undoing shellQuote) and the rest, or undefined. */
export function firstShellWord(command: string): { word: string; rest: string } | undefined {
  const m = /^\s*((?:'[^']*'|\\'|[^\s'"\\])+)(.*)$/s.exec(command);
  if (!m) return undefined;
  const word = m[1].replace(/'([^']*)'|\\(')/g, (_, q, esc) => q ?? esc);
  return { word, rest: m[2] };
}

/** true for a JSON object (not an array, not null). */
export const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Returns the executable a `{type: "command", command: "<exe> hook ..."}` handler of ours calls (the
 * command-string form of Codex, Gemini CLI, Qwen Code and Factory Droid), or undefined when it is not ours.
 */
export function commandStringExe(h: Json): string | undefined {
  if (!isRecord(h) || h.type !== "command" || typeof h.command !== "string") return undefined;
  const first = firstShellWord(h.command);
  if (!first || !/^\s+hook(\s|$)/.test(first.rest)) return undefined;
  return isAgentihooksPath(first.word) ? first.word : undefined;
}

/** The hook tree of a harness that nests handlers in matcher groups and names us by a command string. */
export const commandStringShape = (where: (key: string) => string): TreeShape => ({ nested: true, isOurs: (h) => commandStringExe(h) !== undefined, where });

/** The hook command's argv after the executable. */
export function hookArgs(target: Target, event: string): string[] {
  return ["hook", "--target", target, "--event", event];
}

/** The MCP server init registers: its name in every harness's MCP config. */
export const MCP_NAME = "agentihooks";

/**
 * The MCP server's argv after the executable. `--target` makes the server answer for that harness's
 * profile chain: a server started by Codex must list and write Codex's layers, not Claude's.
 */
export function mcpArgs(target: Target): string[] {
  return ["mcp", "--target", target];
}
