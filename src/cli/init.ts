import { defineCommand } from "citty";
import { checkAfterInit } from "../setup/denial";
import { parseScope, parseTargets, runInit } from "../setup/init";
import { paint } from "./paint";

// `agentihooks init`: register the hook command in each harness's config and record the profile chain.
export default defineCommand({
  meta: { name: "init", description: "Register agentihooks (hooks and MCP server) in Claude Code, Codex and Copilot configs and record the profile chain" },
  args: {
    target: { type: "string", description: "claude, codex, copilot, a comma list, or all (default all)" },
    profile: { type: "string", description: "Profile chain, comma separated (default: the recorded chain, else default)" },
    bundle: { type: "string", description: "Link this bundle directory" },
    scope: { type: "string", description: "user (default: ~/.claude, ~/.codex, ~/.copilot) or project (the repository's own config)" },
    "dry-run": { type: "boolean", description: "Print the diff instead of writing" },
    mcp: { type: "boolean", default: true, description: "Also register the agentihooks MCP server", negativeDescription: "Do not register the agentihooks MCP server" },
  },
  run({ args }) {
    const profiles = args.profile === undefined ? undefined : args.profile.split(",").map((s) => s.trim()).filter(Boolean);
    const targets = parseTargets(args.target);
    const lines = runInit({
      targets,
      scope: parseScope(args.scope),
      profiles: profiles?.length ? profiles : undefined,
      bundle: args.bundle,
      dryRun: !!args["dry-run"],
      mcp: args.mcp !== false,
      cwd: process.cwd(),
      env: process.env,
    });
    // Every call denied is said first, in red, with its fix; repairs of the home come before the rest.
    const after = checkAfterInit(targets, process.cwd(), process.env, !!args["dry-run"]);
    if (after.denied) process.stderr.write(`${paint().red(after.denied)}\n`);
    if (after.denied && !args["dry-run"]) process.exitCode = 1;
    process.stdout.write(`${[...after.repaired, ...lines].join("\n")}\n`);
  },
});
