// The real harness CLIs, installed by `make live-clis` (e2e/live/install-clis.sh) into
// LIVE_CLI_DIR, each driven non-interactively against a mock model on 127.0.0.1, in a world's HOME.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { type MockModel, type Step, startMockModel } from "./mock-model";
import type { Harness, World } from "./world";

/** Where the CLIs are installed (make test-live sets it). */
export const CLI_DIR = process.env.LIVE_CLI_DIR || resolve(import.meta.dir, "../../../.cache/live/pinned");

const PACKAGES: Record<Harness, string> = { claude: "@anthropic-ai/claude-code", codex: "@openai/codex", copilot: "@github/copilot", gemini: "@google/gemini-cli", opencode: "opencode-ai", droid: "@factory/cli-linux-x64", cline: "cline", qwen: "@qwen-code/qwen-code", kimi: "@moonshot-ai/kimi-code" };

/** Returns the installed version of a harness's CLI package, or undefined. */
export function cliVersion(harness: Harness): string | undefined {
  try {
    return JSON.parse(readFileSync(join(CLI_DIR, "node_modules", PACKAGES[harness], "package.json"), "utf8")).version;
  } catch {
    return undefined;
  }
}

/** Returns the executable to run: the native binary where the package ships one beside its launcher. */
export function cliPath(harness: Harness): string {
  const nm = join(CLI_DIR, "node_modules");
  const candidates: Record<Harness, string[]> = {
    // Claude's launcher is linked by a postinstall the installer skips; its native binary is the CLI.
    claude: [join(nm, "@anthropic-ai/claude-code-linux-x64/claude"), join(nm, "@anthropic-ai/claude-code/cli.js")],
    codex: [join(nm, ".bin/codex")],
    copilot: [join(nm, ".bin/copilot")],
    gemini: [join(nm, ".bin/gemini")],
    // opencode-ai's launcher is put in place by a postinstall the installer skips; the platform package is the CLI
    opencode: [join(nm, "opencode-linux-x64/bin/opencode"), join(nm, "opencode-linux-x64-baseline/bin/opencode")],
    // Droid's launcher package links its platform binary at postinstall; the binary is the CLI
    droid: [join(nm, "@factory/cli-linux-x64/bin/droid")],
    // Cline's launcher is a node script that finds this native (Bun) binary
    cline: [join(nm, "@cline/cli-linux-x64/bin/cline"), join(nm, ".bin/cline")],
    qwen: [join(nm, ".bin/qwen")],
    // Kimi Code's JS entry: it needs Node >= 22.19 and runs under Bun (LAUNCH.kimi runs it with bun)
    kimi: [join(nm, "@moonshot-ai/kimi-code/dist/main.mjs")],
  };
  const found = candidates[harness].find((p) => existsSync(p));
  if (!found) throw new Error(`${harness} CLI not found under ${CLI_DIR}: run make live-clis`);
  return found;
}

export interface RunOptions {
  /** The person's prompt. */
  prompt?: string;
  /** The scripted model's steps (tool calls, then "done"). */
  script: Step[];
  pick?: (body: Record<string, unknown>, done: number) => Step | undefined;
  /** Claude: --permission-mode (default bypassPermissions). Codex: "default" runs `--approve-for-me` (workspace-write), anything else the bypass flag. */
  permissionMode?: string;
  /** Copilot: the permission flags (default --allow-all-tools). Gemini and Qwen: likewise (default --yolo). */
  permissionArgs?: string[];
  /** Extra CLI arguments and environment. */
  args?: string[];
  env?: Record<string, string>;
  /** The session's working folder (default the world's work folder). */
  cwd?: string;
  /** Seconds before the CLI is killed (default 90). */
  timeoutSec?: number;
  /** Cline: the model name the provider offers (default mock-model; a GPT-like name gets apply_patch). */
  model?: string;
  /** Names this run in capture records (LIVE_CAPTURE). */
  label?: string;
}

export interface RunResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  model: MockModel;
  /** What reached the model, all request texts joined. */
  seen: string;
}

type Launch = (world: World, model: MockModel, o: RunOptions) => { argv: string[]; env: Record<string, string> };

const LAUNCH: Record<Harness, Launch> = {
  claude: (world, model, o) => ({
    argv: [cliPath("claude"), "-p", o.prompt ?? "go", "--permission-mode", o.permissionMode ?? "bypassPermissions",
      "--output-format", "stream-json", "--verbose", "--include-hook-events", ...(o.args ?? [])],
    env: {
      ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: "dummy", IS_SANDBOX: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_TELEMETRY: "1", DISABLE_AUTOUPDATER: "1", DISABLE_ERROR_REPORTING: "1",
    },
  }),
  codex: (world, model, o) => {
    configureCodexProvider(world, model);
    return {
      argv: [cliPath("codex"), "exec", "--skip-git-repo-check", o.permissionMode === "default" ? "--approve-for-me" : "--dangerously-bypass-approvals-and-sandbox",
        "--json", ...(o.args ?? []), o.prompt ?? "go"],
      env: { CODEX_HOME: join(world.home, ".codex"), AGENTIHOOKS_LIVE_MOCK_KEY: "dummy" },
    };
  },
  copilot: (world, model, o) => ({
    argv: [cliPath("copilot"), "-p", o.prompt ?? "go", ...(o.permissionArgs ?? ["--allow-all-tools"]), "--log-level", "all", ...(o.args ?? [])],
    env: {
      COPILOT_OFFLINE: "true", COPILOT_PROVIDER_BASE_URL: `${model.url}/v1`, COPILOT_PROVIDER_API_KEY: "dummy", COPILOT_MODEL: "gpt-4.1",
      // Copilot unpacks itself (~235 MB) under the cache folder on first start: one per test process, not per world
      XDG_CACHE_HOME: join(world.home, "..", "..", "copilot-cache"),
    },
  }),
  opencode: (world, model, o) => ({
    // the prompt as words: `opencode run` wraps an argument holding a space in quotation marks, and quoted
    // text is not the person's own words to the gate
    argv: [cliPath("opencode"), "run", "--print-logs", "--format", "json", "-m", "mock/mock-model", "--dir", o.cwd ?? world.work, ...(o.args ?? []), ...(o.prompt ?? "go").split(" ")],
    env: {
      OPENCODE_CONFIG_CONTENT: JSON.stringify(opencodeConfig(model)),
      // OpenCode takes its project folder from $PWD, not from the process's working folder
      PWD: o.cwd ?? world.work,
      OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1", OPENCODE_DISABLE_SHARE: "1",
      // At start OpenCode npm-installs @opencode-ai/plugin into each config folder and waits for it: a
      // closed port and no retries make that fail in about a second (the plugin needs no package).
      NPM_CONFIG_REGISTRY: "http://127.0.0.1:9", NPM_CONFIG_FETCH_RETRIES: "0",
    },
  }),
  gemini: (world, model, o) => {
    configureGemini(world);
    return {
      // --skip-trust: Gemini loads settings hooks (the user's own too) only in a trusted folder
      argv: [cliPath("gemini"), "-p", o.prompt ?? "go", ...(o.permissionArgs ?? ["--yolo"]), "--skip-trust", "--output-format", "json", ...(o.args ?? [])],
      env: { GOOGLE_GEMINI_BASE_URL: model.url, GEMINI_API_KEY: "dummy" },
    };
  },
  droid: (world, model, o) => {
    configureDroid(world, model);
    return {
      argv: [cliPath("droid"), "exec", ...(o.permissionArgs ?? ["--skip-permissions-unsafe"]), "-m", `custom:${DROID_MODEL}`, ...(o.args ?? []), o.prompt ?? "go"],
      // airgap: no login, telemetry, cloud sync or feature-flag requests (each would wait on a timeout)
      env: { FACTORY_AIRGAP_ENABLED: "1" },
    };
  },
  cline: (world, model, o) => {
    configureCline(world, model, o.model);
    // act mode with every tool auto-approved is the default; --json prints one event per line
    // a one-word prompt that names a subcommand's neighbour ("go") is refused as an unknown command
    return { argv: [cliPath("cline"), "--json", ...(o.args ?? []), o.prompt ?? "do the task"], env: {} };
  },
  qwen: (world, model, o) => {
    configureQwen(world);
    return {
      // headless `-p` with --yolo: no approval prompt, so every call reaches PreToolUse
      argv: [cliPath("qwen"), "-p", o.prompt ?? "go", ...(o.permissionArgs ?? ["--yolo"]), "--auth-type", "openai", "--output-format", "json", ...(o.args ?? [])],
      env: { OPENAI_BASE_URL: `${model.url}/v1`, OPENAI_API_KEY: "dummy", OPENAI_MODEL: "gpt-4.1", QWEN_CODE_SUPPRESS_YOLO_WARNING: "1" },
    };
  },
  kimi: (world, model, o) => ({
    // headless `-p` (it refuses --auto and --yolo): every call reaches PreToolUse; bun runs the bundle
    argv: [process.execPath, cliPath("kimi"), "-p", o.prompt ?? "go", ...(o.permissionArgs ?? []), ...(o.args ?? [])],
    env: {
      KIMI_MODEL_PROVIDER_TYPE: "openai", KIMI_MODEL_BASE_URL: `${model.url}/v1`, KIMI_MODEL_NAME: "mock-model", KIMI_MODEL_API_KEY: "dummy",
      KIMI_MODEL_MAX_CONTEXT_SIZE: "128000", KIMI_DISABLE_TELEMETRY: "1", KIMI_CODE_NO_AUTO_UPDATE: "1", KIMI_CLI_NO_AUTO_UPDATE: "1",
    },
  }),
};

/** OpenCode's top config layer: the mock as an OpenAI-compatible provider, offline, every tool allowed. */
function opencodeConfig(model: MockModel): Record<string, unknown> {
  return {
    provider: { mock: { npm: "@ai-sdk/openai-compatible", options: { baseURL: `${model.url}/v1`, apiKey: "dummy" }, models: { "mock-model": {} } } },
    autoupdate: false,
    share: "disabled",
    permission: { bash: "allow", edit: "allow", external_directory: "allow" },
  };
}

const DROID_MODEL = "mock-model";

/**
 * Points Factory Droid at the mock: a BYOK custom model speaking Anthropic Messages to 127.0.0.1, in
 * ~/.factory/settings.json (hooks live in hooks.json beside it). No Factory login is needed.
 */
export function configureDroid(world: World, model: MockModel): void {
  const path = join(world.home, ".factory", "settings.json");
  const settings = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  settings.customModels = [{ model: DROID_MODEL, displayName: "Mock", baseUrl: model.url, apiKey: "dummy", provider: "anthropic", maxOutputTokens: 4096 }];
  world.write(path, `${JSON.stringify(settings, null, 2)}\n`, 0o600);
}

/**
 * Points Cline at the mock: an OpenAI-compatible provider in its provider settings (what
 * `cline auth -p openai-compatible -b URL` writes; without `updatedAt` Cline replaces the whole file
 * with its own default provider, and then fails to reach a network). A model name without "gpt" gets Cline's `editor`
 * tool; a GPT-like one gets `apply_patch` instead.
 */
export function configureCline(world: World, model: MockModel, name = "mock-model"): void {
  const settings = { provider: "openai-compatible", apiKey: "dummy", model: name, baseUrl: `${model.url}/v1` };
  const providers = { version: 1, lastUsedProvider: "openai-compatible", modes: {}, providers: { "openai-compatible": { settings, updatedAt: new Date().toISOString(), tokenSource: "manual" } } };
  world.write(join(world.home, ".cline", "data", "settings", "providers.json"), `${JSON.stringify(providers, null, 2)}\n`, 0o600);
}

/**
 * Keeps Qwen Code offline: no update checks, no usage statistics, no telemetry, merged into the
 * settings.json init wrote (under $QWEN_HOME when the world sets it), whose hooks stay. The model
 * comes from the OPENAI_* variables of the launch.
 */
export function configureQwen(world: World): void {
  const path = join(world.env.QWEN_HOME ?? join(world.home, ".qwen"), "settings.json");
  const settings = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  settings.general = { ...settings.general, enableAutoUpdate: false };
  settings.privacy = { ...settings.privacy, usageStatisticsEnabled: false };
  settings.telemetry = { ...settings.telemetry, enabled: false };
  world.write(path, `${JSON.stringify(settings, null, 2)}\n`, 0o600);
}

/**
 * Points Gemini CLI at the mock and keeps it offline: API-key auth (with the base URL alone it picks a
 * gateway auth that `-p` refuses), no update checks, no usage statistics, no telemetry. Merged into
 * the settings.json init wrote, whose hooks stay.
 */
export function configureGemini(world: World): void {
  const path = join(world.home, ".gemini", "settings.json");
  const settings = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
  settings.security = { ...settings.security, auth: { selectedType: "gemini-api-key" } };
  settings.general = { ...settings.general, enableAutoUpdate: false, enableAutoUpdateNotification: false };
  settings.privacy = { ...settings.privacy, usageStatisticsEnabled: false };
  settings.telemetry = { ...settings.telemetry, enabled: false };
  world.write(path, `${JSON.stringify(settings, null, 2)}\n`, 0o600);
}

const PROVIDER_START = "# agentihooks live suite: mock model provider";
const PROVIDER_END = "# end of mock model provider";

/**
 * Points Codex at the mock: a provider block at the top of config.toml (before any table, so the
 * top-level keys stay top-level), replaced on each run because the mock's port changes.
 */
export function configureCodexProvider(world: World, model: MockModel): void {
  const path = join(world.home, ".codex", "config.toml");
  const old = existsSync(path) ? readFileSync(path, "utf8") : "";
  const rest = old.includes(PROVIDER_START) ? old.slice(old.indexOf(PROVIDER_END) + PROVIDER_END.length + 1) : old;
  const block = [
    PROVIDER_START,
    // a model Codex has metadata for, so it offers its real tool set (apply_patch among them)
    'model = "gpt-5.5"',
    'model_provider = "mock"',
    "",
    "[model_providers.mock]",
    'name = "mock"',
    `base_url = "${model.url}/v1"`,
    'wire_api = "responses"',
    'env_key = "AGENTIHOOKS_LIVE_MOCK_KEY"',
    PROVIDER_END,
    "",
  ].join("\n");
  world.write(path, block + rest, 0o600);
}

/** Runs the harness's CLI once in `world` against a fresh mock model playing `o.script`. */
export async function runCli(world: World, o: RunOptions): Promise<RunResult> {
  // OpenCode asks for a session title without tools: that request takes no step of the script
  const pick = world.harness === "opencode" ? (body: Record<string, unknown>, done: number) => (Array.isArray(body.tools) ? o.pick?.(body, done) : { text: "title" }) : o.pick;
  const model = startMockModel(o.script, pick);
  try {
    const { argv, env } = LAUNCH[world.harness](world, model, o);
    const captureDir = join(world.home, "..", "capture");
    if (process.env.LIVE_CAPTURE) env.AGENTIHOOKS_CAPTURE_DIR = captureDir;
    const started = performance.now();
    const proc = Bun.spawn(argv, {
      cwd: o.cwd ?? world.work,
      env: { ...world.env, ...env, ...(o.env ?? {}) },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: (o.timeoutSec ?? 90) * 1000,
      killSignal: "SIGKILL",
    });
    const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    const exitCode = await proc.exited;
    if (process.env.LIVE_CAPTURE) keepCaptures(world, captureDir, process.env.LIVE_CAPTURE, o.label);
    return { exitCode, stdout, stderr, durationMs: performance.now() - started, model, seen: model.seen() };
  } finally {
    model.stop();
  }
}

/**
 * Appends this run's captured hook calls to `<out>/<harness>.jsonl`, in the order the harness made
 * them, with the world's paths replaced by placeholders (<HOME>, <WORK>, <WORLD>, <WORK-SLUG>) so records do not
 * depend on the machine. Each record names the CLI version that sent it.
 */
function keepCaptures(world: World, dir: string, out: string, label = ""): void {
  if (!existsSync(dir)) return;
  const swap = placeholders(world);
  mkdirSync(out, { recursive: true });
  const version = cliVersion(world.harness);
  for (const file of readdirSync(dir).sort()) {
    const record = JSON.parse(readFileSync(join(dir, file), "utf8")) as { argv: string[]; stdin: string };
    const line = { harness: world.harness, version, check: label, argv: record.argv, payload: JSON.parse(swap(record.stdin)) };
    appendFileSync(join(out, `${world.harness}.jsonl`), `${JSON.stringify(line)}\n`);
  }
  // kept once: the next run in the same world must not append these again
  rmSync(dir, { recursive: true, force: true });
}

/** Returns a function that replaces the world's paths in a text by <HOME>, <WORK>, <WORLD> and <WORK-SLUG>. */
export function placeholders(world: World): (text: string) => string {
  const base = join(world.home, "..");
  // Claude names a session's folder after its cwd with every / and . turned into -
  const slug = world.work.replace(/[/.]/g, "-");
  return (text) => text.split(world.home).join("<HOME>").split(world.work).join("<WORK>").split(base).join("<WORLD>").split(slug).join("<WORK-SLUG>");
}

/** Returns Copilot's log lines of this world (config errors appear only there). */
export function copilotLog(world: World): string {
  const dir = join(world.home, ".copilot", "logs");
  if (!existsSync(dir)) return "";
  return readdirSync(dir).map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
}

/** Returns a one-block description of a run for a failing check's message. */
export function describeRun(r: RunResult): string {
  return [`exit ${r.exitCode} after ${Math.round(r.durationMs)} ms`, "--- stdout", r.stdout.slice(-4000), "--- stderr", r.stderr.slice(-4000)].join("\n");
}
