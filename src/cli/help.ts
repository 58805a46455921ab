import { renderUsage } from "citty";
import { metaOf, specsOf, type Step } from "./strict-args";

// `--help` for every command: citty's usage, then what agentihooks adds from the same definitions
// (PATH... for commands that take many words, EXAMPLES, and the documents to read next).

/** The reference every condition author needs; --help and usage errors point to it. */
export const CONDITIONS_REFERENCE = "docs/conditions.md";

const heading = (s: string) => `\x1b[4m\x1b[1m${s}\x1b[22m\x1b[24m`;

/** Returns the help text of the last command of the chain (ANSI colours included; the caller strips them). */
export async function renderHelp(chain: Step[]): Promise<string> {
  const { cmd } = chain[chain.length - 1];
  const root = await metaOf(chain[0].cmd);
  // citty names a command after its parent only: give it the whole path (agentihooks conditions list)
  const parent = chain.length > 1 ? { meta: { name: chain.slice(0, -1).map((s) => s.name).join(" "), version: root.version } } : undefined;
  let text = await renderUsage(cmd, parent);
  const meta = await metaOf(cmd);
  const last = (await specsOf(cmd)).positionals.at(-1)?.name.toUpperCase();
  if (meta.variadic && last) text = text.replace(/^.*USAGE.*$/m, (line) => line.replace(`<${last}>`, `<${last}...>`).replace(`[${last}]`, `[${last}...]`));
  const extra: string[] = [];
  if (meta.raw) extra.push("Options go before the first word; every word from there on is passed on as it is.", "");
  if (meta.examples?.length) {
    extra.push(heading("EXAMPLES"), "");
    for (const [line, what] of meta.examples) extra.push(`  $ ${line}`, `      ${what}`);
    extra.push("");
  }
  const docs = meta.docs ?? [];
  if (docs.length) extra.push(heading("SEE ALSO"), "", ...docs.map((d) => `  ${d}`), "");
  return extra.length ? `${text.replace(/\n*$/, "")}\n\n${extra.join("\n").replace(/\n*$/, "")}` : text;
}
