import { defineCommand } from "citty";
import { AgentihooksError } from "../errors";
import { linkBundle, linkProfile } from "../setup/link";
import { chooseTarget } from "./common";

// `agentihooks link BUNDLE_DIR` | `agentihooks link --profile NAME DIR [--target T]`.
export default defineCommand({
  meta: { name: "link", description: "Link a bundle directory, or an extra profile directory with --profile NAME" },
  args: {
    dir: { type: "positional", description: "The bundle (or profile) directory", required: true },
    profile: { type: "string", description: "Link DIR as this profile name instead of as the bundle" },
    target: { type: "string", description: "With --profile: link for this harness only (default: all)" },
  },
  run({ args }) {
    if (args.target && !args.profile) throw new AgentihooksError("E_USAGE", "--target applies only with --profile");
    const lines = args.profile ? linkProfile(args.profile, args.dir, args.target ? chooseTarget(args.target) : undefined) : linkBundle(args.dir);
    process.stdout.write(`${lines.join("\n")}\n`);
  },
});
