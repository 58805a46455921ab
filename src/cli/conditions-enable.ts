import { defineCommand } from "citty";
import { disabledKey, setDisabled } from "../conditions/disable";

// `agentihooks conditions enable NAME|RULE-ID`: turns a condition or a rule of a rules file back on for every
// target (state.json). Like every change to what runs, refused from the agent's shell while the gate is closed.
export default defineCommand({
  meta: {
    name: "enable",
    description: "Turn a condition (its name as conditions list shows it) or a rule (git.push-force) back on",
    examples: [
      ["agentihooks conditions enable git.push-force", "the rule back on"],
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
    process.stdout.write(`${setDisabled(args.name, false)}\n`);
  },
});
