import { defineCommand } from "citty";
import { commandTree } from "./command-tree";
import { completionScript, SHELLS, type Shell } from "./completion-scripts";
import { rootCommand } from "./root-command";
import { ArgvError } from "./strict-args";

// `agentihooks completion bash|zsh|fish`: the completion script, generated from the commands' own
// definitions.
export default defineCommand({
  meta: {
    name: "completion",
    description: "Print the shell completion script for bash, zsh or fish",
    examples: [
      ["source <(agentihooks completion bash)", "complete commands, options and values in this bash session"],
      ["agentihooks completion bash > ~/.local/share/bash-completion/completions/agentihooks", "in every new bash session"],
      ["agentihooks completion zsh > \"${fpath[1]}/_agentihooks\"", "zsh: a folder of your $fpath"],
      ["agentihooks completion fish > ~/.config/fish/completions/agentihooks.fish", "fish"],
    ],
  },
  args: {
    shell: { type: "positional", required: true, description: "bash, zsh or fish" },
  },
  async run({ args }) {
    if (!(SHELLS as readonly string[]).includes(args.shell)) throw new ArgvError("completion", `unknown shell "${args.shell}" (bash, zsh or fish)`);
    process.stdout.write(completionScript(args.shell as Shell, await commandTree(rootCommand())));
  },
});
