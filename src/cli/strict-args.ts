// The strict argument check every human-facing command passes before citty runs it: unknown flags,
// flags without their value, booleans given a value and words no positional takes are errors (one
// line, "did you mean" when something is close), so a typo never runs a command that writes. It
// reads only citty's own definitions (args, subCommands, meta), so a new command or flag is covered
// without a line here.
import type { ArgsDef, CommandDef, CommandMeta, Resolvable } from "citty";
import { closest } from "../did-you-mean";
import { AgentihooksError } from "../errors";
import "./citty-meta";

/** A usage error: `command` is the command path it belongs to ("" for the top level, "conditions list"). */
export class ArgvError extends AgentihooksError {
  /** The documents the command's help names (set by checkArgv). */
  docs: string[] = [];
  constructor(
    public command: string,
    message: string,
    public unknownCommand = false,
  ) {
    super("E_ARGV", message);
  }
}

export interface Step {
  name: string;
  cmd: CommandDef<any>;
}

export interface Resolved {
  /** The root first, then each subcommand named on the line. */
  chain: Step[];
  /** --help, -h or a lone `help` word: show the last command's help instead of running it. */
  help: boolean;
  /** A command group named without one of its commands. */
  missingCommand: boolean;
}

export interface OptionSpec {
  name: string;
  type: "string" | "boolean" | "enum";
  description: string;
  negativeDescription?: string;
  options?: string[];
  /** citty's value hint; written a|b|c, the values the completions offer. */
  valueHint?: string;
  required: boolean;
  default?: unknown;
  /** Every spelling that names it: --name, --alias, -a. */
  spellings: string[];
}

export interface PositionalSpec {
  name: string;
  description: string;
  required: boolean;
  /** Written a|b|c: the only words it takes (checked here, offered by the completions). */
  valueHint?: string;
}

export const resolveValue = async <T>(v: Resolvable<T>): Promise<T> => (typeof v === "function" ? await (v as () => T | Promise<T>)() : await v);

/** Returns a command's metadata with agentihooks' additions (empty when it has none). */
export async function metaOf(cmd: CommandDef<any>): Promise<CommandMeta> {
  return cmd.meta ? await resolveValue(cmd.meta) : {};
}

/** Returns a command's options and positionals in definition order. */
export async function specsOf(cmd: CommandDef<any>): Promise<{ options: OptionSpec[]; positionals: PositionalSpec[] }> {
  const args: ArgsDef = cmd.args ? await resolveValue(cmd.args) : {};
  const options: OptionSpec[] = [];
  const positionals: PositionalSpec[] = [];
  for (const [name, def] of Object.entries(args)) {
    const description = def.description ?? "";
    if (def.type === "positional") {
      positionals.push({ name, description, required: def.required !== false && def.default === undefined, valueHint: def.valueHint });
      continue;
    }
    const aliases = [(def as { alias?: string | string[] }).alias ?? []].flat();
    options.push({
      name,
      type: def.type === "boolean" ? "boolean" : def.type === "enum" ? "enum" : "string",
      description,
      negativeDescription: (def as { negativeDescription?: string }).negativeDescription,
      options: (def as { options?: string[] }).options,
      valueHint: def.valueHint,
      required: def.required === true && def.default === undefined,
      default: def.default,
      spellings: [`--${name}`, ...aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`))],
    });
  }
  return { options, positionals };
}

/** Returns the command the words of argv name and whether help was asked; throws ArgvError on anything the definitions do not allow. */
export async function checkArgv(root: CommandDef<any>, argv: string[]): Promise<Resolved> {
  const chain: Step[] = [{ name: (await metaOf(root)).name ?? "", cmd: root }];
  let rest = argv;
  for (;;) {
    const { cmd } = chain[chain.length - 1];
    const label = chain.slice(1).map((s) => s.name).join(" ");
    const specs = await specsOf(cmd);
    const subs = cmd.subCommands ? await resolveValue(cmd.subCommands) : undefined;
    if (subs && Object.keys(subs).length) {
      const scan = scanOptions(specs.options, rest, label, { stopAtWord: true });
      const word = rest[scan.next];
      if (scan.help || word === "help") return { chain, help: true, missingCommand: false };
      if (word === undefined) return { chain, help: false, missingCommand: !cmd.run };
      const sub = subs[word];
      if (!sub) throw new ArgvError(label, `Unknown command ${word}${hint(closest(word, Object.keys(subs)))}`, true);
      chain.push({ name: word, cmd: await resolveValue(sub) });
      rest = rest.slice(scan.next + 1);
      continue;
    }
    const meta = await metaOf(cmd);
    try {
      const scan = scanOptions(specs.options, rest, label, { raw: meta.raw });
      if (scan.help || (scan.words.length === 1 && scan.words[0] === "help" && !scan.escaped)) return { chain, help: true, missingCommand: false };
      checkWords(specs, scan.words, label, !!meta.variadic, specs.options);
      for (const o of specs.options) if (o.required && !scan.seen.has(o.name)) throw new ArgvError(label, `missing --${o.name} (it is required)`);
    } catch (err) {
      if (err instanceof ArgvError) err.docs = meta.docs ?? [];
      throw err;
    }
    return { chain, help: false, missingCommand: false };
  }
}

// --- internal ---

const hint = (s?: string) => (s ? ` (did you mean ${s}?)` : "");
const oneOf = (list: string[]) => (list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list.at(-1)}` : list.join(""));

interface Scan {
  help: boolean;
  /** Index of the first word when stopAtWord, else argv.length. */
  next: number;
  words: string[];
  /** A `--` came before the words. */
  escaped: boolean;
  seen: Set<string>;
}

/** Walks argv's options as citty reads them (--x v, --x=v, --no-x, -a); returns the words between them. */
function scanOptions(options: OptionSpec[], argv: string[], label: string, how: { stopAtWord?: boolean; raw?: boolean }): Scan {
  const bySpelling = new Map(options.flatMap((o) => o.spellings.map((s) => [s, o] as const)));
  const scan: Scan = { help: false, next: argv.length, words: [], escaped: false, seen: new Set() };
  let wordsOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (wordsOnly || a === "-" || !a.startsWith("-")) {
      if (how.stopAtWord) return { ...scan, next: i };
      scan.words.push(a);
      if (how.raw) wordsOnly = true; // from the first word on, the rest is the command's own line
      continue;
    }
    if (a === "--") {
      if (how.stopAtWord) return { ...scan, next: i + 1 };
      [wordsOnly, scan.escaped] = [true, true];
      continue;
    }
    if (a === "--help" || a === "-h") return { ...scan, help: true }; // what follows is not checked: help runs nothing
    const eq = a.indexOf("=");
    const [spelling, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    if (spelling === "--help") throw new ArgvError(label, "--help takes no value");
    let spec = bySpelling.get(spelling);
    const negated = !spec && spelling.startsWith("--no-") && bySpelling.get(`--${spelling.slice(5)}`)?.type === "boolean";
    if (negated) spec = bySpelling.get(`--${spelling.slice(5)}`);
    if (!spec) throw new ArgvError(label, `unknown option ${spelling}${hint(closest(spelling, candidates(options)))}`);
    if (scan.seen.has(spec.name)) throw new ArgvError(label, `${spelling} is given twice`);
    scan.seen.add(spec.name);
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new ArgvError(label, `${spelling} takes no value${negated ? "" : ` (use ${spelling} or --no-${spec.name})`}`);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined) throw new ArgvError(label, `${spelling} needs a value${valuesHint(spec)}`);
      // a flag where the value should be is a missing value; a value that starts with - is written --x=-v
      if (next.startsWith("-") && next !== "-") throw new ArgvError(label, `${spelling} needs a value${valuesHint(spec)} (for one that starts with -, write ${spelling}=${next})`);
      value = next;
      i++;
    }
    if (spec.type === "enum" && spec.options?.length && !spec.options.includes(value)) {
      throw new ArgvError(label, `${spelling} must be ${oneOf(spec.options)}, not "${value}"${hint(closest(value, spec.options))}`);
    }
  }
  return scan;
}

/** The values an option names, if any: an enum's options, or a valueHint written a|b|c. */
function valuesHint(o: OptionSpec): string {
  const values = o.options?.length ? o.options : o.valueHint?.includes("|") ? o.valueHint.split("|") : [];
  return values.length ? ` (${oneOf(values)})` : "";
}

/** Every spelling a suggestion may offer: the options, their negations and --help. */
function candidates(options: OptionSpec[]): string[] {
  return [...options.flatMap((o) => [...o.spellings, ...(o.type === "boolean" ? [`--no-${o.name}`] : [])]), "--help"];
}

/** Checks the words against the positionals: too few (a required one missing) or too many. */
function checkWords(specs: { positionals: PositionalSpec[] }, words: string[], label: string, variadic: boolean, options: OptionSpec[]): void {
  const { positionals } = specs;
  const missing = positionals.slice(words.length).find((p) => p.required);
  if (missing) throw new ArgvError(label, `missing ${missing.name.toUpperCase()}${missing.description ? ` (${missing.description.charAt(0).toLowerCase()}${missing.description.slice(1)})` : ""}`);
  positionals.forEach((p, i) => {
    const allowed = p.valueHint?.includes("|") ? p.valueHint.split("|") : undefined;
    const word = words[i];
    if (allowed && word !== undefined && !allowed.includes(word)) throw new ArgvError(label, `${p.name.toUpperCase()} must be ${oneOf(allowed)}, not "${word}"${hint(closest(word, allowed))}`);
  });
  if (variadic && positionals.length) return;
  const extra = words[positionals.length];
  if (extra === undefined) return;
  const takes = positionals.length ? `it takes ${positionals.map((p) => p.name.toUpperCase()).join(" ")} only` : "it takes no words";
  const flag = closest(`--${extra}`, candidates(options));
  throw new ArgvError(label, `unexpected word "${extra}": ${takes}${hint(flag)}`);
}
