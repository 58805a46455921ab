import { defineCommand } from "citty";
import { runBackups } from "../setup/init";
import { setupLines } from "./setup-output";

// `agentihooks backups`: the .agentihooks.bak files init made before it first changed a config (user
// scope, and the current repository's project scope); `--remove` deletes them, all or nothing.
export default defineCommand({
  meta: {
    name: "backups",
    description: "List the backups init made of harness configs (--remove deletes them)",
    examples: [
      ["agentihooks backups", "list the <config>.agentihooks.bak files"],
      ["agentihooks backups --remove", "remove them, all or nothing"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    remove: { type: "boolean", description: "Remove every backup listed" },
  },
  run({ args }) {
    const lines = setupLines(() => runBackups({ remove: !!args.remove, cwd: process.cwd(), env: process.env }));
    if (lines) process.stdout.write(`${lines.join("\n")}\n`);
  },
});
