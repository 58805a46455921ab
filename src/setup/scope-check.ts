// Where init and uninit may write, checked before anything is planned. Paths reach us as UTF-8 text:
// a folder whose name is not valid UTF-8 comes back with U+FFFD in it, a path that names another
// (new) folder, so such a folder is refused rather than written next to. Project scope needs a git
// repository (else the "project" is whatever folder the person stood in), and not one rooted in the
// home: there the project files are the user files, and a project uninit would remove the user setup.
import { type Stats, realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { findGitRoot } from "../conditions/git-root";
import { AgentihooksError } from "../errors";
import type { HarnessSetup, SetupContext } from "./harness-setup";

const statOf = (path: string): Stats | undefined => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

const realOf = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

const NOT_UTF8 = "is not valid UTF-8, so agentihooks cannot name it (it would write to a new folder with a lookalike name)";

/** Throws unless `cwd` names the folder the process runs in (a name that is not valid UTF-8 does not). */
export function checkCwd(cwd: string): void {
  const named = statOf(cwd);
  const here = statOf(".");
  const lost = !named || (cwd === process.cwd() && here && (named.ino !== here.ino || named.dev !== here.dev));
  if (!lost) return;
  const why = cwd.includes("\uFFFD") ? `the current folder's path ${NOT_UTF8}` : `the current folder ${cwd} cannot be found`;
  throw new AgentihooksError("E_PATH", `${why}: rename it, or run from a folder whose path is valid UTF-8`);
}

/** Throws unless the home is an existing folder. */
export function checkHome(home: string): void {
  if (statOf(home)?.isDirectory()) return;
  const why = home.includes("\uFFFD") ? `HOME's path ${NOT_UTF8}` : `HOME (${home}) is not a folder`;
  throw new AgentihooksError("E_PATH", why);
}

/** The variables that move a folder init and uninit write in (each harness's, and agentihooks' own). */
const HOME_VARS = ["AGENTIHOOKS_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "COPILOT_HOME", "GEMINI_CLI_HOME", "FACTORY_HOME_OVERRIDE", "QWEN_HOME", "KIMI_CODE_HOME"] as const;

/** Throws when one of HOME_VARS is not valid UTF-8 (it reaches us with U+FFFD in it, as HOME would). */
export function checkHomeVars(env: Record<string, string | undefined>): void {
  const bad = HOME_VARS.find((name) => env[name]?.includes("\uFFFD"));
  if (bad) throw new AgentihooksError("E_PATH", `${bad}'s path ${NOT_UTF8}: rename the folder, or point ${bad} at one whose path is valid UTF-8`);
}

/**
 * Throws unless project scope has a repository of its own: `cwd` inside a git repository whose root is
 * not the home, and no project config that is also the user config (CLAUDE_CONFIG_DIR pointing into it).
 */
export function checkProjectScope(cwd: string, ctx: SetupContext, setups: Pick<HarnessSetup, "target" | "configPath">[], verb: string): void {
  checkCwd(cwd);
  const root = findGitRoot(cwd);
  if (!root) {
    throw new AgentihooksError("E_SCOPE", `--scope project works inside a git repository, and ${cwd} is in none: cd into the repository (or git init it), or use --scope user`);
  }
  if (realOf(root) === realOf(ctx.home)) {
    throw new AgentihooksError("E_SCOPE", `the repository root is your home (${root}), where the project configs are the user configs: ${verb} --scope user instead`);
  }
  for (const s of setups) {
    const user = s.configPath("user", ctx);
    const project = s.configPath("project", ctx);
    const a = statOf(user);
    const b = statOf(project);
    if (realOf(user) === realOf(project) || (a && b && a.ino === b.ino && a.dev === b.dev)) {
      throw new AgentihooksError("E_SCOPE", `${s.target}: the project config ${project} is the user config ${user}: ${verb} --scope user instead`);
    }
  }
}

