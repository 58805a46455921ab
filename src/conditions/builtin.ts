// Built-in profiles ship inside the executable, and nothing of them is ever a file: a built-in
// profile's layer is the virtual folder `builtin:<name>`, listed from the table below (never read from
// or written to disk, so a read-only or full home runs it as any other), and its conditions are
// modules the hook runs in its own process (src/run/builtin.ts). Their text, for `conditions show`,
// lint and doctor, is embedded too (builtin-profiles.ts, loaded only when asked for).
// This file is on the hook's hot path (the run-time file check asks it): it holds names only.

const PREFIX = "builtin:";

/** Profile name -> its conditions' filenames. */
const PROFILES: Readonly<Record<string, readonly string[]>> = {
  // default: the guards every machine wants: the git pack (no force pushes or pushes to main/master,
  // src/rules/packs/, run by the rules engine), no .env files. The .env guard covers NotebookEdit (Claude Code's fourth file tool writes files too) and Grep (a
  // search reads the files it matches: Copilot's grep reads .env) as well as Read, Edit, Write, Bash.
  default: ["pre-bash-git.rules.toml", "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts"],
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
