import { defineCommand } from "citty";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { realRoot } from "../conditions/layers";
import { readRemotes } from "../conditions/remotes";
import { findGitRoot } from "../conditions/trust";
import { AgentihooksError } from "../errors";
import { underAgent } from "../gate/provenance";
import { homePaths } from "../state/home";
import { forgetTrust, loadTrustStore, setTrust } from "../state/trust-store";
import { writeOut } from "./terminal-text";

// `agentihooks trust [DIR]` | `--revoke` | `--forget` | `--list`: a person decides, in the manner of
// `direnv allow`, whether a repository's own .agentihooks/conditions/ may run. Never an agent: the
// gate denies it to the agent's shell, and the command refuses to run under a harness.
export default defineCommand({
  meta: { name: "trust", description: "Let a repository's own .agentihooks/conditions/ run (a person's decision; --revoke, --forget, --list)" },
  args: {
    dir: { type: "positional", description: "A folder of the repository (default: the current one)", required: false },
    revoke: { type: "boolean", description: "Mark it untrusted: its conditions never run until trusted again" },
    forget: { type: "boolean", description: "Drop the record: it is judged by its remotes again" },
    list: { type: "boolean", description: "List the trust records" },
  },
  run({ args }) {
    const home = homePaths().home;
    if (args.list) return void writeOut(listing(home));
    const agent = underAgent();
    if (agent) throw new AgentihooksError("E_PERSON", `trusting a repository is a person's decision, and ${agent}; run it in your own terminal`);
    const dir = resolve(args.dir ?? process.cwd());
    const found = findGitRoot(dir);
    if (!found) throw new AgentihooksError("E_USAGE", `${dir} is not inside a git repository`);
    const root = realRoot(found);
    if (args.forget) {
      const had = forgetTrust(home, root);
      return void writeOut(`${had ? "forgot" : "no record for"} ${root}: it is judged by its remotes again\n`);
    }
    const { urls } = readRemotes(root);
    setTrust(home, root, args.revoke ? { trusted: false, by: "person", why: "revoked by a person", urls } : { trusted: true, by: "person", why: "trusted by a person", urls });
    const layer = join(root, ".agentihooks", "conditions");
    const files = existsSync(layer) ? readdirSync(layer).filter((f) => !f.startsWith(".")) : [];
    const lines = args.revoke
      ? [`revoked ${root}: its .agentihooks/conditions/ do not run`]
      : [`trusted ${root}: its .agentihooks/conditions/ run (${files.length} file${files.length === 1 ? "" : "s"}${files.length ? `: ${files.slice(0, 8).join(", ")}` : ""})`];
    if (urls.length) lines.push(`  remotes: ${urls.join(", ")}`);
    writeOut(`${lines.join("\n")}\n`);
  },
});

function listing(home: string): string {
  const { store, problem } = loadTrustStore(home);
  if (problem) throw new AgentihooksError("E_TRUST", problem);
  const rows = Object.entries(store.repositories).map(([root, r]) => `${r.trusted ? "trusted  " : "untrusted"}  ${root}  (${r.by}, ${r.since}: ${r.why})`);
  return `${rows.length ? rows.join("\n") : "no trust records"}\n`;
}
