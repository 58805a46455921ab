// Decides, while the gate is closed, whether a tool call would create, change or remove a condition.
// Three doors lead there: the MCP tools condition_set/condition_clear (exact), file tools on a path in
// a layer (exact, after resolving ~, .. and symlinks), and shell commands (a pattern match: a command
// that touches a layer must only read). The shell check cannot see every indirect write; the docs say so.
import type { CommandInfo } from "../shell/programs";
import type { Analysis } from "../types";
import { type PathScope, holdsLayer, isProtectedPath, runtimeDirs } from "./paths";

/**
 * MCP tools that change conditions, as Claude/Codex (`mcp__agentihooks__condition_set`) and Copilot
 * (`agentihooks-condition_set`) spell them, under any server name (agentihooks, the older hooks-utils,
 * or whatever a person registered it as): denying a namesake tool of another server while the gate is
 * closed costs little, missing a renamed server would open a door.
 */
const GATED_MCP = /(?:^|[_\-.])condition_(?:set|clear)$/i;

/** Tools that only read, whatever paths they name. */
const READ_TOOLS = new Set(["read", "glob", "grep", "ls", "view", "webfetch", "websearch", "todowrite", "task", "agent"]);
const READ_VERBS = /(?:^|[_\-.])(?:read|view|list|get|search|find|glob|grep|show|stat|describe|fetch)(?:[_\-.]|$)/i;

/** Input keys that name a file a tool writes (Claude, Codex apply_patch, Copilot, common MCP servers). */
const PATH_KEYS = ["file_path", "notebook_path", "path", "filePath", "target_file", "filename", "destination", "source", "new_path", "old_path"];
const PATH_LIST_KEYS = ["file_paths", "paths", "files"];

/** Destructive programs: deleting or moving a folder that holds a layer removes its conditions. */
const REMOVERS = new Set(["rm", "rmdir", "mv", "rsync", "shred", "unlink", "chmod", "chown", "find", "git"]);

export interface WriteCall {
  toolName: string;
  rawToolName?: string;
  input: Record<string, unknown>;
  scope: PathScope;
  /** The Bash command's analysis (from the pipeline's memo). */
  analysis?: Analysis;
}

/** Returns a short description of what the call would do to conditions, or undefined when it is harmless. */
export function conditionWrite(call: WriteCall): string | undefined {
  const names = [call.toolName, call.rawToolName ?? ""];
  if (names.some((n) => GATED_MCP.test(n))) return `the tool ${call.rawToolName || call.toolName}`;
  const tool = call.toolName.toLowerCase();
  if (tool === "bash") return bashWrite(String(call.input.command ?? ""), call.scope, call.analysis);
  if (READ_TOOLS.has(tool) || READ_VERBS.test(tool)) return undefined;
  const hit = toolPaths(call.input).find((p) => isProtectedPath(p, call.scope));
  return hit ? `${call.rawToolName || call.toolName} on ${hit} (a condition layer or the gate's own state)` : undefined;
}

/** Returns every path a file tool's input names. */
export function toolPaths(input: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of PATH_KEYS) if (typeof input[k] === "string") out.push(input[k] as string);
  for (const k of PATH_LIST_KEYS) {
    const v = input[k];
    if (Array.isArray(v)) for (const p of v) if (typeof p === "string") out.push(p);
  }
  // MultiEdit and batch editors: each edit may name its own file.
  if (Array.isArray(input.edits)) for (const e of input.edits) if (e && typeof e === "object") out.push(...toolPaths(e as Record<string, unknown>));
  return out;
}

/**
 * A command line counts as touching a layer when its text names one, which is a pattern match:
 * `conditions` with `.claude`, `.agentihooks` or the home; the home's other entries (gates, cache, ...)
 * only with `.agentihooks` or the home, so Claude's own `.claude/cache` stays out of it.
 */
function mentionsLayer(command: string, scope: PathScope): boolean {
  const home = /\.agentihooks|agentihooks_home/i.test(command) || [scope.home, ...runtimeDirs(scope.home)].some((d) => command.includes(d));
  if (/conditions/i.test(command) && (home || /\.claude/i.test(command))) return true;
  return home && /gates|cache|builtin|state\.json/i.test(command);
}

/** Returns what the shell command would do to a layer, or undefined when it leaves them alone. */
export function bashWrite(command: string, scope: PathScope, analysis?: Analysis): string | undefined {
  const commands = (analysis?.commands as CommandInfo[] | undefined) ?? [];
  // The CLI is not gated for people at a terminal, so an agent must not reach it through the shell.
  const cli = commands.find((c) => c.program === "agentihooks" && authorSubcommand(c.args));
  if (cli) return `\`agentihooks conditions ${authorSubcommand(cli.args)}\``;
  if (!touches(command, commands, scope)) return undefined;
  // Loaded here: most commands touch no layer, and building the read-only table costs ~0.2 ms at start-up.
  const { readOnlyProblem } = require("./read-only") as typeof import("./read-only");
  const problem = readOnlyProblem(commands, analysis);
  return problem ? `a shell command that touches a condition layer and ${problem}` : undefined;
}

function authorSubcommand(args: string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith("-"));
  return words[0] === "conditions" && ["set", "clear"].includes(words[1]) ? words[1] : undefined;
}

/** Returns true when the command names a layer, runs inside one, or names a path that resolves into one. */
function touches(command: string, commands: CommandInfo[], scope: PathScope): boolean {
  if (mentionsLayer(command, scope)) return true;
  if (isProtectedPath(scope.cwd, scope)) return true;
  let budget = 256; // each word costs a realpath walk; a huge line is judged by its text alone
  for (const c of commands) {
    const words = [...c.args.filter((a) => !a.startsWith("-")), ...c.redirects.map((r) => r.target)];
    for (const w of words) {
      if (budget-- <= 0) return false;
      if (isProtectedPath(w, scope)) return true;
      if (c.program && REMOVERS.has(c.program) && holdsLayer(w, scope)) return true;
    }
  }
  return false;
}
