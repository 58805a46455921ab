import { AgentihooksError } from "../errors";
import { runManagedInit, runManagedUninit } from "../setup/managed-init";
import type { Target } from "../types";
import { setupLines } from "./setup-output";
import { writeJson, writeOut } from "./terminal-text";

// `init --managed` and `uninit --managed`: the administrator's tier (src/setup/managed-init.ts). The
// person's own options (scope, profiles, bundle, sandbox) have no meaning there and are refused.
const PERSONAL = ["scope", "profile", "bundle", "sandbox", "resident", "remove-backups"] as const;

/** Runs the managed form of `verb` with the parsed arguments and prints its lines. */
export function runManagedCommand(verb: "init" | "uninit", args: Record<string, unknown>, targets: Target[]): void {
  if (!args.managed) throw new AgentihooksError("E_USAGE", "--managed-only goes with --managed (agentihooks init --managed --managed-only)");
  const mixed = PERSONAL.find((k) => args[k] !== undefined && args[k] !== false);
  if (mixed) throw new AgentihooksError("E_USAGE", `--${mixed} is for the person's own setup and cannot be used with --managed`);
  const claude = typeof args.claude === "string" ? args.claude : undefined;
  const opts = { targets, managedOnly: !!args["managed-only"], claude, dryRun: !!args["dry-run"], env: process.env };
  const lines = setupLines(() => (verb === "init" ? runManagedInit(opts) : runManagedUninit(opts)));
  if (!lines) return;
  if (args.json) writeJson({ command: verb, managed: true, targets, managed_only: opts.managedOnly, dry_run: opts.dryRun, lines });
  else writeOut(`${lines.join("\n")}\n`);
}
