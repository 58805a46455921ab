import { defineCommand } from "citty";
import { unlinkBundle, unlinkProfile } from "../setup/link";

// `agentihooks unlink` | `agentihooks unlink --profile NAME`.
export default defineCommand({
  meta: { name: "unlink", description: "Unlink the bundle, or a linked profile with --profile NAME" },
  args: {
    profile: { type: "string", description: "Unlink this profile instead of the bundle" },
    force: { type: "boolean", description: "Unlink even though a profile chain needs it (every tool call of that harness is then denied)" },
  },
  run({ args }) {
    const lines = args.profile ? unlinkProfile(args.profile, !!args.force) : unlinkBundle(!!args.force);
    process.stdout.write(`${lines.join("\n")}\n`);
  },
});
