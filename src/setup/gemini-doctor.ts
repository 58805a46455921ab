// doctor's Gemini CLI checks: settings that keep the hooks init wrote from running. Gemini says
// nothing about either in `gemini -p`, so each is a `fail` with the fix in one line:
// - `hooksConfig.enabled: false` turns the whole hook system off;
// - `hooksConfig.disabled` naming `agentihooks` (the name init gives its handlers) skips them.
import type { Check } from "./check";
import { geminiSetup } from "./gemini-config";
import type { Scope, SetupContext } from "./harness-setup";
import { readConfigFile, type Json } from "./json-file";

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Gemini's checks of its settings.json at `scopes`, run for a Gemini that calls agentihooks. */
export function geminiChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const checks: Check[] = [];
  for (const scope of scopes) {
    const path = geminiSetup.configPath(scope, ctx);
    let value: Json;
    try {
      value = readConfigFile(path).value;
    } catch {
      continue; // a file that does not parse is reported by the registration check
    }
    const config = isRecord(value) ? value.hooksConfig : undefined;
    if (!isRecord(config)) continue;
    if (config.enabled === false) {
      checks.push({ level: "fail", text: `gemini: ${path} turns Gemini's hooks off (hooksConfig.enabled: false): no guard runs`, fix: `set hooksConfig.enabled to true in ${path}` });
    }
    if (Array.isArray(config.disabled) && config.disabled.includes("agentihooks")) {
      checks.push({ level: "fail", text: `gemini: ${path} disables the hooks named agentihooks (hooksConfig.disabled): no guard runs`, fix: `remove "agentihooks" from hooksConfig.disabled in ${path}` });
    }
  }
  return checks;
}
