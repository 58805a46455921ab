// The shape of one harness's MCP configuration file: its own file, so mcp-config.ts and the harness
// modules it gathers (codex-mcp.ts) do not import each other.
import type { Target } from "../types";
import type { Scope, SetupContext } from "./harness-setup";
import type { TextForm } from "./text-form";

export interface McpFile {
  path: string;
  exists: boolean;
  /** The text on disk, decoded: no BOM, `\n` line ends ("" when missing). */
  text: string;
  form: TextForm;
  /** What the config module parsed (a ConfigFile for JSON, the table for TOML). */
  parsed: unknown;
}

export interface McpConfig {
  target: Target;
  configPath(scope: Scope, ctx: SetupContext): string;
  /** Reads and parses the file; throws `file:line: reason` for one that does not parse. */
  read(path: string): McpFile;
  /** Returns the text with our server calling `exe` (the same text when it already does). */
  add(file: McpFile, exe: string): string;
  /** Returns the text without our server (the same text when it is not there). */
  remove(file: McpFile): string;
  /** Returns our server's command and args as the file has them, or undefined. */
  find(file: McpFile): { command: unknown; args: unknown } | undefined;
  /** true when the text left holds nothing: a file init created can be removed. */
  isEmpty(text: string): boolean;
  /** true when the backup holds none of ours and the same settings as `left`. */
  restorable(saved: string, left: string, path: string): boolean;
}
