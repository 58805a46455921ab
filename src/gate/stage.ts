// The gate as a pipeline stage. UserPromptSubmit arms it when the person's prompt asks for a condition
// (and closes it otherwise: a new turn starts closed even when the last one never reached Stop);
// Stop and SessionEnd close it; PreToolUse denies writes to conditions while it is closed.
// This file is on the hook's hot path: it imports no SDK and nothing heavy.
import type { Stage, StageContext } from "../stage-context";
import type { HookCall, Payload } from "../types";
import { armGate, closeGate, gateMessage, isGateOpen } from "./gate-file";
import { conditionWrite } from "./write-guard";

/** Returns the deny reason for a PreToolUse call that would change conditions while the gate is closed. */
function guard(call: HookCall, payload: Payload, ctx: StageContext) {
  if (call.event !== "PreToolUse") return undefined;
  // What the call would do is decided first: most calls touch no condition and never read the gate file.
  const what = conditionWrite({
    toolName: payload.tool_name ?? "",
    rawToolName: call.batch.length > 1 ? undefined : call.rawToolName,
    input: payload.tool_input ?? {},
    scope: { cwd: payload.cwd || process.cwd(), userHome: process.env.HOME || require("node:os").homedir() /* loaded only without $HOME: it costs at start-up */, home: ctx.home },
    analysis: ctx.programs(payload),
  });
  if (!what || isGateOpen(ctx.home, payload.session_id)) return undefined;
  return { decision: "deny" as const, reason: gateMessage(what) };
}

/** Arms or closes the gate on the turn's edges; returns a context line when it was just armed. */
function context(call: HookCall, payload: Payload, ctx: StageContext): string[] {
  if (call.event === "Stop" || call.event === "SessionEnd") {
    closeGate(ctx.home, payload.session_id);
    return [];
  }
  if (call.event !== "UserPromptSubmit") return [];
  // Loaded on a prompt only: its tables cost ~0.1 ms at start-up and tool calls never need them.
  const { findArmingPhrase } = require("./phrases") as typeof import("./phrases");
  const phrase = typeof payload.prompt === "string" ? findArmingPhrase(payload.prompt) : undefined;
  if (!phrase || !payload.session_id) {
    closeGate(ctx.home, payload.session_id);
    return [];
  }
  try {
    armGate(ctx.home, payload.session_id, payload.prompt as string);
  } catch (err) {
    ctx.note(`cannot open the condition gate: ${(err as Error).message}`);
    return [];
  }
  return [
    `[agentihooks] The person asked for a condition ("${phrase}"), so the condition gate is open until this ` +
      "turn ends: condition_set / condition_clear on the agentihooks MCP server will be accepted " +
      `(pass session_id "${payload.session_id}").`,
  ];
}

export const gateStage: Stage = { name: "gate", guard, context };
