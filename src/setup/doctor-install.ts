// doctor's checks of how agentihooks is installed: the plugin (Claude, Codex, Copilot), hooks registered
// twice (the plugin and `init`, or the user and the project scope: every event then runs agentihooks twice),
// and Codex's project trust (Codex loads a repository's .codex/ only in a project the person trusted).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TARGETS, type Target } from "../types";
import type { Check } from "./check";
import { codexMcp, parseToml } from "./codex-mcp";
import { type Scope, type SetupContext, copilotHome } from "./harness-setup";
import { SETUPS, hasConfig } from "./init";
import { readConfigFile } from "./json-file";

/** Claude's settings files that can enable a plugin, user first. */
function claudeSettingsFiles(scopes: Scope[], ctx: SetupContext): string[] {
  const files = [join(ctx.home, ".claude", "settings.json")];
  if (scopes.includes("project")) files.push(join(ctx.projectRoot, ".claude", "settings.json"), join(ctx.projectRoot, ".claude", "settings.local.json"));
  return files;
}

/** Returns each of Claude's settings files that parses, with its path. */
function claudeSettings(scopes: Scope[], ctx: SetupContext): [string, { enabledPlugins?: unknown; disableAllHooks?: unknown }][] {
  return claudeSettingsFiles(scopes, ctx).flatMap((path): [string, { enabledPlugins?: unknown; disableAllHooks?: unknown }][] => {
    try {
      const value: unknown = JSON.parse(readFileSync(path, "utf8"));
      return value && typeof value === "object" && !Array.isArray(value) ? [[path, value]] : [];
    } catch {
      return []; // missing or not JSON: the shared checks report a settings file that does not parse
    }
  });
}

/** true when `enabled` (a plugin id -> on map) turns on agentihooks from any marketplace. */
const enablesUs = (enabled: unknown) =>
  !!enabled && typeof enabled === "object" && Object.entries(enabled).some(([id, on]) => /^agentihooks@/.test(id) && on === true);

/** Returns the settings file that enables the agentihooks plugin in Claude Code (`enabledPlugins`), or undefined. */
export function claudePluginFile(scopes: Scope[], ctx: SetupContext): string | undefined {
  return claudeSettings(scopes, ctx).find(([, value]) => enablesUs(value.enabledPlugins))?.[0];
}

/** `codex plugin add` records `[plugins."agentihooks@<marketplace>"] enabled = true` in config.toml (measured, Codex 0.169). */
function codexPluginFile(ctx: SetupContext): string | undefined {
  const toml = codexMcp.configPath("user", ctx);
  try {
    const parsed = parseToml(readFileSync(toml, "utf8"), toml) as { plugins?: Record<string, { enabled?: unknown } | undefined> };
    const plugins = parsed.plugins && typeof parsed.plugins === "object" ? parsed.plugins : {};
    return enablesUs(Object.fromEntries(Object.entries(plugins).map(([id, p]) => [id, p?.enabled]))) ? toml : undefined;
  } catch {
    return undefined; // missing, or a config.toml that does not parse (the hook-trust check reports it)
  }
}

/** `copilot plugin install` records `enabledPlugins` in ~/.copilot/settings.json (measured, Copilot CLI 1.0.102). */
function copilotPluginFile(ctx: SetupContext): string | undefined {
  const path = join(copilotHome(ctx), "settings.json");
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as { enabledPlugins?: unknown } | null;
    return enablesUs(value?.enabledPlugins) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The harnesses with the agentihooks plugin enabled, each with the file that enables it. */
export function pluginFiles(scopes: Scope[], ctx: SetupContext): Partial<Record<Target, string>> {
  const found: Partial<Record<Target, string>> = { claude: claudePluginFile(scopes, ctx), codex: codexPluginFile(ctx), copilot: copilotPluginFile(ctx) };
  return Object.fromEntries(Object.entries(found).filter(([, path]) => path !== undefined));
}

/** Returns the scopes whose config of `target` calls agentihooks. */
export function registeredScopes(target: Target, scopes: Scope[], ctx: SetupContext): Scope[] {
  if (!hasConfig(target)) return []; // OpenCode's plugin files are checked by opencode-doctor.ts
  const setup = SETUPS[target];
  return scopes.filter((scope) => {
    const path = setup.configPath(scope, ctx);
    try {
      return setup.find(setup.script ? setup.script.read(path) : readConfigFile(path).value, () => path).length > 0;
    } catch {
      return false;
    }
  });
}

/** The plugin in `target`: its hooks need `agentihooks` on PATH, and `init` on top of it runs every hook twice. */
export function pluginChecks(target: Target, plugin: string, scopes: Scope[], ctx: SetupContext, env: Record<string, string | undefined>): Check[] {
  const checks: Check[] = [{ level: "ok", text: `${target}: the agentihooks plugin is enabled in ${plugin}` }];
  if (!Bun.which("agentihooks", { PATH: env.PATH ?? "" })) {
    checks.push({ level: "fail", text: `${target}: the plugin's hooks find no agentihooks on PATH: every guarded tool call is denied`, fix: "put the agentihooks executable in a folder on PATH (see docs/install.md)" });
  }
  if (target === "claude") {
    // disableAllHooks turns the plugin's hooks off too (init's hooks get this check from claude-doctor.ts).
    const off = claudeSettings(scopes, ctx).find(([, v]) => v.disableAllHooks === true)?.[0];
    if (off) checks.push({ level: "fail", text: `claude: ${off} sets disableAllHooks: Claude runs no hooks, the plugin's included`, fix: `remove "disableAllHooks" from ${off}` });
  }
  for (const scope of registeredScopes(target, scopes, ctx)) {
    checks.push({
      level: "warn",
      text: `${target}: hooks registered twice: by the plugin and by ${hasConfig(target) ? SETUPS[target].configPath(scope, ctx) : scope}: every event runs agentihooks twice`,
      fix: `agentihooks uninit --target ${target}${scope === "project" ? " --scope project" : ""}`,
    });
  }
  return checks;
}

/** Hooks of one harness registered at both the user and the project scope run twice. */
export function twiceChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  return TARGETS.filter(hasConfig).flatMap((t): Check[] => {
    if (registeredScopes(t, scopes, ctx).length < 2) return [];
    const [user, project] = (["user", "project"] as const).map((s) => SETUPS[t].configPath(s, ctx));
    return [{ level: "warn", text: `${t}: hooks registered twice: in ${user} and in ${project}: every event runs agentihooks twice`, fix: `agentihooks uninit --target ${t} --scope project` }];
  });
}

/** Codex loads the project's .codex/hooks.json only once the project is trusted in ~/.codex/config.toml. */
export function codexProjectTrust(ctx: SetupContext): Check[] {
  const toml = codexMcp.configPath("user", ctx);
  let trusted = false;
  try {
    const parsed = existsSync(toml) ? (parseToml(readFileSync(toml, "utf8"), toml) as { projects?: Record<string, { trust_level?: unknown }> }) : {};
    trusted = parsed.projects?.[ctx.projectRoot]?.trust_level === "trusted";
  } catch {
    return []; // a config.toml that does not parse is reported by the hook-trust check
  }
  if (trusted) return [{ level: "ok", text: `codex: ${ctx.projectRoot} is a trusted project in ${toml}` }];
  return [{
    level: "warn",
    text: `codex: ${ctx.projectRoot} is not a trusted project in ${toml}: Codex skips its .codex/hooks.json until it is`,
    fix: `answer Codex's trust prompt when it opens ${ctx.projectRoot} (or add [projects.${JSON.stringify(ctx.projectRoot)}] trust_level = "trusted" to ${toml})`,
  }];
}
