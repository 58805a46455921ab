import type { CommandDef } from "citty";

// The top-level command, set by run-cli before any command runs. `completion` and `man` walk it;
// they cannot import run-cli, which loads them (that would be an import cycle).
let root: CommandDef<any> | undefined;

export function setRootCommand(cmd: CommandDef<any>): void {
  root = cmd;
}

/** Returns the top-level command (every command of the executable under it). */
export function rootCommand(): CommandDef<any> {
  if (!root) throw new Error("run-cli sets the root command before running one");
  return root;
}
