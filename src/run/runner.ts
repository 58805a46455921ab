import { accessSync, constants } from "node:fs";
import { join } from "node:path";
import { homePaths } from "../state/home";
import { type Interpreters, pythonArgs, shebangArgv } from "./interpreters";

/** How runnerFor's answer starts for a file that names no runner: a mistake to report, not a guard that cannot run. */
export const NO_RUNNER = "no runner for the extension";

/**
 * Returns the argv that runs a condition file, or an error string naming why nothing can. Every program
 * is an absolute path (interpreters.ts): nothing is looked up on the PATH the agent can write.
 */
export function runnerFor(path: string, ext: string, interpreters: Interpreters, strict: boolean): string[] | string {
  switch (ext) {
    case "sh":
    case "bash":
      return "error" in interpreters.bash ? interpreters.bash.error : [interpreters.bash.path, path];
    case "py": {
      const py = interpreters.python;
      return "error" in py ? py.error : [py.path, ...pythonArgs(py.path), path];
    }
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
      } catch {
        return `${NO_RUNNER} ".${ext}" and the file is not executable (chmod +x, with a shebang)`;
      }
      return shebangArgv(path, strict);
  }
}

/**
 * Returns the environment for `argv`: the executable itself runs scripts only with BUN_BE_BUN=1. What a
 * condition starts in turn is kept off files the agent can write too: a Python it runs loads no user
 * site-packages (usercustomize.py), AGENTIHOOKS_PYTHON is the absolute Python the index found, and bash
 * sources no BASH_ENV or ENV file. Bun's transpiler cache for TypeScript conditions lives in the private,
 * gate-protected home, not in ~/.cache where the agent could plant a transpiled file under a source's hash.
 */
export function runnerEnv(argv: string[], env: Record<string, string | undefined>, interpreters?: Interpreters): Record<string, string> {
  const out: Record<string, string | undefined> = { ...env, PYTHONNOUSERSITE: "1", BASH_ENV: undefined, ENV: undefined };
  if (interpreters && "path" in interpreters.python) out.AGENTIHOOKS_PYTHON = interpreters.python.path;
  if (argv[0] === process.execPath) {
    out.BUN_BE_BUN = "1";
    // The administrator's conditions use no cache in the person's home ("0": none; managed-layer.ts).
    out.BUN_RUNTIME_TRANSPILER_CACHE_PATH = env.AH_CONDITION_SOURCE?.startsWith("managed") ? "0" : join(homePaths().cache, "bun-transpiler");
  }
  for (const k of ["BASH_ENV", "ENV"]) delete out[k];
  return out as Record<string, string>;
}
