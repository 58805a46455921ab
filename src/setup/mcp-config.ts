// Registering `agentihooks mcp` (the condition_* and enforcement_* tools) as an MCP server named
// "agentihooks" in each harness's MCP config. Every config is edited as text, changing only our
// server's entry: ~/.claude.json holds all of Claude Code's state, config.toml the user's comments.
// Planning is the same as for the hooks: a change per file, a backup before the first change, and
// uninit restoring the backup's bytes when nothing else changed since.
import { join } from "node:path";
import { AgentihooksError, oneLine } from "../errors";
import type { Target } from "../types";
import { type FileChange, readBackup, restoreFromBackup } from "./apply";
import { codexMcp } from "./codex-mcp";
import type { Check } from "./check";
import type { McpConfig, McpFile } from "./mcp-types";
import { MCP_NAME, copilotHome, mcpArgs, type Scope, type SetupContext } from "./harness-setup";
import { harnessDir } from "./installed";
import { judgeExe } from "./registered-exe";
import { type ConfigFile, type Json, type JsonObject, lineOfKey, parseJsonText, readConfigFile, spliceMember, topLevelMembers } from "./json-file";
import { claudeStateDir } from "../harness-homes";

export type { McpConfig, McpFile } from "./mcp-types";

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Returns the servers object (`key`: `mcpServers`, OpenCode's `mcp`), or undefined; throws `file:line` when it is not an object. */
function serversOf(value: JsonObject, text: string, path: string, key = "mcpServers"): JsonObject | undefined {
  const s = value[key];
  if (s === undefined) return undefined;
  if (!isRecord(s)) throw new AgentihooksError("E_CONFIG", `${path}:${lineOfKey(text, key)}: "${key}" must be an object`);
  return s;
}

/** Returns the file's text for `next`, splicing only `<key>.agentihooks` (or `<key>`) into it. */
function renderJson(cf: ConfigFile, next: JsonObject, key: string): string {
  const whole = JSON.stringify(next, null, cf.indent) + (cf.finalNewline ? "\n" : "");
  if (!cf.exists) return whole;
  const spliced = spliceServers(cf, next[key] as JsonObject | undefined, key);
  // The splice works on text: its result is written only when it parses to exactly what was meant.
  try {
    if (spliced !== undefined && same(JSON.parse(spliced), next)) return spliced;
  } catch {}
  return whole;
}

function spliceServers(cf: ConfigFile, servers: JsonObject | undefined, key: string): string | undefined {
  const m = topLevelMembers(cf.text)?.list.find((x) => x.key === key);
  if (!m || servers === undefined) return spliceMember(cf.text, key, servers, cf.indent);
  const inner = cf.text.slice(m.valueStart, m.valueEnd);
  const spliced = spliceMember(inner, MCP_NAME, servers[MCP_NAME], cf.indent, 2);
  const next = spliced ?? JSON.stringify(servers, null, cf.indent).replace(/\n/g, `\n${cf.indent}`);
  return cf.text.slice(0, m.valueStart) + next + cf.text.slice(m.valueEnd);
}

/** Drops an empty servers object, which init removes once our server was its last entry. */
function withoutEmptyServers(v: JsonObject, key: string): JsonObject {
  const { [key]: servers, ...rest } = v;
  return isRecord(servers) && Object.keys(servers).length === 0 ? rest : v;
}

/** How one harness spells its servers in JSON: the top-level key, and our entry's command and args. */
interface JsonForm {
  key: string;
  entry: (exe: string, args: string[]) => JsonObject;
  /** Our entry's command and args as the file has them. */
  read: (entry: JsonObject) => { command: unknown; args: unknown };
}

const MCP_SERVERS = (entry: JsonForm["entry"]): JsonForm => ({ key: "mcpServers", entry, read: (s) => ({ command: s.command, args: s.args }) });

/** An MCP config in JSON with a top-level servers object (`mcpServers`: Claude Code, Copilot CLI; `mcp`: OpenCode). */
function jsonMcp(target: Target, configPath: McpConfig["configPath"], form: JsonForm): McpConfig {
  const cfOf = (file: McpFile) => file.parsed as ConfigFile;
  const { key, entry } = form;
  const serversIn = (value: JsonObject, text: string, path: string) => serversOf(value, text, path, key);
  return {
    target,
    configPath,
    read(path) {
      const cf = readConfigFile(path);
      serversIn(cf.value, cf.text, path);
      return { path, exists: cf.exists, text: cf.text, form: cf.form, parsed: cf };
    },
    add(file, exe) {
      const cf = cfOf(file);
      const servers = serversIn(cf.value, cf.text, cf.path) ?? {};
      const cur = servers[MCP_NAME];
      // Updated in place: keys of the user's own (env, say) stay.
      const fresh = entry(exe, mcpArgs(target));
      const want: Json = isRecord(cur) ? { ...cur, ...fresh } : fresh;
      if (same(cur, want)) return file.text;
      return renderJson(cf, { ...cf.value, [key]: { ...servers, [MCP_NAME]: want } }, key);
    },
    remove(file) {
      const cf = cfOf(file);
      const servers = serversIn(cf.value, cf.text, cf.path);
      if (!servers || !(MCP_NAME in servers)) return file.text;
      const { [MCP_NAME]: _, ...rest } = servers;
      const next: JsonObject = { ...cf.value, [key]: rest };
      return renderJson(cf, withoutEmptyServers(next, key), key);
    },
    find(file) {
      const s = serversIn(cfOf(file).value, file.text, file.path)?.[MCP_NAME];
      return isRecord(s) ? form.read(s) : undefined;
    },
    isEmpty: (text) => {
      const v = parseJsonText(text, "");
      return isRecord(v) && Object.keys(v).length === 0;
    },
    restorable(saved, left, path) {
      try {
        const s = parseJsonText(saved, path);
        const l = parseJsonText(left, path);
        if (!isRecord(s) || !isRecord(l) || (isRecord(s[key]) && MCP_NAME in s[key])) return false;
        return same(withoutEmptyServers(s, key), withoutEmptyServers(l, key));
      } catch {
        return false;
      }
    },
  };
}

// Claude Code keeps user-scope MCP servers in ~/.claude.json ($CLAUDE_CONFIG_DIR/.claude.json when set),
// project-scope ones in .mcp.json at the repository root.
export const claudeMcp = jsonMcp(
  "claude",
  (scope, ctx) => {
    if (scope === "project") return join(ctx.projectRoot, ".mcp.json");
    return join(claudeStateDir(ctx.home, ctx.env), ".claude.json");
  },
  MCP_SERVERS((exe, args) => ({ type: "stdio", command: exe, args })),
);

// Copilot CLI: ~/.copilot/mcp-config.json ($COPILOT_HOME), and .github/mcp.json for a repository (the
// committed one of the two repository files it reads; .mcp.json is Claude's project file).
export const copilotMcp = jsonMcp(
  "copilot",
  (scope, ctx) => {
    if (scope === "project") return join(ctx.projectRoot, ".github", "mcp.json");
    return join(copilotHome(ctx), "mcp-config.json");
  },
  MCP_SERVERS((exe, args) => ({ type: "local", command: exe, args, tools: ["*"] })),
);

// OpenCode: `mcp` in opencode.json, ~/.config/opencode/ ($XDG_CONFIG_HOME/opencode) for the user and the
// repository root for the project; a local server's command is one argv list.
export const opencodeMcp = jsonMcp(
  "opencode",
  (scope, ctx) => join(scope === "project" ? ctx.projectRoot : harnessDir("opencode", ctx), "opencode.json"),
  {
    key: "mcp",
    entry: (exe, args) => ({ type: "local", command: [exe, ...args], enabled: true }),
    read: (s) => (Array.isArray(s.command) ? { command: s.command[0], args: s.command.slice(1) } : { command: s.command, args: undefined }),
  },
);

export const MCP_CONFIGS: Partial<Record<Target, McpConfig>> = { claude: claudeMcp, codex: codexMcp, copilot: copilotMcp, opencode: opencodeMcp };

/** Returns the change that registers our MCP server in one config, or undefined when it already is. */
export function planMcpRegister(cfg: McpConfig, scope: Scope, ctx: SetupContext, exe: string): FileChange | undefined {
  const file = cfg.read(cfg.configPath(scope, ctx));
  const after = cfg.add(file, exe);
  if (file.exists && after === file.text) return undefined;
  const note = `${cfg.target}: ${file.exists ? "registered the MCP server in" : "created"} ${file.path}`;
  return { path: file.path, before: file.text, existed: file.exists, after, form: file.form, backup: file.exists, note };
}

/** Returns the change that removes our MCP server from one config, or undefined when it is not there. */
export function planMcpUnregister(cfg: McpConfig, scope: Scope, ctx: SetupContext): FileChange | undefined {
  const file = cfg.read(cfg.configPath(scope, ctx));
  if (!file.exists) return undefined;
  const left = cfg.remove(file);
  if (left === file.text) return undefined;
  const base = { path: file.path, before: file.text, existed: true, form: file.form, backup: false };
  const saved = readBackup(file.path);
  if (saved !== undefined && cfg.restorable(saved, left, file.path)) {
    return restoreFromBackup(base, `${cfg.target}: restored ${file.path} from its backup`);
  }
  if (saved === undefined && cfg.isEmpty(left)) {
    return { ...base, after: null, stopAt: scope === "user" ? harnessDir(cfg.target, ctx) : ctx.projectRoot, note: `${cfg.target}: removed ${file.path} (init created it)` };
  }
  return { ...base, after: left, note: `${cfg.target}: removed the MCP server from ${file.path}` };
}

/** doctor: is `agentihooks mcp` registered for `target`, calling this executable? */
export function checkMcp(target: Target, self: string, scopes: Scope[], ctx: SetupContext): Check[] {
  const checks: Check[] = [];
  const cfg = MCP_CONFIGS[target];
  if (!cfg) return checks;
  const fix = (scope: Scope) => `agentihooks init --target ${target}${scope === "project" ? " --scope project" : ""}`;
  let found = false;
  for (const scope of scopes) {
    const path = cfg.configPath(scope, ctx);
    let server;
    try {
      server = cfg.find(cfg.read(path));
    } catch (err) {
      // The harness cannot read a file that does not parse: every server in it is gone, not just ours.
      checks.push({ level: "fail", text: `${target}: ${oneLine(err)}`, fix: `fix the file, then: ${fix(scope)}` });
      continue;
    }
    if (!server) continue;
    found = true;
    const want = mcpArgs(target);
    const exe = typeof server.command === "string" ? judgeExe(server.command, self) : ({ ok: false, why: "is not a path" } as const);
    if (exe.ok && same(server.args, want)) checks.push({ level: "ok", text: `${target}: ${path} registers the MCP server (${self} ${want.join(" ")})` });
    else if (!exe.ok) checks.push({ level: "fail", text: `${target}: ${path} starts the MCP server as ${String(server.command)}, which ${exe.why}`, fix: fix(scope) });
    else checks.push({ level: "fail", text: `${target}: ${path} starts the MCP server with ${JSON.stringify(server.args)}, not ${JSON.stringify(want)} (it would answer for another harness's profile chain)`, fix: fix(scope) });
  }
  if (!found) {
    checks.push({ level: "warn", text: `${target}: the MCP server is not registered, so the agent cannot set conditions when asked`, fix: fix("user") });
  }
  return checks;
}
