import { TARGETS, targetHint } from "../types";
import { defineCommand } from "citty";
import { parseScope, parseTargets, runUninit } from "../setup/init";
import { runManagedCommand } from "./managed";
import { setupLines } from "./setup-output";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks uninit`: remove exactly what init added; the recorded profile chain stays for a later init.
export default defineCommand({
  meta: {
    name: "uninit",
    description: "Remove agentihooks' hooks and MCP server from the harness configs (everything else is left as it was)",
    examples: [
      ["agentihooks uninit --dry-run", "show what would be removed"],
      ["agentihooks uninit --target copilot", "remove it from Copilot only"],
      ["agentihooks uninit --remove-backups", "also remove the backups it cannot restore (before uninstalling)"],
    ],
    docs: ["docs/init.md", "docs/install.md"],
  },
  args: {
    target: { type: "string", valueHint: targetHint("all"), description: `${TARGETS.join(", ")}, a comma list, or all (default all)` },
    scope: { type: "enum", options: ["user", "project"], description: "user (default) or project" },
    "dry-run": { type: "boolean", description: "Print the diff instead of writing" },
    mcp: { type: "boolean", default: true, description: "Also remove the agentihooks MCP server", negativeDescription: "Leave the agentihooks MCP server registered" },
    "remove-backups": { type: "boolean", description: "Also remove the .agentihooks.bak backups init made of these configs" },
    managed: { type: "boolean", description: "As root: remove what init --managed wrote (docs/managed.md)" },
    json: { type: "boolean", description: "Print one JSON document: targets, scope, dry_run and the lines of text output" },
  },
  run({ args }) {
    const targets = parseTargets(args.target);
    if (args.managed) return runManagedCommand("uninit", args, targets);
    const scope = parseScope(args.scope);
    const removeBackups = !!args["remove-backups"];
    const lines = setupLines(() => runUninit({ targets, scope, dryRun: !!args["dry-run"], mcp: args.mcp !== false, removeBackups, cwd: process.cwd(), env: process.env }));
    if (!lines) return;
    const doc = { command: "uninit", targets, scope, dry_run: !!args["dry-run"], mcp: args.mcp !== false, lines };
    if (args.json) writeJson(doc);
    else writeOut(`${lines.join("\n")}\n`);
  },
});
