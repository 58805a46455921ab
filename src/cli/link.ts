import { resolve } from "node:path";
import { defineCommand } from "citty";
import { AgentihooksError } from "../errors";
import { linkBundle, linkProfile } from "../setup/link";
import { chooseTarget } from "./common";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks link BUNDLE_DIR` | `agentihooks link --profile NAME DIR [--target T]`.
export default defineCommand({
  meta: {
    name: "link",
    description: "Link a bundle directory, or an extra profile directory with --profile NAME",
    examples: [
      ["agentihooks link ~/src/team-hooks", "link a bundle (its .claude/conditions/ and profiles/)"],
      ["agentihooks link --profile strict ~/src/strict --target codex", "link a folder as profile strict, for Codex only"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    dir: { type: "positional", description: "The bundle (or profile) directory", required: true },
    profile: { type: "string", description: "Link DIR as this profile name instead of as the bundle" },
    target: { type: "string", valueHint: "claude|codex|copilot|gemini|opencode", description: "With --profile: link for this harness only (default: all)" },
    json: { type: "boolean", description: "Print one JSON document: what was linked, where, and the lines of text output" },
  },
  run({ args }) {
    if (args.target && !args.profile) throw new AgentihooksError("E_USAGE", "--target applies only with --profile");
    const lines = args.profile ? linkProfile(args.profile, args.dir, args.target ? chooseTarget(args.target) : undefined) : linkBundle(args.dir);
    const doc = { command: "link", linked: args.profile ? "profile" : "bundle", profile: args.profile, path: resolve(args.dir), target: args.target, lines };
    if (args.json) writeJson(doc);
    else writeOut(`${lines.join("\n")}\n`);
  },
});
