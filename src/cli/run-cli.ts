import { defineCommand, runCommand } from "citty";
import { AgentihooksError, oneLine } from "../errors";
import { useColor } from "../log";
import { VERSION } from "../version";
import { commands } from "./commands";
import { CONDITIONS_REFERENCE, renderHelp } from "./help";
import { setRootCommand } from "./root-command";
import { ArgvError, checkArgv, metaOf, type Step } from "./strict-args";

const main = defineCommand({
  meta: {
    name: "agentihooks",
    version: VERSION,
    description:
      "Hook runtime for coding agents: conditions, gate and enforcements for Claude Code, Codex and Copilot. " +
      "The harnesses run `agentihooks hook [--target T] [--event E]` with a payload on stdin.",
    examples: [
      ["agentihooks init --dry-run", "show what init would change in each harness's config, writing nothing"],
      ["agentihooks conditions list --command 'git push --force'", "which conditions fire for a Bash command"],
      ["agentihooks conditions explain --command 'rm -rf build'", "run one call through the real pipeline, every step shown"],
      ["agentihooks help conditions test", "help for one command (or: agentihooks conditions test --help)"],
      ["source <(agentihooks completion bash)", "complete commands and options in bash (zsh, fish: see completion --help)"],
    ],
    docs: [CONDITIONS_REFERENCE, "docs/cli.md", "docs/init.md", "docs/dry-runs.md"],
  },
  subCommands: commands,
});
setRootCommand(main);

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

/** Prints the last command's help; no colour when stdout is not a terminal or NO_COLOR is set. */
async function printHelp(chain: Step[]): Promise<void> {
  const text = await renderHelp(chain);
  process.stdout.write(`${useColor() ? text : strip(text)}\n`);
}

/** Returns the one-line usage error: what is wrong, and where to read more. */
function usageLine(err: ArgvError): string {
  const where = err.command ? `agentihooks ${err.command}` : "agentihooks";
  if (err.unknownCommand) return `${where}: ${err.message}`;
  const reference = err.docs.includes(CONDITIONS_REFERENCE) ? ` and ${CONDITIONS_REFERENCE}` : "";
  return `${where}: ${err.message}; see ${where} --help${reference}`;
}

/**
 * Runs a human-facing command. The arguments are checked against the command's definition first,
 * so a mistyped flag or a stray word fails (exit 2) before anything runs. Errors become one line on
 * stderr and exit code 1 (2 for usage).
 */
export async function runCli(argv: string[]): Promise<void> {
  try {
    // `agentihooks help conditions list` is `agentihooks conditions list --help`
    const line = argv[0] === "help" ? [...argv.slice(1), "--help"] : argv;
    const resolved = await checkArgv(main, line);
    if (resolved.help || argv.length === 0) return void (await printHelp(resolved.chain));
    if (resolved.missingCommand) {
      // `agentihooks conditions` alone: show what it offers
      await printHelp(resolved.chain);
      process.exitCode = 2;
      return;
    }
    await runCommand(main, { rawArgs: argv });
  } catch (err) {
    if (err instanceof ArgvError) {
      // thrown by a command's run() (options that exclude each other): its documents, as the check gives them
      if (!err.docs.length && err.command) err.docs = (await metaOf((await checkArgv(main, [...err.command.split(" "), "--help"])).chain.at(-1)!.cmd)).docs ?? [];
      process.stderr.write(`${strip(usageLine(err))}\n`);
      process.exitCode = 2;
      return;
    }
    // A usage error is exit 2 wherever it is found: citty's own, and a command's E_USAGE (a bad value)
    const code = (err as { code?: string }).code;
    const usage = code === "E_USAGE" || (!!code?.startsWith("E_") && !(err instanceof AgentihooksError));
    process.stderr.write(`agentihooks: ${strip(oneLine(err))}\n`);
    process.exitCode = usage ? 2 : process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
  }
}
