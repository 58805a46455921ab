// doctor's Qwen Code checks: settings that keep the hooks init wrote from running. `qwen -p` says
// nothing about either:
// - `disableAllHooks: true` (user or project settings.json) turns every hook off: a `fail`;
// - `security.folderTrust.enabled: true` in the user's settings makes project hooks (init --scope
//   project) run only in folders the person trusted: a `warn` when project hooks are ours.
import type { Check } from "./check";
import type { Scope, SetupContext } from "./harness-setup";
import { readConfigFile, type Json } from "./json-file";
import { qwenSetup } from "./qwen-config";

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Returns the settings object at `path`, or undefined when it is missing or does not parse (reported elsewhere). */
function settingsAt(path: string): Record<string, Json> | undefined {
  try {
    const value = readConfigFile(path).value;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Qwen's checks of its settings.json at `scopes`, run for a Qwen Code that calls agentihooks. */
export function qwenChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const checks: Check[] = [];
  for (const scope of scopes) {
    const path = qwenSetup.configPath(scope, ctx);
    const settings = settingsAt(path);
    if (settings?.disableAllHooks === true) {
      checks.push({ level: "fail", text: `qwen: ${path} turns Qwen Code's hooks off (disableAllHooks: true): no guard runs`, fix: `remove "disableAllHooks" from ${path}` });
    }
  }
  const user = settingsAt(qwenSetup.configPath("user", ctx));
  const trust = isRecord(user?.security) && isRecord(user.security.folderTrust) ? user.security.folderTrust.enabled : undefined;
  const project = scopes.includes("project") ? settingsAt(qwenSetup.configPath("project", ctx)) : undefined;
  if (trust === true && project && qwenSetup.find(project, (k) => k).length) {
    checks.push({
      level: "warn",
      text: `qwen: folder trust is on (security.folderTrust.enabled in ${qwenSetup.configPath("user", ctx)}): the project's hooks run only once the person trusts this folder`,
      fix: "trust the folder in Qwen Code, or register in user scope: agentihooks init --target qwen",
    });
  }
  return checks;
}
