import { defineCommand } from "citty";
import { clearCondition } from "../conditions/author";
import { notPersonTerminal } from "../gate/person-terminal";
import { targetArg } from "./common";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks conditions clear NAME`: deletes one condition file. Not gated (people at a terminal).
export default defineCommand({
  meta: {
    name: "clear",
    description: "Delete one condition file (--scope picks the layer when the name is in several)",
    examples: [
      ["agentihooks conditions clear block_push", "delete the condition named block_push"],
      ["agentihooks conditions clear pre-bash.git-block_push.sh --scope directory", "delete it from the repository's own layer only"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    file: { type: "positional", description: "File name, <step>-<matcher>-<name>, or name", required: true },
    scope: { type: "enum", options: ["global", "profile", "directory"], description: "global, profile or directory" },
    profile: { type: "string", description: "With --scope profile: which profile" },
    target: targetArg,
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  run({ args }) {
    // the person at their own terminal removing a file of a repository's layer approves the layer without it
    const r = clearCondition({ file: args.file, scope: args.scope, profile: args.profile, cwd: process.cwd(), target: args.target, approved: !notPersonTerminal() });
    if (args.json) writeJson(r);
    else writeOut(`removed ${r.path} [${r.layer}]\n`);
  },
});
