import { defineCommand } from "citty";
import { AgentihooksError, oneLine } from "../errors";
import { listProfiles, parseChain, renderProfiles, useProfiles } from "../setup/profile";
import { TARGETS } from "../types";
import { chooseTarget } from "./common";
import { writeErr, writeJson, writeOut } from "./terminal-text";

// `agentihooks profile list|use`: which profiles each harness runs, and switching them in state.json.
// (`examples` and `docs` are the cli branch's additions to citty's meta: the cast keeps this file
// building before they merge.)

/** Runs `f`; a refused name or a bad flag is a usage error: one line, exit 2, nothing written. */
function usage(f: () => void): void {
  try {
    f();
  } catch (err) {
    if (!(err instanceof AgentihooksError) || !["E_USAGE", "E_PROFILE"].includes(err.code)) throw err;
    writeErr(`agentihooks: ${oneLine(err)}\n`);
    process.exitCode = 2;
  }
}

const list = defineCommand({
  meta: {
    name: "list",
    description: "Show the profile chain of each harness and the profiles there are (built-in, bundle, linked)",
    examples: [
      ["agentihooks profile list", "each harness's chain, and the built-in, bundle and linked profiles"],
      ["agentihooks profile list --json", "the same as one JSON document"],
    ],
    docs: ["docs/init.md"],
  },
  args: { json: { type: "boolean", description: "Print one JSON document" } },
  run({ args }) {
    const listing = listProfiles();
    if (args.json) writeJson(listing);
    else writeOut(renderProfiles(listing));
  },
});

const use = defineCommand({
  meta: {
    name: "use",
    description: "Record the profile chain (comma separated) in state.json, for one harness or all; harness configs are not touched",
    examples: [
      ["agentihooks profile use default", "every harness runs the built-in default profile"],
      ["agentihooks profile use default,team --target claude", "Claude Code runs default, then the team profile"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    names: { type: "positional", description: "Profile names, comma separated, lowest priority first", required: true },
    target: { type: "string", description: "claude, codex, copilot, gemini or opencode (default: all)" },
  },
  run({ args }) {
    usage(() => {
      const targets = args.target ? [chooseTarget(args.target)] : TARGETS;
      writeOut(`${useProfiles(parseChain(args.names), targets).join("\n")}\n`);
    });
  },
});

export default defineCommand({
  meta: {
    name: "profile",
    description: "List the profile chains and profiles, or switch the chain (profile use NAME[,NAME])",
    examples: [
      ["agentihooks profile list", "which profiles each harness runs"],
      ["agentihooks profile use default", "switch every harness to the built-in default profile"],
    ],
    docs: ["docs/init.md"],
  },
  subCommands: { list: () => list, use: () => use },
});
