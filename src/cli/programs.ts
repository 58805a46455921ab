import { defineCommand } from "citty";
import { AgentihooksError } from "../errors";
import { analyze, type ShellAnalysis } from "../shell/analyze";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks programs [--json] CMD`: what `bash.<cli>` conditions see for a command line.
// The positional words are joined with spaces, so both `programs 'git push'` and `programs git push`
// work; `-` reads the command line from stdin (for heredocs and quotes that are awkward in argv).
// `--jsonl` reads many command lines, one JSON string per stdin line, and prints one compact JSON
// document per line (for checking a corpus against the executable without one process per line).
// `--facts` prints the command facts a condition gets for the line run in the current folder
// (AH_FACTS, docs/typescript-conditions.md).
export default defineCommand({
  meta: {
    name: "programs",
    description: "Show the programs a shell command line can run (what bash.<cli> matches)",
    examples: [
      ["agentihooks programs 'sudo -u root git push'", "the programs bash.<cli> conditions see: sudo, git"],
      ["agentihooks programs --json git push --force", "the same as JSON; the words after the first are the command's own"],
      ["echo 'xargs rm < list' | agentihooks programs -", "read the command line from stdin"],
      ["agentihooks programs --facts 'cd sub && git push'", "the command facts a condition gets (AH_FACTS), in this folder"],
    ],
    docs: ["docs/conditions.md"],
    variadic: true,
    raw: true,
  },
  args: {
    json: { type: "boolean", description: "Print JSON: programs, wrappers, modules, dynamic, why, commands, inline, issues" },
    jsonl: { type: "boolean", description: "Read one JSON string per stdin line, print one JSON document per line" },
    facts: { type: "boolean", description: "Print the command facts a condition gets (AH_FACTS) for the line run in this folder" },
    command: { type: "positional", required: false, description: "The command line, or - to read it from stdin" },
  },
  async run({ rawArgs }) {
    const { json, jsonl, facts, words } = splitArgs(rawArgs);
    if (jsonl) return void (await analyzeLines());
    if (!words.length) throw new AgentihooksError("E_USAGE", "missing command (use - to read it from stdin)");
    const line = words.length === 1 && words[0] === "-" ? await readStdin() : words.join(" ");
    const a = analyze(line);
    if (facts) {
      const { factsOfAnalysis } = await import("../facts/facts");
      const where = { cwd: process.cwd(), home: process.env.HOME || (await import("node:os")).homedir() };
      return void writeOut(`${JSON.stringify(factsOfAnalysis(a, where), null, json ? 2 : undefined)}\n`, true);
    }
    if (json) writeJson(documentOf(a));
    else writeOut(render(a));
  },
});

// --- internal ---

function documentOf(a: ShellAnalysis) {
  return { programs: a.programs, wrappers: a.wrappers, modules: a.modules, dynamic: a.dynamic, why: a.why, commands: a.commands, inline: a.inline, issues: a.issues };
}

/**
 * Returns the flags and the command words from argv. citty would eat the command's own options
 * (`git push --force`), so only `--json`/`--jsonl`/`--facts` before the command (or `--json` last, after
 * several words) are ours; `--` ends our options.
 */
function splitArgs(raw: string[]): { json: boolean; jsonl: boolean; facts: boolean; words: string[] } {
  let json = false;
  let jsonl = false;
  let facts = false;
  let i = 0;
  for (; i < raw.length; i++) {
    if (raw[i] === "--json") json = true;
    else if (raw[i] === "--jsonl") jsonl = true;
    else if (raw[i] === "--facts") facts = true;
    else if (raw[i] !== "--no-json") break;
  }
  if (raw[i] === "--") i++;
  const words = raw.slice(i);
  if (words.length > 1 && words[words.length - 1] === "--json") {
    words.pop();
    json = true;
  }
  return { json, jsonl, facts, words };
}

async function readStdin(): Promise<string> {
  const text = await Bun.stdin.text().catch(() => {
    throw new AgentihooksError("E_USAGE", "could not read the command from stdin");
  });
  // A trailing newline from `echo ... |` is not part of the command line.
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** `--jsonl`: each stdin line is a JSON string; a line that is not is answered with an error object. */
async function analyzeLines(): Promise<void> {
  const out: string[] = [];
  for (const line of (await readStdin()).split("\n")) {
    if (!line.trim()) continue;
    let text: unknown;
    try {
      text = JSON.parse(line);
    } catch {
      text = undefined;
    }
    if (typeof text !== "string") {
      out.push(JSON.stringify({ error: "each line must be a JSON string" }));
      continue;
    }
    const a = analyze(text);
    out.push(JSON.stringify({ programs: a.programs, wrappers: a.wrappers, modules: a.modules, dynamic: a.dynamic, why: a.why.map((r) => r.construct) }));
  }
  writeOut(out.length ? `${out.join("\n")}\n` : "");
}

function render(a: ShellAnalysis): string {
  const p = paint();
  const out = [
    `${p.bold("programs:")} ${a.programs.length ? a.programs.join(" ") : p.dim("(none)")}`,
    ...(a.wrappers.length ? [`${p.bold("wrappers:")} ${a.wrappers.join(" ")} ${p.dim("(run the programs; matched by bash.<cli> too)")}`] : []),
    ...(a.modules.length ? [`${p.bold("modules:")}  ${a.modules.join(" ")} ${p.dim("(python -m: matched by bash.<cli> too)")}`] : []),
    `${p.bold("dynamic:")}  ${a.dynamic ? p.yellow("yes: some program is not known until the line runs") : "no"}`,
  ];
  for (const r of a.why) out.push(`  ${p.yellow(`${r.construct} at ${r.start}-${r.end}`)} \`${r.text}\`: ${r.message}`);
  if (a.commands.length) out.push(p.bold("commands:"));
  for (const c of a.commands) {
    const head = c.program ?? (c.dynamic ? p.yellow("<dynamic>") : p.dim("<none>"));
    const redirects = c.redirects.map((r) => `${r.fd ?? ""}${r.op} ${r.target}`).join(" ");
    const notes = [c.via && `via ${c.via}`, c.wrappers && `through ${c.wrappers.join(" ")}`, redirects && `redirects: ${redirects}`, c.effects && c.effects.join(", ")].filter(Boolean).join("; ");
    out.push(`  ${"  ".repeat(c.depth)}${head}${c.args.length ? ` ${c.args.join(" ")}` : ""}${notes ? p.dim(`  (${notes})`) : ""}`);
  }
  for (const c of a.inline) out.push(`${p.bold("inline code:")} ${c.language} via ${c.via}: ${c.code.length > 120 ? `${c.code.slice(0, 117)}...` : c.code}`);
  for (const i of a.issues) out.push(p.yellow(`issue: ${i.code}: ${i.message}`));
  return `${out.join("\n")}\n`;
}
