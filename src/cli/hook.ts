import { defineCommand } from "citty";

// `agentihooks hook`: the harnesses' entry point. main.ts sends it straight to hook-command.ts (no
// citty on the hot path, its own strict flag parser that fails closed); this definition exists for
// `hook --help`, the completions and the man page, and must name the same flags.
export default defineCommand({
  meta: {
    name: "hook",
    description: "Read one hook payload on stdin and answer in the harness's format (what the harness configs run; init writes them)",
    examples: [
      ["agentihooks hook --target claude --event PreToolUse < payload.json", "what Claude Code runs before a tool call"],
      ["agentihooks conditions explain --payload payload.json", "the same payload, every step shown (for people)"],
    ],
    docs: ["docs/conditions.md", "docs/init.md"],
  },
  args: {
    target: { type: "string", valueHint: "claude|codex|copilot|gemini|opencode", description: "The harness that sends the payload: claude, codex, copilot, gemini or opencode (default: detected from the payload)" },
    agent: { type: "string", valueHint: "claude|codex|copilot|gemini|opencode", description: "The same as --target" },
    event: { type: "string", description: "The hook event, for payloads that do not name it (init passes it)" },
  },
  async run({ rawArgs }) {
    const { runHookCommand } = await import("../hook-command");
    process.exit(await runHookCommand(rawArgs));
  },
});
