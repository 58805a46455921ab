// Planning Codex's hook trust next to the hooks: `init` trusts the handlers it wrote in hooks.json (as
// planned, not as on disk), `uninit` removes the trust of the handlers it removes, and `doctor` says
// which handlers Codex would skip. The trust lives in the user's config.toml whatever the scope: Codex
// reads hook state from the user layer only.
import { dirname } from "node:path";
import { oneLine } from "../errors";
import { type FileChange, amendChange } from "./apply";
import { codexSetup, isOurCodexHandler } from "./codex-config";
import { MARKER, codexMcp, parseToml } from "./codex-mcp";
import { TRUST_MARKER, type TrustEntry, editTrust, trustEntries, trustStatus } from "./codex-trust";
import type { Check } from "./check";
import type { Scope, SetupContext } from "./harness-setup";
import { type JsonObject, parseJsonText } from "./json-file";
import { readTextFile } from "./text-form";

/** The user's config.toml, where Codex reads hook trust from. */
const userConfigToml = (ctx: SetupContext) => codexMcp.configPath("user", ctx);

/** Returns the trust entries of our handlers in hooks.json text ([] for a missing or foreign file). */
function entriesOf(text: string | null, path: string): TrustEntry[] {
  if (!text) return [];
  const value = parseJsonText(text, path);
  return value && typeof value === "object" && !Array.isArray(value) ? trustEntries(value as JsonObject, path, isOurCodexHandler) : [];
}

const readText = (path: string) => readTextFile(path)?.text ?? "";

/**
 * Amends `changes` so that config.toml trusts exactly our handlers of hooks.json as planned: the
 * trust of our handlers on disk is dropped, that of the planned ones added.
 */
export function planCodexTrust(changes: FileChange[], scope: Scope, ctx: SetupContext): void {
  const hooksPath = codexSetup.configPath(scope, ctx);
  const planned = changes.find((c) => c.path === hooksPath);
  const onDisk = readText(hooksPath);
  const drop = entriesOf(onDisk, hooksPath);
  const add = entriesOf(planned ? planned.after : onDisk, hooksPath);
  const toml = userConfigToml(ctx);
  const note = add.length ? `codex: trusted ${add.length} hooks in ${toml} (as Codex's /hooks review does)` : `codex: removed the hook trust from ${toml}`;
  const ours = (text: string) => text.includes(MARKER) || text.includes(TRUST_MARKER);
  amendChange(changes, toml, (text) => editTrust(text, toml, drop, add), note, dirname(toml), ours);
}

/** doctor: does Codex trust every handler of ours in `hooks`, the hooks.json at `scope` as doctor read it? */
export function checkCodexTrust(scope: Scope, hooks: JsonObject, ctx: SetupContext): Check[] {
  const hooksPath = codexSetup.configPath(scope, ctx);
  const fix = `agentihooks init --target codex${scope === "project" ? " --scope project" : ""}`;
  const entries = trustEntries(hooks, hooksPath, isOurCodexHandler);
  let parsed: Record<string, unknown>;
  const toml = userConfigToml(ctx);
  try {
    parsed = parseToml(readText(toml), toml);
  } catch (err) {
    return [{ level: "fail", text: `codex: ${oneLine(err)}`, fix: `fix the file, then: ${fix}` }];
  }
  if (!entries.length) return [];
  const bad = entries.map((e) => ({ e, status: trustStatus(parsed, e) })).filter((x) => x.status !== "trusted");
  if (!bad.length) return [{ level: "ok", text: `codex: ${toml} trusts the ${entries.length} hooks of ${hooksPath}` }];
  const names = bad.map((x) => `${x.e.key.slice(hooksPath.length + 1).split(":")[0]} (${x.status})`).join(", ");
  const disabled = bad.some((x) => x.status === "disabled");
  return [{
    level: "fail",
    text: `codex: skips these hooks of ${hooksPath}, not trusted in ${toml}: ${names}`,
    fix: disabled ? `enable them in Codex's /hooks, then: ${fix}` : fix,
  }];
}
