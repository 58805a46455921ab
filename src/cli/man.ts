import { defineCommand } from "citty";
import { VERSION } from "../version";
import { commandTree } from "./command-tree";
import { manPage } from "./man-page";
import { rootCommand } from "./root-command";

// `agentihooks man`: the manual page in roff, generated from the commands' own definitions.
export default defineCommand({
  meta: {
    name: "man",
    description: "Print the manual page agentihooks(1) in roff",
    examples: [
      ["agentihooks man | man -l -", "read it"],
      ["agentihooks man > ~/.local/share/man/man1/agentihooks.1", "install it for `man agentihooks`"],
    ],
  },
  args: {},
  async run() {
    process.stdout.write(manPage(await commandTree(rootCommand()), VERSION));
  },
});
