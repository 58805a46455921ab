// Shared pieces of the three harness adapters: event resolution, payload validation, and the small
// rewrites more than one harness needs (argv join, apply_patch lifting, Bash output shape, context cap).
import { resolve } from "node:path";
import { oneLine, PayloadError } from "../errors";
import type { EventName, Payload } from "../types";

export type Obj = Record<string, unknown>;

/** Returns true for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Returns true when a value carries nothing: absent, null, "", [] or {}. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

/** Returns the table's own entry for `key` (never an inherited one such as `constructor`). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Returns a short, quoted rendering of payload text for a one-line error message. */
export function show(value: unknown): string {
  const text = typeof value === "string" ? value : String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}...` : text);
}

function kind(value: unknown): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

/**
 * Copies each `from` key onto its `to` name. An existing `to` value is overwritten only when it is
 * blank: the reference found blank snake_case args next to real camelCase ones and guards then judged
 * the blank copy. `dropSource` removes the camelCase original (top-level keys); argument aliases keep it.
 */
export function addAliases(obj: Obj, aliases: Readonly<Record<string, string>>, dropSource: boolean): void {
  for (const [from, to] of Object.entries(aliases)) {
    if (!Object.hasOwn(obj, from)) continue;
    const value = obj[from];
    const absent = obj[to] === undefined || obj[to] === null;
    // `{}` args still count when nothing else is there: PreToolUse needs an object
    if (absent ? value !== undefined && value !== null : isBlank(obj[to]) && !isBlank(value)) obj[to] = value;
    if (dropSource && from !== to) delete obj[from];
  }
}

// --- events ---

/**
 * Returns the internal event: the payload's `hook_event_name` wins, then the `--event` hint, then
 * `infer` (Copilot camelCase payloads carry no name). Throws PayloadError when none resolves.
 */
export function resolveEvent(
  table: Readonly<Record<string, EventName>>,
  named: unknown,
  hint?: string,
  infer?: () => EventName | undefined,
): EventName {
  if (named !== undefined && named !== null) {
    if (typeof named !== "string") throw new PayloadError(`hook_event_name must be a string, got ${kind(named)}`);
    return eventOrThrow(table, named);
  }
  if (hint) return eventOrThrow(table, hint);
  const inferred = infer?.();
  if (inferred) return inferred;
  throw new PayloadError("payload names no hook event (pass --event)");
}

function eventOrThrow(table: Readonly<Record<string, EventName>>, name: string): EventName {
  const event = lookup(table, name);
  if (!event) throw new PayloadError(`unknown hook event ${show(name)}`);
  return event;
}

// --- validation ---

/** Events whose payload is about one tool call. */
export const TOOL_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest",
]);

/** Known fields that must be strings when present; null counts as absent (Codex sends null paths). */
const STRING_FIELDS = [
  "session_id", "cwd", "transcript_path", "permission_mode", "tool_name", "tool_use_id", "prompt",
  "source", "agent_id", "agent_type",
] as const;

/**
 * Returns a validated copy of `obj` in the internal shape: event name set, `session_id` defaulted to
 * "", `cwd` to the process cwd, and for tool events a non-empty `tool_name` and an object `tool_input`.
 * PreToolUse fails closed: its tool_input is never invented. Throws PayloadError naming the event and
 * the field (the hook command denies when the message names PreToolUse).
 */
export function validatePayload(obj: Obj, event: EventName): Payload {
  const p: Obj = { ...obj, hook_event_name: event };
  for (const field of STRING_FIELDS) {
    if (p[field] === null) delete p[field];
    else if (p[field] !== undefined && typeof p[field] !== "string") {
      throw new PayloadError(`${event} payload: ${field} must be a string, got ${kind(p[field])}`);
    }
  }
  if (p.stop_hook_active !== undefined && typeof p.stop_hook_active !== "boolean") {
    throw new PayloadError(`${event} payload: stop_hook_active must be a boolean, got ${kind(p.stop_hook_active)}`);
  }
  p.session_id ??= "";
  if (!p.cwd) p.cwd = process.cwd();
  if (TOOL_EVENTS.has(event)) checkTool(p, event);
  return p as Payload;
}

function checkTool(p: Obj, event: EventName): void {
  if (typeof p.tool_name !== "string" || p.tool_name === "") {
    throw new PayloadError(`${event} payload has no tool_name`);
  }
  if (isRecord(p.tool_input)) {
    p.tool_input = { ...p.tool_input }; // normalizers edit it; the raw payload stays untouched
    return;
  }
  if (event === "PreToolUse") throw new PayloadError("PreToolUse payload has no tool_input object");
  if (p.tool_input !== undefined && p.tool_input !== null) {
    throw new PayloadError(`${event} payload: tool_input must be an object, got ${kind(p.tool_input)}`);
  }
  p.tool_input = {};
}

/** Runs a normalizer so that it throws nothing but PayloadError (a bug surfaces as one line too). */
export function guardNormalize<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof PayloadError) throw err;
    throw new PayloadError(`payload could not be normalized: ${oneLine(err)}`);
  }
}

// --- tool input rewrites ---

/** Returns the argv list as one shell-quoted command string (`["ls","a b"]` -> `ls 'a b'`). */
export function joinArgv(argv: readonly unknown[]): string {
  // loaded on use: only Codex's argv form needs it, and its bytes cost every hook call otherwise
  return (require("./join-argv") as typeof import("./join-argv")).joinArgv(argv);
}

/** Returns a tool argument value as an object: JSON text is parsed; other text is a raw body (apply_patch). */
export function parseArgs(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (isRecord(parsed)) return parsed;
  } catch {
    // not JSON: Copilot sends apply_patch's V4A patch as bare text
  }
  return { command: value, content: value };
}

/**
 * A patch header, as Codex's own parser reads it (codex-rs/apply-patch/src/parser.rs): it trims each
 * hunk's first line before matching `*** Add File: `, `*** Delete File: ` or `*** Update File: `, so
 * `   *** Add File: x` is a header. Matched here on every line, case and spacing loosened, `*** Move to:`
 * too: a path read that Codex would not read only costs a check, a header missed would open a door.
 */
const PATCH_HEADER = /^\*\*\*\s*(?:(?:add|delete|update)\s*file|move\s*to)\s*:\s*(.*)$/i;

/** Returns every path an apply_patch body touches, in order, without duplicates. */
export function patchPaths(body: string): string[] {
  const paths: string[] = [];
  for (const line of body.split(/\r?\n|\r/)) {
    const m = PATCH_HEADER.exec(line.trim());
    const path = m?.[1].trim();
    if (path && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

function patchBody(input: Obj): string | undefined {
  for (const key of ["command", "patch", "input"]) {
    const value = input[key];
    if (typeof value === "string" && value !== "") return value;
    // older Codex sent ["apply_patch", "<patch>"]; the headers survive a newline join
    if (Array.isArray(value) && value.length > 0) return value.map(String).join("\n");
  }
  return undefined;
}

/**
 * Gives an apply_patch input the Edit shape conditions expect: body in `content` and `new_string`,
 * `file_path` from the first header, and all paths in `file_paths`. Paths are made absolute against
 * `cwd`, because Claude's Edit/Write paths always are.
 */
export function liftPatch(input: Obj, cwd: string): void {
  const body = patchBody(input);
  if (body === undefined) return;
  if (typeof input.command !== "string" || input.command === "") input.command = body; // conditions read a string
  if (isBlank(input.content)) input.content = body;
  if (isBlank(input.new_string)) input.new_string = body;
  // `..` is left for the filesystem: after a symlink it climbs from the link's target, as Codex's write will
  const paths = patchPaths(body).map((path) => (/(^|\/)\.\.(\/|$)/.test(path) ? (path.startsWith("/") ? path : `${cwd}/${path}`) : resolve(cwd, path)));
  input.file_paths = paths;
  if (isBlank(input.file_path) && paths.length > 0) input.file_path = paths[0];
}

/** Returns Claude's Bash tool_response shape for plain output text, so Bash conditions see one shape. */
export function bashResponse(stdout: string): Obj {
  return { stdout, stderr: "", interrupted: false, isImage: false };
}

// --- output ---

/**
 * Returns the text Gemini CLI and Qwen Code give the model for a tool result
 * (`{llmContent, returnDisplay, error}`, llmContent a string or a list of parts), or undefined.
 */
export function resultText(result: unknown): string | undefined {
  if (typeof result === "string") return result;
  if (!isRecord(result)) return undefined;
  const content = result.llmContent;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : "")).join("");
  return undefined;
}

export const TRUNCATED = "\n[truncated]";

/** Returns `text` cut to at most `limit` characters, ending with a visible marker when cut. */
export function capContext(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = Math.max(0, limit - TRUNCATED.length);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1; // never split a surrogate pair
  return text.slice(0, end) + TRUNCATED;
}

/**
 * Gives a mapped tool's input the Claude shape: a Bash argv list becomes one quoted command string
 * (code-mode `exec` sends its script as `input`), and an apply_patch body is lifted into Edit fields.
 */
export function shapeToolInput(name: string, rawName: string, input: Obj, cwd: string): void {
  if (name === "Bash") {
    if (Array.isArray(input.command)) input.command = joinArgv(input.command);
    if (isBlank(input.command) && typeof input.input === "string") input.command = input.input;
  }
  if (rawName === "apply_patch") liftPatch(input, cwd);
}
