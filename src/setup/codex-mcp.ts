// Codex: the MCP server as an `[mcp_servers.agentihooks]` table in config.toml (user ~/.codex/config.toml,
// project .codex/config.toml). config.toml is written by hand and full of comments, which no TOML
// library writes back, so it is edited as lines: the table is appended under a marker comment when
// absent, its `command` and `args` lines are rewritten in place when present, and it is cut out on
// uninit. Bun.TOML.parse checks the file before (a broken file is refused) and the result after: a
// text whose parse is not exactly the old one plus (or minus) our server is never written.
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import { PLAIN, readTextFile } from "./text-form";
import type { McpConfig, McpFile } from "./mcp-types";
import { MCP_NAME, codexHome, mcpArgs } from "./harness-setup";

const MCP_ARGS = mcpArgs("codex");

export const MARKER = "# added by agentihooks init";

const NAME = `(?:${MCP_NAME}|"${MCP_NAME}"|'${MCP_NAME}')`;
/** `[mcp_servers.agentihooks]`, any spacing or quoting of the key, an optional comment. */
const HEADER = new RegExp(`^\\s*\\[\\s*mcp_servers\\s*\\.\\s*${NAME}\\s*\\]\\s*(#.*)?$`);
/** `[mcp_servers.agentihooks.env]` and the like: part of our server. */
const SUBTABLE = new RegExp(`^\\s*\\[\\s*mcp_servers\\s*\\.\\s*${NAME}\\s*\\.`);
const ANY_HEADER = /^\s*\[/;
const BLANK_OR_COMMENT = /^\s*(#.*)?\r?$/;

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Key order aside: a table's keys come back from the parse in file order. */
const sameTable = (a: Table | undefined, b: Table) => !!a && same(Object.entries(a).sort(), Object.entries(b).sort());

/** Returns `s` as a TOML basic string (JSON's escapes are TOML's, DEL aside). */
export const tomlString = (s: string) => JSON.stringify(s).replace(/\x7f/g, "\\u007f");

/** Returns the parsed TOML; a syntax error becomes `file:line: reason`. */
export function parseToml(text: string, path: string): Table {
  try {
    return Bun.TOML.parse(text) as Table;
  } catch (err) {
    const reason = (err as Error).message.replace(/^TOML Parse error:\s*/, "");
    throw new AgentihooksError("E_CONFIG", `${path}:${errorLine(text)}: ${reason} (not valid TOML; the file was left unchanged)`);
  }
}

/** Bun's TOML errors carry no position: the error starts on the line after the longest prefix that parses. */
function errorLine(text: string): number {
  const lines = text.split("\n");
  let ok = 0;
  for (let n = 1; n <= lines.length; n++) {
    try {
      Bun.TOML.parse(lines.slice(0, n).join("\n"));
      ok = n;
    } catch {}
  }
  return Math.min(ok + 1, lines.length);
}

/**
 * Returns, per line, whether it starts outside any multi-line string or open array/inline table: only
 * such a line can be a table header or a key (a `[` inside a multi-line array is not a header).
 */
export function structuralLines(lines: string[]): boolean[] {
  let ml: string | null = null;
  let depth = 0;
  return lines.map((line) => {
    const structural = ml === null && depth === 0;
    for (let i = 0; i < line.length; ) {
      if (ml !== null) {
        if (ml === '"""' && line[i] === "\\") i += 2;
        else if (line.startsWith(ml, i)) [i, ml] = [i + 3, null];
        else i++;
        continue;
      }
      const c = line[i];
      if (c === "#") break;
      if (line.startsWith('"""', i) || line.startsWith("'''", i)) [i, ml] = [i + 3, line.slice(i, i + 3)];
      else if (c === '"') i = endOfBasic(line, i + 1);
      else if (c === "'") i = line.indexOf("'", i + 1) < 0 ? line.length : line.indexOf("'", i + 1) + 1;
      else {
        if (c === "[" || c === "{") depth++;
        if (c === "]" || c === "}") depth = Math.max(0, depth - 1);
        i++;
      }
    }
    return structural;
  });
}

function endOfBasic(line: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === '"') return i + 1;
  }
  return line.length;
}

interface Block {
  /** First line of the block: the marker comment when it sits right above the header, else the header. */
  start: number;
  header: number;
  /** Line index where the table's own keys end (its first subtable or the next table). */
  keysEnd: number;
  /** Last line with content of the table and its subtables. */
  last: number;
}

/** Returns where `[mcp_servers.agentihooks]` is, or undefined when the file has no such header. */
function findBlock(lines: string[], structural: boolean[]): Block | undefined {
  const header = lines.findIndex((l, i) => structural[i] && HEADER.test(l));
  if (header < 0) return undefined;
  const isHeaderAt = (j: number) => structural[j] && ANY_HEADER.test(lines[j]);
  let keysEnd = header + 1;
  while (keysEnd < lines.length && !isHeaderAt(keysEnd)) keysEnd++;
  let stop = keysEnd;
  while (stop < lines.length && !(isHeaderAt(stop) && !SUBTABLE.test(lines[stop]))) stop++;
  let last = stop - 1;
  while (last > header && structural[last] && BLANK_OR_COMMENT.test(lines[last])) last--;
  const start = header > 0 && lines[header - 1].trim() === MARKER ? header - 1 : header;
  return { start, header, keysEnd, last };
}

/** Returns the lines of `[header+1, keysEnd)` holding `key = ...`, through the value's continuation lines. */
function keySpan(lines: string[], structural: boolean[], b: Block, key: string): [number, number] | undefined {
  const re = new RegExp(`^\\s*(${key}|"${key}")\\s*=`);
  for (let i = b.header + 1; i < b.keysEnd; i++) {
    if (!structural[i] || !re.test(lines[i])) continue;
    let end = i + 1;
    while (end < b.keysEnd && !structural[end]) end++;
    return [i, end];
  }
  return undefined;
}

/** Returns our server as the parse has it, or undefined. */
function serverOf(parsed: Table): Table | undefined {
  const servers = parsed.mcp_servers;
  return isTable(servers) && isTable(servers[MCP_NAME]) ? servers[MCP_NAME] : undefined;
}

/** Returns a copy of the parse without our server (and without `mcp_servers` when that empties it). */
function withoutServer(parsed: Table): Table {
  const out = structuredClone(parsed);
  if (!isTable(out.mcp_servers)) return out;
  delete out.mcp_servers[MCP_NAME];
  if (Object.keys(out.mcp_servers).length === 0) delete out.mcp_servers;
  return out;
}

/** Returns the text with our table appended, or with its command and args rewritten in place. */
function addServer(file: McpFile, exe: string): string {
  const parsed = file.parsed as Table;
  const cur = serverOf(parsed);
  if (cur && cur.command === exe && same(cur.args, MCP_ARGS)) return file.text;
  const eol = file.text.includes("\r\n") ? "\r\n" : "\n";
  const want = { command: `command = ${tomlString(exe)}`, args: `args = [${MCP_ARGS.map(tomlString).join(", ")}]` };
  const lines = file.text.split("\n");
  const structural = structuralLines(lines);
  const b = findBlock(lines, structural);
  if (!b) {
    if (cur) throw notATable(file, lines);
    const sep = file.text === "" ? "" : file.text.endsWith("\n") ? eol : eol + eol;
    return file.text + sep + [MARKER, `[mcp_servers.${MCP_NAME}]`, want.command, want.args, ""].join(eol);
  }
  const cr = eol === "\r\n" ? "\r" : "";
  let after = b.header;
  for (const key of ["command", "args"] as const) {
    const span = keySpan(lines, structuralLines(lines), findBlock(lines, structuralLines(lines))!, key);
    const ok = key === "command" ? cur?.command === exe : same(cur?.args, MCP_ARGS);
    if (span && ok) after = span[1] - 1;
    else if (span) {
      // One line rewritten: its indentation and a trailing comment stay.
      const old = lines[span[0]];
      const comment = span[1] - span[0] === 1 ? commentOf(old) : "";
      lines.splice(span[0], span[1] - span[0], `${/^\s*/.exec(old)![0]}${want[key]}${comment}${cr}`);
      after = span[0];
    } else lines.splice(++after, 0, `${want[key]}${cr}`);
  }
  return lines.join("\n");
}

/** Returns a line's trailing ` # comment` (outside strings), "" when there is none. */
function commentOf(line: string): string {
  const body = line.replace(/\r$/, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '"') i = endOfBasic(body, i + 1) - 1;
    else if (body[i] === "'") i = body.indexOf("'", i + 1) < 0 ? body.length : body.indexOf("'", i + 1);
    else if (body[i] === "#") return ` ${body.slice(i)}`;
  }
  return "";
}

function notATable(file: McpFile, lines: string[]): AgentihooksError {
  const line = lines.findIndex((l) => l.includes(MCP_NAME)) + 1 || 1;
  return new AgentihooksError(
    "E_CONFIG",
    `${file.path}:${line}: mcp_servers.${MCP_NAME} is an inline table or dotted keys, which init does not edit: make it a [mcp_servers.${MCP_NAME}] table or remove it`,
  );
}

/** Returns the text without our table (and its subtables, and the blank line init put before it). */
function removeServer(file: McpFile): string {
  const lines = file.text.split("\n");
  const b = findBlock(lines, structuralLines(lines));
  if (!b) return file.text;
  const before = lines.slice(0, b.start);
  const after = lines.slice(b.last + 1);
  // A blank line before the block and nothing (or a blank line) after it: init's separator, gone with it.
  const ownParagraph = after.length === 0 || after[0].trim() === "";
  if (before.length && before[before.length - 1].trim() === "" && ownParagraph) before.pop();
  else if (!before.length && after.length > 1 && after[0].trim() === "") after.shift();
  return [...before, ...after].join("\n");
}

/** Throws unless `next` parses to exactly `expect` (our server checked separately by the caller). */
function verify(file: McpFile, next: string, check: (parsed: Table) => boolean): string {
  if (next === file.text) return next;
  let parsed: Table | undefined;
  try {
    parsed = Bun.TOML.parse(next) as Table;
  } catch {}
  const before = withoutServer(file.parsed as Table);
  if (parsed && same(withoutServer(parsed), before) && check(parsed)) return next;
  throw new AgentihooksError(
    "E_CONFIG",
    `${file.path}: cannot edit [mcp_servers.${MCP_NAME}] without changing other settings (is mcp_servers an inline table?); the file was left unchanged`,
  );
}

export const codexMcp: McpConfig = {
  target: "codex",
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".codex", "config.toml");
    return join(codexHome(ctx), "config.toml");
  },
  read(path) {
    let file: ReturnType<typeof readTextFile>;
    try {
      file = readTextFile(path);
    } catch (err) {
      throw new AgentihooksError("E_CONFIG", `${path}: cannot read (${(err as Error).message})`);
    }
    if (!file) return { path, exists: false, text: "", form: PLAIN, parsed: {} };
    return { path, exists: true, text: file.text, form: file.form, parsed: parseToml(file.text, path) };
  },
  add(file, exe) {
    const want = { ...serverOf(file.parsed as Table), command: exe, args: [...MCP_ARGS] };
    return verify(file, addServer(file, exe), (p) => sameTable(serverOf(p), want));
  },
  remove(file) {
    return verify(file, removeServer(file), (p) => serverOf(p) === undefined);
  },
  find(file) {
    const s = serverOf(file.parsed as Table);
    return s && { command: s.command, args: s.args };
  },
  isEmpty: (text) => text.trim() === "",
  restorable(saved, left, path) {
    try {
      return serverOf(parseToml(saved, path)) === undefined && saved.trimEnd() === left.trimEnd();
    } catch {
      return false;
    }
  },
};
