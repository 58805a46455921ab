import { defineCommand } from "citty";

// `agentihooks conditions <sub>`: each subcommand lives in its own file and loads on use.
export default defineCommand({
  meta: {
    name: "conditions",
    description: "Inspect and manage condition scripts",
    examples: [
      ["agentihooks conditions list", "what is active"],
      ["agentihooks conditions explain --command 'git push'", "what a call goes through"],
    ],
    docs: ["docs/conditions.md"],
  },
  subCommands: {
    list: () => import("./conditions-list").then((m) => m.default),
    explain: () => import("./conditions-explain").then((m) => m.default),
    test: () => import("./conditions-test").then((m) => m.default),
    lint: () => import("./conditions-lint").then((m) => m.default),
    set: () => import("./conditions-set").then((m) => m.default),
    show: () => import("./conditions-show").then((m) => m.default),
    clear: () => import("./conditions-clear").then((m) => m.default),
    disable: () => import("./conditions-disable").then((m) => m.default),
    enable: () => import("./conditions-enable").then((m) => m.default),
    new: () => import("./conditions-new").then((m) => m.default),
  },
});
