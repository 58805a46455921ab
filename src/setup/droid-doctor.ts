// doctor's Factory Droid checks: settings that keep the hooks init wrote from running, and hooks the
// person keeps in settings.json that Droid stops reading once hooks.json exists beside it.
// - `hooksDisabled: true` (in hooks.json, or under `hooks` in settings.json) turns every hook off: fail;
// - `hooks` events in settings.json next to a hooks.json: Droid reads only hooks.json: warn.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Check } from "./check";
import { droidSetup } from "./droid-config";
import type { Scope, SetupContext } from "./harness-setup";
import { readConfigFile, type Json } from "./json-file";

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

function read(path: string): Record<string, Json> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = readConfigFile(path).value;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined; // a file that does not parse is reported by the registration check
  }
}

/** Droid's checks of its hooks.json and settings.json at `scopes`, run for a Droid that calls agentihooks. */
export function droidChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const checks: Check[] = [];
  for (const scope of scopes) {
    const hooksPath = droidSetup.configPath(scope, ctx);
    const hooks = read(hooksPath);
    const settingsPath = join(dirname(hooksPath), "settings.json");
    const settingsHooks = read(settingsPath)?.hooks;
    if (hooks?.hooksDisabled === true) {
      checks.push({ level: "fail", text: `droid: ${hooksPath} turns Droid's hooks off (hooksDisabled: true): no guard runs`, fix: `remove hooksDisabled from ${hooksPath}` });
    }
    if (isRecord(settingsHooks) && settingsHooks.hooksDisabled === true && hooks?.hooksDisabled === undefined) {
      checks.push({ level: "fail", text: `droid: ${settingsPath} turns Droid's hooks off (hooks.hooksDisabled: true): no guard runs`, fix: `remove hooks.hooksDisabled from ${settingsPath}` });
    }
    const shadowed = isRecord(settingsHooks) ? Object.keys(settingsHooks).filter((k) => Array.isArray(settingsHooks[k])) : [];
    if (hooks && shadowed.length) {
      checks.push({
        level: "warn",
        text: `droid: ${settingsPath} has hooks (${shadowed.join(", ")}) that Droid no longer reads: it reads only ${hooksPath} when that file exists`,
        fix: `move the hooks under "hooks" in ${settingsPath} into ${hooksPath}`,
      });
    }
  }
  return checks;
}
