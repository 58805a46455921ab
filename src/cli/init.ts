import { TARGETS, targetHint } from "../types";
import { defineCommand } from "citty";
import { checkAfterInit } from "../setup/denial";
import { parseScope, parseTargets, runInit } from "../setup/init";
import { runManagedCommand } from "./managed";
import { paint } from "./paint";
import { setupLines } from "./setup-output";
import { writeErr, writeJson, writeOut } from "./terminal-text";

// `agentihooks init`: register the hook command in each harness's config and record the profile chain.
export default defineCommand({
  meta: {
    name: "init",
    description: "Register agentihooks (hooks and MCP server) in Claude Code, Codex and Copilot configs and record the profile chain",
    examples: [
      ["agentihooks init --dry-run", "show the diff of every config, writing nothing"],
      ["agentihooks init --target codex", "set up Codex only"],
      ["agentihooks init --scope project --target claude", "the repository's own .claude/settings.json"],
      ["agentihooks init --sandbox", "also turn on Claude Code's sandboxed Bash, denying writes to every protected place"],
    ],
    docs: ["docs/init.md", "docs/conditions.md"],
  },
  args: {
    target: { type: "string", valueHint: targetHint("all"), description: `${TARGETS.join(", ")}, a comma list, or all (default: each one installed, i.e. its config folder exists or its CLI is on PATH)` },
    profile: { type: "string", description: "Profile chain, comma separated (default: the recorded chain, else default)" },
    bundle: { type: "string", description: "Link this bundle directory" },
    scope: { type: "enum", options: ["user", "project"], description: "user (default: ~/.claude, ~/.codex, ~/.copilot) or project (the repository's own config)" },
    "dry-run": { type: "boolean", description: "Print the diff instead of writing" },
    mcp: { type: "boolean", default: true, description: "Also register the agentihooks MCP server", negativeDescription: "Do not register the agentihooks MCP server" },
    sandbox: { type: "boolean", description: "Your consent to sandboxed Bash: Claude Code runs the agent's commands in its OS sandbox with writes to every protected place denied (needs bubblewrap and socat on Linux); Codex's sandbox roots are checked. uninit takes it back" },
    claude: { type: "string", valueHint: "PATH", description: "The Claude Code executable whose version decides what is registered (default: claude on PATH): PreSkillShellCommand from 2.1.332, \"onFailure\": \"block\" on guard events from 2.1.295" },
    resident: { type: "boolean", description: "Claude Code's tool events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest) call the agentihooks MCP server the session keeps running, instead of starting a process per call (Codex, Copilot and Gemini keep the process)" },
    managed: { type: "boolean", description: "As root: the administrator's tier, which the person cannot override: each harness's managed settings and /etc/agentihooks (docs/managed.md)" },
    "managed-only": { type: "boolean", description: "With --managed: also each harness's \"managed hooks only\" switch (Claude Code, Codex, Copilot CLI)" },
    json: { type: "boolean", description: "Print one JSON document: targets, scope, dry_run and the lines of text output" },
  },
  run({ args }) {
    const targets = parseTargets(args.target);
    if (args.managed || args["managed-only"]) return runManagedCommand("init", args, targets);
    const scope = parseScope(args.scope);
    const profiles = args.profile === undefined ? undefined : args.profile.split(",").map((s) => s.trim()).filter(Boolean);
    const lines = setupLines(() => runInit({
      onlyInstalled: args.target === undefined,
      targets,
      scope,
      profiles: profiles?.length ? profiles : undefined,
      bundle: args.bundle,
      dryRun: !!args["dry-run"],
      mcp: args.mcp !== false,
      sandbox: !!args.sandbox,
      claude: args.claude,
      resident: !!args.resident,
      cwd: process.cwd(),
      env: process.env,
    }));
    if (!lines) return;
    // Every call denied is said first, in red, with its fix; repairs of the home come before the rest.
    const after = checkAfterInit(targets, process.cwd(), process.env, !!args["dry-run"]);
    if (after.denied) writeErr(`${paint().red(after.denied)}\n`);
    if (after.denied && !args["dry-run"]) process.exitCode = 1;
    const all = [...after.repaired, ...lines];
    const doc = { command: "init", targets, scope, dry_run: !!args["dry-run"], mcp: args.mcp !== false, sandbox: !!args.sandbox, denied: after.denied, lines: all };
    if (args.json) writeJson(doc);
    else writeOut(`${all.join("\n")}\n`);
  },
});
