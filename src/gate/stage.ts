// The gate as a pipeline stage. UserPromptSubmit arms it when the person's prompt asks for a condition
// and the hook was started by the harness itself, not by the agent's shell (provenance.ts); any other
// prompt closes it (a new turn starts closed even when the last one never reached Stop). Stop and
// SessionEnd close it. PreToolUse denies, while it is closed, every call that would change what
// decides which conditions run; a person's own acts (trusting a repository, registering the hooks)
// are denied to the agent whatever the gate says.
// This file is on the hook's hot path: it imports no SDK and nothing heavy.
import type { ShellAnalysis } from "../shell/analyze";
import type { Stage, StageContext } from "../stage-context";
import type { HookCall, Payload } from "../types";
import type { PathScope } from "./paths";
import { conditionWrite } from "./write-guard";

/** The gate file's code, loaded when it is needed: a call that touches nothing protected never reads it. */
const gateFile = () => require("./gate-file") as typeof import("./gate-file");

/** Returns the deny reason for a PreToolUse call that would change conditions while the gate is closed. */
async function guard(call: HookCall, payload: Payload, ctx: StageContext) {
  if (call.event !== "PreToolUse") return undefined;
  const input = payload.tool_input ?? {};
  const tool = payload.tool_name ?? "";
  const bad = tool.toLowerCase() === "bash" ? badCommand(input.command) : undefined;
  if (bad) return { decision: "deny" as const, reason: `agentihooks: the Bash command ${bad}; denied to fail closed (no guard could judge it)` };
  // What the call would do is decided first: most calls touch nothing protected and never read the gate file.
  const env = process.env;
  const scope = { cwd: payload.cwd || process.cwd(), userHome: env.HOME || require("node:os").homedir() /* loaded only without $HOME: it costs at start-up */, home: ctx.home, env, exe: process.execPath };
  const analysis = ctx.programs(payload) as ShellAnalysis | undefined;
  if (analysis && (analysis.programs.includes("git") || analysis.programs.includes("gh"))) rememberClones(String(input.command), analysis, scope, ctx);
  const what = await conditionWrite({ toolName: tool, rawToolName: call.batch.length > 1 ? undefined : call.rawToolName, input, scope, analysis });
  if (!what) return undefined;
  const { gateMessage, gateState, personMessage } = gateFile();
  if (what.personOnly) return { decision: "deny" as const, reason: personMessage(what.what) };
  const gate = gateState(ctx.home, payload.session_id, ctx.config.strictModes);
  if (gate.record) return undefined;
  const refused = gate.refused ? ` The gate file was not trusted: ${gate.refused}.` : "";
  return { decision: "deny" as const, reason: gateMessage(what.what) + refused };
}

/** Remembers the line's clones from untrusted owners as untrusted (clone-record.ts; loaded for git lines only). */
function rememberClones(command: string, analysis: ShellAnalysis, scope: PathScope, ctx: StageContext): void {
  if (!analysis.commands.some((c) => c.args.includes("clone"))) return;
  const { recordClones } = require("./clone-record") as typeof import("./clone-record");
  const { LineState } = require("./line-state") as typeof import("./line-state");
  const { GateLimit, startDeadline } = require("./limits") as typeof import("./limits");
  startDeadline(scope.env);
  try {
    recordClones(analysis.commands, new LineState(scope, command, analysis.commands), ctx.home, ctx.config, ctx.note);
  } catch (e) {
    // past a limit the clone is not remembered; the same line is judged (and denied) as a write below
    if (!(e instanceof GateLimit)) throw e;
    ctx.note(`the clones of this command were not remembered: ${e.limit}`);
  }
}

/** Returns why a Bash command cannot be judged (not a string, a NUL byte), or undefined. */
function badCommand(command: unknown): string | undefined {
  if (typeof command !== "string") return command === undefined ? "is missing" : `is not a string (${Array.isArray(command) ? "array" : command === null ? "null" : typeof command})`;
  return command.includes("\0") ? "holds a NUL byte" : undefined;
}

/** Arms or closes the gate on the turn's edges; returns a context line when it was just armed. */
function context(call: HookCall, payload: Payload, ctx: StageContext): string[] {
  if (call.event === "Stop" || call.event === "SessionEnd") {
    gateFile().closeGate(ctx.home, payload.session_id);
    return [];
  }
  if (call.event !== "UserPromptSubmit") return [];
  // Loaded on a prompt only: its tables cost at start-up and tool calls never need them.
  const { findArmingPhrase } = require("./phrases") as typeof import("./phrases");
  // installed conditions' names, and the programs their bash.<cli> matchers name (not bare tool names)
  const names = (ctx.catalog?.(payload.cwd)?.conditions ?? []).flatMap((c) => {
    const clis = c.matcher.split("+").filter((m) => /^bash\./i.test(m)).map((m) => m.slice(5));
    return [c.name, ...clis, ...clis.map((cli) => `${cli}-${c.name}`)];
  });
  const phrase = typeof payload.prompt === "string" ? findArmingPhrase(payload.prompt, names) : undefined;
  if (!phrase || !payload.session_id) {
    gateFile().closeGate(ctx.home, payload.session_id);
    return [];
  }
  const { startedByHarness } = require("./provenance") as typeof import("./provenance");
  const origin = startedByHarness(call.target);
  if (!origin.ok) {
    gateFile().closeGate(ctx.home, payload.session_id);
    ctx.note(`the condition gate stays closed: ${origin.why}`);
    return [];
  }
  try {
    gateFile().armGate(ctx.home, payload.session_id, payload.prompt as string);
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
