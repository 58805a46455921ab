// Which harnesses are installed, for `init` without --target: a harness counts as installed when its
// config folder exists (it has run once, or its installer made it) or its CLI is on PATH. A harness
// that is neither gets no config of ours until it is named with --target.
import { accessSync, constants, statSync } from "node:fs";
import { join } from "node:path";
import type { Target } from "../types";
import type { SetupContext } from "./harness-setup";
import { harnessHome } from "../harness-homes";
import { isDir } from "../fs-kind";

/** Each harness's user config folder, as the harness itself finds it (harness-homes.ts). */
export function harnessDir(target: Target, ctx: SetupContext): string {
  return harnessHome(target, ctx.home, ctx.env);
}

/** The CLI each harness installs. */
const CLI: Record<Target, string> = { claude: "claude", codex: "codex", copilot: "copilot", gemini: "gemini", opencode: "opencode", droid: "droid", cline: "cline", qwen: "qwen", kimi: "kimi" };

/** Returns the path of `name` on PATH as an executable file, or undefined. */
export function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? "").split(":")) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {}
  }
  return undefined;
}

/** Returns why the harness counts as installed (a folder or a CLI), or undefined when it does not. */
export function installedBy(target: Target, ctx: SetupContext): string | undefined {
  const dir = harnessDir(target, ctx);
  if (isDir(dir)) return dir;
  return onPath(CLI[target], ctx.env.PATH);
}

/** Returns the line that says why a harness was skipped. */
export function skippedLine(target: Target, ctx: SetupContext): string {
  return `skipped ${target}: not installed (no ${harnessDir(target, ctx)} and no ${CLI[target]} on PATH); to set it up anyway: agentihooks init --target ${target}`;
}
