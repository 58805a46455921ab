import { defineCommand } from "citty";
import { disabledKey, setDisabled } from "../conditions/disable";
import { writeOut } from "./terminal-text";

// `agentihooks conditions disable|enable NAME|RULE-ID`: turns a condition or a rule of a rules file off,
// or back on, for every target (state.json). Like every change to what runs, refused from the agent's
// shell while the gate is closed.
export function switchCommand(off: boolean) {
  return defineCommand({
    meta: {
      name: off ? "disable" : "enable",
      description: off
        ? "Turn a condition (its name as conditions list shows it) or a rule (git.push-force) off"
        : "Turn a condition (its name as conditions list shows it) or a rule (git.push-force) back on",
      examples: off
        ? [
            ["agentihooks conditions disable git.push-force", "one rule of the git pack off (state.json)"],
            ["agentihooks conditions disable pre-bash-git.rules.toml", "the whole condition off"],
          ]
        : [["agentihooks conditions enable git.push-force", "the rule back on"]],
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
      writeOut(`${setDisabled(args.name, off)}\n`);
    },
  });
}
