// Reads a command's words the way its program does: options (long ones by unique abbreviation,
// `--name=value`; short ones bundled, `-uf` is `-u -f`, a short option with a value ends its bundle),
// their values, and operands; `--` ends the options (and is kept as the option `--`, which a rule can
// name: `git checkout -- file` names files). A table may give other spellings of an option (`-d` is
// `--delete`), read a program's options as whole single-dash words (find's `-delete`), let an
// option's value run to an end word (`-exec ... ;`), and say what no operand means (find: `.`).
// A word only known when the line runs could be an option or an operand: it is counted as both, and
// what depends on it is MAYBE.
import type { FactWord } from "../facts/facts";
import type { OptionTable } from "./types";

export interface ReadOption {
  /** The option as the table spells it (`--force-with-lease` for `--force-w`), or as written. */
  name: string;
  value?: FactWord;
}

export interface ReadWords {
  options: ReadOption[];
  operands: FactWord[];
  /** How many words could be an option whose name is only known when the line runs. */
  unknown: number;
}

/** Returns the options and operands of `words` read with `table` (none: every short option is a flag). */
export function readWords(words: readonly FactWord[], table?: OptionTable): ReadWords {
  const out = table?.single_dash ? readSingleDash(words, table) : readBundled(words, table);
  if (table?.aliases) for (const o of out.options) if (Object.hasOwn(table.aliases, o.name)) o.name = table.aliases[o.name];
  if (!table?.single_dash) out.options = lastWins(out.options);
  if (table?.default_operand !== undefined && !out.operands.length) out.operands.push({ value: table.default_operand, raw: table.default_operand });
  return out;
}

// --- internal ---

/** `--x` and `--no-x` undo each other: the later one stands (`-p --no-patch` is no patch; git's way, GNU's). */
function lastWins(options: ReadOption[]): ReadOption[] {
  if (!options.some((o) => o.name.startsWith("--no-"))) return options;
  const opposite = (n: string) => (n.startsWith("--no-") ? `--${n.slice(5)}` : `--no-${n.slice(2)}`);
  return options.filter((o, i) => !o.name.startsWith("--") || !options.slice(i + 1).some((later) => later.name === opposite(o.name)));
}

function readBundled(words: readonly FactWord[], table?: OptionTable): ReadWords {
  const out: ReadWords = { options: [], operands: [], unknown: 0 };
  let ended = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const t = w.value;
    if (t === null) {
      out.operands.push(w);
      if (!ended) out.unknown++;
      continue;
    }
    if (ended || t === "-" || !t.startsWith("-") || w.glob) {
      out.operands.push(w);
      continue;
    }
    if (t === "--") {
      ended = true;
      out.options.push({ name: "--" });
      continue;
    }
    if (t.startsWith("--")) {
      const eq = t.indexOf("=");
      const name = longName(eq < 0 ? t : t.slice(0, eq), table);
      if (eq >= 0) out.options.push({ name, value: { value: t.slice(eq + 1), raw: w.raw } });
      else if (table?.values?.includes(name) && i + 1 < words.length) out.options.push({ name, value: words[++i] });
      else out.options.push({ name });
      continue;
    }
    for (let k = 1; k < t.length; k++) {
      const name = `-${t[k]}`;
      if (!table?.values?.includes(name)) {
        out.options.push({ name });
        continue;
      }
      const rest = t.slice(k + 1);
      if (rest) out.options.push({ name, value: { value: rest, raw: w.raw } });
      else if (i + 1 < words.length) out.options.push({ name, value: words[++i] });
      else out.options.push({ name });
      break;
    }
  }
  return out;
}

/**
 * find's way: the words before the first option are operands (its start folders); an option is a
 * whole word (`-delete`), one of `values` takes the next word, one of `lists` the words up to its end
 * word (the first of them is its value: `-exec rm -rf {} ;` gives `-exec` the value `rm`); `(`, `)`,
 * `!` and `,` are operators. A word only known when the line runs, among the options, could be one.
 */
function readSingleDash(words: readonly FactWord[], table: OptionTable): ReadWords {
  const out: ReadWords = { options: [], operands: [], unknown: 0 };
  let inOptions = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const t = w.value;
    if (t === null) {
      if (inOptions) out.unknown++;
      else out.operands.push(w);
      continue;
    }
    if (!inOptions && !w.glob && (t.startsWith("-") || t === "(" || t === "!") && t !== "-") inOptions = true;
    if (!inOptions) {
      out.operands.push(w);
      continue;
    }
    if (t === "(" || t === ")" || t === "!" || t === ",") continue;
    const ends = table.lists && Object.hasOwn(table.lists, t) ? table.lists[t] : undefined;
    if (ends) {
      out.options.push(i + 1 < words.length ? { name: t, value: words[i + 1] } : { name: t });
      while (i + 1 < words.length && !ends.includes(words[i + 1].value ?? "")) i++;
      i++; // the end word
      continue;
    }
    if (table.values?.includes(t) && i + 1 < words.length) out.options.push({ name: t, value: words[++i] });
    else out.options.push({ name: t });
  }
  return out;
}

/** Returns the long option `--x` names: itself when exact or unknown, else the one option it abbreviates. */
function longName(written: string, table?: OptionTable): string {
  if (!table) return written;
  const all = [...(table.flags ?? []), ...(table.values ?? []), ...(table.optional ?? []), ...Object.keys(table.aliases ?? {})].filter((o) => o.startsWith("--"));
  if (all.includes(written) || written.length < 3) return written;
  const candidates = new Set(all.filter((o) => o.startsWith(written)));
  return candidates.size === 1 ? [...candidates][0] : written; // ambiguous: git refuses it, so it does nothing
}
