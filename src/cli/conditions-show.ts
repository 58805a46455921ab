import { defineCommand } from "citty";
import { showCondition } from "../conditions/author";
import { targetArg } from "./common";

// `agentihooks conditions show NAME`: the script of one active condition (file name, key or name).
export default defineCommand({
  meta: {
    name: "show",
    description: "Print the script of one active condition",
    examples: [
      ["agentihooks conditions show no_force_push", "print the script of the condition named no_force_push"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    file: { type: "positional", description: "File name, <step>-<matcher>-<name>, or name", required: true },
    target: targetArg,
    json: { type: "boolean", description: "Print JSON: the condition's fields and its script" },
  },
  run({ args }) {
    const r = showCondition({ file: args.file, cwd: process.cwd(), target: args.target });
    if (args.json) return void process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    process.stderr.write(`# ${r.path} [${r.source}]\n`);
    process.stdout.write(r.script.endsWith("\n") ? r.script : `${r.script}\n`);
  },
});
