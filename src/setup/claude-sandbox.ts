// Claude Code's own sandbox (`init --sandbox`, the person's consent to sandboxed Bash): the agent's Bash
// commands run under bubblewrap (Linux) or Seatbelt (macOS), and `sandbox.filesystem.denyWrite` lists
// every protected place, so a write the pattern gate misses fails at the OS level. Keys as Claude Code
// 2.1.328's settings schema has them: `enabled`; `allowUnsandboxedCommands: false` (else the model may
// ask for a call outside the sandbox with `dangerouslyDisableSandbox`); `failIfUnavailable: true` (else
// a sandbox that cannot start runs commands unsandboxed, with only a warning). A path starting with
// `//` is absolute (a single `/` once meant "relative to the settings folder"). Hooks, file tools and
// MCP servers run outside the sandbox, so the gate's own writes are not affected.
// What init added is recorded in state.json (targets.claude.sandbox), so uninit takes back exactly
// that and leaves the person's own sandbox settings alone.
import type { Json, JsonObject } from "./json-file";
import { spliceMember } from "./json-file";

const isRecord = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The switches init sets, with their value. */
export const SWITCHES: Record<string, boolean> = { enabled: true, allowUnsandboxedCommands: false, failIfUnavailable: true };

/** What init added to settings.json: each switch's previous value (null: absent) and the denyWrite entries. */
export interface SandboxRecord {
  settings: string;
  previous: Record<string, Json>;
  denyWrite: string[];
}

/** Returns a place as a sandbox path entry: `//` marks an absolute path. */
export const denyEntry = (place: string) => `/${place}`;

/** Returns the absolute path a denyWrite entry names (`//abs`, `~/x`, or `/abs` read as absolute). */
export function entryPath(entry: string, userHome: string): string {
  if (entry.startsWith("//")) return entry.slice(1).replace(/\/+$/, "") || "/";
  if (entry === "~" || entry.startsWith("~/")) return `${userHome}${entry.slice(1)}`.replace(/\/+$/, "");
  return entry.replace(/\/+$/, "");
}

function sandboxOf(config: JsonObject): JsonObject {
  return isRecord(config.sandbox) ? structuredClone(config.sandbox) : {};
}

function denyListOf(sandbox: JsonObject): string[] {
  const fs = isRecord(sandbox.filesystem) ? sandbox.filesystem : {};
  return Array.isArray(fs.denyWrite) ? fs.denyWrite.filter((e): e is string => typeof e === "string") : [];
}

/** Returns the config with the sandbox on and every place denied, and the record of what was added (merged with `prior`). */
export function addSandbox(config: JsonObject, places: string[], settings: string, prior?: SandboxRecord): { config: JsonObject; record: SandboxRecord } {
  const sandbox = sandboxOf(config);
  const record: SandboxRecord = { settings, previous: {}, denyWrite: [] };
  for (const [key, value] of Object.entries(SWITCHES)) {
    if (prior && key in prior.previous && sandbox[key] === value) record.previous[key] = prior.previous[key];
    else if (sandbox[key] !== value) record.previous[key] = sandbox[key] === undefined ? null : sandbox[key];
    sandbox[key] = value;
  }
  const fs: JsonObject = isRecord(sandbox.filesystem) ? sandbox.filesystem : {};
  const deny = Array.isArray(fs.denyWrite) ? [...fs.denyWrite] : [];
  for (const entry of prior?.denyWrite ?? []) if (deny.includes(entry)) record.denyWrite.push(entry);
  for (const entry of places.map(denyEntry)) {
    if (deny.includes(entry)) continue;
    deny.push(entry);
    record.denyWrite.push(entry);
  }
  fs.denyWrite = deny;
  sandbox.filesystem = fs;
  return { config: { ...config, sandbox }, record };
}

/** Returns the config without what `record` says init added; a switch the person changed since stays. */
export function removeSandbox(config: JsonObject, record: SandboxRecord): JsonObject {
  if (!isRecord(config.sandbox)) return config;
  const sandbox = sandboxOf(config);
  for (const [key, before] of Object.entries(record.previous)) {
    if (!(key in SWITCHES) || sandbox[key] !== SWITCHES[key]) continue;
    if (before === null) delete sandbox[key];
    else sandbox[key] = before;
  }
  if (isRecord(sandbox.filesystem)) {
    const fs = sandbox.filesystem;
    if (Array.isArray(fs.denyWrite)) {
      fs.denyWrite = fs.denyWrite.filter((e) => !(typeof e === "string" && record.denyWrite.includes(e)));
      if (fs.denyWrite.length === 0) delete fs.denyWrite;
    }
    if (Object.keys(fs).length === 0) delete sandbox.filesystem;
  }
  const out: JsonObject = { ...config, sandbox };
  if (Object.keys(sandbox).length === 0) delete out.sandbox;
  return out;
}

/** Returns `text` with the top-level `sandbox` member set from `value` (spliced, so other members keep their bytes). */
export function renderSandbox(text: string, value: JsonObject): string {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? "  ";
  const whole = `${JSON.stringify(value, null, indent)}\n`;
  if (text.trim() === "") return whole;
  return spliceMember(text, "sandbox", value.sandbox, indent) ?? whole;
}

export interface SandboxState {
  /** Sandboxed Bash is on and cannot be left (enabled, no unsandboxed commands). */
  on: boolean;
  /** Why it is not on, or "". */
  why: string;
  /** The absolute paths denyWrite names. */
  denied: string[];
}

/** Reads the sandbox settings of one settings.json value. */
export function readSandbox(config: JsonObject, userHome: string): SandboxState {
  const sandbox = sandboxOf(config);
  const denied = denyListOf(sandbox).map((e) => entryPath(e, userHome));
  if (sandbox.enabled !== true) return { on: false, why: "sandbox.enabled is not true", denied };
  if (sandbox.allowUnsandboxedCommands !== false) return { on: false, why: "sandbox.allowUnsandboxedCommands is not false (the model may ask to run a command outside the sandbox)", denied };
  return { on: true, why: "", denied };
}
