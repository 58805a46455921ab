import { defineCommand } from "citty";
import { log } from "../log";
import { clearEnforcement, type ListResult, listEnforcements, setEnforcement } from "../enforcement/api";
import { describeCadence } from "../enforcement/banner";
import { AgentihooksError } from "../errors";
import { targetArg } from "./common";
import { paint } from "./paint";

// `agentihooks enforcement set|list|clear`: a thin edge over enforcement/api.ts, which MCP calls too.

const out = (text: string) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);

const set = defineCommand({
  meta: {
    name: "set",
    description: "Add a standing instruction shown every CADENCE tool calls (or matching calls)",
    examples: [
      ["agentihooks enforcement set 'Run the tests before committing' 20", "shown every 20th tool call"],
      ["agentihooks enforcement set 'kubectl: use the staging context' 1 --matcher bash.kubectl --tag k8s", "on every kubectl call"],
    ],
  },
  args: {
    message: { type: "positional", required: true, description: "The instruction text" },
    cadence: { type: "positional", required: true, description: "Every Nth tool call (N >= 1); with --matcher, every Nth matching call" },
    matcher: { type: "string", description: "Only on matching tool calls (conditions grammar: bash.kubectl, edit+write, mcp__srv)" },
    tag: { type: "string", description: "A label, for clearing several at once" },
    local: { type: "boolean", description: "Write to the repository's .agentihooks/enforcements.json" },
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  run({ args }) {
    const r = setEnforcement({ message: args.message, cadence: args.cadence, matcher: args.matcher, tag: args.tag, local: args.local });
    if (args.json) return out(JSON.stringify(r, null, 2));
    const m = r.entry.matcher ? ` (matcher ${r.entry.matcher})` : "";
    out(`enforcement ${r.entry.id} set in ${r.path}: ${describeCadence(r.entry)}${m}`);
    if (r.warning) log.warn(r.warning);
  },
});

function render(doc: ListResult): string {
  const p = paint();
  const lines = [p.bold("Sources (lowest to highest priority)")];
  for (const s of doc.sources) {
    const state = s.skipped
      ? p.yellow(`skipped${s.untrusted_owner ? `: untrusted owner ${s.untrusted_owner}` : ""}`)
      : s.exists
        ? `${s.count} entr${s.count === 1 ? "y" : "ies"}`
        : p.dim("missing");
    lines.push(`  ${p.cyan(s.source.padEnd(18))} ${s.path}  ${state}`);
  }
  lines.push("", p.bold(`Active enforcements (${doc.enforcements.length})`));
  if (!doc.enforcements.length) lines.push(p.dim("  none"));
  for (const e of doc.enforcements) {
    const extra = [e.matcher ? `matcher ${e.matcher}` : "", e.tag ? `tag ${e.tag}` : ""].filter(Boolean).join(", ");
    lines.push(`  ${p.green(e.id)}  ${describeCadence(e)}${extra ? `, ${extra}` : ""}  ${p.dim(`[${e.source}]`)}`);
    lines.push(`      ${e.message.split("\n").join("\n      ")}`);
  }
  if (doc.problems.length) {
    lines.push("", p.bold(p.red(`Malformed files, skipped (${doc.problems.length})`)));
    for (const pr of doc.problems) lines.push(`  ${pr.path}  ${p.red(pr.error)}  ${p.dim(`[${pr.source}]`)}`);
  }
  return `${lines.join("\n")}\n`;
}

const list = defineCommand({
  meta: {
    name: "list",
    description: "Show enforcement sources, active enforcements and malformed files",
    examples: [
      ["agentihooks enforcement list", "sources and active enforcements"],
      ["agentihooks enforcement list --json", "the same, one JSON document"],
    ],
  },
  args: { json: { type: "boolean", description: "Print one JSON document" }, target: targetArg },
  run({ args }) {
    const doc = listEnforcements({ target: args.target });
    out(args.json ? JSON.stringify(doc, null, 2) : render(doc));
  },
});

const clear = defineCommand({
  meta: {
    name: "clear",
    description: "Remove an enforcement by id, or every one with --tag (or all with --all)",
    examples: [
      ["agentihooks enforcement clear --tag k8s", "remove every enforcement tagged k8s"],
    ],
  },
  args: {
    id: { type: "positional", required: false, description: "The enforcement id" },
    tag: { type: "string", description: "Remove every enforcement with this tag" },
    all: { type: "boolean", description: "Remove every enforcement in the file" },
    local: { type: "boolean", description: "Edit the repository's .agentihooks/enforcements.json" },
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  run({ args }) {
    if (!args.id && !args.tag && !args.all) throw new AgentihooksError("E_USAGE", "enforcement clear needs an ID, --tag TAG or --all");
    const r = clearEnforcement({ id: args.id, tag: args.tag, local: args.local });
    if (args.json) return out(JSON.stringify(r, null, 2));
    out(`removed ${r.removed.length} enforcement${r.removed.length === 1 ? "" : "s"} from ${r.path}${r.removed.length ? `: ${r.removed.map((e) => e.id).join(", ")}` : ""}`);
  },
});

export default defineCommand({
  meta: {
    name: "enforcement",
    description: "Standing instructions shown to the agent with a cadence and an optional matcher",
    examples: [
      ["agentihooks enforcement set 'Run the tests before committing' 20", "shown every 20th tool call"],
      ["agentihooks enforcement list --json", "sources and active enforcements"],
    ],
  },
  subCommands: { set, list, clear },
});
