// doctor's Copilot checks: what Copilot CLI will really load of what init wrote. Copilot reports
// none of these problems anywhere but its own log file (~/.copilot/logs), and `copilot -p` runs on
// without the hooks, so each one is a `fail` with the fix in one line:
// - an entry with both `exec` and a shell command (`bash`/`powershell`/`command`) is skipped, and so
//   is one with neither;
// - `disableAllHooks: true` in Copilot's settings turns every hook off;
// - repository hooks (`.github/hooks/`) load only in a trusted folder (a warning: trust can also be
//   given per run, with `--trust-folder`).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { copilotSetup } from "./copilot-config";
import type { Check } from "./check";
import { type Scope, type SetupContext, copilotHome } from "./harness-setup";
import { readConfigFile, type Json } from "./json-file";

const SHELL_KEYS = ["bash", "powershell", "command"] as const;
const FIX = "agentihooks init --target copilot";

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Returns why Copilot skips one handler, or undefined when it loads it. */
function formProblem(h: Json): string | undefined {
  if (!isRecord(h) || h.type === "http" || h.type === "prompt") return undefined;
  const shells = SHELL_KEYS.filter((k) => h[k] !== undefined);
  if (h.exec !== undefined && shells.length) return `has both exec and ${shells.join("/")}: Copilot skips it`;
  if (h.exec === undefined && !shells.length) return "has neither exec nor bash/powershell/command: Copilot skips it";
  return undefined;
}

/** Returns every handler of a hooks file with its place (`hooks.preToolUse[0]`), Claude-style groups opened. */
function handlers(value: Record<string, Json>): [string, Json][] {
  const out: [string, Json][] = [];
  if (!isRecord(value.hooks)) return out;
  for (const [event, list] of Object.entries(value.hooks)) {
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      const inner = isRecord(item) && Array.isArray(item.hooks) ? item.hooks : undefined;
      if (inner) inner.forEach((h, j) => out.push([`hooks.${event}[${i}].hooks[${j}]`, h]));
      else out.push([`hooks.${event}[${i}]`, item]);
    });
  }
  return out;
}

/** The form rule on one hooks file (a file that does not parse is checkHarness's to report). */
function formChecks(path: string): Check[] {
  let value: Record<string, Json>;
  try {
    const file = readConfigFile(path);
    if (!file.exists) return [];
    value = file.value as Record<string, Json>;
  } catch {
    return [];
  }
  const checks: Check[] = [];
  for (const [where, h] of handlers(value)) {
    const problem = formProblem(h);
    if (problem) checks.push({ level: "fail", text: `copilot: ${path}: ${where} ${problem}`, fix: FIX });
  }
  return checks;
}

/** Reads one of Copilot's own JSON files, which may start with `//` comment lines; undefined when unreadable. */
function readCopilotJson(path: string): Record<string, Json> | undefined {
  try {
    const text = readFileSync(path, "utf8").replace(/^\s*\/\/.*$/gm, "");
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the folders Copilot trusts and whether any of its settings files turns every hook off. */
function copilotSettings(ctx: SetupContext): { trusted: string[]; disabledIn?: string } {
  const home = copilotHome(ctx);
  const trusted: string[] = [];
  let disabledIn: string | undefined;
  for (const name of ["config.json", "settings.json", "settings.local.json"]) {
    const path = join(home, name);
    const value = readCopilotJson(path);
    if (!value) continue;
    if (Array.isArray(value.trustedFolders)) trusted.push(...value.trustedFolders.filter((f): f is string => typeof f === "string"));
    if (value.disableAllHooks === true) disabledIn ??= path;
  }
  return { trusted, disabledIn };
}

const inside = (dir: string, root: string) => dir === root || dir.startsWith(`${root.replace(/\/+$/, "")}/`);

/** Copilot's checks for its hooks files at `scopes`, run for a Copilot that calls agentihooks. */
export function copilotChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const checks = scopes.flatMap((scope) => formChecks(copilotSetup.configPath(scope, ctx)));
  const hasProjectHooks = scopes.includes("project") && existsSync(copilotSetup.configPath("project", ctx));
  const settings = copilotSettings(ctx);
  if (settings.disabledIn) {
    checks.push({ level: "fail", text: `copilot: ${settings.disabledIn} sets disableAllHooks: Copilot runs no hooks`, fix: `remove "disableAllHooks" from ${settings.disabledIn}` });
  }
  if (hasProjectHooks && !settings.trusted.some((f) => inside(ctx.projectRoot, f))) {
    checks.push({
      level: "warn",
      text: `copilot: ${ctx.projectRoot} is not a trusted folder: Copilot loads its .github/hooks only once it is trusted`,
      fix: "answer Copilot's folder-trust prompt once (or run copilot -p with --trust-folder)",
    });
  }
  return checks;
}
