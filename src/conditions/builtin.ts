// Built-in profiles ship inside the executable, and nothing of them is ever a file: a built-in
// profile's layer is the virtual folder `builtin:<name>`, listed from the table below (never read from
// or written to disk, so a read-only or full home runs it as any other), and its conditions are
// modules the hook runs in its own process (src/run/builtin.ts). Their text, for `conditions show`,
// lint and doctor, is embedded too (builtin-profiles.ts, loaded only when asked for).
// This file is on the hook's hot path (the run-time file check asks it): it holds names only.

const PREFIX = "builtin:";

/**
 * The packs (src/rules/packs/, run by the rules engine) and the .env guard. The presets list the same
 * files: each rule's decision depends on the preset the chain ends in (src/rules/preset.ts).
 */
const PACKS = [
  "pre-bash-git.rules.toml",
  "pre-bash-filesystem.rules.toml",
  "pre-bash-databases.rules.toml",
  "pre-bash-containers.rules.toml",
  "pre-bash-cloud.rules.toml",
  "pre-bash-publishing.rules.toml",
  "pre-read+edit+write+notebookedit+grep+bash-secrets.rules.toml",
  // The .env guard covers NotebookEdit (Claude Code's fourth file tool writes files too) and Grep (a
  // search reads the files it matches: Copilot's grep reads .env) as well as Read, Edit, Write, Bash.
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts",
] as const;

/** Profile name -> its conditions' filenames. */
const PROFILES: Readonly<Record<string, readonly string[]>> = {
  // default: what no one wants an agent to do unasked: the packs' catastrophic and irreversible rules
  // (force pushes, pushes to main/master, rm -rf ~, DROP DATABASE, terraform destroy...), no .env files.
  default: PACKS,
  // strict: every rule of every pack; a dynamic line that may run a packed program asks.
  strict: PACKS,
  // paranoid: strict, and what would ask is denied (a dynamic line that may run a packed program too).
  paranoid: PACKS,
  // approve-readonly (opt-in): the packs as the chain's preset decides (default when no preset is in the
  // chain), and an allow for every line that only reads, so the harness does not ask about it. A pack's
  // deny or ask wins over that allow (deny > ask > allow). Its permission twin answers Codex's
  // PermissionRequest, the one place Codex lets a hook approve (src/run/approve-readonly.ts).
  "approve-readonly": [...PACKS, "pre-bash-approve_readonly.ts", "permission-bash-approve_readonly.ts"],
};

const profileOf = (name: string) => (Object.hasOwn(PROFILES, name) ? PROFILES[name] : undefined);

/** Returns the names of the built-in profiles. */
export function builtinProfileNames(): string[] {
  return Object.keys(PROFILES);
}

/** Returns the virtual layer folder of built-in profile `name` (`builtin:<name>`), or undefined if none. */
export function builtinProfileDir(name: string): string | undefined {
  return profileOf(name) ? `${PREFIX}${name}` : undefined;
}

/** Returns the condition files of a built-in profile's folder, or undefined when `dir` is not one. */
export function builtinFiles(dir: string): string[] | undefined {
  const files = dir.startsWith(PREFIX) ? profileOf(dir.slice(PREFIX.length)) : undefined;
  return files ? [...files] : undefined;
}

/** Returns the filename of a built-in condition at `path` (`builtin:<profile>/<file>`), else undefined. */
export function builtinFile(path: string): string | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const slash = path.indexOf("/");
  const file = path.slice(slash + 1);
  return slash > 0 && builtinFiles(path.slice(0, slash))?.includes(file) ? file : undefined;
}

/** True when `path` is a built-in profile's folder or one of its conditions. */
export const isBuiltinPath = (path: string): boolean => builtinFiles(path) !== undefined || builtinFile(path) !== undefined;

/** Returns the text of the built-in condition at `path`, or undefined when it is not one. */
export function builtinText(path: string): string | undefined {
  const file = builtinFile(path);
  if (!file) return undefined;
  const { BUILTIN_TEXTS } = require("./builtin-profiles") as typeof import("./builtin-profiles");
  return BUILTIN_TEXTS[file];
}
