import { defineCommand } from "citty";
import { join, resolve } from "node:path";
import { hashesOf, layerContent } from "../conditions/layer-hashes";
import { realRoot } from "../conditions/layers";
import { readRemotes } from "../conditions/remotes";
import { findGitRoot } from "../conditions/git-root";
import { AgentihooksError } from "../errors";
import { notPersonTerminal } from "../gate/person-terminal";
import { homePaths } from "../state/home";
import { forgetTrust, loadTrustStore, setTrust } from "../state/trust-store";
import { ArgvError } from "./strict-args";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks trust [DIR]` | `--revoke` | `--forget` | `--list`: a person approves, in the manner of
// `direnv allow`, what a repository's own .agentihooks/conditions/ holds now: its file names and
// sha256 are recorded, and a file changed, added or removed later waits for the person again. Only at
// the person's own terminal (person-terminal.ts; refused with exit 2 elsewhere); --list reads only.
export default defineCommand({
  meta: {
    name: "trust",
    description: "Approve what a repository's own .agentihooks/conditions/ holds now, so it runs (a person's decision, at a terminal; --revoke, --forget, --list)",
    examples: [
      ["agentihooks trust", "approve the layer of the repository of the current folder, as it is now"],
      ["agentihooks trust --revoke ~/src/other", "its conditions never run until trusted again"],
      ["agentihooks trust --list --json", "the trust records as one JSON document"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    dir: { type: "positional", description: "A folder of the repository (default: the current one)", required: false },
    revoke: { type: "boolean", description: "Mark it untrusted: its conditions never run until trusted again" },
    forget: { type: "boolean", description: "Drop the record: it is never-trusted again" },
    list: { type: "boolean", description: "List the trust records (read-only: allowed anywhere)" },
    json: { type: "boolean", description: "Print one JSON document (with --list: the records by repository root)" },
  },
  run({ args }) {
    const home = homePaths().home;
    const out = (doc: Record<string, unknown>, lines: string[]) => (args.json ? writeJson(doc) : writeOut(`${lines.join("\n")}\n`));
    if ([args.list, args.revoke, args.forget].filter(Boolean).length > 1) throw new ArgvError("trust", "--list, --revoke and --forget exclude each other");
    if (args.list) {
      if (args.dir !== undefined) throw new ArgvError("trust", "--list takes no folder");
      const repositories = records(home);
      return out({ repositories }, listing(repositories));
    }
    const why = notPersonTerminal();
    if (why) {
      process.exitCode = 2;
      throw new AgentihooksError("E_PERSON", `trusting a repository is a person's decision, made at their own terminal, and ${why}; run it in your terminal`);
    }
    const dir = resolve(args.dir ?? process.cwd());
    const found = findGitRoot(dir);
    if (!found) throw new AgentihooksError("E_USAGE", `${dir} is not inside a git repository`);
    const root = realRoot(found);
    if (args.forget) {
      const had = forgetTrust(home, root);
      return out({ action: "forget", root, had_record: had }, [`${had ? "forgot" : "no record for"} ${root}: its conditions wait for agentihooks trust`]);
    }
    const { urls } = readRemotes(root);
    if (args.revoke) {
      setTrust(home, root, { trusted: false, by: "person", why: "revoked by a person", urls });
      return out({ action: "revoke", root, trusted: false, remotes: urls, files: [] }, [`revoked ${root}: its .agentihooks/conditions/ do not run`]);
    }
    const content = layerContent(join(root, ".agentihooks", "conditions"));
    if (content.problem) throw new AgentihooksError("E_TRUST", `cannot approve ${root}: ${content.problem}`);
    const files = hashesOf(content.files);
    const names = Object.keys(files);
    setTrust(home, root, { trusted: true, by: "person", why: "approved by a person", urls, files });
    const lines = [`trusted ${root}: its .agentihooks/conditions/ runs as it is now (${names.length} file${names.length === 1 ? "" : "s"}${names.length ? `: ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", ..." : ""}` : ""})`];
    lines.push("  a file changed, added or removed later waits for agentihooks trust again");
    if (urls.length) lines.push(`  remotes: ${urls.join(", ")}`);
    out({ action: "trust", root, trusted: true, remotes: urls, files }, lines);
  },
});

type Records = ReturnType<typeof loadTrustStore>["store"]["repositories"];

function records(home: string): Records {
  const { store, problem } = loadTrustStore(home);
  if (problem) throw new AgentihooksError("E_TRUST", problem);
  return store.repositories;
}

function listing(repositories: Records): string[] {
  const rows = Object.entries(repositories).map(([root, r]) => {
    const n = r.files ? Object.keys(r.files).length : 0;
    const what = r.trusted ? (r.files ? `trusted   ${n} file${n === 1 ? "" : "s"} approved` : "trusted   (no content recorded: run agentihooks trust again)") : "untrusted";
    return `${what}  ${root}  (${r.by}, ${r.since}: ${r.why})`;
  });
  return rows.length ? rows : ["no trust records"];
}
