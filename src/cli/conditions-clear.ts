import { defineCommand } from "citty";
import { clearCondition } from "../conditions/author";
import { targetArg } from "./common";

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
    const r = clearCondition({ file: args.file, scope: args.scope, profile: args.profile, cwd: process.cwd(), target: args.target });
    process.stdout.write(args.json ? `${JSON.stringify(r, null, 2)}\n` : `removed ${r.path} [${r.layer}]\n`);
  },
});
