// Turns merged outcomes into an Effect the harness can honour: the reference's "Rewrites and
// permissions" table and its "Harness support" table. Capabilities are data; no harness names here.
import type { Merged } from "./merge";
import type { Capabilities, Effect, Payload, Step } from "./types";

const CANNOT_PROMPT = "a condition asked for confirmation and this harness cannot prompt";

/** Returns the effect of `m` for one call on `step`. */
export function applyPolicy(step: Step, m: Merged, payload: Payload, caps: Capabilities): Effect {
  const notes = [...m.notes];
  const reason = m.reasons.join("\n") || undefined;
  const effect: Effect = {};
  switch (step) {
    case "pre":
      preEffect(effect, m, payload, caps, notes, reason);
      break;
    case "post":
      postEffect(effect, m, payload, caps, notes, reason);
      break;
    case "permission":
      if (m.decision === "allow" || m.decision === "deny") effect.decision = m.decision;
      if (reason) effect.reason = reason;
      break;
    case "stop":
    case "substop":
    case "prompt":
    case "compact":
      if (m.decision === "deny") effect.block = reason ?? "blocked by a condition";
      break;
    default:
      if (m.decision === "deny") notes.push(`${reason ?? "a condition denied"} (this event cannot be blocked)`);
  }
  const context = [...m.contexts, ...notes].join("\n\n");
  if (context) effect.context = context;
  if (step === "pre" && !caps.preContext && effect.context) {
    // No context channel before the tool runs: a deny carries it in its reason, otherwise the person
    // sees it as a system message rather than it vanishing.
    if (effect.decision === "deny") effect.reason = `${effect.reason}\n\n${effect.context}`;
    else effect.systemMessage = effect.context;
    effect.context = undefined;
  }
  return effect;
}

function preEffect(e: Effect, m: Merged, payload: Payload, caps: Capabilities, notes: string[], reason?: string): void {
  let decision = m.decision;
  let why = reason;
  if (decision === "ask" && !caps.ask) {
    decision = "deny";
    why = `${CANNOT_PROMPT}${reason ? `: ${reason}` : ""}`;
  }
  if (decision === "deny") {
    e.decision = "deny";
    e.reason = why ?? "denied by a condition";
    return;
  }
  if (m.inputPatch) {
    const by = m.inputWriters.join(", ");
    if (!caps.inputRewrite) notes.push(`[conditions] input rewrite by ${by} dropped: this harness cannot apply it`);
    else if (decision === "allow" || decision === "ask") {
      e.updatedInput = { ...(payload.tool_input ?? {}), ...m.inputPatch };
      notes.push(`[conditions] tool input rewritten by ${by}`);
    } else if (payload.permission_mode === "bypassPermissions") {
      e.updatedInput = { ...(payload.tool_input ?? {}), ...m.inputPatch };
      decision = "allow";
      notes.push(`[conditions] tool input rewritten by ${by}`);
    } else if (caps.rewriteWithoutDecision) {
      // no decision sent: the harness's own permissions judge the rewritten input
      e.updatedInput = { ...(payload.tool_input ?? {}), ...m.inputPatch };
      notes.push(`[conditions] tool input rewritten by ${by}`);
    } else {
      notes.push(
        `[conditions] input rewrite by ${by} dropped: outside bypassPermissions a rewriting condition must return "decision": "allow" or "ask"`,
      );
    }
  }
  if (decision) {
    e.decision = decision;
    if (why) e.reason = why;
  }
}

function postEffect(e: Effect, m: Merged, payload: Payload, caps: Capabilities, notes: string[], reason?: string): void {
  if (m.decision === "deny") {
    const r = reason ?? "blocked by a condition";
    if (caps.postBlock) e.block = r;
    else notes.push(`[conditions] blocked: ${r}`);
  }
  if (m.output === undefined) return;
  const by = m.outputWriters[m.outputWriters.length - 1];
  if (m.outputWriters.length > 1) notes.push(`[conditions] tool output replaced by ${m.outputWriters.length} conditions; ${by} wins`);
  const shaped = shapeOutput(m.output, payload);
  if (typeof shaped === "string") notes.push(`[condition ${by}] ${shaped}`);
  else if (!caps.outputRewrite) notes.push(`[conditions] output replacement by ${by} dropped: this harness cannot apply it`);
  else e.updatedOutput = shaped.value;
}

/** Returns `{content: [...]}`'s list, or undefined for any other value. */
function contentList(v: unknown): unknown[] | undefined {
  const content = v && typeof v === "object" && !Array.isArray(v) ? (v as { content?: unknown }).content : undefined;
  return Array.isArray(content) ? content : undefined;
}

/**
 * Returns an MCP replacement in the shape the harness gave the response. Claude hands hooks (and takes
 * back) a bare list of content blocks, and shows a `{content: [...]}` object to the model as JSON text;
 * Codex's responses are `{content}` objects. Strings are taken by both as they are.
 */
function mcpShape(out: unknown, response: unknown): unknown {
  const list = contentList(out);
  if (list && Array.isArray(response)) return list;
  if (Array.isArray(out) && contentList(response)) return { content: out };
  return out;
}

/** Returns the output in the tool's shape, or why it cannot be used. */
export function shapeOutput(out: unknown, payload: Payload): { value: unknown } | string {
  const tool = (payload.tool_name ?? "").toLowerCase();
  if (tool.startsWith("mcp__")) return { value: mcpShape(out, payload.tool_response) };
  if (out && typeof out === "object" && !Array.isArray(out)) return { value: out };
  if (typeof out === "string" && tool === "bash") {
    const base = payload.tool_response && typeof payload.tool_response === "object" ? (payload.tool_response as object) : {};
    return { value: { interrupted: false, isImage: false, ...base, stdout: out, stderr: "" } };
  }
  return "tool_output must be an object for this tool (a string is accepted for Bash and MCP tools)";
}
