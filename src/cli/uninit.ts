import { defineCommand } from "citty";
import { parseScope, parseTargets, runUninit } from "../setup/init";
import { setupLines } from "./setup-output";

// `agentihooks uninit`: remove exactly what init added; the recorded profile chain stays for a later init.
export default defineCommand({
  meta: { name: "uninit", description: "Remove agentihooks' hooks and MCP server from the harness configs (everything else is left as it was)" },
  args: {
    target: { type: "string", description: "claude, codex, copilot, a comma list, or all (default all)" },
    scope: { type: "string", description: "user (default) or project" },
    "dry-run": { type: "boolean", description: "Print the diff instead of writing" },
    mcp: { type: "boolean", default: true, description: "Also remove the agentihooks MCP server", negativeDescription: "Leave the agentihooks MCP server registered" },
    "remove-backups": { type: "boolean", description: "Also remove the .agentihooks.bak backups init made of these configs" },
  },
  run({ args }) {
    const removeBackups = !!args["remove-backups"];
    const lines = setupLines(() => runUninit({ targets: parseTargets(args.target), scope: parseScope(args.scope), dryRun: !!args["dry-run"], mcp: args.mcp !== false, removeBackups, cwd: process.cwd(), env: process.env }));
    if (!lines) return;
    process.stdout.write(`${lines.join("\n")}\n`);
  },
});
