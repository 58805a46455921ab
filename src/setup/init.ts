// `init` and `uninit`: plan the change of each harness config (and of state.json), then write it or
// show it. Planning never writes, so a config that fails to parse stops everything before any write.
import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { readConfig } from "../config";
import { builtinProfileNames } from "../conditions/builtin";
import { findGitRoot } from "../conditions/git-root";
import { AgentihooksError } from "../errors";
import { homePaths } from "../state/home";
import { type State, linkedProfiles, loadState, profileChain } from "../state/state-file";
import { TARGETS, type Target, targetHint, targetWords } from "../types";
import { type FileChange, applyChanges, backupPath, readBackup, renderDryRun, restoreFromBackup } from "./apply";
import { claudeSetup } from "./claude-config";
import { readClaudeVersion, versionLine } from "./claude-version";
import { codexSetup } from "./codex-config";
import { planCodexTrust } from "./codex-trust-plan";
import { copilotSetup } from "./copilot-config";
import { droidSetup } from "./droid-config";
import { droidChecks } from "./droid-doctor";
import { clineSetup } from "./cline-config";
import { geminiSetup } from "./gemini-config";
import { opencodePlugin, planPluginRemove, planPluginWrite } from "./opencode-plugin";
import { kimiSetup } from "./kimi-config";
import { qwenSetup } from "./qwen-config";
import type { HarnessSetup, Scope, SetupContext } from "./harness-setup";
import { harnessDir, installedBy, onPath, skippedLine } from "./installed";
import { type JsonObject, lineOfKey, parseJsonText, readConfigFile, renderConfig } from "./json-file";
import { codexMcp } from "./codex-mcp";
import { MCP_CONFIGS, type McpConfig, planMcpRegister, planMcpUnregister } from "./mcp-config";
import { checkHome, checkHomeVars, checkProjectScope } from "./scope-check";
import { claudeSandboxStrip, planClaudeSandbox, sandboxChecks, withoutSandboxRecord } from "./sandbox-plan";
import { PLAIN } from "./text-form";
import type { FileOp } from "./write-all";

/** The harnesses whose hooks go into a config file; OpenCode's go into a plugin file (opencode-plugin.ts). */
export type ConfigTarget = Exclude<Target, "opencode">;
export const SETUPS: Record<ConfigTarget, HarnessSetup> = { claude: claudeSetup, codex: codexSetup, copilot: copilotSetup, gemini: geminiSetup, droid: droidSetup, cline: clineSetup, qwen: qwenSetup, kimi: kimiSetup };
export const hasConfig = (t: Target): t is ConfigTarget => t !== "opencode";

/** Seconds the harness waits on top of CONDITIONS_TIMEOUT_SEC: our own timeout must fire first. */
const TIMEOUT_MARGIN_SEC = 20;

export interface SetupOptions {
  targets: Target[];
  scope: Scope;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Also (un)register the MCP server (default true; --no-mcp). */
  mcp?: boolean;
  /** --claude PATH: the Claude Code whose version decides what is registered (default: claude on PATH). */
  claude?: string;
  /** --resident: Claude's guard and tool events answered by the MCP server (setup/resident-hooks.ts). */
  resident?: boolean;
}

/** Codex loads a repository's .codex/ folder only in a project the person trusted. */
const codexProjectNote = (root: string) =>
  `codex: Codex loads .codex/hooks.json only in a trusted project: answer its trust prompt when it first opens ${root} (or add [projects.${JSON.stringify(root)}] trust_level = "trusted" to ~/.codex/config.toml)`;

/** Returns the absolute path of this executable, which every harness config will call. */
export function resolveSelf(env: Record<string, string | undefined>): string {
  const self = env.AGENTIHOOKS_SELF || process.execPath;
  // Run from source, execPath is the bun runtime: registering it would run bun, not agentihooks.
  if (!env.AGENTIHOOKS_SELF && /^(bun|node)(\.exe)?$/.test(basename(self))) {
    throw new AgentihooksError("E_SELF", "running from source: set AGENTIHOOKS_SELF to the compiled agentihooks executable");
  }
  return resolve(self);
}

/** Returns the targets named by --target (claude, codex, copilot, gemini, opencode, droid, qwen, a comma list, or all). */
export function parseTargets(flag: string | undefined): Target[] {
  const names = (flag || "all").toLowerCase().split(",").map((s) => s.trim()).filter(Boolean);
  if (names.includes("all")) return [...TARGETS];
  for (const n of names) if (!(TARGETS as readonly string[]).includes(n)) throw new AgentihooksError("E_USAGE", `unknown target "${n}" (${targetWords("all")})`);
  return [...new Set(names)] as Target[];
}

/** Returns --scope as a Scope. */
export function parseScope(flag: string | undefined): Scope {
  const s = (flag || "user").toLowerCase();
  if (s !== "user" && s !== "project") throw new AgentihooksError("E_USAGE", `unknown scope "${s}" (user or project)`);
  return s;
}

export function setupContext(opts: Pick<SetupOptions, "cwd" | "env" | "claude">): SetupContext {
  const claude = opts.claude ? resolve(opts.cwd, opts.claude) : undefined;
  return { home: opts.env.HOME || homedir(), projectRoot: findGitRoot(opts.cwd) ?? resolve(opts.cwd), env: opts.env, ...(claude ? { claude } : {}) };
}

const whereIn = (path: string, text: string) => (key: string) => `${path}:${lineOfKey(text, key)}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Returns the harness-side timeout in seconds: CONDITIONS_TIMEOUT_SEC and a margin. */
export function harnessTimeoutSec(env: Record<string, string | undefined>): number {
  return Math.ceil(readConfig(env).config.timeoutSec) + TIMEOUT_MARGIN_SEC;
}

/** Returns the change that registers agentihooks in one harness config, or undefined when it is already there. */
export function planRegister(setup: HarnessSetup, opts: SetupOptions, exe: string): FileChange | undefined {
  const ctx = setupContext(opts);
  const path = setup.configPath(opts.scope, ctx);
  const spec = { exe, timeoutSec: harnessTimeoutSec(opts.env), scope: opts.scope, version: setup.readVersion?.(ctx).version, resident: opts.resident };
  if (setup.script) return setup.script.register(path, spec);
  const file = readConfigFile(path);
  const next = setup.add(file.value, spec, whereIn(path, file.text));
  if (file.exists && same(next, file.value)) return undefined;
  const after = renderConfig(next, file);
  return { path, before: file.text, existed: file.exists, after, form: file.form, backup: file.exists, note: `${setup.target}: ${file.exists ? "updated" : "created"} ${path}` };
}

/**
 * Returns the change that removes agentihooks from one harness config, or undefined when nothing is ours.
 * When what is left equals the backup (hooks init emptied aside), the backup's bytes come back exactly;
 * a file with nothing left and no backup was created by init, so it is removed.
 */
export function planUnregister(setup: HarnessSetup, opts: SetupOptions, strip?: (v: JsonObject) => JsonObject): FileChange | undefined {
  const ctx = setupContext(opts);
  const path = setup.configPath(opts.scope, ctx);
  if (setup.script) return setup.script.unregister(path, opts.scope === "user" ? harnessDir(setup.target, ctx) : ctx.projectRoot);
  const file = readConfigFile(path);
  if (!file.exists) return undefined;
  const where = whereIn(path, file.text);
  const left = setup.remove(strip ? strip(file.value) : file.value, where);
  if (same(left, file.value)) return undefined;
  const base = { path, before: file.text, existed: true, form: file.form, backup: false };
  const saved = readBackup(path);
  if (saved !== undefined && restorable(setup, saved, left, path)) {
    return restoreFromBackup(base, `${setup.target}: restored ${path} from its backup`);
  }
  if (saved === undefined && setup.isEmpty(left)) {
    return { ...base, after: null, stopAt: opts.scope === "user" ? harnessDir(setup.target, ctx) : ctx.projectRoot, note: `${setup.target}: removed ${path} (init created it)` };
  }
  return { ...base, after: renderConfig(left, file), note: `${setup.target}: removed agentihooks from ${path}` };
}

/** true when the backup holds none of ours and, empty hook lists aside, what is left now. */
function restorable(setup: HarnessSetup, saved: string, left: JsonObject, path: string): boolean {
  let value: unknown;
  try {
    value = parseJsonText(saved, `${path}.agentihooks.bak`);
  } catch {
    return false;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const where = () => path;
  try {
    if (setup.find(value as JsonObject, where).length) return false;
    return same(withoutEmptyHooks(value as JsonObject), withoutEmptyHooks(left));
  } catch {
    return false;
  }
}

function withoutEmptyHooks(v: JsonObject): JsonObject {
  const out = { ...v };
  if (typeof out.hooks === "object" && out.hooks !== null && !Array.isArray(out.hooks)) {
    const hooks = Object.fromEntries(Object.entries(out.hooks).filter(([, list]) => !(Array.isArray(list) && list.length === 0)));
    if (Object.keys(hooks).length) out.hooks = hooks;
    else delete out.hooks;
  }
  return out;
}

/** Returns the state after init: the bundle (if given) and each target's profile chain. */
export function planState(state: State, targets: Target[], profiles: string[] | undefined, bundle: string | undefined): State {
  const next: State = structuredClone(state);
  if (bundle !== undefined) {
    const path = resolve(bundle);
    if (!existsSync(path) || !statSync(path).isDirectory()) throw new AgentihooksError("E_BUNDLE", `bundle directory not found: ${path}`);
    if (next.bundle?.path !== path) next.bundle = { path, linked_at: new Date().toISOString() };
  }
  next.targets = { ...(next.targets ?? {}) };
  for (const t of targets) {
    const chain = profiles ?? (profileChain(next, t).length ? profileChain(next, t) : ["default"]);
    for (const name of chain) checkProfile(next, t, name);
    next.targets[t] = { ...(next.targets[t] ?? {}), profiles: chain };
  }
  return next;
}

/** Throws a one-line error naming a profile that resolves nowhere (built-in, bundle, linked). */
export function checkProfile(state: State, target: Target, name: string): void {
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new AgentihooksError("E_PROFILE", `invalid profile name "${name}" (letters, digits, _ . - only)`);
  if (builtinProfileNames().includes(name)) return;
  const bundle = state.bundle?.path;
  if (bundle && existsSync(join(bundle, "profiles", name))) return;
  const linked = linkedProfiles(state, target)[name];
  if (linked && existsSync(linked)) return;
  const builtins = builtinProfileNames().join(", ") || "none";
  const where = bundle ? `, not in ${join(bundle, "profiles")}` : "";
  throw new AgentihooksError("E_PROFILE", `unknown profile "${name}": not built in (${builtins})${where}, not linked (agentihooks link --profile ${name} DIR)`);
}

/** Returns the state.json change, or undefined when the state is unchanged. */
export function planStateFile(before: State, after: State): FileChange | undefined {
  if (same(before, after)) return undefined;
  const path = homePaths().state;
  const exists = existsSync(path);
  const render = (s: State) => `${JSON.stringify({ version: 1, ...s }, null, 2)}\n`;
  return { path, before: exists ? readFileSync(path, "utf8") : "", existed: exists, after: render(after), form: PLAIN, mode: 0o600, backup: false, note: `state: recorded in ${path}` };
}

/** What --resident moved, and why the others did not move. */
const RESIDENT_NOTE = "resident: claude's tool events call the MCP server's hook tool; codex, copilot and gemini keep a process per call (Codex 0.169 lets a call through when its MCP server is gone or hung)";

/** A project's .mcp.json server starts only once approved (not measured live: Claude's documented behaviour). */
const RESIDENT_PROJECT_NOTE = "claude: Claude Code asks the person to approve the servers of a project's .mcp.json: until the agentihooks server is approved, every tool call is refused (onFailure block)";

/** Copilot skips repository hooks, without a word, in a folder nobody trusted (measured live). */
const COPILOT_TRUST_NOTE =
  "copilot: Copilot loads this repository's .github/hooks only in a trusted folder: answer its folder-trust prompt once, or run copilot -p with --trust-folder";

/** Gemini CLI counts every settings hook, the user's own too, as a project hook (live-harnesses.md). */
const GEMINI_TRUST_NOTE =
  "gemini: Gemini CLI runs these hooks only in a folder the person trusted: accept its folder-trust prompt once per project (gemini -p elsewhere needs --skip-trust)";

/** OpenCode loads the plugin at start and skips it, saying so only in its log, when it cannot. */
const OPENCODE_NOTE = "opencode: OpenCode loads the plugin when a session starts (sessions already running do not have it); agentihooks doctor checks that it loads";
/** Droid 0.225's interactive CLI skips every hook, the user's own too, until the folder is trusted (its code). */
const DROID_TRUST_NOTE =
  "droid: the interactive droid runs these hooks only in a folder the person trusted (its folder-trust prompt); droid exec runs them everywhere";
/** Cline's one blocking answer stops the whole task, and its reason is not shown to the model (measured live). */
const CLINE_DENY_NOTE =
  "cline: a deny stops Cline's whole task before the tool runs; the reason goes to ~/.cline/data/logs/cline.log, not to the model";

export interface InitOptions extends SetupOptions {
  profiles?: string[];
  bundle?: string;
  dryRun: boolean;
  /** No --target: set up only the harnesses installed here (installed.ts), saying which were skipped. */
  onlyInstalled?: boolean;
  /** --sandbox: the person's consent to sandboxed Bash; each harness's sandbox keeps the protected places (sandbox-plan.ts). */
  sandbox?: boolean;
}

/** Returns the context after checking where `verb` may write: the home, or a repository of its own. */
function checkedContext(opts: SetupOptions, verb: string): SetupContext {
  const ctx = setupContext(opts);
  checkHomeVars(opts.env);
  if (opts.scope === "project") checkProjectScope(opts.cwd, ctx, opts.targets.map((t) => (hasConfig(t) ? SETUPS[t] : opencodePlugin)), verb);
  else checkHome(ctx.home);
  return ctx;
}

/** Returns the targets to set up and a line for each one skipped because it is not installed. */
function chooseTargets(opts: InitOptions, ctx: SetupContext): { targets: Target[]; skipped: string[] } {
  if (!opts.onlyInstalled) return { targets: opts.targets, skipped: [] };
  const targets = opts.targets.filter((t) => installedBy(t, ctx) !== undefined);
  const skipped = opts.targets.filter((t) => !targets.includes(t)).map((t) => skippedLine(t, ctx));
  if (!targets.length) {
    // folders under the home as `~/...`: the line must stay short enough to be read whole (errors.ts caps it)
    const dirs = opts.targets.map((t) => harnessDir(t, ctx).replace(`${ctx.home}/`, "~/"));
    throw new AgentihooksError("E_NO_HARNESS", `no harness is installed here (${dirs.join(", ")} do not exist, and no ${targetWords()} is on PATH): name one with --target ${targetHint("all")}`);
  }
  return { targets, skipped };
}

/** Registers agentihooks in each target's config and records the chain; returns the lines to print. */
export function runInit(options: InitOptions): string[] {
  if (options.resident && options.mcp === false) throw new AgentihooksError("E_USAGE", "--resident answers tool calls with the MCP server: it cannot go with --no-mcp");
  if (options.sandbox && options.scope === "project") throw new AgentihooksError("E_USAGE", "--sandbox sets up the person's own (user-scope) harness settings: run it without --scope project");
  const exe = resolveSelf(options.env);
  const ctx = checkedContext(options, "agentihooks init");
  if (ctx.claude) checkNamedClaude(ctx.claude, options.targets);
  const { targets, skipped } = chooseTargets(options, ctx);
  const opts = { ...options, targets };
  const before = loadState();
  const after = planState(before, opts.targets, opts.profiles, opts.bundle);
  const changes = opts.targets
    .map((t) => (hasConfig(t) ? planRegister(SETUPS[t], opts, exe) : planPluginWrite(opts.scope, ctx, exe, harnessTimeoutSec(opts.env))))
    .filter((c): c is FileChange => !!c);
  changes.push(...planMcp(opts, (cfg, ctx) => planMcpRegister(cfg, opts.scope, ctx, exe)));
  if (opts.targets.includes("codex")) planCodexTrust(changes, opts.scope, ctx);
  const sandbox = opts.sandbox ? planSandbox(changes, opts.targets, ctx, after, exe) : [];
  const stateChange = planStateFile(before, after);
  if (stateChange) changes.push(stateChange);
  const chains = opts.targets.map((t) => `${t}: profiles ${profileChain(after, t).join(", ")}`);
  const version = opts.targets.includes("claude") ? [versionLine(readClaudeVersion(ctx))] : [];
  if (opts.dryRun) return [...renderDryRun(changes), ...chains.map((c) => `would record ${c}`), ...version, ...sandbox, ...skipped, ...npxNote(exe)];
  applyChanges(changes, "init");
  const lines = changes.length ? changes.map((c) => c.note) : ["already set up: nothing changed"];
  lines.push(...chains, `hook command: ${exe} hook --target <target> --event <event>`);
  if (opts.mcp !== false) lines.push(`mcp server: ${exe} mcp --target <target> (sessions already running load it when restarted)`);
  if (opts.resident) lines.push(RESIDENT_NOTE, ...(opts.scope === "project" && opts.targets.includes("claude") ? [RESIDENT_PROJECT_NOTE] : []));
  if (opts.targets.includes("codex") && opts.scope === "project") lines.push(codexProjectNote(ctx.projectRoot));
  if (opts.targets.includes("copilot") && opts.scope === "project") lines.push(COPILOT_TRUST_NOTE);
  if (opts.targets.includes("gemini")) lines.push(GEMINI_TRUST_NOTE);
  if (opts.targets.includes("opencode")) lines.push(OPENCODE_NOTE);
  // hooks kept in settings.json stop loading once hooks.json exists: say so at once, not only in doctor
  if (opts.targets.includes("droid")) lines.push(DROID_TRUST_NOTE, ...droidChecks([opts.scope], ctx).filter((c) => c.level === "warn").map((c) => `${c.text} (${c.fix})`));
  if (opts.targets.includes("cline")) lines.push(CLINE_DENY_NOTE);
  return [...lines, ...version, ...sandbox, ...skipped, ...npxNote(exe)];
}

/** `--claude PATH` names an executable file, and Claude is among the targets. */
function checkNamedClaude(path: string, targets: Target[]): void {
  if (!targets.includes("claude")) throw new AgentihooksError("E_USAGE", "--claude names the Claude Code to read the version of: it needs the claude target");
  if (!onPath(basename(path), dirname(path))) throw new AgentihooksError("E_USAGE", `--claude ${path}: no executable file there`);
}

/** --sandbox: Claude's settings planned into `changes` (and recorded in `state`), then each harness's verdict. */
function planSandbox(changes: FileChange[], targets: Target[], ctx: SetupContext, state: State, exe: string): string[] {
  const lines = targets.includes("claude") ? planClaudeSandbox(changes, ctx, state, exe) : [];
  const others = targets.filter((t) => t !== "claude");
  return [...lines, ...sandboxChecks(others, ctx, state, exe, ctx.projectRoot).map((c) => c.text)];
}

/** `npx agentihooks init` registers a file in npm's cache, which `npm cache clean` deletes: say so. */
function npxNote(exe: string): string[] {
  if (!/[\\/]_npx[\\/]/.test(exe)) return [];
  return [`note: ${exe} is in npx's cache; once npm removes it (npm cache clean), no hook starts. To keep it: npm install -g --allow-scripts=agentihooks agentihooks && agentihooks init`];
}

/** Removes exactly what init added from each target's config; returns the lines to print. */
export function runUninit(opts: SetupOptions & { dryRun: boolean; removeBackups?: boolean }): string[] {
  const ctx = checkedContext(opts, "agentihooks uninit");
  // What init --sandbox added to Claude's settings goes with the hooks, in the same write.
  const state = opts.targets.includes("claude") && opts.scope === "user" ? loadState() : {};
  const strip = claudeSandboxStrip(state, SETUPS.claude.configPath("user", ctx));
  const changes = opts.targets
    .map((t) => (hasConfig(t) ? planUnregister(SETUPS[t], opts, t === "claude" ? strip : undefined) : planPluginRemove(opts.scope, ctx)))
    .filter((c): c is FileChange => !!c);
  changes.push(...planMcp(opts, (cfg, ctx) => planMcpUnregister(cfg, opts.scope, ctx)));
  if (opts.targets.includes("codex")) planCodexTrust(changes, opts.scope, ctx);
  const stateChange = strip ? planStateFile(state, withoutSandboxRecord(state)) : undefined;
  if (stateChange) changes.push({ ...stateChange, note: `claude: removed the sandbox settings init --sandbox added (state: ${stateChange.path})` });
  const dropped = new Set(changes.filter((c) => c.dropBackup).map((c) => backupPath(c.path)));
  const leftBackups = opts.removeBackups ? findBackups(configPaths(opts.targets, [opts.scope], ctx)).filter((b) => !dropped.has(b)) : [];
  if (opts.dryRun) return [...renderDryRun(changes), ...leftBackups.map((b) => `would remove the backup ${b}`)];
  applyChanges(changes, "uninit", leftBackups.map((b): FileOp => ({ path: b, data: null, mode: 0o600 })));
  const lines = changes.map((c) => c.note);
  lines.push(...leftBackups.map((b) => `removed the backup ${b}`));
  if (!opts.removeBackups) lines.push(...findBackups(configPaths(opts.targets, [opts.scope], ctx)).map((b) => `kept the backup ${b} (remove it with: agentihooks uninit --remove-backups)`));
  return lines.length ? lines : ["nothing to remove: no harness config calls or registers agentihooks"];
}

/** Returns every config file init may change for these targets and scopes (hooks, MCP, Codex trust). */
export function configPaths(targets: Target[], scopes: Scope[], ctx: SetupContext): string[] {
  const paths = scopes.flatMap((scope) => targets.flatMap((t) => [hasConfig(t) ? SETUPS[t].configPath(scope, ctx) : undefined, MCP_CONFIGS[t]?.configPath(scope, ctx)]))
    .filter((p): p is string => p !== undefined);
  if (targets.includes("codex")) paths.push(codexMcp.configPath("user", ctx));
  return [...new Set(paths)];
}

/** Returns the backups init left next to these config files. */
export function findBackups(paths: string[]): string[] {
  return paths.map(backupPath).filter((b) => existsSync(b));
}

/** `agentihooks backups`: lists the backups of every scope that applies here, or removes them all or nothing. */
export function runBackups(opts: Pick<SetupOptions, "cwd" | "env"> & { remove: boolean }): string[] {
  const ctx = setupContext(opts);
  const scopes: Scope[] = ["user"];
  try {
    checkProjectScope(opts.cwd, ctx, Object.values(SETUPS), "agentihooks backups");
    scopes.push("project");
  } catch {}
  const found = findBackups(configPaths([...TARGETS], scopes, ctx));
  if (!found.length) return ["no backups: init made none here, or uninit restored and removed them"];
  if (!opts.remove) return found;
  applyChanges([], "backups", found.map((b): FileOp => ({ path: b, data: null, mode: 0o600 })));
  return found.map((b) => `removed ${b}`);
}

/** Returns the MCP config changes of every target (none with --no-mcp). */
function planMcp(opts: SetupOptions, plan: (cfg: McpConfig, ctx: SetupContext) => FileChange | undefined): FileChange[] {
  if (opts.mcp === false) return [];
  const ctx = setupContext(opts);
  // Gemini and Qwen keep MCP servers in the settings.json their hooks go to: not registered yet (one change per file)
  return opts.targets.map((t) => MCP_CONFIGS[t] && plan(MCP_CONFIGS[t], ctx)).filter((c): c is FileChange => !!c);
}
