import { defineCommand } from "citty";
import { commandTree } from "./command-tree";
import { completionScript, SHELLS, type Shell } from "./completion-scripts";
import { rootCommand } from "./root-command";

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
    shell: { type: "positional", required: true, valueHint: SHELLS.join("|"), description: "The shell the script is for" },
  },
  async run({ args }) {
    process.stdout.write(completionScript(args.shell as Shell, await commandTree(rootCommand())));
  },
});
