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
import { ArgvError } from "./strict-args";

// `agentihooks trust [DIR]` | `--revoke` | `--forget` | `--list`: a person decides, in the manner of
// `direnv allow`, whether a repository's own .agentihooks/conditions/ may run. Never an agent: the
// gate denies it to the agent's shell, and the command refuses to run under a harness.
export default defineCommand({
  meta: {
    name: "trust",
    description: "Let a repository's own .agentihooks/conditions/ run (a person's decision; --revoke, --forget, --list)",
    examples: [
      ["agentihooks trust", "trust the repository of the current folder"],
      ["agentihooks trust --revoke ~/src/other", "its conditions never run until trusted again"],
      ["agentihooks trust --list --json", "the trust records as one JSON document"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    dir: { type: "positional", description: "A folder of the repository (default: the current one)", required: false },
    revoke: { type: "boolean", description: "Mark it untrusted: its conditions never run until trusted again" },
    forget: { type: "boolean", description: "Drop the record: it is judged by its remotes again" },
    list: { type: "boolean", description: "List the trust records" },
    json: { type: "boolean", description: "Print one JSON document (with --list: the records by repository root)" },
  },
  run({ args }) {
    const home = homePaths().home;
    const out = (doc: Record<string, unknown>, lines: string[]) => process.stdout.write(args.json ? `${JSON.stringify(doc, null, 2)}\n` : `${lines.join("\n")}\n`);
    if ([args.list, args.revoke, args.forget].filter(Boolean).length > 1) throw new ArgvError("trust", "--list, --revoke and --forget exclude each other");
    if (args.list) {
      if (args.dir !== undefined) throw new ArgvError("trust", "--list takes no folder");
      const repositories = records(home);
      return out({ repositories }, listing(repositories));
    }
    const agent = underAgent();
    if (agent) throw new AgentihooksError("E_PERSON", `trusting a repository is a person's decision, and ${agent}; run it in your own terminal`);
    const dir = resolve(args.dir ?? process.cwd());
    const found = findGitRoot(dir);
    if (!found) throw new AgentihooksError("E_USAGE", `${dir} is not inside a git repository`);
    const root = realRoot(found);
    if (args.forget) {
      const had = forgetTrust(home, root);
      return out({ action: "forget", root, had_record: had }, [`${had ? "forgot" : "no record for"} ${root}: it is judged by its remotes again`]);
    }
    const { urls } = readRemotes(root);
    setTrust(home, root, args.revoke ? { trusted: false, by: "person", why: "revoked by a person", urls } : { trusted: true, by: "person", why: "trusted by a person", urls });
    const layer = join(root, ".agentihooks", "conditions");
    const files = existsSync(layer) ? readdirSync(layer).filter((f) => !f.startsWith(".")) : [];
    const lines = args.revoke
      ? [`revoked ${root}: its .agentihooks/conditions/ do not run`]
      : [`trusted ${root}: its .agentihooks/conditions/ run (${files.length} file${files.length === 1 ? "" : "s"}${files.length ? `: ${files.slice(0, 8).join(", ")}` : ""})`];
    if (urls.length) lines.push(`  remotes: ${urls.join(", ")}`);
    out({ action: args.revoke ? "revoke" : "trust", root, trusted: !args.revoke, remotes: urls, files }, lines);
  },
});

type Records = ReturnType<typeof loadTrustStore>["store"]["repositories"];

function records(home: string): Records {
  const { store, problem } = loadTrustStore(home);
  if (problem) throw new AgentihooksError("E_TRUST", problem);
  return store.repositories;
}

function listing(repositories: Records): string[] {
  const rows = Object.entries(repositories).map(([root, r]) => `${r.trusted ? "trusted  " : "untrusted"}  ${root}  (${r.by}, ${r.since}: ${r.why})`);
  return rows.length ? rows : ["no trust records"];
}
