import { defineCommand } from "citty";
import { oneLine } from "../errors";
import { chooseTarget } from "./common";

// `agentihooks mcp`: the stdio MCP server. The SDK loads only here, never on the hook path.
export default defineCommand({
  meta: {
    name: "mcp",
    description: "Run the agentihooks MCP server on stdio (condition_* and enforcement_* tools)",
    examples: [
      ["agentihooks mcp --target claude", "what init registers; a harness starts it, not a person"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    target: { type: "string", valueHint: "claude|codex|copilot|gemini|opencode", description: "The harness that starts the server: its profile chain is the default (init sets it)" },
  },
  async run({ args }) {
    let target;
    try {
      target = args.target === undefined ? undefined : chooseTarget(args.target);
    } catch (err) {
      process.stderr.write(`agentihooks mcp: ${oneLine(err)}\n`);
      process.exit(2);
    }
    // No stack traces: a client that went away (EPIPE) ends the server quietly, anything else is one line.
    const bail = (err: unknown) => {
      const e = err as NodeJS.ErrnoException;
      if (e?.code !== "EPIPE") process.stderr.write(`agentihooks mcp: ${e?.message ?? String(err)}\n`);
      process.exit(e?.code === "EPIPE" ? 0 : 1);
    };
    process.on("uncaughtException", bail);
    process.on("unhandledRejection", bail);
    process.stdout.on("error", bail);
    const { serveStdio } = await import("../mcp/server");
    await serveStdio(target);
    // The client owns the session: when it closes our stdin, we are done.
    await new Promise<void>((resolve) => {
      process.stdin.once("end", resolve);
      process.stdin.once("close", resolve);
    });
    process.exit(0);
  },
});
