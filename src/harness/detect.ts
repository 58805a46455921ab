// Which harness sent this payload, and how each harness spells its events.
import { TARGETS, type EventName, type Target } from "../types";
import { isRecord } from "./common";

const INTERNAL_EVENTS: readonly EventName[] = [
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
  "SessionStart", "SessionEnd", "SubagentStart", "SubagentStop",
  "PreCompact", "Notification", "UserPromptSubmit", "Stop",
];

// A loop, not Object.fromEntries: that builtin's first use costs ~0.1 ms, on every hook call.
const IDENTITY: Readonly<Record<string, EventName>> = {};
for (const e of INTERNAL_EVENTS) (IDENTITY as Record<string, EventName>)[e] = e;

/**
 * Copilot's camelCase event names (harness-protocols §3.2) mapped to the internal ones, plus the
 * PascalCase identity (its VS Code form). Mappings that are a choice, after the reference's table:
 * `userPromptTransformed` is a second UserPromptSubmit, `preMcpToolCall` a PreToolUse, and
 * `errorOccurred` has no internal event of its own, so it is a Notification.
 */
const COPILOT_EVENTS: Readonly<Record<string, EventName>> = {
  ...IDENTITY,
  ErrorOccurred: "Notification",
  sessionStart: "SessionStart",
  sessionEnd: "SessionEnd",
  userPromptSubmitted: "UserPromptSubmit",
  userPromptTransformed: "UserPromptSubmit",
  preToolUse: "PreToolUse",
  preMcpToolCall: "PreToolUse",
  postToolUse: "PostToolUse",
  postToolUseFailure: "PostToolUseFailure",
  permissionRequest: "PermissionRequest",
  agentStop: "Stop",
  subagentStart: "SubagentStart",
  subagentStop: "SubagentStop",
  preCompact: "PreCompact",
  errorOccurred: "Notification",
  notification: "Notification",
};

/**
 * Gemini CLI's events (its hooks documentation): the tool, agent-turn and compression events in their
 * internal names. BeforeModel, AfterModel and BeforeToolSelection have no internal event.
 */
const GEMINI_EVENTS: Readonly<Record<string, EventName>> = {
  BeforeTool: "PreToolUse",
  AfterTool: "PostToolUse",
  BeforeAgent: "UserPromptSubmit",
  AfterAgent: "Stop",
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  PreCompress: "PreCompact",
  Notification: "Notification",
};

/**
 * Cline's events: its payload's `hookName` (tool_call, tool_result, ...) and its hook file names
 * (PreToolUse, ...), which `--event` carries. TaskStart/agent_start and the other run events are
 * fire-and-forget in Cline: nothing they answer is read.
 */
const CLINE_EVENTS: Readonly<Record<string, EventName>> = {
  tool_call: "PreToolUse", PreToolUse: "PreToolUse",
  tool_result: "PostToolUse", PostToolUse: "PostToolUse",
  prompt_submit: "UserPromptSubmit", UserPromptSubmit: "UserPromptSubmit",
  agent_start: "SessionStart", agent_resume: "SessionStart", TaskStart: "SessionStart", TaskResume: "SessionStart",
  agent_end: "Stop", TaskComplete: "Stop",
  session_shutdown: "SessionEnd", SessionShutdown: "SessionEnd",
};

/**
 * Claude Code's events: the internal names, plus PreSkillShellCommand (2.1.332), a skill's or slash
 * command's embedded shell line, judged as the PreToolUse of a Bash call (harness/claude.ts).
 */
const CLAUDE_EVENTS: Readonly<Record<string, EventName>> = { ...IDENTITY, PreSkillShellCommand: "PreToolUse" };

/**
 * OpenCode has no hook events: the agentihooks plugin names each call after the plugin hook it came
 * from (plugins/opencode/agentihooks.js).
 */
const OPENCODE_EVENTS: Readonly<Record<string, EventName>> = {
  "tool.execute.before": "PreToolUse",
  "tool.execute.after": "PostToolUse",
  "chat.message": "UserPromptSubmit",
};

/** Each harness's event spelling -> internal event. Claude and Codex already use the internal names. */
export const EVENT_NAMES: Readonly<Record<Target, Readonly<Record<string, EventName>>>> = {
  claude: CLAUDE_EVENTS,
  codex: IDENTITY,
  copilot: COPILOT_EVENTS,
  gemini: GEMINI_EVENTS,
  opencode: OPENCODE_EVENTS,
  droid: IDENTITY, // Factory Droid uses Claude's names for the events it has
  cline: CLINE_EVENTS,
  qwen: IDENTITY, // Qwen Code uses Claude's event names
  kimi: IDENTITY, // Kimi Code uses Claude's event names
};

/** Returns `value` as a Target when it names one (case-insensitive), else undefined. */
export function asTarget(value: unknown): Target | undefined {
  if (typeof value !== "string") return undefined;
  const lower = value.trim().toLowerCase();
  return TARGETS.find((t) => t === lower);
}

/** Gemini CLI's own event names, or its transcript folder (`~/.gemini/tmp/`) for the shared ones. */
const GEMINI_ONLY: ReadonlySet<string> = new Set(["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "PreCompress"]);
function isGemini(raw: Record<string, unknown>): boolean {
  if (typeof raw.hook_event_name === "string" && GEMINI_ONLY.has(raw.hook_event_name)) return true;
  return inFolder(raw, ".gemini", /[\\/]\.gemini[\\/]tmp[\\/]/);
}

/**
 * Whether the transcript lies under `folder` as `pattern` says. Most paths do not name the folder at
 * all, and `includes` tells so without the pattern's first-use compile (three of them a call).
 */
function inFolder(raw: Record<string, unknown>, folder: string, pattern: RegExp): boolean {
  return typeof raw.transcript_path === "string" && raw.transcript_path.includes(folder) && pattern.test(raw.transcript_path);
}

/** Factory Droid: Claude's payload shape, its transcripts under `~/.factory/sessions/`. */
const isDroid = (raw: Record<string, unknown>) => inFolder(raw, ".factory", /[\\/]\.factory[\\/]sessions[\\/]/);

/**
 * Qwen Code's transcript folder (`~/.qwen/projects/`, or `$QWEN_HOME/projects/`: a `.qwen` folder in
 * the default place only). Its payloads are Claude's plus an ISO `timestamp`, so this runs before the
 * Copilot rules.
 */
const isQwen = (raw: Record<string, unknown>): boolean => inFolder(raw, ".qwen", /[\\/]\.qwen[\\/]projects[\\/]/);

/**
 * Payload fingerprints, first match wins (harness-protocols §4.1). `turn_id` is Codex-only. Copilot's
 * camelCase form has `toolName`/`sessionId`/`toolCalls` (`hookName` on permissionRequest, a numeric
 * `timestamp` on every event); its VS Code form has `hook_event_name` plus an ISO `timestamp`, which
 * Claude never sends. Claude is the fallback because Codex payloads without `turn_id` are Claude's shape.
 */
const FINGERPRINTS: ReadonlyArray<[(raw: Record<string, unknown>) => boolean, Target]> = [
  [(raw) => "turn_id" in raw, "codex"],
  [(raw) => "clineVersion" in raw, "cline"], // before Copilot's: Cline's payload has hookName and timestamp too
  [isGemini, "gemini"],
  [(raw) => typeof raw.hook_event_name === "string" && Object.hasOwn(OPENCODE_EVENTS, raw.hook_event_name), "opencode"],
  [isDroid, "droid"],
  [isQwen, "qwen"],
  [(raw) => "client_type" in raw, "kimi"], // Kimi Code sends client_type on every event
  [(raw) => "toolName" in raw || "sessionId" in raw || "toolCalls" in raw || "hookName" in raw, "copilot"],
  [(raw) => "timestamp" in raw, "copilot"],
];

/**
 * Returns the target: `flag` (--target) first, then `envTarget` (AGENTIHOOKS_TARGET), then the payload's
 * fingerprint, else claude. An unrecognized flag or env value is skipped; the CLI reports bad flags.
 */
export function detectTarget(raw: unknown, envTarget?: string, flag?: string): Target {
  const explicit = asTarget(flag) ?? asTarget(envTarget);
  if (explicit) return explicit;
  if (!isRecord(raw)) return "claude";
  for (const [matches, target] of FINGERPRINTS) if (matches(raw)) return target;
  return "claude";
}
