// Decides whether a tool call would change what decides which conditions run (paths.ts). Doors:
//   MCP       condition_set / condition_clear under any server name (exact)
//   file      a file tool naming a protected path, after `~`, `..` and symlinks (dangling ones too);
//             a harness config only when the call changes its hook registrations (harness-config.ts)
//   shell     this executable run to change its set-up (self-call.ts), git changing a layer
//             repository's remotes (git-guard.ts), and any line touching a protected path that does
//             more than read (bash-guard.ts)
import type { ShellAnalysis } from "../shell/analyze";
import type { Write } from "./bash-guard";
import { GateLimit, startDeadline } from "./limits";
import type { PathScope } from "./paths";
import { onlyReads } from "./reading-line";

/** The protected places, loaded for a call that names paths: a Bash line that only reads never needs them. */
const paths = () => require("./paths") as typeof import("./paths");

export type { Write };

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

export interface WriteCall {
  toolName: string;
  rawToolName?: string;
  input: Record<string, unknown>;
  scope: PathScope;
  /** The Bash command's analysis (from the pipeline's memo). */
  analysis?: ShellAnalysis;
}


/** Returns what the call would change among the things that decide which conditions run, or undefined. */
export async function conditionWrite(call: WriteCall): Promise<Write | undefined> {
  const names = [call.toolName, call.rawToolName ?? ""];
  if (names.some((n) => GATED_MCP.test(n))) return { what: `the tool ${call.rawToolName || call.toolName}` };
  const tool = call.toolName.toLowerCase();
  startDeadline(call.scope.env);
  if (tool === "bash") return bashWrite(String(call.input.command ?? ""), call.scope, call.analysis);
  if (READ_TOOLS.has(tool) || READ_VERBS.test(tool)) return undefined;
  try {
    return fileWrite(call);
  } catch (e) {
    // a walk past the gate's time (a hard-link scan, a chain of links): what it writes is not known
    if (e instanceof GateLimit) return { what: `${call.rawToolName || call.toolName}, whose paths the gate cannot judge in full (${e.limit})` };
    throw e;
  }
}

function fileWrite(call: WriteCall): Write | undefined {
  const tool_ = call.rawToolName || call.toolName;
  const named = toolPaths(call.input);
  const { KIND_TEXT, absolutePath, protectedKind } = paths();
  for (const p of named) {
    if (p.includes("\0")) return { what: `${tool_} on a path holding a NUL byte` };
    const kind = protectedKind(p, call.scope);
    if (!kind) continue;
    if (kind === "harness" && named.length === 1) {
      // Loaded for harness configs only, as the shell modules below are for shell lines only.
      const { hookConfigChange } = require("./harness-config") as typeof import("./harness-config");
      const change = hookConfigChange(absolutePath(p, call.scope), call.input);
      if (!change) continue;
      return { what: `${tool_}: ${change}` };
    }
    return { what: `${tool_} on ${p} (${KIND_TEXT[kind]})` };
  }
  return undefined;
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

/** Returns what the shell line would change, or undefined when it leaves protected things alone. */
export async function bashWrite(command: string, scope: PathScope, analysis?: ShellAnalysis): Promise<Write | undefined> {
  // a line that only reads passes whatever it touches: the guard is not loaded for it
  if (analysis && onlyReads(analysis)) return undefined;
  // One lazy chunk for everything a shell line needs: other tools never load it. import(), not
  // require(): a call that requires nothing skips require's first-use cost (registry.ts).
  return (await import("./bash-guard")).bashWrite(command, scope, analysis);
}
