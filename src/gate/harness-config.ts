// A file tool writing a harness's config is denied only when it changes what decides which hooks run:
// Claude's and Copilot's `hooks`, `disableAllHooks`, `allowManagedHooksOnly` and `env` (the hooks'
// environment: `CONDITIONS_ENABLED=false` or another AGENTIHOOKS_HOME would turn the guards off),
// the whole of a hooks file (`.copilot/hooks/*.json`, `.github/hooks/*.json`), and Codex's `[hooks]`
// tables and hook settings in config.toml. Other settings (permissions, models, themes) stay the
// agent's to edit. The text after the call is computed as the tool would write it; when it cannot be
// (a patch, an unknown tool), the call counts as a change.
import { readFileSync } from "node:fs";

const JSON_KEYS = ["hooks", "disableAllHooks", "allowManagedHooksOnly", "env"];

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

/** The part of a config that decides which hooks run, as a comparable string. */
function relevant(path: string, text: string): string {
  if (/\.toml$/i.test(path)) return tomlHooks(text);
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return `unparsed:${text}`; // a harness that cannot parse the file drops its hooks: any change counts
  }
  if (/\/hooks\/[^/]*$/i.test(path)) return canonical(value);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return canonical(value);
  const picked: Record<string, unknown> = {};
  for (const k of JSON_KEYS) if (k in (value as object)) picked[k] = (value as Record<string, unknown>)[k];
  return canonical(picked);
}

/** Codex config.toml: the lines of `[hooks...]` tables and any line that names hooks, comments dropped. */
function tomlHooks(text: string): string {
  const out: string[] = [];
  let inHooks = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!line) continue;
    const table = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (table) inHooks = /^"?hooks"?(?:\.|$)/i.test(table[1]);
    if (inHooks || /hook/i.test(line)) out.push(line.replace(/\s+/g, " "));
  }
  return out.join("\n");
}

// Not src/canonical-json.ts: only whether two results are equal matters here, and JSON.stringify's own
// walk takes deeper nesting before a RangeError (10,000 nested objects, measured) than its recursion.
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
}
