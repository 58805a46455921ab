import { type CommandNode, flatten } from "./command-tree";
import type { OptionSpec } from "./strict-args";

// The manual page, agentihooks(1), in roff (man(7) macros), generated from the command tree: one
// subsection per command with its options and examples, so the page cannot drift from --help.

/** Returns the man page of the whole executable. */
export function manPage(root: CommandNode, version: string): string {
  const out: string[] = [
    `.TH AGENTIHOOKS 1 "" ${quote(`agentihooks ${version}`)} "User Commands"`,
    ".SH NAME",
    `agentihooks \\- ${text(firstSentence(root.meta.description ?? ""))}`,
    ".SH SYNOPSIS",
    ".B agentihooks",
    ".I command",
    "[\\fIoptions\\fR] [\\fIarguments\\fR]",
    ".br",
    ".B agentihooks",
    ".I command",
    ".B \\-\\-help",
    ".SH DESCRIPTION",
    text(root.meta.description ?? ""),
    ".PP",
    "Every command checks its arguments before it runs: an unknown option, an option without its value, or a word the command does not take",
    "is an error on one line (with a suggestion when one is close), exit status 2, and nothing is written.",
    "A lone word",
    ".B help",
    "after a command shows its help, as",
    ".B \\-\\-help",
    "does.",
    ".SH COMMANDS",
  ];
  for (const n of flatten(root).slice(1)) out.push(...commandSection(n));
  out.push(
    ".SH EXIT STATUS",
    ".TP",
    ".B 0",
    "Success.",
    ".TP",
    ".B 1",
    "The command failed (one line on standard error says why), a check failed (doctor, conditions test, conditions lint), or with",
    ".B conditions explain \\-\\-exit\\-code",
    "the call would be denied, asked or blocked.",
    ".TP",
    ".B 2",
    "Usage error: nothing was run or written. For",
    ".BR hook ,",
    "2 is also how a harness is told a call is denied.",
    ".TP",
    ".B 3",
    "With",
    '.BR "conditions explain \\-\\-exit\\-code" ,',
    "any error other than a usage error.",
    ".SH ENVIRONMENT",
    ".TP",
    ".B AGENTIHOOKS_HOME",
    "The agentihooks home (default ~/.agentihooks).",
    ".TP",
    ".B AGENTIHOOKS_TARGET",
    "The harness whose profile chain the commands use when \\-\\-target is not given.",
    ".TP",
    ".B NO_COLOR",
    "No colours in the output.",
    ".SH FILES",
    ".TP",
    ".I ~/.agentihooks/conditions/",
    "The runtime layer: condition scripts named <step>\\-<matcher>\\-<name>[.async].<ext>.",
    ".TP",
    ".I ~/.agentihooks/state.json",
    "The recorded profile chain, linked bundle and profiles.",
    ".SH SEE ALSO",
    ...(root.meta.docs ?? []).flatMap((d, i, all) => [text(d) + (i < all.length - 1 ? "," : "")]),
  );
  return `${out.join("\n")}\n`;
}

// --- internal ---

function commandSection(n: CommandNode): string[] {
  const name = n.path.join(" ");
  const words = n.positionals.map((p, i) => {
    const label = `${p.name.toUpperCase()}${n.meta.variadic && i === n.positionals.length - 1 ? "..." : ""}`;
    return p.required ? label : `[${label}]`;
  });
  const usage = [name, ...(n.options.length ? ["[options]"] : []), ...(n.children.length ? ["command"] : []), ...words].join(" ");
  const out = [`.SS ${quote(usage)}`, text(n.meta.description ?? "")];
  if (n.meta.raw) out.push(".PP", "Options go before the first word; every word from there on is passed on as it is.");
  for (const p of n.positionals) out.push(".TP", `.I ${p.name.toUpperCase()}`, text(p.description));
  for (const o of n.options) out.push(".TP", optionLine(o), text(optionText(o)));
  if (n.children.length) out.push(".PP", `Commands: ${n.children.map((c) => `\\fB${text(c.path.at(-1) ?? "")}\\fR`).join(", ")}.`);
  if (n.meta.examples?.length) {
    out.push(".PP", "Examples:", ".RS", ".nf");
    for (const [line, what] of n.meta.examples) out.push(text(`$ ${line}`), text(`    ${what}`));
    out.push(".fi", ".RE");
  }
  return out;
}

function optionLine(o: OptionSpec): string {
  const value = o.type === "boolean" ? "" : ` \\fI${text(o.valueHint ?? o.name.toUpperCase())}\\fR`;
  const names = o.spellings.map((s) => `\\fB${text(s)}\\fR`);
  if (o.type === "boolean" && (o.default === true || o.negativeDescription)) names.push(`\\fB${text(`--no-${o.name}`)}\\fR`);
  return `${names.join(", ")}${value}`;
}

function optionText(o: OptionSpec): string {
  const parts = [o.description];
  if (o.negativeDescription) parts.push(`(--no-${o.name}: ${o.negativeDescription})`);
  if (o.required) parts.push("(required)");
  if (o.default !== undefined) parts.push(`(default: ${String(o.default)})`);
  return parts.join(" ");
}

const firstSentence = (s: string) => s.split(/(?<=[.:])\s/)[0].replace(/[.:]$/, "");

/** Escapes text for roff: backslashes, dashes (so they stay ASCII hyphen-minus) and a leading . or '. */
function text(s: string): string {
  return s
    .replace(/\\/g, "\\e")
    .replace(/-/g, "\\-")
    .split("\n")
    .map((l) => (/^[.']/.test(l) ? `\\&${l}` : l))
    .join("\n");
}

/** Returns a roff macro argument in double quotes (a quote inside is doubled, as groff reads it). */
function quote(s: string): string {
  return `"${text(s).replace(/"/g, '""')}"`;
}
