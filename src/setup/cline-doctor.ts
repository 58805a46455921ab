// doctor's Cline CLI check: other PreToolUse hook files. Cline runs every file named after the event
// (any case, no extension or a script one) in each of its hook folders, on the same input, and applies
// the last `overrideInput` any of them returns: another PreToolUse hook can change a call after
// agentihooks judged it. Read from Cline 3.0.65's bundled @cline/core; a `warn`, since the person may
// have written that hook on purpose.
import { readdirSync } from "node:fs";
import { extname, join } from "node:path";
import type { Check } from "./check";
import { clineHome, clineSetup } from "./cline-config";
import type { Scope, SetupContext } from "./harness-setup";

/** The extensions Cline accepts on a hook file. */
const EXTENSIONS = new Set(["", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1"]);

/** Cline's hook folders per scope. */
function folders(scope: Scope, ctx: SetupContext): string[] {
  if (scope === "project") return [join(ctx.projectRoot, ".clinerules", "hooks"), join(ctx.projectRoot, ".cline", "hooks")];
  return [join(clineHome(ctx), "hooks"), join(ctx.home, "Documents", "Cline", "Hooks")];
}

/** Returns the PreToolUse hook files in `dir` (Cline's name matching), or none when it cannot be read. */
function preToolUseFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .filter((e) => {
        const ext = extname(e.name).toLowerCase();
        return EXTENSIONS.has(ext) && e.name.slice(0, e.name.length - ext.length).trim().toLowerCase() === "pretooluse";
      })
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

/** Cline's checks at `scopes`, run for a Cline that calls agentihooks. */
export function clineChecks(scopes: Scope[], ctx: SetupContext): Check[] {
  const ours = new Set(scopes.map((s) => clineSetup.configPath(s, ctx)));
  const others = scopes.flatMap((s) => folders(s, ctx)).flatMap(preToolUseFiles).filter((f) => !ours.has(f));
  return others.map((file) => ({
    level: "warn",
    text: `cline: ${file} is another PreToolUse hook: Cline runs it beside agentihooks, and a rewrite (overrideInput) it returns changes the call after agentihooks judged it`,
    fix: `check that ${file} never returns overrideInput, or remove it`,
  }));
}
