// Shared pieces of the human-facing commands: target choice and the catalog for a working directory.
import { readConfig } from "../config";
import { type Catalog, loadCatalog } from "../conditions/catalog";
import { AgentihooksError } from "../errors";
import { homePaths } from "../state/home";
import { loadState } from "../state/state-file";
import { TARGETS, type Target } from "../types";

export const targetArg = {
  type: "string",
  valueHint: "claude|codex|copilot|gemini|opencode",
  description: "Harness whose profile chain to use: claude, codex, copilot, gemini or opencode (default AGENTIHOOKS_TARGET, else claude)",
} as const;

/** Returns the chosen target, or throws a one-line error. */
export function chooseTarget(flag?: string): Target {
  const t = (flag || process.env.AGENTIHOOKS_TARGET || "claude").toLowerCase();
  if (!(TARGETS as readonly string[]).includes(t)) throw new AgentihooksError("E_USAGE", `unknown target "${t}" (claude, codex, copilot, gemini or opencode)`);
  return t as Target;
}

/** Returns the catalog for the CLI: strict about configuration (bad values are errors, not defaults). */
export function catalogFor(target: Target, cwd = process.cwd()): Catalog {
  const { config, problems } = readConfig();
  if (problems.length) throw new AgentihooksError("E_CONFIG", problems[0].message.replace("; using the default", ""));
  const paths = homePaths();
  const state = loadState(paths.state);
  return loadCatalog({ target, cwd, home: paths.home, config, state });
}
