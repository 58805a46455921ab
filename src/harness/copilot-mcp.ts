// Copilot names an MCP tool `<server>-<tool>` in tool payloads (`agentihooks-condition_set`) and
// `<server>/<tool>` in permissionRequest. A hyphen cannot be split blindly (server names such as
// `github-mcp-server` hold hyphens, tool names may too), so the split uses the server names Copilot
// itself was configured with: its user mcp-config.json, the workspace's .mcp.json and .github/mcp.json
// (from the cwd up to the git root, as Copilot looks for them) and its built-in servers. The longest
// configured name that prefixes the tool name wins. Read only for a hyphenated name that is no
// built-in tool, so an ordinary call pays nothing.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isRecord } from "./common";
import { harnessHome } from "../harness-homes";

/** Copilot's built-in MCP servers (`--disable-builtin-mcps` names them); not in any config file. */
const BUILTIN_SERVERS: readonly string[] = ["github-mcp-server", "githubiq"];

/** Returns the server names of one MCP config file (`mcpServers` keys), none when it is absent or bad. */
function serversIn(path: string): string[] {
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    const servers = isRecord(value) ? value.mcpServers : undefined;
    return isRecord(servers) ? Object.keys(servers) : [];
  } catch {
    return [];
  }
}

/** The workspace config files, from `cwd` up to the git root (or the filesystem root without one). */
function workspaceFiles(cwd: string): string[] {
  const files: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    files.push(join(dir, ".mcp.json"), join(dir, ".github", "mcp.json"));
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return files;
  }
}

/** Returns every MCP server name Copilot may know in `cwd`, longest first. */
function copilotServers(cwd: string, env: Record<string, string | undefined> = process.env): string[] {
  const home = harnessHome("copilot", env.HOME || "", env);
  const names = new Set<string>(BUILTIN_SERVERS);
  for (const file of [join(home, "mcp-config.json"), ...(cwd ? workspaceFiles(cwd) : [])]) {
    for (const name of serversIn(file)) names.add(name);
  }
  return [...names].sort((a, b) => b.length - a.length);
}

const mcpName = (server: string, tool: string) => `mcp__${server}__${tool}`;

/**
 * Returns Claude's `mcp__<server>__<tool>` for a Copilot MCP tool name, or undefined when the name is
 * not one: `<server>/<tool>` splits at the slash; `<server>-<tool>` only at a configured server name.
 */
export function mcpToolName(raw: string, cwd: string, env?: Record<string, string | undefined>): string | undefined {
  const slash = raw.indexOf("/");
  if (slash > 0 && slash < raw.length - 1) return mcpName(raw.slice(0, slash), raw.slice(slash + 1));
  if (!raw.includes("-")) return undefined;
  const server = copilotServers(cwd, env).find((s) => raw.length > s.length + 1 && raw.startsWith(`${s}-`));
  return server === undefined ? undefined : mcpName(server, raw.slice(server.length + 1));
}
