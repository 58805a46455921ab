import type { CommandDef, CommandMeta } from "citty";
import { metaOf, type OptionSpec, type PositionalSpec, resolveValue, specsOf } from "./strict-args";

// Every command of the executable as plain data, read from citty's definitions: what the shell
// completions and the man page are generated from.

export interface CommandNode {
  /** ["agentihooks", "conditions", "list"] */
  path: string[];
  meta: CommandMeta;
  options: OptionSpec[];
  positionals: PositionalSpec[];
  children: CommandNode[];
}

/** Returns the command and everything under it (hidden commands left out), children in definition order. */
export async function commandTree(cmd: CommandDef<any>, path?: string[]): Promise<CommandNode> {
  const meta = await metaOf(cmd);
  const here = path ?? [meta.name ?? "agentihooks"];
  const { options, positionals } = await specsOf(cmd);
  const subs = cmd.subCommands ? await resolveValue(cmd.subCommands) : {};
  const children: CommandNode[] = [];
  for (const [name, sub] of Object.entries(subs)) {
    const child = await resolveValue(sub);
    if ((await metaOf(child)).hidden) continue;
    children.push(await commandTree(child, [...here, name]));
  }
  return { path: here, meta, options, positionals, children };
}

/** Returns the tree's commands, parents before children. */
export function flatten(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(flatten)];
}
