import { defineCommand } from "citty";
import { unlinkBundle, unlinkProfile } from "../setup/link";

// `agentihooks unlink` | `agentihooks unlink --profile NAME`.
export default defineCommand({
  meta: {
    name: "unlink",
    description: "Unlink the bundle, or a linked profile with --profile NAME",
    examples: [
      ["agentihooks unlink", "unlink the bundle"],
      ["agentihooks unlink --profile strict", "unlink one linked profile"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    profile: { type: "string", description: "Unlink this profile instead of the bundle" },
    force: { type: "boolean", description: "Unlink even though a profile chain needs it (every tool call of that harness is then denied)" },
    json: { type: "boolean", description: "Print one JSON document: what was unlinked and the lines of text output" },
  },
  run({ args }) {
    const lines = args.profile ? unlinkProfile(args.profile, !!args.force) : unlinkBundle(!!args.force);
    const doc = { command: "unlink", unlinked: args.profile ? "profile" : "bundle", profile: args.profile, lines };
    process.stdout.write(args.json ? `${JSON.stringify(doc, null, 2)}\n` : `${lines.join("\n")}\n`);
  },
});
