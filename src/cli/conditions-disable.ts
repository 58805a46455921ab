import { defineCommand } from "citty";
import { disabledKey, setDisabled } from "../conditions/disable";

// `agentihooks conditions disable NAME|RULE-ID`: turns a condition or a rule of a rules file off for every
// target (state.json). Like every change to what runs, refused from the agent's shell while the gate is closed.
export default defineCommand({
  meta: {
    name: "disable",
    description: "Turn a condition (its name as conditions list shows it) or a rule (git.push-force) off",
    examples: [
      ["agentihooks conditions disable git.push-force", "one rule of the git pack off (state.json)"],
      ["agentihooks conditions disable pre-bash-git.rules.toml", "the whole condition off"],
    ],
    docs: ["docs/conditions.md", "docs/rules.md"],
  },
  args: {
    name: { type: "positional", description: "A condition file or <step>-<matcher>-<name>, or a rule id", required: true },
  },
  run({ args }) {
    try {
      disabledKey(args.name);
    } catch (err) {
      process.exitCode = 2; // a usage error: nothing is written
      throw err;
    }
    process.stdout.write(`${setDisabled(args.name, true)}\n`);
  },
});
