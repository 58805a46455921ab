// `agentihooks mcp`: the stdio MCP server. A thin edge: each tool validates its input with a zod schema
// (the SDK turns it into the JSON schema clients see), checks the gate where the tool changes
// conditions, and calls the same functions as the CLI. Answers are one JSON document as text;
// failures are `isError` answers with a one-line message, never a stack trace.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { listDocument } from "../cli/conditions-list";
import { clearCondition, setCondition, showCondition } from "../conditions/author";
import { STEPS } from "../conditions/filename";
import { clearEnforcement, listEnforcements, setEnforcement } from "../enforcement/api";
import { oneLine } from "../errors";
import { gateMessage, isGateOpen } from "../gate/gate-file";
import { hookAnswerer, registerHookTool } from "../resident/hook-tool";
import { HOOK_TOOL } from "../resident/hook-input";
import { ServerStdioTransport } from "./stdio-transport";
import { homeDir } from "../state/home";
import type { Target } from "../types";
import { VERSION } from "../version";

type Answer = { content: { type: "text"; text: string }[]; isError?: boolean };

const ok = (value: unknown): Answer => ({ content: [{ type: "text", text: JSON.stringify(value, null, 2) }] });
const refuse = (message: string): Answer => ({ content: [{ type: "text", text: JSON.stringify({ success: false, error: message }) }], isError: true });

/** Runs a tool body; any throw becomes a one-line isError answer. */
async function answer(fn: () => unknown): Promise<Answer> {
  try {
    return ok(await fn());
  } catch (err) {
    return refuse(oneLine(err));
  }
}

/** Runs a gated tool only when the session's gate is open (a person asked for it this turn). */
function gated(tool: string, sessionId: string, fn: () => unknown): Promise<Answer> {
  if (!isGateOpen(homeDir(), sessionId)) return Promise.resolve(refuse(gateMessage(tool)));
  return answer(fn);
}

const cwd = z.string().optional().describe("The session's working directory (its repository decides the directory layer); default the server's cwd");
const target = z.enum(["claude", "codex", "copilot"]).optional().describe("Whose profile chain to use (default AGENTIHOOKS_TARGET, else claude)");
const sessionId = z.string().min(1).describe("The session id the hook reported (the gate is per session)");
const scope = z.enum(["global", "profile", "directory"]);

function registerConditionTools(server: McpServer, def: Target | undefined): void {
  server.registerTool("condition_set", {
    description: "Write a condition script <step>-<matcher>-<name>[.async].<ext>, executable, live from the next matching tool call. Gated: only after the person asked for a condition in their own words this turn.",
    inputSchema: {
      step: z.enum(STEPS as unknown as [string, ...string[]]).describe("pre (before the tool runs), post (after), stop, ..."),
      matcher: z.string().default("any").describe("any, bash, bash.git, edit+write, mcp, mcp__server, mcp__server__tool"),
      name: z.string().min(1).describe("Letters, digits and _ (never -)"),
      script: z.string().min(1).describe("The script body; a shebang is added when missing"),
      session_id: sessionId,
      language: z.enum(["bash", "sh", "python", "node", "typescript"]).default("bash"),
      scope: scope.default("global").describe("global: the bundle, else the runtime layer; profile: the chain's first profile or `profile`; directory: the session's repository"),
      profile: z.string().optional(),
      cwd,
      run_async: z.boolean().default(false).describe("Run detached; output ignored"),
      replace: z.boolean().default(false).describe("Overwrite an existing condition with the same name"),
      target,
    },
  }, (a) => gated("condition_set", a.session_id, () => setCondition({
    step: a.step, matcher: a.matcher, name: a.name, script: a.script, language: a.language, scope: a.scope,
    profile: a.profile || undefined, cwd: a.cwd || undefined, runAsync: a.run_async, replace: a.replace, target: a.target ?? def, approved: true,
  })));
  server.registerTool("condition_clear", {
    description: "Delete one condition file (scope picks the layer when the name is in several). Gated like condition_set.",
    inputSchema: { file: z.string().min(1).describe("File name, <step>-<matcher>-<name>, or name"), session_id: sessionId, scope: scope.optional(), profile: z.string().optional(), cwd, target },
  }, (a) => gated("condition_clear", a.session_id, () => clearCondition({ file: a.file, scope: a.scope, profile: a.profile, cwd: a.cwd || undefined, target: a.target ?? def, approved: true })));
  server.registerTool("condition_list", {
    description: "Layers (with trust), active conditions in execution order, and files that do not parse; with `tool` (and `command`), what would fire.",
    inputSchema: { cwd, target, step: z.string().optional(), tool: z.string().optional(), command: z.string().optional() },
  }, (a) => answer(() => ({ success: true, ...listDocument({ target: a.target ?? def, cwd: a.cwd || undefined, step: a.step, tool: a.tool, command: a.command }) })));
  server.registerTool("condition_show", {
    description: "The script of one active condition.",
    inputSchema: { file: z.string().min(1).describe("File name, <step>-<matcher>-<name>, or name"), cwd, target },
  }, (a) => answer(() => showCondition({ file: a.file, cwd: a.cwd || undefined, target: a.target ?? def })));
}

function registerEnforcementTools(server: McpServer, def: Target | undefined): void {
  server.registerTool("enforcement_set", {
    description: "Add a standing instruction delivered to the agent every `cadence` matching tool calls.",
    inputSchema: {
      message: z.string().min(1), cadence: z.union([z.number().int().min(1), z.string()]).describe("Every N matching calls"),
      matcher: z.string().optional().describe("Matcher grammar (as conditions); default every tool"), tag: z.string().optional(),
      local: z.boolean().default(false).describe("Write to the repository's .agentihooks/enforcements.json"), cwd, target,
    },
  }, (a) => answer(() => ({ success: true, ...setEnforcement({ message: a.message, cadence: a.cadence, matcher: a.matcher, tag: a.tag, local: a.local, cwd: a.cwd || undefined, target: a.target ?? def }) })));
  server.registerTool("enforcement_list", {
    description: "Active enforcements with their sources, and files that failed to load.",
    inputSchema: { cwd, target },
  }, (a) => answer(() => ({ success: true, ...listEnforcements({ cwd: a.cwd || undefined, target: a.target ?? def }) })));
  server.registerTool("enforcement_clear", {
    description: "Remove enforcements by id or tag (or all of one file with all=true).",
    inputSchema: { id: z.string().optional(), tag: z.string().optional(), all: z.boolean().default(false), local: z.boolean().default(false), cwd, target },
  }, (a) => answer(() => {
    // Clearing a whole file is never the default: an id or tag, or an explicit all.
    if (!a.id && !a.tag && !a.all) throw new Error("pass id, tag, or all=true");
    return { success: true, ...clearEnforcement({ id: a.id, tag: a.tag, local: a.local, cwd: a.cwd || undefined, target: a.target ?? def }) };
  }));
}

/**
 * Returns a server with every tool registered (not yet connected). `target` is the harness that
 * started it (`agentihooks mcp --target T`, as init registers it): a tool call that names no target
 * uses that harness's profile chain.
 */
export function createServer(target?: Target, hook = hookAnswerer()): McpServer {
  const server = new McpServer({ name: "agentihooks", version: VERSION });
  registerConditionTools(server, target);
  registerEnforcementTools(server, target);
  registerHookTool(server, hook);
  return server;
}

/** Serves MCP on stdin/stdout until the client closes the stream; the `hook` tool's calls take the transport's fast path. */
export async function serveStdio(target?: Target): Promise<void> {
  const hook = hookAnswerer();
  const server = createServer(target, hook);
  await server.connect(new ServerStdioTransport((name, args) => (name === HOOK_TOOL ? hook(args) : undefined)));
}
