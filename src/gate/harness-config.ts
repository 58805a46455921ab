// A file tool writing a harness's config is denied only when it changes what the harness runs on its
// own. What may change is a short list of keys known to decide nothing of the kind (models, themes, the
// harness's own permission rules); every other key, in any spelling the harness's parser accepts, counts:
// the files are compared as parsed (JSON.parse, Bun's TOML parser), never as text patterns, so a quoted
// or escaped key (`"\u0068ooks"`, `["hooks"]`) or a dotted one is the key it spells. A file that does not
// parse counts as changed whenever its text does (the harness would drop its hooks). Definitions that can
// carry hooks (agents, skills, commands: Markdown with a front matter) may change freely only while
// their front matter stays plain `key: value` lines without `hooks`. Anything else under a protected
// harness folder (plugin caches, hooks files, MCP server lists) counts whole. The text after the call is
// computed as the tool would write it; when it cannot be (a patch, an unknown tool), the call counts.
import { readFileSync } from "node:fs";

/** Keys of a harness's JSON settings (Claude, Copilot, Gemini) that start nothing on their own. */
const HARMLESS_JSON = new Set([
  "$schema",
  "permissions",
  "model",
  "theme",
  "outputStyle",
  "language",
  "verbose",
  "includeCoAuthoredBy",
  "cleanupPeriodDays",
  "alwaysThinkingEnabled",
  "spinnerTipsEnabled",
  "ui",
]);

/** Top-level keys of Codex's config.toml that start nothing on their own. */
const HARMLESS_TOML = new Set([
  "model",
  "model_provider",
  "model_reasoning_effort",
  "model_reasoning_summary",
  "model_verbosity",
  "approval_policy",
  "tui",
  "file_opener",
  "hide_agent_reasoning",
  "show_raw_agent_reasoning",
]);

/** Settings files whose harmless keys may change: the rest of what the gate protects counts whole. */
const SETTINGS = /(?:^|\/)(?:settings(?:\.local)?\.json)$/i;
const DEFINITION = /\/\.(?:claude|codex|copilot|github)\/(?:agents|skills|commands)\/.*\.md$/i;

/** Returns why a file tool's call changes hook registrations in `path`, or undefined when it does not. */
export function hookConfigChange(path: string, input: Record<string, unknown>): string | undefined {
  let before = "";
  try {
    before = readFileSync(path, "utf8");
  } catch {}
  const after = textAfter(input, before);
  if (after === undefined) return `a write to ${path} whose result cannot be computed (a harness's hook registration)`;
  return relevant(path, before) === relevant(path, after) ? undefined : `a change to the hook registration in ${path}`;
}

/** Returns the file's text once the call has run, or undefined when it cannot be told. */
export function textAfter(input: Record<string, unknown>, before: string): string | undefined {
  if (Array.isArray(input.file_paths) && input.file_paths.length > 0) return undefined; // a patch (apply_patch)
  for (const k of ["content", "file_text"]) if (typeof input[k] === "string") return input[k] as string;
  const edits = Array.isArray(input.edits) ? input.edits : [input];
  let text = before;
  for (const e of edits) {
    if (!e || typeof e !== "object") return undefined;
    const r = e as Record<string, unknown>;
    const oldText = r.old_string ?? r.old_str;
    const newText = r.new_string ?? r.new_str;
    if (typeof oldText !== "string" || typeof newText !== "string") return undefined;
    if (oldText === "") return undefined;
    if (!text.includes(oldText)) continue; // the tool fails and writes nothing
    text = r.replace_all === true ? text.split(oldText).join(newText) : text.replace(oldText, () => newText);
  }
  return text;
}

/** The part of a config that decides what the harness runs, as a comparable string. */
function relevant(path: string, text: string): string {
  if (DEFINITION.test(path)) return frontMatterHooks(text);
  if (/\.toml$/i.test(path)) return tomlRelevant(text);
  if (!SETTINGS.test(path)) return `whole:${text}`;
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return `unparsed:${text}`;
  }
  return canonical(withoutHarmless(value, HARMLESS_JSON));
}

/** Codex config.toml as parsed, without its harmless keys; the text itself when it does not parse. */
function tomlRelevant(text: string): string {
  try {
    return canonical(withoutHarmless(Bun.TOML.parse(text), HARMLESS_TOML));
  } catch {
    return `unparsed:${text}`;
  }
}

function withoutHarmless(value: unknown, harmless: Set<string>): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !harmless.has(k)));
}

/**
 * A definition's front matter when it could register hooks, else "": plain lines (`key: value`, a
 * key of letters, digits, `_` and `-`, not `hooks`), indented continuation lines and comments are
 * understood; any other top-level line (a quoted, escaped or complex key, a flow mapping, an anchor)
 * makes the whole front matter count. The body is the skill's text: its embedded shell lines are
 * judged when they run (PreSkillShellCommand).
 */
function frontMatterHooks(text: string): string {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return /^\uFEFF?---/.test(text) ? `unclosed:${text}` : "";
  for (const line of m[1].split(/\r?\n/)) {
    if (line.trim() === "" || /^\s*#/.test(line) || /^[ \t]/.test(line)) continue;
    const key = /^([A-Za-z0-9_][\w-]*)[ \t]*:(?:[ \t]|$)/.exec(line)?.[1];
    if (key === undefined || key === "hooks") return `front:${m[1]}`;
  }
  return "";
}

// Not src/canonical-json.ts: only whether two results are equal matters here, and JSON.stringify's own
// walk takes deeper nesting before a RangeError (10,000 nested objects, measured) than its recursion.
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
}
