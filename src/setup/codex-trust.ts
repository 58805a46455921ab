// Codex runs a hook from hooks.json only once a person has reviewed it: its TUI's "Trust all" writes
// `[hooks.state."<hooks.json>:<event>:<group>:<handler>"] trusted_hash = "sha256:..."` into the user's
// config.toml, and Codex compares that hash with one it computes from the handler (discovery.rs,
// `command_hook_hash`: sha256 of the canonical JSON of `{event_name, matcher?, hooks: [handler]}`
// with the handler normalized). `init` writes the same entries for the handlers it wrote, so the
// hooks fire without a review, and `uninit` removes them. Codex reads hook state only from the user
// layer, so project hooks are trusted in the user's config.toml too.
// Measured against Codex 0.169: `codex app-server` hooks/list reports these hashes as `currentHash`.
import { canonicalJson } from "../canonical-json";
import { AgentihooksError } from "../errors";
import { structuralLines, tomlString } from "./codex-mcp";
import type { Json, JsonObject } from "./json-file";

export const TRUST_MARKER = "# hook trust added by agentihooks init (agentihooks uninit removes it)";

/** One handler of ours as Codex keys it, and the hash that marks it reviewed. */
export interface TrustEntry {
  key: string;
  hash: string;
}

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Codex's label for an event in hook keys and hashes: PreToolUse -> pre_tool_use. */
const eventLabel = (event: string) => event.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();

/** Codex clamps a SessionEnd hook's timeout to this many seconds. */
export const SESSION_END_MAX_SEC = 3;

/** Events whose matcher Codex ignores (and leaves out of the hash). */
const NO_MATCHER = new Set(["UserPromptSubmit", "Stop"]);

/**
 * Returns Codex's hash of one command handler in its group. The handler is normalized as Codex does:
 * the timeout defaults to 600 s and is at least 1 (at most 3 on SessionEnd), `async` defaults to
 * false, absent options (which a TOML value cannot hold) are left out, and so is the matcher of an
 * event that has none.
 */
export function codexHookHash(event: string, handler: JsonObject, matcher?: string): string {
  let timeout = typeof handler.timeout === "number" ? Math.max(1, Math.floor(handler.timeout)) : 600;
  if (event === "SessionEnd") timeout = Math.min(timeout, SESSION_END_MAX_SEC); // clamped before hashing
  // an mcp_tool handler (init --resident) is hashed as Codex 0.169 reports it: no command, no async
  const normalized: Table = handler.type === "mcp_tool"
    ? { type: "mcp_tool", server: handler.server, tool: handler.tool, input: handler.input ?? {}, timeout }
    : { type: "command", command: handler.command, timeout, async: handler.async === true };
  if (typeof handler.statusMessage === "string") normalized.statusMessage = handler.statusMessage;
  const identity: Table = { event_name: eventLabel(event), hooks: [normalized] };
  if (typeof matcher === "string" && !NO_MATCHER.has(event)) identity.matcher = matcher;
  const hasher = new Bun.CryptoHasher("sha256");
  hasher.update(canonicalJson(identity));
  return `sha256:${hasher.digest("hex")}`;
}

/** Returns the trust entries of every handler `isOurs` accepts in a hooks.json value at `path`. */
export function trustEntries(config: JsonObject, path: string, isOurs: (h: Json) => boolean): TrustEntry[] {
  const hooks = config.hooks;
  if (!isTable(hooks)) return [];
  const out: TrustEntry[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, g) => {
      if (!isTable(group) || !Array.isArray(group.hooks)) return;
      const matcher = typeof group.matcher === "string" ? group.matcher : undefined;
      (group.hooks as Json[]).forEach((h, i) => {
        if (isOurs(h)) out.push({ key: `${path}:${eventLabel(event)}:${g}:${i}`, hash: codexHookHash(event, h as JsonObject, matcher) });
      });
    });
  }
  return out;
}

/** Returns `hooks.state` of a parsed config.toml ({} when absent). */
function hookStates(parsed: Table): Table {
  const hooks = parsed.hooks;
  return isTable(hooks) && isTable(hooks.state) ? hooks.state : {};
}

/** What Codex makes of one entry: trusted, untrusted (no hash), modified (another hash), disabled. */
export function trustStatus(parsed: Table, entry: TrustEntry): "trusted" | "untrusted" | "modified" | "disabled" {
  const state = hookStates(parsed)[entry.key];
  if (isTable(state) && state.enabled === false) return "disabled";
  const hash = isTable(state) ? state.trusted_hash : undefined;
  if (hash === undefined) return "untrusted";
  return hash === entry.hash ? "trusted" : "modified";
}

// --- editing config.toml as lines (it is the person's file, full of comments) ---

const STATE_HEADER = /^\s*\[\s*hooks\s*\.\s*state\s*\.\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*\]\s*(#.*)?\r?$/;
const ANY_HEADER = /^\s*\[/;
const HASH_LINE = /^\s*(trusted_hash|"trusted_hash")\s*=/;
const BLANK_OR_COMMENT = /^\s*(#.*)?\r?$/;

/** Returns the key of a `[hooks.state."<key>"]` header line, or undefined for any other line. */
function headerKey(line: string): string | undefined {
  const m = STATE_HEADER.exec(line);
  if (!m) return undefined;
  try {
    return m[1].startsWith("'") ? m[1].slice(1, -1) : (JSON.parse(m[1]) as string);
  } catch {
    return undefined;
  }
}

/** Returns [header, end) of the table for `key` (end: the next table header), or undefined. */
function tableSpan(lines: string[], key: string): [number, number] | undefined {
  const structural = structuralLines(lines);
  const header = lines.findIndex((l, i) => structural[i] && headerKey(l) === key);
  if (header < 0) return undefined;
  let end = header + 1;
  while (end < lines.length && !(structural[end] && ANY_HEADER.test(lines[end]))) end++;
  return [header, end];
}

/** Removes the trusted_hash of `key`; a table left empty goes, with init's marker and separator. */
function dropHash(lines: string[], key: string): void {
  const span = tableSpan(lines, key);
  if (!span) return;
  const [header, end] = span;
  const structural = structuralLines(lines);
  for (let i = end - 1; i > header; i--) if (structural[i] && HASH_LINE.test(lines[i])) lines.splice(i, 1);
  const after = tableSpan(lines, key)!;
  if (!lines.slice(after[0] + 1, after[1]).every((l) => BLANK_OR_COMMENT.test(l))) return;
  let start = after[0];
  if (start > 0 && lines[start - 1].trim() === TRUST_MARKER) start--;
  if (start > 0 && lines[start - 1].trim() === "") start--;
  // The table's own trailing blank lines go with it; a comment after it belongs to what follows.
  let stop = after[0] + 1;
  while (stop < after[1] && lines[stop].trim() === "") stop++;
  lines.splice(start, stop - start);
}

/** Sets the trusted_hash of `key`: inside its table when the person has one, else in a new one at the end. */
function setHash(lines: string[], key: string, hash: string, eol: string): void {
  const line = `trusted_hash = ${tomlString(hash)}${eol === "\r\n" ? "\r" : ""}`;
  const span = tableSpan(lines, key);
  if (span) {
    lines.splice(span[0] + 1, 0, line);
    return;
  }
  while (lines.length && lines[lines.length - 1].replace(/\r$/, "") === "") lines.pop();
  const cr = eol === "\r\n" ? "\r" : "";
  if (lines.length) lines.push(cr);
  lines.push(`${TRUST_MARKER}${cr}`, `[hooks.state.${tomlString(key)}]${cr}`, line, "");
}

/** Returns the parse with the trusted_hash of each key in `keys` removed (empty tables dropped). */
function withoutHashes(parsed: Table, keys: Set<string>): Table {
  const out = structuredClone(parsed);
  const hooks = out.hooks;
  if (!isTable(hooks) || !isTable(hooks.state)) return out;
  for (const key of keys) {
    const s = hooks.state[key];
    if (!isTable(s)) continue;
    delete s.trusted_hash;
    if (Object.keys(s).length === 0) delete hooks.state[key];
  }
  if (Object.keys(hooks.state).length === 0) delete hooks.state;
  if (Object.keys(hooks).length === 0) delete out.hooks;
  return out;
}

function parse(text: string): Table | undefined {
  try {
    return Bun.TOML.parse(text) as Table;
  } catch {
    return undefined;
  }
}

/**
 * Returns config.toml's text with the trust of `drop` removed and `add` trusted; the same text when
 * that is already so. The result is written only when its parse is exactly the old one with those
 * hashes changed; otherwise (hook state written as dotted keys or an inline table) a one-line error.
 */
export function editTrust(text: string, path: string, drop: TrustEntry[], add: TrustEntry[]): string {
  const before = parse(text);
  if (!before) throw new AgentihooksError("E_CONFIG", `${path}: not valid TOML; the file was left unchanged`);
  const addKeys = new Set(add.map((e) => e.key));
  const dropped = drop.filter((e) => !addKeys.has(e.key) && hookStates(before)[e.key] !== undefined);
  const settled = add.every((e) => (hookStates(before)[e.key] as Table | undefined)?.trusted_hash === e.hash);
  if (settled && dropped.every((e) => !isTable(hookStates(before)[e.key]) || (hookStates(before)[e.key] as Table).trusted_hash === undefined)) return text;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split("\n");
  for (const e of [...dropped, ...add]) dropHash(lines, e.key);
  for (const e of add) setHash(lines, e.key, e.hash, eol);
  let next = lines.join("\n");
  // A table cut from the end of the file takes the final newline with it: put it back.
  if (text.endsWith("\n") && next !== "" && !next.endsWith("\n")) next += eol;
  const keys = new Set([...dropped, ...add].map((e) => e.key));
  const after = parse(next);
  const ok = after && same(withoutHashes(after, keys), withoutHashes(before, keys))
    && add.every((e) => (hookStates(after)[e.key] as Table | undefined)?.trusted_hash === e.hash)
    && dropped.every((e) => (hookStates(after)[e.key] as Table | undefined)?.trusted_hash === undefined);
  if (ok) return next;
  throw new AgentihooksError(
    "E_CONFIG",
    `${path}: cannot edit hooks.state without changing other settings (is it written as dotted keys or an inline table?); the file was left unchanged: trust the hooks in Codex's /hooks instead`,
  );
}
