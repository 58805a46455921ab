import { defineCommand, showUsage } from "citty";
import { AgentihooksError } from "../errors";
import { analyze, type ShellAnalysis } from "../shell/analyze";
import { paint } from "./paint";

// `agentihooks programs [--json] CMD`: what `bash.<cli>` conditions see for a command line.
// The positional words are joined with spaces, so both `programs 'git push'` and `programs git push`
// work; `-` reads the command line from stdin (for heredocs and quotes that are awkward in argv).
const command = defineCommand({
  meta: { name: "programs", description: "Show the programs a shell command line can run (what bash.<cli> matches)" },
  args: {
    json: { type: "boolean", description: "Print JSON: programs, dynamic, commands, issues" },
    command: { type: "positional", required: false, description: "The command line, or - to read it from stdin" },
  },
  async run({ rawArgs }) {
    const { json, words } = splitArgs(rawArgs);
    if (words.length === 1 && (words[0] === "--help" || words[0] === "-h")) return showUsage(command);
    if (!words.length) throw new AgentihooksError("E_USAGE", "missing command (use - to read it from stdin)");
    const line = words.length === 1 && words[0] === "-" ? await readStdin() : words.join(" ");
    const a = analyze(line);
    const doc = { programs: a.programs, modules: a.modules, dynamic: a.dynamic, commands: a.commands, issues: a.issues };
    process.stdout.write(json ? `${JSON.stringify(doc, null, 2)}\n` : render(a));
  },
});
export default command;

// --- internal ---

/**
 * Returns the flag and the command words from argv. citty would eat the command's own options
 * (`git push --force`), so only `--json` before the command (or last, after several words) is ours;
 * `--` ends our options.
 */
function splitArgs(raw: string[]): { json: boolean; words: string[] } {
  let json = false;
  let i = 0;
  for (; i < raw.length; i++) {
    if (raw[i] === "--json") json = true;
    else if (raw[i] !== "--no-json") break;
  }
  if (raw[i] === "--") i++;
  const words = raw.slice(i);
  if (words.length > 1 && words[words.length - 1] === "--json") {
    words.pop();
    json = true;
  }
  return { json, words };
}

async function readStdin(): Promise<string> {
  const text = await Bun.stdin.text().catch(() => {
    throw new AgentihooksError("E_USAGE", "could not read the command from stdin");
  });
  // A trailing newline from `echo ... |` is not part of the command line.
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

function render(a: ShellAnalysis): string {
  const p = paint();
  const out = [
    `${p.bold("programs:")} ${a.programs.length ? a.programs.join(" ") : p.dim("(none)")}`,
    ...(a.modules.length ? [`${p.bold("modules:")}  ${a.modules.join(" ")} ${p.dim("(python -m: matched by bash.<cli> too)")}`] : []),
    `${p.bold("dynamic:")}  ${a.dynamic ? p.yellow("yes: some program is not known until the line runs") : "no"}`,
  ];
  if (a.commands.length) out.push(p.bold("commands:"));
  for (const c of a.commands) {
    const head = c.program ?? (c.dynamic ? p.yellow("<dynamic>") : p.dim("<none>"));
    const redirects = c.redirects.map((r) => `${r.fd ?? ""}${r.op} ${r.target}`).join(" ");
    const notes = [c.via && `via ${c.via}`, redirects && `redirects: ${redirects}`].filter(Boolean).join("; ");
    out.push(`  ${"  ".repeat(c.depth)}${head}${c.args.length ? ` ${c.args.join(" ")}` : ""}${notes ? p.dim(`  (${notes})`) : ""}`);
  }
  for (const i of a.issues) out.push(p.yellow(`issue: ${i.code}: ${i.message}`));
  return `${out.join("\n")}\n`;
}
