// `doctor`: each check is a value (ok, warn, fail, info) with the command that fixes it. Only `fail`
// makes the exit code 1; a shadowed condition is a `warn`, since replacing a global condition from a
// profile is a feature and only the user knows whether it was meant. The checks every harness shares
// (its files parse, they call this executable and it runs, every event registered, the MCP server)
// are here; what only one harness loads or refuses is that harness's function in HARNESS_CHECKS.
import { readFileSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { type Config, readConfig } from "../config";
import { builtinFiles, isBuiltinPath } from "../conditions/builtin";
import { type Catalog, cachePathFor, indexIsFresh, loadCatalog } from "../conditions/catalog";
import { isIgnored, parseFilename } from "../conditions/filename";
import { findGitRoot } from "../conditions/git-root";
import { oneLine } from "../errors";
import { writeFileAtomic } from "../state/atomic";
import { homePaths } from "../state/home";
import { pathPrivacyVerdict } from "../state/private";
import { type State, loadState } from "../state/state-file";
import { TARGETS, type Target } from "../types";
import type { Scope, SetupContext } from "./harness-setup";
import { type ConfigTarget, SETUPS, harnessTimeoutSec, hasConfig, resolveSelf, setupContext } from "./init";
import { readConfigFile } from "./json-file";
import type { Check } from "./check";
import { claudeChecks } from "./claude-doctor";
import { clineChecks } from "./cline-doctor";
import { checkCodexTrust } from "./codex-trust-plan";
import { copilotChecks } from "./copilot-doctor";
import { droidChecks } from "./droid-doctor";
import { geminiChecks } from "./gemini-doctor";
import { opencodeChecks } from "./opencode-doctor";
import { qwenChecks } from "./qwen-doctor";
import { everyCallDenied, denialLine } from "./denial";
import { codexProjectTrust, pluginChecks, pluginFiles, registeredScopes, twiceChecks } from "./doctor-install";
import { slowInterpreters } from "./doctor-interpreters";
import { checkMcp } from "./mcp-config";
import { judgeExe } from "./registered-exe";
import { managedChecks } from "./managed-doctor";
import { SHADOWED_NOTE } from "../conditions/managed-layer";
import { sandboxChecks } from "./sandbox-plan";

export type { Check } from "./check";

/** Per harness, the checks of what only that harness loads or refuses (one function each). */
const HARNESS_CHECKS: Partial<Record<Target, (scopes: Scope[], setup: SetupContext) => Check[]>> = {
  claude: claudeChecks,
  copilot: copilotChecks,
  gemini: geminiChecks,
  droid: droidChecks,
  cline: clineChecks,
  qwen: qwenChecks,
};

interface DoctorOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** --claude PATH: the Claude Code to compare the registration with (default: claude on PATH). */
  claude?: string;
}

/** Returns every check, in the order they are printed. */
export function runDoctor(opts: DoctorOptions): Check[] {
  const checks: Check[] = [];
  let self: string;
  try {
    self = resolveSelf(opts.env);
  } catch (err) {
    self = process.execPath;
    checks.push({ level: "warn", text: oneLine(err) });
  }
  let state: State = {};
  try {
    state = loadState();
  } catch (err) {
    checks.push({ level: "fail", text: oneLine(err), fix: "fix or remove the file, then: agentihooks init" });
  }
  const { config } = readConfig(opts.env);
  const scopes: Scope[] = findGitRoot(opts.cwd) ? ["user", "project"] : ["user"];
  const setup = setupContext(opts);
  const plugins = pluginFiles(scopes, setup);
  const active = TARGETS.filter((t) => checkHarness(t, self, state, scopes, setup, checks, !!plugins[t]));
  // The plugin registers the harness's hooks itself: a plugin-only harness is set up.
  const hooked = TARGETS.filter((t) => active.includes(t) || plugins[t]);
  for (const t of TARGETS) {
    const plugin = plugins[t];
    if (!plugin) continue;
    checks.push(...pluginChecks(t, plugin, scopes, setup, opts.env));
    if (state.targets?.[t]?.profiles === undefined && state.targets?.global?.profiles === undefined) {
      checks.push({ level: "info", text: `${t}: no profile chain recorded yet: the plugin's first hook call records the built-in default profile, as init does` });
    }
  }
  const managed = managedChecks(opts.env);
  if (!hooked.length && !managed.registered.length) checks.push(nothingSetUp(state, scopes));
  for (const t of active) checks.push(...checkMcp(t, self, scopes, setup));
  for (const t of active) checks.push(...(HARNESS_CHECKS[t]?.(scopes, setup) ?? []));
  checks.push(...twiceChecks(scopes, setup));
  checks.push(...sandboxChecks(hooked, setup, state, self, findGitRoot(opts.cwd) ?? opts.cwd));
  if (active.includes("codex") && registeredScopes("codex", scopes, setup).includes("project")) checks.push(...codexProjectTrust(setup));
  checks.push(...managed.checks);
  checks.push(checkHome(config));
  // Freshness first: finding out whether every call is denied loads (and so refreshes) the caches.
  const fresh = new Map(hooked.map((t) => [t, cacheIsFresh(t, opts, config)]));
  const denial = everyCallDenied(hooked.length ? hooked : TARGETS, opts.cwd, config);
  for (const t of hooked) checkConditions(t, opts, checks, !!fresh.get(t), denial?.targets.includes(t) ? denial.fix : undefined);
  // Said first: while every call is denied, nothing else matters as much.
  if (denial) checks.unshift({ level: "fail", text: denialLine(denial), fix: denial.fix, first: true });
  return checks;
}

/** No config calls agentihooks: a problem, unless a project-scope setup may exist elsewhere. */
function nothingSetUp(state: State, scopes: Scope[]): Check {
  const recorded = TARGETS.some((t) => state.targets?.[t]?.profiles !== undefined);
  if (recorded && !scopes.includes("project")) {
    return { level: "warn", text: "no user-scope harness config calls agentihooks; a project-scope setup is checked from inside its repository", fix: "cd into the repository, then: agentihooks doctor" };
  }
  return { level: "fail", text: "no harness config calls agentihooks", fix: "agentihooks init" };
}

/** Checks one harness at both scopes; returns whether any config of it calls agentihooks. */
function checkHarness(target: Target, self: string, state: State, scopes: Scope[], ctx: SetupContext, checks: Check[], plugin: boolean): boolean {
  let configured: boolean;
  if (hasConfig(target)) configured = checkConfigs(target, self, scopes, ctx, checks);
  else {
    const oc = opencodeChecks(scopes, ctx, self, harnessTimeoutSec(ctx.env));
    checks.push(...oc.checks);
    configured = oc.configured;
  }
  if (!configured && !plugin) {
    const recorded = state.targets?.[target]?.profiles !== undefined;
    const fix = `agentihooks init --target ${target}`;
    if (!recorded) checks.push({ level: "info", text: `${target}: not set up`, fix });
    else if (!scopes.includes("project")) {
      // Outside a repository only the user scope is read: a project-only setup is not a problem here.
      checks.push({ level: "info", text: `${target}: no user-scope config calls agentihooks (a project-scope setup is checked from inside its repository)` });
    } else checks.push({ level: "fail", text: `${target}: init was run but no ${target} config calls agentihooks`, fix });
  }
  return configured;
}

/** Checks one harness's hook config at both scopes; returns whether any of them calls agentihooks. */
function checkConfigs(target: ConfigTarget, self: string, scopes: Scope[], ctx: SetupContext, checks: Check[]): boolean {
  const setup = SETUPS[target];
  let configured = false;
  for (const scope of scopes) {
    const path = setup.configPath(scope, ctx);
    const fix = `agentihooks init --target ${target}${scope === "project" ? " --scope project" : ""}`;
    let file, found;
    try {
      file = setup.script ? { value: setup.script.read(path) } : readConfigFile(path);
      found = setup.find(file.value, () => path);
    } catch (err) {
      checks.push({ level: "fail", text: `${target}: ${oneLine(err)}`, fix: `fix the file, then: ${fix}` });
      continue;
    }
    if (!found.length) continue;
    configured = true;
    const others = [...new Set(found.map((f) => f.exe))].flatMap((exe) => {
      const v = judgeExe(exe, self);
      return v.ok ? [] : [{ exe, why: v.why }];
    });
    const missing = setup.events.filter((e) => !found.some((f) => f.event === e));
    for (const { exe, why } of others) checks.push({ level: "fail", text: `${target}: ${path} calls ${exe}, which ${why}`, fix });
    if (missing.length) checks.push({ level: "fail", text: `${target}: ${path} does not register ${missing.join(", ")}`, fix });
    if (!others.length && !missing.length) checks.push({ level: "ok", text: `${target}: ${path} calls this executable on ${new Set(found.map((f) => f.event)).size} events` });
    if (target === "codex") checks.push(...checkCodexTrust(scope, file.value, ctx));
  }
  return configured;
}

function checkHome(config: Config): Check {
  const { home } = homePaths();
  const unsafe = config.strictModes ? pathPrivacyVerdict(home) : undefined;
  if (unsafe) return { level: "fail", text: `home ${unsafe.problem}`, fix: unsafe.fix };
  const probe = join(home, `.doctor-probe.${process.pid}`);
  try {
    writeFileAtomic(probe, "ok\n");
    unlinkSync(probe);
    return { level: "ok", text: `home ${home} is writable` };
  } catch (err) {
    return { level: "fail", text: `home ${home} is not writable (${oneLine(err)})`, fix: `chmod u+w ${home} (or set AGENTIHOOKS_HOME to a writable folder)` };
  }
}

/** True when the target's cached index would be used as it is. */
function cacheIsFresh(target: Target, opts: DoctorOptions, config: Config): boolean {
  const home = homePaths().home;
  return indexIsFresh(cachePathFor({ target, cwd: opts.cwd, home, config }, findGitRoot(opts.cwd)), join(home, "state.json"));
}

/**
 * Cache freshness, every call denied (with `deniedFix`), interpreters, invalid files, other problems
 * and shadowed conditions for one target.
 */
function checkConditions(target: Target, opts: DoctorOptions, checks: Check[], wasFresh: boolean, deniedFix?: string): void {
  const { config } = readConfig(opts.env);
  const home = homePaths().home;
  const catalogOpts = { target, cwd: opts.cwd, home, config };
  const notes: string[] = [];
  let catalog: Catalog;
  try {
    catalog = loadCatalog({ ...catalogOpts, onNote: (n) => notes.push(n) });
  } catch (err) {
    checks.push({ level: "fail", text: `${target}: cannot load the conditions (${oneLine(err)})`, fix: "agentihooks conditions list" });
    return;
  }
  const broken = new Set(catalog.broken ?? []);
  // Said once, first, when the red line names this target; here only if it somehow does not.
  if (broken.size && !deniedFix) checks.push({ level: "fail", text: `${target}: every PreToolUse call is denied: ${[...broken].join("; ")}`, fix: "agentihooks conditions list" });
  for (const n of notes) if (!broken.has(n)) checks.push({ level: "fail", text: `${target}: ${n}`, fix: `chmod u+w ${join(home, "cache")}` });
  if (!notes.length) checks.push(wasFresh ? { level: "ok", text: `${target}: condition cache is fresh` } : { level: "info", text: `${target}: condition cache was stale or missing; rebuilt` });
  for (const p of catalog.problems) {
    if (broken.has(p)) continue;
    // A file of yours named like one of the administrator's: it does not run, which is the tier's point.
    if (p.endsWith(SHADOWED_NOTE)) checks.push({ level: "warn", text: `${target}: ${p}`, fix: "rename your file if it should run beside the managed one" });
    else checks.push({ level: "fail", text: `${target}: ${p}`, fix: "agentihooks conditions list (it shows the layers and their problems)" });
  }
  for (const i of catalog.invalid) {
    // A file or folder refused for its modes is fixed by the chmod that makes it private, not by a rename.
    const modes = config.strictModes && !isBuiltinPath(i.path) ? pathPrivacyVerdict(i.path) : undefined;
    checks.push({ level: "warn", text: `${target}: ${i.path}: ${i.error}`, fix: modes?.fix ?? "rename or fix the file (agentihooks conditions list shows why)" });
  }
  for (const l of catalog.layers) {
    // The repository's layer waits for the person; a bundle linked by an older version has no recorded owner.
    if (l.source === "directory" && l.skipped && l.exists && l.count) checks.push({ level: "warn", text: `${target}: ${l.path}: ${l.note}`, fix: "read its files, then agentihooks trust (in your terminal)" });
    if (l.source === "bundle" && l.note?.includes("read from its current origin")) checks.push({ level: "warn", text: `${target}: the bundle's owner was not recorded at link: it is read from the bundle's current origin, which the agent could re-point`, fix: "agentihooks link <bundle> again" });
  }
  checkInterpreters(target, catalog, opts.env, checks);
  checkShadowed(target, catalog, checks);
}

/** Programs a shell condition may call that are not always installed: found by name in its text. */
const SCRIPT_NEEDS: [RegExp, (python: string) => string][] = [
  [/\bjq\b/, () => "jq"],
  // "${AGENTIHOOKS_PYTHON:-python3}" gets the index's Python (runner.ts); a bare python3 is the PATH's.
  [/AGENTIHOOKS_PYTHON/, (python) => python],
  [/\bpython3?\b/, () => "python3"],
];
/** Spellings of $AGENTIHOOKS_PYTHON with a default: their python3 is never the PATH's. */
const PYTHON_VARIABLE = /\$\{AGENTIHOOKS_PYTHON[^}]*\}/g;

function checkInterpreters(target: Target, catalog: Catalog, env: DoctorOptions["env"], checks: Check[]): void {
  // bash and Python come from the index, found in system folders (run/interpreters.ts); a missing one is
  // named by why it was not found. What a script calls by name (jq) is looked up on the PATH it gets.
  const found = catalog.interpreters;
  const whyNot = new Map<string, string>();
  const pick = (name: string, r: typeof found.bash) => ("path" in r ? r.path : (whyNot.set(name, r.error), name));
  const bash = pick("bash", found.bash);
  const python = pick(env.AGENTIHOOKS_PYTHON || "python3", found.python);
  const need = new Map<string, string>();
  for (const c of catalog.conditions) {
    if (c.ext === "sh" || c.ext === "bash") {
      need.set(bash, need.get(bash) ?? c.file);
      const body = readHead(c.path).replace(PYTHON_VARIABLE, "$AGENTIHOOKS_PYTHON");
      for (const [re, program] of SCRIPT_NEEDS) if (re.test(body) && !need.has(program(python))) need.set(program(python), c.file);
    }
    if (c.ext === "py" && !need.has(python)) need.set(python, c.file);
  }
  const missing = [...need].filter(([program]) => whyNot.has(program) || (!program.startsWith("/") && !Bun.which(program, { PATH: env.PATH ?? "" })));
  for (const [program, file] of missing) {
    const why = whyNot.get(program);
    checks.push({ level: "fail", text: `${target}: ${why ?? `${program} is not on PATH`}, and ${file} needs it`, fix: why ? `install ${program} in /usr/bin, /usr/local/bin or /opt/homebrew/bin, or set AGENTIHOOKS_PYTHON to an absolute path` : `install ${program}` });
  }
  checks.push(...slowInterpreters(target, [...need.keys()].filter((p) => !missing.some(([m]) => m === p)), env));
  if (need.size && !missing.length) checks.push({ level: "ok", text: `${target}: ${[...need.keys()].join(", ")} found for ${catalog.conditions.length} condition${catalog.conditions.length === 1 ? "" : "s"}` });
}

function readHead(path: string): string {
  try {
    return readFileSync(path, "utf8").slice(0, 65536);
  } catch {
    return "";
  }
}

/** Lists condition keys present in more than one layer: only the highest layer's file runs. */
function checkShadowed(target: Target, catalog: Catalog, checks: Check[]): void {
  const byKey = new Map<string, string[]>();
  for (const layer of catalog.layers) {
    if (layer.skipped || !layer.exists) continue;
    let files: string[] = [];
    try {
      files = (builtinFiles(layer.path) ?? readdirSync(layer.path)).filter((f) => !isIgnored(f));
    } catch {}
    for (const file of files) {
      const parsed = parseFilename(file);
      if (typeof parsed === "string") continue;
      byKey.set(parsed.key, [...(byKey.get(parsed.key) ?? []), `${join(layer.path, file)} [${layer.source}]`]);
    }
  }
  for (const [key, where] of byKey) {
    // The same built-in file twice (in the person's chain and the managed tier's) shadows nothing.
    if (new Set(where.map((w) => w.replace(/ \[[^\]]*\]$/, "").replace(/^builtin:[^/]*\//, "builtin:"))).size < 2) continue;
    checks.push({
      level: "warn",
      text: `${target}: condition ${key} is shadowed: only the last runs: ${where.join(" < ")}`,
      fix: "rename one of the files if both should run",
    });
  }
}
