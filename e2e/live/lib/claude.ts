// Helpers only the Claude Code checks need: the model's steps, what Claude reported about each hook
// (its stream-json `hook_response` events), what reached the model for one tool call, and the hook's
// own log. Claude's tool results and hook texts reach the model in its next request.
import type { RunResult } from "./clis";
import type { Step } from "./mock-model";

/** A Bash call of the model. */
export const bash = (command: string): Step => ({ tool: "Bash", input: { command, description: "live check" } });

/** A call of a tool of the agentihooks MCP server (Claude names it mcp__agentihooks__<tool>). */
export const mcp = (tool: string, input: Record<string, unknown>, server = "agentihooks"): Step => ({ tool: `mcp__${server}__${tool}`, input });

/** What Claude reported about one hook run (`--include-hook-events`). */
export interface HookReport {
  hook_name: string;
  hook_event: string;
  exit_code: number;
  outcome: string;
  stderr: string;
  output: string;
}

/** Returns every hook run Claude reported in a run's stream-json output, in order. */
export function hookReports(r: RunResult): HookReport[] {
  const out: HookReport[] = [];
  for (const line of r.stdout.split("\n")) {
    if (!line.includes('"hook_response"')) continue;
    try {
      const j = JSON.parse(line);
      if (j.subtype === "hook_response") out.push(j);
    } catch {}
  }
  return out;
}

type Block = { type?: string; id?: string; name?: string; input?: unknown; tool_use_id?: string; content?: unknown; is_error?: boolean; text?: string };

/** Returns every content block of every message of every request, in order. */
function blocks(r: RunResult): Block[] {
  const out: Block[] = [];
  for (const req of r.model.requests) {
    for (const m of (req.messages as { content: unknown }[] | undefined) ?? []) if (Array.isArray(m.content)) out.push(...(m.content as Block[]));
  }
  return out;
}

/** What reached the model for one tool call: the tool_result block and the text of its content. */
export interface ToolResult {
  content: unknown;
  text: string;
  isError: boolean;
}

const strings = (v: unknown): string[] =>
  typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === "object" ? Object.values(v).flatMap(strings) : [];

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((c: Block) => (typeof c?.text === "string" ? c.text : "")).join("\n") : "";

/**
 * Returns the result the model received for the first call of `tool` whose input contains `marker`
 * (in any string), or undefined when the model never got one.
 */
export function resultOf(r: RunResult, tool: string, marker = ""): ToolResult | undefined {
  const all = blocks(r);
  const use = all.find((b) => b.type === "tool_use" && b.name === tool && (!marker || strings(b.input).some((t) => t.includes(marker))));
  const result = use && all.find((b) => b.type === "tool_result" && b.tool_use_id === use.id);
  return result && { content: result.content, text: textOf(result.content), isError: result.is_error === true };
}
