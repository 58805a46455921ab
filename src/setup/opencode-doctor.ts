// doctor's OpenCode checks. The plugin is the whole registration, and OpenCode skips a plugin file it
// cannot load with a line in its own log only: the session then runs with no guard (measured,
// e2e/live/opencode.live.ts). So each plugin file of ours must be there, be the text this executable
// writes (the template, this executable's path, the configured timeout), and parse with its one export.
import { readFileSync } from "node:fs";
import { oneLine } from "../errors";
import type { Check } from "./check";
import type { Scope, SetupContext } from "./harness-setup";
import { pluginPath, readPlugin, renderPlugin } from "./opencode-plugin";
import { judgeExe } from "./registered-exe";

/** The one export OpenCode calls; any other export that is not a plugin function fails the whole file. */
const EXPORTS = ["AgentihooksPlugin"];

/** Returns why OpenCode would not load `text` (a syntax error, other exports), or undefined. */
function loadProblem(text: string): string | undefined {
  try {
    const { exports } = new Bun.Transpiler({ loader: "js" }).scan(text);
    if (exports.join(",") !== EXPORTS.join(",")) return `its exports are ${exports.join(", ") || "none"}, not ${EXPORTS.join(", ")}`;
    return undefined;
  } catch (err) {
    return `it does not parse (${oneLine(err)})`;
  }
}

/** Returns OpenCode's checks and whether any plugin of ours is installed at `scopes`. */
export function opencodeChecks(scopes: Scope[], ctx: SetupContext, self: string, timeoutSec: number): { checks: Check[]; configured: boolean } {
  const checks: Check[] = [];
  const found: string[] = [];
  for (const scope of scopes) {
    const path = pluginPath(scope, ctx);
    const fix = `agentihooks init --target opencode${scope === "project" ? " --scope project" : ""}`;
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      continue;
    }
    const ours = readPlugin(text);
    if (!ours) continue; // a file of that name agentihooks did not write: init refuses to overwrite it
    found.push(path);
    const exe = judgeExe(ours.exe, self);
    const problem = loadProblem(text);
    if (problem) checks.push({ level: "fail", text: `opencode: OpenCode cannot load ${path}: ${problem}: it skips the plugin and every tool call runs unguarded`, fix });
    else if (!exe.ok) checks.push({ level: "fail", text: `opencode: ${path} calls ${ours.exe}, which ${exe.why}: every tool call is refused`, fix });
    else if (text !== renderPlugin(self, timeoutSec)) {
      checks.push({ level: "warn", text: `opencode: ${path} is not the plugin this executable writes (changed by hand, an older agentihooks, or another timeout)`, fix });
    } else checks.push({ level: "ok", text: `opencode: ${path} hands every tool call to this executable` });
  }
  if (found.length > 1) {
    checks.push({ level: "warn", text: `opencode: the plugin is installed twice (${found.join(" and ")}): every tool call runs agentihooks twice`, fix: "agentihooks uninit --target opencode --scope project" });
  }
  if (found.length && ctx.env.OPENCODE_PURE) {
    checks.push({ level: "fail", text: "opencode: OPENCODE_PURE is set: OpenCode loads no plugin, agentihooks' included", fix: "unset OPENCODE_PURE (and do not run opencode with --pure)" });
  }
  return { checks, configured: found.length > 0 };
}
