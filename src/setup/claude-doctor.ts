// doctor, Claude Code: what Claude itself refuses in a settings file that holds our hooks. Claude
// validates settings.json and, in `claude -p`, silently ignores a file that fails: no hook of that
// file runs, ours included (measured on 2.1.328; the rows below are the cases measured to drop the
// whole file). Other mistakes are lenient (an unknown key, a non-string env value, a deny rule that
// is a number) or drop one event only (an event whose value is not a list, a handler of an unknown
// type); those are not ours to report. Also: what the installed Claude Code supports that the
// registration lacks (an upgrade since init).
import type { Check } from "./check";
import type { Scope, SetupContext } from "./harness-setup";
import { GUARD_EVENTS, SKILL_SHELL_EVENT, claudeSetup } from "./claude-config";
import { ON_FAILURE_SINCE, SKILL_SHELL_SINCE, claudeFeatures, readClaudeVersion, versionLine } from "./claude-version";
import { type JsonObject, readConfigFile } from "./json-file";

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** A rule: where, the value Claude needs there, and what to write instead. */
interface Rule {
  where: string;
  bad: (settings: JsonObject) => boolean;
  needs: string;
}

/** Every command handler in the `hooks` tree (any event, any group). */
function handlers(settings: JsonObject): JsonObject[] {
  const hooks = settings.hooks;
  if (!isObject(hooks)) return [];
  return Object.values(hooks).flatMap((groups) => (Array.isArray(groups) ? groups : []))
    .flatMap((g) => (isObject(g) && Array.isArray(g.hooks) ? g.hooks : []))
    .filter(isObject);
}

const RULES: readonly Rule[] = [
  { where: "disableAllHooks", bad: (s) => s.disableAllHooks === true, needs: "to be false or absent (true turns every hook off)" },
  { where: "a hook's timeout", bad: (s) => handlers(s).some((h) => h.timeout !== undefined && !(typeof h.timeout === "number" && h.timeout > 0)), needs: "to be a number of seconds above 0" },
  { where: "permissions", bad: (s) => s.permissions !== undefined && !isObject(s.permissions), needs: "to be an object" },
  {
    where: "permissions.allow/ask/deny",
    bad: (s) => isObject(s.permissions) && ["allow", "ask", "deny"].some((k) => (s.permissions as JsonObject)[k] !== undefined && !Array.isArray((s.permissions as JsonObject)[k])),
    needs: "to be lists of rules",
  },
  { where: "model", bad: (s) => s.model !== undefined && typeof s.model !== "string", needs: "to be a string" },
];

/** Checks each Claude settings file that registers agentihooks against the rules Claude enforces. */
export function claudeChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const checks: Check[] = [];
  for (const scope of scopes) {
    const path = claudeSetup.configPath(scope, ctx);
    let settings: JsonObject;
    try {
      const file = readConfigFile(path);
      if (!file.exists || !claudeSetup.find(file.value, () => path).length) continue;
      settings = file.value;
    } catch {
      continue; // a file that does not parse, or whose hooks are not an object, is reported by the shared checks
    }
    checks.push(...registrationChecks(path, settings, scope, ctx));
    const broken = RULES.filter((r) => r.bad(settings));
    for (const r of broken) {
      checks.push({ level: "fail", text: `claude: ${path}: Claude ignores this whole file, our hooks included, because ${r.where} is not valid`, fix: `change ${r.where} ${r.needs}` });
    }
    if (!broken.length) checks.push({ level: "ok", text: `claude: ${path} passes the settings checks Claude applies before loading hooks` });
  }
  // the unreadable version is said once, not once per scope
  return checks.filter((c, i) => checks.findIndex((d) => d.text === c.text) === i);
}

/**
 * What the installed Claude Code could do that the registration in `path` does not: PreSkillShellCommand
 * and `"onFailure": "block"` are registered only when init read a version that has them, so an upgrade
 * of Claude Code afterwards needs init again. A version that cannot be read is said, with why.
 */
function registrationChecks(path: string, settings: JsonObject, scope: Scope, ctx: SetupContext): Check[] {
  const v = readClaudeVersion(ctx);
  if (!v.version) return [{ level: "info", text: versionLine(v) }];
  const found = claudeSetup.find(settings, () => path);
  const can = claudeFeatures(v.version);
  const fix = `agentihooks init --target claude${scope === "project" ? " --scope project" : ""}${ctx.claude ? ` --claude ${ctx.claude}` : ""}`;
  const missing: string[] = [];
  if (can.skillShell && !found.some((f) => f.event === SKILL_SHELL_EVENT)) missing.push(`${SKILL_SHELL_EVENT} (since ${SKILL_SHELL_SINCE}: a skill's shell lines pass no guard until it is registered)`);
  const open = found.filter((f) => GUARD_EVENTS.includes(f.event) && f.handler.onFailure !== "block").map((f) => f.event);
  if (can.onFailure && open.length) missing.push(`"onFailure": "block" on ${open.join(", ")} (since ${ON_FAILURE_SINCE}: without it a missing or crashing agentihooks lets the call through)`);
  if (!missing.length) return [{ level: "ok", text: `claude: ${path} registers what Claude Code ${v.version} supports` }];
  return [{ level: "warn", text: `claude: Claude Code ${v.version} (${v.path}) supports what ${path} was registered without: ${missing.join("; ")}`, fix: `run ${fix}` }];
}
