import { defineCommand } from "citty";

// `agentihooks conditions <sub>`: each subcommand lives in its own file and loads on use.
export default defineCommand({
  meta: { name: "conditions", description: "Inspect and manage condition scripts" },
  subCommands: {
    list: () => import("./conditions-list").then((m) => m.default),
  },
});
