import { accessSync, constants } from "node:fs";

/** Returns the argv that runs a condition file, or an error string naming why nothing can. */
export function runnerFor(path: string, ext: string, env: Record<string, string | undefined>): string[] | string {
  switch (ext) {
    case "sh":
    case "bash":
      return ["bash", path];
    case "py":
      return [env.AGENTIHOOKS_PYTHON || "python3", path];
    case "ts":
    case "js":
    case "mjs":
    case "cjs":
      // The executable embeds Bun: BUN_BE_BUN=1 makes it run scripts, so TypeScript needs nothing installed.
      // The session's directory may be an untrusted repository: never load its .env or bunfig.toml
      // (a bunfig `preload` would run its code).
      return [process.execPath, "run", "--no-env-file", "--config=/dev/null", path];
    default:
      try {
        accessSync(path, constants.X_OK);
        return [path];
      } catch {
        return `no runner for the extension ".${ext}" and the file is not executable (chmod +x, with a shebang)`;
      }
  }
}

/** Returns the environment for `argv`: the executable itself runs scripts only with BUN_BE_BUN=1. */
export function runnerEnv(argv: string[], env: Record<string, string | undefined>): Record<string, string> {
  return (argv[0] === process.execPath ? { ...env, BUN_BE_BUN: "1" } : env) as Record<string, string>;
}
