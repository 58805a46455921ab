import { type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import { AgentihooksError, oneLine } from "../errors";
import { useColor } from "../log";
import { VERSION } from "../version";
import { commands } from "./commands";

const main = defineCommand({
  meta: {
    name: "agentihooks",
    version: VERSION,
    description:
      "Hook runtime for coding agents: conditions, gate and enforcements for Claude Code, Codex and Copilot. " +
      "The harnesses run `agentihooks hook [--target T] [--event E]` with a payload on stdin.",
  },
  subCommands: commands,
});

const resolve = async <T>(v: T | (() => T | Promise<T>)): Promise<T> => (typeof v === "function" ? await (v as () => T | Promise<T>)() : v);

/** Returns the command the positional words name (`conditions list` -> list) and its parent. */
async function commandFor(argv: string[]): Promise<[CommandDef<any>, CommandDef<any> | undefined]> {
  let cmd: CommandDef<any> = main;
  let parent: CommandDef<any> | undefined;
  for (const word of argv) {
    if (word.startsWith("-")) break;
    const subs = cmd.subCommands ? await resolve(cmd.subCommands) : undefined;
    const next = subs?.[word];
    if (!next) break;
    parent = cmd;
    cmd = await resolve(next);
  }
  return [cmd, parent];
}

/** Prints a command's usage; no colour when stdout is not a terminal or NO_COLOR is set. */
async function printUsage(argv: string[]): Promise<void> {
  const [cmd, parent] = await commandFor(argv);
  const text = await renderUsage(cmd, parent);
  process.stdout.write(`${useColor() ? text : text.replace(/\x1b\[[0-9;]*m/g, "")}\n`);
}

/** Runs a human-facing command. Errors become one line on stderr and exit code 1 (2 for usage). */
export async function runCli(argv: string[]): Promise<void> {
  if (argv.length === 0 || argv.some((a) => a === "--help" || a === "-h") || argv[0] === "help") {
    await printUsage(argv[0] === "help" ? argv.slice(1) : argv);
    return;
  }
  try {
    await runCommand(main, { rawArgs: argv });
  } catch (err) {
    const usage = (err as { code?: string }).code?.startsWith("E_") && !(err instanceof AgentihooksError);
    if (usage && /No command specified/.test(oneLine(err))) {
      // `agentihooks conditions` alone: show what it offers
      await printUsage(argv);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`agentihooks: ${oneLine(err).replace(/\x1b\[[0-9;]*m/g, "")}\n`);
    process.exitCode = usage ? 2 : process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
  }
}
