// Kimi Code: `[[hooks]]` tables (event, matcher, command, timeout) in config.toml, user scope only
// ($KIMI_CODE_HOME/config.toml, else ~/.kimi-code/config.toml; Kimi 2.1.0 reads no project config).
// config.toml is the person's, written by hand with comments, so it is edited as lines: our tables
// are appended at the end and removed by their lines, everything else kept byte for byte. Bun.TOML
// checks the file before (a broken file is refused) and the result after: the result must hold the
// person's hooks unchanged and ours exactly, or nothing is written.
// Kimi runs `command` with `shell: true` and lets a call through on any exit but 0 and 2 (a missing
// executable is sh's 127), so the PreToolUse command turns any other exit into a deny (fail closed).
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import type { FileChange } from "./apply";
import { parseToml, tomlString } from "./codex-mcp";
import { firstShellWord, type HarnessSetup, type HookSpec, hookArgs, isAgentihooksPath, type SetupContext, shellQuote } from "./harness-setup";
import type { JsonObject } from "./json-file";
import { PLAIN, readTextFile, type TextForm } from "./text-form";
import { harnessHome } from "../harness-homes";

/** The events registered: the guard, the prompt and stop (both can block), and the observed ones. */
const EVENTS = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "Stop"] as const;

const MARK = "# agentihooks:";
const HEADER = "[[hooks]]";

/** What Kimi hands the model when the hook could not run on PreToolUse. */
const CANNOT_RUN = "agentihooks could not run (executable missing or crashed): this call is refused to fail closed; run agentihooks doctor";

/** Kimi Code's user folder: $KIMI_CODE_HOME, else ~/.kimi-code. */
export const kimiHome = (ctx: SetupContext) => harnessHome("kimi", ctx.home, ctx.env);

/** Returns the command for `event`: the executable, and on PreToolUse the fail-closed tail. */
export function kimiCommand(exe: string, event: string): string {
  const call = [shellQuote(exe), ...hookArgs("kimi", event)].join(" ");
  if (event !== "PreToolUse") return call;
  return `${call}; s=$?; [ $s = 0 ] || [ $s = 2 ] || { echo ${shellQuote(CANNOT_RUN)} >&2; exit 2; }; exit $s`;
}

type Hook = Record<string, unknown>;

/** Returns the executable a hook table of ours calls, or undefined when the table is not ours. */
function ourExe(h: unknown): string | undefined {
  if (typeof h !== "object" || h === null || typeof (h as Hook).command !== "string") return undefined;
  const first = firstShellWord((h as Hook).command as string);
  if (!first || !/^\s+hook(\s|$)/.test(first.rest)) return undefined;
  return isAgentihooksPath(first.word) ? first.word : undefined;
}

/** Returns the file's decoded text (no BOM, LF) and its form, or undefined when there is none. */
function readText(path: string): { text: string; form: TextForm } | undefined {
  try {
    return readTextFile(path);
  } catch (err) {
    throw new AgentihooksError("E_CONFIG", `${path}: cannot read it (${(err as Error).message})`);
  }
}

/** Returns the `hooks` array of parsed TOML ([] when absent). */
function hooksOf(table: Record<string, unknown>, path: string): Hook[] {
  const hooks = table.hooks ?? [];
  if (!Array.isArray(hooks)) throw new AgentihooksError("E_CONFIG", `${path}: hooks is not an array of tables; fix it by hand, then run init again`);
  return hooks as Hook[];
}

/** Returns `text` without our `[[hooks]]` tables (each from its header, with our comment above it, to the next header). */
function withoutOurs(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i].trim() !== HEADER) {
      out.push(lines[i++]);
      continue;
    }
    let end = i + 1;
    while (end < lines.length && !lines[end].trim().startsWith("[") && !lines[end].startsWith(MARK)) end++;
    const block = lines.slice(i, end);
    let ours = false;
    try {
      ours = ourExe(hooksOf(parseToml(block.join("\n"), "block"), "block")[0]) !== undefined;
    } catch {
      ours = false; // a table that does not parse alone is the person's: the check after the edit catches a wrong cut
    }
    if (ours) {
      while (out.length && out[out.length - 1].startsWith(MARK)) out.pop();
      while (end < lines.length && lines[end].trim() === "") end++;
    } else {
      out.push(...block);
    }
    i = end;
  }
  return out.join("\n");
}

/** Returns our tables for `spec`. */
function ourTables(spec: HookSpec): string {
  const timeout = Math.min(600, Math.max(1, Math.ceil(spec.timeoutSec)));
  return EVENTS.map((event) =>
    [`${MARK} Kimi Code runs this on ${event} (agentihooks init wrote it; agentihooks uninit removes it)`, HEADER, `event = ${tomlString(event)}`, `command = ${tomlString(kimiCommand(spec.exe, event))}`, `timeout = ${timeout}`].join("\n"),
  ).join("\n\n");
}

/** Throws unless `after` holds the person's hooks of `before` unchanged, then `want` (ours). */
function check(path: string, after: string, theirs: Hook[], want: Hook[]): void {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseToml(after, path);
  } catch {
    throw new AgentihooksError("E_CONFIG", `${path}: agentihooks could not edit its [[hooks]] tables without breaking the file (left unchanged); edit it by hand`);
  }
  if (JSON.stringify(hooksOf(parsed, path)) !== JSON.stringify([...theirs, ...want])) {
    throw new AgentihooksError("E_CONFIG", `${path}: agentihooks could not edit its [[hooks]] tables line by line (left unchanged); keep the person's hooks as [[hooks]] tables and run init again`);
  }
}

/** The JSON view find reads: `{hooks: {<event>: {command}}}` for our tables, else {}. */
function read(path: string): JsonObject {
  const text = readText(path)?.text;
  if (text === undefined) return {};
  const ours = hooksOf(parseToml(text, path), path).filter((h) => ourExe(h) !== undefined);
  return ours.length ? { hooks: Object.fromEntries(ours.map((h) => [String(h.event), { command: String(h.command) }])) } : {};
}

function plan(path: string, spec: HookSpec | undefined, stopAt: string): FileChange | undefined {
  const file = readText(path);
  const before = file?.text;
  const form = file?.form ?? PLAIN;
  const hooks = before === undefined ? [] : hooksOf(parseToml(before, path), path);
  const theirs = hooks.filter((h) => ourExe(h) === undefined);
  const kept = before === undefined ? "" : withoutOurs(before).replace(/\n*$/, "");
  if (!spec) {
    if (theirs.length === hooks.length) return undefined;
    check(path, kept, theirs, []);
    const empty = kept.trim() === "";
    return { path, before: before ?? "", existed: true, after: empty ? null : `${kept}\n`, form, backup: false, stopAt, note: `kimi: removed agentihooks' hooks from ${path}` };
  }
  const after = `${kept === "" ? "" : `${kept}\n\n`}${ourTables(spec)}\n`;
  if (after === before) return undefined;
  const want = EVENTS.map((event) => ({ event, command: kimiCommand(spec.exe, event), timeout: Math.min(600, Math.max(1, Math.ceil(spec.timeoutSec))) }));
  check(path, after, theirs, want);
  return { path, before: before ?? "", existed: before !== undefined, after, form, mode: 0o600, backup: before !== undefined, note: `kimi: registered agentihooks in ${path}` };
}

function register(path: string, spec: HookSpec): FileChange | undefined {
  if (spec.scope === "project") throw new AgentihooksError("E_USAGE", "kimi: Kimi Code 2.1 reads hooks only from its user config.toml: run init --target kimi without --scope project");
  return plan(path, spec, "");
}

export const kimiSetup: HarnessSetup = {
  target: "kimi",
  events: EVENTS,
  configPath(scope, ctx) {
    if (scope === "project") return join(ctx.projectRoot, ".kimi-code", "config.toml");
    return join(kimiHome(ctx), "config.toml");
  },
  // the tables are edited as text (plan): there is no JSON config to merge into
  add: (config) => config,
  remove: (config) => config,
  find(config) {
    const hooks = config.hooks;
    if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
    return Object.entries(hooks).map(([event, handler]) => ({ event, handler: handler as JsonObject, exe: ourExe(handler) ?? "" }));
  },
  isEmpty: (config) => Object.keys(config).length === 0,
  script: { read, register, unregister: (path, stopAt) => plan(path, undefined, stopAt) },
};
