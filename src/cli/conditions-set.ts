import { readFileSync } from "node:fs";
import { defineCommand } from "citty";
import { setCondition } from "../conditions/author";
import { AgentihooksError } from "../errors";
import { targetArg } from "./common";

// `agentihooks conditions set`: a person writes a condition from a terminal. Not gated: the gate keeps
// agents from changing conditions on their own, and is enforced in the hook and the MCP server.

/** Returns the script from --file, or from stdin when it is not a terminal. */
async function readScript(file?: string): Promise<string> {
  if (file) {
    try {
      return readFileSync(file, "utf8");
    } catch (err) {
      throw new AgentihooksError("E_USAGE", `cannot read ${file}: ${(err as Error).message}`);
    }
  }
  if (process.stdin.isTTY) throw new AgentihooksError("E_USAGE", "no script: pass --file PATH or pipe the script on stdin");
  return await Bun.stdin.text();
}

export default defineCommand({
  meta: {
    name: "set",
    description: "Write a condition <step>-<matcher>-<name>[.async].<ext> (script from --file or stdin)",
    examples: [
      ["agentihooks conditions set --matcher bash.git --name no_force_push --file guard.sh", "install guard.sh as pre-bash.git-no_force_push.sh"],
      ["cat guard.py | agentihooks conditions set --matcher edit+write --name lint --language python", "a Python condition from stdin"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    step: { type: "string", description: "pre, post, stop, ... (default pre)", default: "pre" },
    matcher: { type: "string", description: "Matcher: any, bash, bash.git, edit+write, mcp__srv, ..." },
    name: { type: "string", description: "Condition name: letters, digits and _", required: true },
    file: { type: "string", description: "Read the script from this file (default: stdin)" },
    language: { type: "string", description: "bash (default), python, node or typescript: extension and shebang" },
    scope: { type: "enum", options: ["global", "profile", "directory"], description: "global (bundle, else runtime layer; default), profile or directory" },
    profile: { type: "string", description: "With --scope profile: the profile (default the chain's first)" },
    async: { type: "boolean", description: "Run detached; output ignored" },
    replace: { type: "boolean", description: "Overwrite an existing condition with the same name" },
    target: targetArg,
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  async run({ args }) {
    const script = await readScript(args.file);
    const r = setCondition({
      step: args.step, matcher: args.matcher, name: args.name, script, language: args.language, scope: args.scope,
      profile: args.profile, cwd: process.cwd(), runAsync: args.async, replace: args.replace, target: args.target,
    });
    if (args.json) return void process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    const state = r.active ? `active, #${(r.listed?.order ?? 0) + 1} in execution order` : `not active: ${r.note}`;
    process.stdout.write(`${(r.repaired ?? []).map((l) => `${l}\n`).join("")}wrote ${r.path} [${r.layer}] (${state})\n`);
  },
});
