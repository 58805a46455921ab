// Reading and writing a harness's JSON config without losing what is not ours: the parse error names
// file and line (JSON.parse in Bun gives no position), and the rewrite keeps the file's indentation
// and final newline so an unchanged file stays byte-identical. The text is decoded (text-form.ts): a
// BOM and CRLF line endings are kept in `form`, out of the way of the parser and the splices.
import { readFileSync } from "node:fs";
import { AgentihooksError } from "../errors";
import { type TextForm, PLAIN, decodeText } from "./text-form";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ConfigFile {
  path: string;
  exists: boolean;
  /** The text on disk, decoded ("" when missing). */
  text: string;
  form: TextForm;
  value: JsonObject;
  indent: string;
  finalNewline: boolean;
}

/** Returns the parsed config file, or a fresh `{}` when it does not exist; throws `file:line: reason`. */
export function readConfigFile(path: string): ConfigFile {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (err) {
    // ENOTDIR: a file stands where a folder of the path should be; the write check names it
    if (["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) return { path, exists: false, text: "", form: PLAIN, value: {}, indent: "  ", finalNewline: true };
    throw new AgentihooksError("E_CONFIG", `${path}: cannot read (${(err as Error).message})`);
  }
  const { text, form } = decodeText(raw);
  const value = parseJsonText(text, path);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AgentihooksError("E_CONFIG", `${path}:1: expected a JSON object at the top level`);
  }
  return { path, exists: true, text, form, value, indent: detectIndent(text), finalNewline: text.endsWith("\n") };
}

/** Returns the parsed JSON (a leading BOM, as Windows editors write it, is skipped); a syntax error becomes `file:line: reason`. */
export function parseJsonText(raw: string, path: string): Json {
  const text = raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
  try {
    return JSON.parse(text) as Json;
  } catch (err) {
    const found = locateJsonError(text);
    const line = found ? lineOf(text, found.pos) : 1;
    const reason = found?.reason ?? (err as Error).message;
    throw new AgentihooksError("E_CONFIG", `${path}:${line}: ${reason} (not valid JSON; the file was left unchanged)`);
  }
}

/**
 * Returns the text a config value is written as. When only the top-level `hooks` member differs from
 * what the file holds, only that member's text is replaced (or added, or removed): permissions, env
 * and every other member keep their bytes and formatting. Otherwise the whole file is rendered in its
 * own indentation.
 */
export function renderConfig(value: JsonObject, file: ConfigFile): string {
  const whole = JSON.stringify(value, null, file.indent) + (file.finalNewline ? "\n" : "");
  if (!file.exists || !sameExcept(file.value, value, "hooks")) return whole;
  const spliced = spliceMember(file.text, "hooks", value.hooks, file.indent);
  return spliced ?? whole;
}

/** true when both objects hold the same members in the same order, `key` aside. */
function sameExcept(a: JsonObject, b: JsonObject, key: string): boolean {
  const strip = (o: JsonObject) => JSON.stringify(Object.entries(o).filter(([k]) => k !== key));
  return strip(a) === strip(b);
}

/**
 * Returns `text` with the top-level member `key` set to `value` (undefined removes it), or undefined.
 * `depth` is how deep `text` itself is nested in the file (an object member's value: 2), so a value
 * spliced into it gets the indentation of that level.
 */
export function spliceMember(text: string, key: string, value: Json | undefined, indent: string, depth = 1): string | undefined {
  const members = topLevelMembers(text);
  if (!members || members.list.length === 0) return undefined;
  const at = members.list.findIndex((m) => m.key === key);
  const render = (v: Json) => JSON.stringify(v, null, indent).replace(/\n/g, `\n${indent.repeat(depth)}`);
  if (at >= 0 && value !== undefined) {
    const m = members.list[at];
    return text.slice(0, m.valueStart) + render(value) + text.slice(m.valueEnd);
  }
  if (at >= 0) {
    const m = members.list[at];
    // Remove the member with the comma before it (or, for the first member, up to the next key).
    if (at > 0) return text.slice(0, members.list[at - 1].valueEnd) + text.slice(m.valueEnd);
    const next = members.list[1];
    return next ? text.slice(0, m.keyStart) + text.slice(next.keyStart) : undefined;
  }
  if (value === undefined) return text;
  const last = members.list[members.list.length - 1];
  const lead = /\n[ \t]*$/.exec(text.slice(0, last.keyStart))?.[0] ?? " ";
  return `${text.slice(0, last.valueEnd)},${lead}${JSON.stringify(key)}: ${render(value)}${text.slice(last.valueEnd)}`;
}

export interface Member {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

/** Returns the spans of the root object's members (the text is known to be valid JSON). */
export function topLevelMembers(text: string): { list: Member[] } | undefined {
  const s = { text, pos: 0 };
  try {
    skipWs(s);
    if (text[s.pos] !== "{") return undefined;
    s.pos++;
    const list: Member[] = [];
    for (;;) {
      skipWs(s);
      if (text[s.pos] === "}") return { list };
      const keyStart = s.pos;
      scanString(s);
      const key = JSON.parse(text.slice(keyStart, s.pos)) as string;
      skipWs(s);
      s.pos++; // ":"
      skipWs(s);
      const valueStart = s.pos;
      scanValue(s);
      list.push({ key, keyStart, valueStart, valueEnd: s.pos });
      skipWs(s);
      if (text[s.pos] === ",") s.pos++;
    }
  } catch {
    return undefined;
  }
}

/** Returns the 1-based line of a character offset. */
export function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Returns the line where `"key"` first appears (for errors about a key's value), else 1. */
export function lineOfKey(text: string, key: string): number {
  const at = text.indexOf(JSON.stringify(key));
  return at < 0 ? 1 : lineOf(text, at);
}

/** Returns the indentation of the first indented line (tab or spaces), two spaces by default. */
function detectIndent(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : "  ";
}

// --- internal: a strict JSON scanner that only finds where the first error is ---

interface ScanError {
  pos: number;
  reason: string;
}

/** Returns the offset and reason of the first syntax error, or undefined if the scanner finds none. */
export function locateJsonError(text: string): ScanError | undefined {
  const s = { text, pos: 0 };
  try {
    skipWs(s);
    if (s.pos >= text.length) return { pos: 0, reason: "empty file, expected a JSON object" };
    scanValue(s);
    skipWs(s);
    if (s.pos < text.length) fail(s, "unexpected text after the end of the JSON value");
  } catch (err) {
    if (err && typeof err === "object" && "pos" in err) return err as ScanError;
    throw err;
  }
  return undefined;
}

interface Scanner {
  text: string;
  pos: number;
}

function fail(s: Scanner, reason: string): never {
  throw { pos: s.pos, reason } satisfies ScanError;
}

function skipWs(s: Scanner): void {
  while (s.pos < s.text.length && " \t\r\n".includes(s.text[s.pos])) s.pos++;
}

function describe(s: Scanner): string {
  if (s.pos >= s.text.length) return "unexpected end of file";
  const ch = s.text[s.pos];
  if (ch === "/" && "/*".includes(s.text[s.pos + 1] ?? "")) return "comments are not allowed in JSON";
  return `unexpected ${JSON.stringify(ch)}`;
}

function scanValue(s: Scanner): void {
  const ch = s.text[s.pos];
  if (ch === "{") return scanContainer(s, "}", true);
  if (ch === "[") return scanContainer(s, "]", false);
  if (ch === '"') return scanString(s);
  const lit = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(s.text.slice(s.pos, s.pos + 64));
  if (!lit) fail(s, `${describe(s)}, expected a value`);
  s.pos += lit[0].length;
}

function scanContainer(s: Scanner, close: string, object: boolean): void {
  s.pos++;
  skipWs(s);
  if (s.text[s.pos] === close) return void s.pos++;
  for (;;) {
    if (object) {
      if (s.text[s.pos] !== '"') fail(s, `${describe(s)}, expected a quoted key`);
      scanString(s);
      skipWs(s);
      if (s.text[s.pos] !== ":") fail(s, `${describe(s)}, expected ":"`);
      s.pos++;
      skipWs(s);
    }
    scanValue(s);
    skipWs(s);
    if (s.text[s.pos] === close) return void s.pos++;
    if (s.text[s.pos] !== ",") fail(s, `${describe(s)}, expected "," or "${close}"`);
    s.pos++;
    skipWs(s);
    if (s.text[s.pos] === close) fail(s, `trailing comma before "${close}"`);
  }
}

function scanString(s: Scanner): void {
  const start = s.pos++;
  while (s.pos < s.text.length) {
    const ch = s.text[s.pos];
    if (ch === '"') return void s.pos++;
    if (ch === "\n") fail(s, "unterminated string (newline inside a string)");
    if (ch === "\\") {
      const esc = s.text[s.pos + 1] ?? "";
      if (esc === "u" ? !/^[0-9a-fA-F]{4}$/.test(s.text.slice(s.pos + 2, s.pos + 6)) : !'"\\/bfnrt'.includes(esc) || esc === "") {
        fail(s, "invalid escape in a string");
      }
      s.pos += esc === "u" ? 6 : 2;
      continue;
    }
    if (ch.charCodeAt(0) < 0x20) fail(s, "control character inside a string");
    s.pos++;
  }
  s.pos = start;
  fail(s, "unterminated string");
}
