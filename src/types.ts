// The shared vocabulary of one hook call. This file imports nothing, so every layer may depend on it.

/** The harnesses agentihooks answers. */
export type Target = "claude" | "codex" | "copilot" | "gemini" | "opencode" | "droid" | "cline" | "qwen" | "kimi";
export const TARGETS: readonly Target[] = ["claude", "codex", "copilot", "gemini", "opencode", "droid", "cline", "qwen", "kimi"];

/** The targets for a usage hint, `claude|codex|...` (with `extra` names after them, like "all"). */
export const targetHint = (...extra: string[]): string => [...TARGETS, ...extra].join("|");

/** The targets as words, "claude, codex, ... or droid" (with `last` after them, like "all"). */
export function targetWords(last?: string): string {
  const all = last ? [...TARGETS, last] : [...TARGETS];
  return `${all.slice(0, -1).join(", ")} or ${all[all.length - 1]}`;
}

/** Condition steps: pre/post/stop plus the reserved steps of the reference's "other hook events" table. */
export type Step =
  | "pre" | "post" | "stop" | "fail" | "permission" | "start" | "end"
  | "substart" | "substop" | "compact" | "notify" | "prompt";

/** Hook events in Claude's spelling, which is the internal one. */
export type EventName =
  | "PreToolUse" | "PostToolUse" | "PostToolUseFailure" | "PermissionRequest"
  | "SessionStart" | "SessionEnd" | "SubagentStart" | "SubagentStop"
  | "PreCompact" | "Notification" | "UserPromptSubmit" | "Stop";

export type Decision = "allow" | "ask" | "deny";

/**
 * The normalized payload: Claude's shape whatever harness sent it. Conditions read this on stdin.
 * Tool names are Claude's (`Bash`, `Read`, `Write`, `Edit`, ...), keys are snake_case.
 */
export interface Payload {
  hook_event_name: EventName;
  session_id: string;
  cwd: string;
  transcript_path?: string;
  permission_mode?: string;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  tool_use_id?: string;
  prompt?: string;
  /** The command is text typed into a program already running (Copilot write_bash): its reader is unknown. */
  typed_input?: boolean;
  [key: string]: unknown;
}

/** One normalized hook call, ready for the pipeline. */
export interface HookCall {
  target: Target;
  event: EventName;
  payload: Payload;
  /** Copilot's preToolUse may batch several calls; each is judged, any deny denies the batch. */
  batch: Payload[];
  /** The harness's own tool name before normalization (for logs and the gate). */
  rawToolName?: string;
  /**
   * Set when the harness fires an event that is not what its name says (Qwen's UserPromptSubmit
   * after each tool result, with an empty prompt): why it is answered with nothing, no condition run.
   */
  notAnEvent?: string;
}

/**
 * What the merged conditions (and enforcements, gate) decided, after the permission policy and the
 * harness's capabilities were applied. The emitter turns it into that harness's bytes.
 */
export interface Effect {
  /** pre / permission: the permission decision. */
  decision?: Decision;
  /** Reason attached to decision or block. */
  reason?: string;
  /** post / stop / prompt / substop / compact: block with this reason. */
  block?: string;
  /** Text for the agent's context (already joined). */
  context?: string;
  /** pre: the full rewritten tool input (only when the rewrite is applied). */
  updatedInput?: Record<string, unknown>;
  /** post: the replacement tool output, in the tool's shape. */
  updatedOutput?: unknown;
  /** Notes the agent has no channel for (Codex before a tool runs): shown to the person instead. */
  systemMessage?: string;
}

/** The bytes a harness receives. */
export interface Answer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** What each harness can honour (the reference's Harness support table). Data, not branches. */
export interface Capabilities {
  preContext: boolean;
  ask: boolean;
  inputRewrite: boolean;
  outputRewrite: boolean;
  postBlock: boolean;
  /**
   * The harness applies a rewrite that comes without a permission decision and still runs its own
   * permission check on the rewritten input (Copilot), so a rewrite needs no "allow" to take effect.
   */
  rewriteWithoutDecision?: boolean;
  /** Max characters of one context string. */
  contextLimit: number;
}

/** A condition file that parsed. */
export interface Condition {
  file: string;
  step: Step;
  matcher: string;
  name: string;
  async: boolean;
  ext: string;
  /** `<step>-<normalized matcher>-<name>`: a later layer with the same key replaces an earlier one. */
  key: string;
  path: string;
  source: string;
  /** Global execution order: layer rank, then filename. */
  order: number;
}

export interface InvalidFile {
  path: string;
  source: string;
  error: string;
}

export interface Layer {
  source: string;
  path: string;
  exists: boolean;
  count: number;
  skipped: boolean;
  untrusted_owner?: string;
  /** Why the layer was skipped or used (for explain). */
  note?: string;
}

/** The outcome of running one condition: a value, never a throw. */
export type OutcomeStatus = "answered" | "skipped" | "timeout" | "crashed" | "bad-output" | "denied";
export interface Outcome {
  condition: Condition;
  status: OutcomeStatus;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Parsed stdout when it was a JSON object. */
  json?: Record<string, unknown>;
  /** Why it was skipped / failed. */
  error?: string;
}

/** Shell analysis of one command line (see src/shell/). */
export interface Analysis {
  programs: string[];
  dynamic: boolean;
  /** Python modules run with `-m`: `bash.<cli>` matches them as well as programs. */
  modules?: string[];
  /** Wrappers the line runs (`sudo`, `env`, `timeout`): `bash.<cli>` matches them as well. */
  wrappers?: string[];
  /** Why the line is dynamic: construct, message and span in the line (src/shell/analyze.ts). */
  why?: { construct: string; message: string; start: number; end: number; text: string }[];
  [key: string]: unknown;
}
