import { defineCommand, runCommand, showUsage } from "citty";
import { AgentihooksError, oneLine } from "../errors";
import { VERSION } from "../version";
import { commands } from "./commands";

const main = defineCommand({
  meta: {
    name: "agentihooks",
    version: VERSION,
    description: "Hook runtime for coding agents: conditions, gate and enforcements for Claude Code, Codex and Copilot.",
  },
  subCommands: commands,
});

/** Runs a human-facing command. Errors become one line on stderr and exit code 1 (2 for usage). */
export async function runCli(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "-h" || argv[0] === "help") {
    await showUsage(main);
    return;
  }
  try {
    await runCommand(main, { rawArgs: argv });
  } catch (err) {
    const usage = err instanceof Error && (err as { code?: string }).code?.startsWith("E_") && !(err instanceof AgentihooksError);
    if (usage) {
      // citty's CLIError: unknown command or bad flag
      process.stderr.write(`agentihooks: ${oneLine(err)}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`agentihooks: ${oneLine(err)}\n`);
    process.exitCode = process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
  }
}
