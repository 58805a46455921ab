// Rendering an Effect into a harness's bytes. Each harness lists, per event, the parts that fill its
// answer; a part reads one Effect field and writes either top-level keys or keys inside
// `hookSpecificOutput`. Nothing outside a harness's table is ever written (Codex rejects unknown keys).
import type { Answer, Effect, EventName } from "../types";
import { capContext, isRecord, lookup, type Obj } from "./common";

/** The answer being built: top-level keys and the keys nested in `hookSpecificOutput`. */
export interface Fields {
  top: Obj;
  nested: Obj;
}

export type Part = (fields: Fields, effect: Effect, contextLimit: number) => void;

/** A harness's output table: parts per event, and the parts of a PreToolUse deny. */
export interface OutputTable {
  events: Partial<Record<EventName, readonly Part[]>>;
  deny: readonly Part[];
}

export const DEFAULT_DENY = "denied by agentihooks";
export const DEFAULT_BLOCK = "blocked by agentihooks";

/** PermissionRequest behaviours; `ask` has none (the harness shows its own dialog). */
const BEHAVIOR: Readonly<Record<string, string>> = { allow: "allow", deny: "deny" };

function reasonOr(text: string | undefined, fallback: string): string {
  return text && text.trim() !== "" ? text : fallback;
}

function preDecision(target: Obj, effect: Effect, rewriteKey: string): void {
  if (effect.decision) {
    target.permissionDecision = effect.decision;
    // Codex and Copilot need a non-empty reason on deny; for allow/ask it is optional
    if (effect.decision === "deny") target.permissionDecisionReason = reasonOr(effect.reason, DEFAULT_DENY);
    else if (effect.reason) target.permissionDecisionReason = effect.reason;
  }
  // A rewrite without a decision comes only from a harness that judges the rewritten input itself
  if (effect.decision !== "deny" && effect.updatedInput) target[rewriteKey] = effect.updatedInput;
}

/** Returns the text of MCP content blocks (`[{type:"text", text}]` or `{content: [...]}`), or undefined. */
function blocksText(output: unknown): string | undefined {
  const list = Array.isArray(output) ? output : isRecord(output) && Array.isArray(output.content) ? output.content : undefined;
  if (!list?.length || !list.every((b) => isRecord(b) && b.type === "text" && typeof b.text === "string")) return undefined;
  return list.map((b) => (b as { text: string }).text).join("\n");
}

/** Returns Copilot's textResultForLlm for a replacement output given in the tool's shape. */
export function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  const blocks = blocksText(output);
  if (blocks !== undefined) return blocks;
  if (isRecord(output) && typeof output.stdout === "string") {
    const stderr = typeof output.stderr === "string" ? output.stderr : "";
    return stderr ? `${output.stdout}\n${stderr}` : output.stdout;
  }
  return JSON.stringify(output) ?? "";
}

/** Returns a post block's reason and a replacement output's text, joined; undefined when neither is set. */
function blockOrOutput(e: Effect): string | undefined {
  const replaced = e.updatedOutput === undefined ? undefined : outputText(e.updatedOutput);
  if (e.block === undefined && replaced === undefined) return undefined;
  const texts = [e.block === undefined ? undefined : reasonOr(e.block, DEFAULT_BLOCK), replaced];
  return reasonOr(texts.filter((t) => t !== undefined).join("\n\n"), DEFAULT_BLOCK);
}

function permission(target: Obj, effect: Effect): void {
  const behavior = effect.decision ? lookup(BEHAVIOR, effect.decision) : undefined;
  if (!behavior) return;
  target.behavior = behavior;
  if (effect.reason) target.message = effect.reason;
}

/** The parts every harness composes its table from. */
export const PARTS = {
  /** hookSpecificOutput.additionalContext (Claude, Codex). */
  nestedContext: (f, e, limit) => {
    if (e.context) f.nested.additionalContext = capContext(e.context, limit);
  },
  /** Top-level additionalContext (Copilot ignores the nested shape: reference notes §2.8). */
  flatContext: (f, e, limit) => {
    if (e.context) f.top.additionalContext = capContext(e.context, limit);
  },
  /** Top-level `{decision:"block", reason}`: post, prompt, stop, substop, compact. */
  block: (f, e) => {
    if (e.block === undefined) return;
    f.top.decision = "block";
    f.top.reason = reasonOr(e.block, DEFAULT_BLOCK);
  },
  /** Top-level systemMessage with the agent's context too (Codex PreToolUse: the TUI shows only this). */
  contextToPerson: (f, e, limit) => {
    const text = [e.systemMessage, e.context].filter(Boolean).join("\n\n");
    if (text) f.top.systemMessage = capContext(text, limit);
  },
  /**
   * Codex PostToolUse: `{decision:"block", reason}` for a block and for a replacement output alike,
   * since the model then sees only the reason (Codex ignores updatedToolOutput).
   */
  blockWithOutput: (f, e) => {
    const text = blockOrOutput(e);
    if (text === undefined) return;
    f.top.decision = "block";
    f.top.reason = text;
  },
  /**
   * Qwen PostToolUse: `{continue: false, stopReason}` for a block and a replacement output alike; the
   * model gets the reason as the tool's error in place of its result, and the session goes on.
   */
  stopWithOutput: (f, e) => {
    const text = blockOrOutput(e);
    if (text === undefined) return;
    f.top.continue = false;
    f.top.stopReason = text;
  },
  /** Claude PreToolUse: nested permissionDecision / permissionDecisionReason / updatedInput. */
  nestedPreDecision: (f, e) => preDecision(f.nested, e, "updatedInput"),
  /** Copilot preToolUse: the same, flat, with `modifiedArgs` (harness-protocols §3.4). */
  flatPreDecision: (f, e) => preDecision(f.top, e, "modifiedArgs"),
  /** Gemini BeforeTool: hookSpecificOutput.tool_input, merged into the call's parameters. */
  nestedToolInput: (f, e) => {
    if (e.decision !== "deny" && e.updatedInput) f.nested.tool_input = e.updatedInput;
  },
  /** Claude PostToolUse: hookSpecificOutput.updatedToolOutput, in the tool's shape. */
  nestedToolOutput: (f, e) => {
    if (e.updatedOutput !== undefined) f.nested.updatedToolOutput = e.updatedOutput;
  },
  /** Copilot postToolUse: modifiedResult {resultType, textResultForLlm} (harness-protocols §3.4). */
  flatToolOutput: (f, e) => {
    if (e.updatedOutput === undefined) return;
    f.top.modifiedResult = { resultType: "success", textResultForLlm: outputText(e.updatedOutput) };
  },
  /** Claude/Codex PermissionRequest: hookSpecificOutput.decision {behavior, message?}. */
  nestedPermission: (f, e) => {
    const decision: Obj = {};
    permission(decision, e);
    if (decision.behavior) f.nested.decision = decision;
  },
  /** Copilot permissionRequest: flat {behavior, message?}. */
  flatPermission: (f, e) => permission(f.top, e),
} satisfies Record<string, Part>;

function stdoutOf(event: EventName, fields: Fields): string {
  const body: Obj = { ...fields.top };
  if (Object.keys(fields.nested).length > 0) body.hookSpecificOutput = { hookEventName: event, ...fields.nested };
  return Object.keys(body).length > 0 ? `${JSON.stringify(body)}\n` : "";
}

/**
 * Returns the bytes for `effect` on `event`: one JSON object or nothing on stdout. A PreToolUse deny
 * always exits 2 with the reason on stderr, the one deny channel all three harnesses honour (Codex
 * reads only stderr then, and fails open if it is empty, hence the default reason).
 */
export function render(table: OutputTable, event: EventName, effect: Effect, contextLimit: number): Answer {
  const deny = event === "PreToolUse" && effect.decision === "deny";
  const fields: Fields = { top: {}, nested: {} };
  for (const part of (deny ? table.deny : table.events[event]) ?? []) part(fields, effect, contextLimit);
  const stdout = stdoutOf(event, fields);
  if (!deny) return { stdout, stderr: "", exitCode: 0 };
  return { stdout, stderr: `${reasonOr(effect.reason, DEFAULT_DENY).trim()}\n`, exitCode: 2 };
}
