// What `init --managed` writes for each harness: the file of its administrator's tier, which the person
// cannot edit and (for Claude Code, Codex and Copilot) cannot turn off from their own settings:
//   claude   /etc/claude-code/managed-settings.d/agentihooks.json   a drop-in of our own
//   codex    /etc/codex/requirements.toml                          managed hooks (only when the file is ours)
//   copilot  /etc/github-copilot/policy.d/agentihooks.json          a policy-level hooks file of our own
//   gemini   /etc/gemini-cli/settings.json                          system settings (merged, like the user's)
//   qwen     /etc/qwen-code/settings.json                           system settings (merged, like the user's)
// `managedOnly` adds each harness's "managed hooks only" switch: in the same file for Claude and Codex,
// in /etc/github-copilot/managed-settings.json for Copilot (written only when absent).
// Every text is built from the same handlers as the person's scope (claude-config.ts, ...), so the
// tier calls the executable exactly as a user install does.
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import type { Target } from "../types";
import { claudeSetup } from "./claude-config";
import { codexSetup } from "./codex-config";
import { copilotSetup } from "./copilot-config";
import { geminiSetup } from "./gemini-config";
import { qwenSetup } from "./qwen-config";
import type { HarnessSetup, HookSpec } from "./harness-setup";
import { type Json, type JsonObject, parseJsonText } from "./json-file";

/** The first line of a requirements.toml we wrote: only such a file is ever replaced or removed. */
export const CODEX_MARK = "# Written by agentihooks init --managed; agentihooks uninit --managed removes it.";

/** One harness's managed file: where it goes and the text it gets (null: remove it). */
export interface ManagedFile {
  target: Target;
  path: string;
  /** The text to write given the file's current text (undefined: it does not exist); null removes it. */
  next(current: string | undefined): string | null;
  /** The text without anything of ours given the current text: null removes the file. */
  without(current: string): string | null;
  /** True when the text holds a registration of ours. */
  holdsOurs(current: string): boolean;
  /** The file holds only the "managed hooks only" switch, no registration. */
  switchOnly?: boolean;
}

/** Returns each target's managed file under `prefix` (the machine root: "" outside tests). */
export function managedFiles(targets: Target[], prefix: string, spec: HookSpec, managedOnly: boolean, tierDir: string, claudeVersion?: string): ManagedFile[] {
  const at = (p: string) => `${prefix}${p}`;
  const make: Partial<Record<Target, () => ManagedFile>> = {
    // Claude's version decides what is registered (onFailure "block" on guard events, PreSkillShellCommand).
    claude: () => jsonDropIn("claude", at("/etc/claude-code/managed-settings.d/agentihooks.json"), () => ({
      ...claudeSetup.add({}, { ...spec, version: claudeVersion }, where),
      ...(managedOnly ? { allowManagedHooksOnly: true } : {}),
    })),
    copilot: () => jsonDropIn("copilot", at("/etc/github-copilot/policy.d/agentihooks.json"), () => copilotSetup.add({}, spec, where)),
    codex: () => codexRequirements(at("/etc/codex/requirements.toml"), spec, managedOnly, tierDir),
    gemini: () => systemSettings(geminiSetup, at("/etc/gemini-cli/settings.json"), spec),
    qwen: () => systemSettings(qwenSetup, at("/etc/qwen-code/settings.json"), spec),
  };
  const files = targets.flatMap((t) => make[t]?.() ?? []);
  // Copilot's "managed hooks only" lives in its managed-settings file: ours only when we wrote it whole.
  if (targets.includes("copilot")) files.push(copilotManagedOnly(at("/etc/github-copilot/managed-settings.json"), managedOnly));
  return files;
}

// --- internal ---

const where = (key: string) => key;
const render = (v: JsonObject) => `${JSON.stringify(v, null, 2)}\n`;

/** A JSON file that is ours alone: written whole, removed whole. */
function jsonDropIn(target: Target, path: string, build: () => JsonObject): ManagedFile {
  return {
    target,
    path,
    next: () => render(build()),
    without: () => null,
    holdsOurs: (text) => text.includes('"hook"'),
  };
}

/** Copilot's managed-settings.json holding only the switch: written when asked and absent, removed when ours. */
function copilotManagedOnly(path: string, managedOnly: boolean): ManagedFile {
  const ours = render({ allowManagedHooksOnly: true });
  return {
    target: "copilot",
    path,
    next(current) {
      if (!managedOnly) return current === ours ? null : (current ?? null);
      if (current !== undefined && current !== ours) {
        throw new AgentihooksError("E_MANAGED", `${path} exists and was not written by agentihooks: set "allowManagedHooksOnly": true in it by hand, or run init --managed without --managed-only`);
      }
      return ours;
    },
    without: (current) => (current === ours ? null : current),
    holdsOurs: (current) => current === ours,
    switchOnly: true,
  };
}

/** Codex's requirements.toml: the machine's file, written only when absent or written by us. */
function codexRequirements(path: string, spec: HookSpec, managedOnly: boolean, tierDir: string): ManagedFile {
  const toml = (v: Json) => JSON.stringify(v); // a JSON string or number is a valid TOML value
  const lines = [CODEX_MARK, ...(managedOnly ? ["allow_managed_hooks_only = true"] : []), "", "[hooks]", `managed_dir = ${toml(tierDir)}`];
  // The handlers of the person's hooks.json (codex-config.ts), as TOML tables.
  const hooks = codexSetup.add({}, spec, where).hooks as Record<string, { hooks: JsonObject[] }[]>;
  for (const [event, groups] of Object.entries(hooks)) {
    for (const group of groups) {
      lines.push("", `[[hooks.${event}]]`);
      for (const h of group.hooks) lines.push(`[[hooks.${event}.hooks]]`, ...Object.entries(h).map(([k, v]) => `${k} = ${toml(v)}`));
    }
  }
  const ours = (text: string) => text.startsWith(CODEX_MARK);
  return {
    target: "codex",
    path,
    next(current) {
      if (current !== undefined && !ours(current)) {
        throw new AgentihooksError("E_MANAGED", `${path} exists and was not written by agentihooks: add its [hooks] table by hand (docs/managed.md), then run init --managed without codex`);
      }
      return `${lines.join("\n")}\n`;
    },
    without: (current) => (ours(current) ? null : current),
    holdsOurs: ours,
  };
}

/** Gemini CLI's and Qwen Code's system settings: merged like the person's settings.json (their other keys kept). */
function systemSettings(setup: HarnessSetup, path: string, spec: HookSpec): ManagedFile {
  const parse = (text: string) => {
    const v = parseJsonText(text, path);
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw new AgentihooksError("E_CONFIG", `${path}: must hold a JSON object`);
    return v as JsonObject;
  };
  return {
    target: setup.target,
    path,
    next: (current) => render(setup.add(current === undefined ? {} : parse(current), spec, where)),
    without(current) {
      const left = setup.remove(parse(current), where);
      return setup.isEmpty(left) ? null : render(left);
    },
    holdsOurs: (text) => {
      try {
        return setup.find(parse(text), where).length > 0;
      } catch {
        return false;
      }
    },
  };
}

/** The harnesses with a managed hook tier init --managed writes (the others: docs/managed.md). */
export const MANAGED_TARGETS: readonly Target[] = ["claude", "codex", "copilot", "gemini", "qwen"];

/** The folders of the tier itself under `prefix`. */
export const tierPaths = (prefix: string) => {
  const root = join(prefix || "/", "etc", "agentihooks");
  return { root, conditions: join(root, "conditions"), readme: join(root, "README.md") };
};
