import { defineCommand } from "citty";
import { clearCondition } from "../conditions/author";
import { targetArg } from "./common";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks conditions clear NAME`: deletes one condition file. Not gated (people at a terminal).
export default defineCommand({
  meta: { name: "clear", description: "Delete one condition file (--scope picks the layer when the name is in several)" },
  args: {
    file: { type: "positional", description: "File name, <step>-<matcher>-<name>, or name", required: true },
    scope: { type: "string", description: "global, profile or directory" },
    profile: { type: "string", description: "With --scope profile: which profile" },
    target: targetArg,
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  run({ args }) {
    const r = clearCondition({ file: args.file, scope: args.scope, profile: args.profile, cwd: process.cwd(), target: args.target });
    if (args.json) writeJson(r);
    else writeOut(`removed ${r.path} [${r.layer}]\n`);
  },
});
