// Reads a command's words the way its program does: options (long ones by unique abbreviation,
// `--name=value`; short ones bundled, `-uf` is `-u -f`, a short option with a value ends its bundle),
// their values, and operands; `--` ends the options. A word only known when the line runs could be
// an option or an operand: it is counted as both, and what depends on it is MAYBE.
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

// --- internal ---

/** Returns the long option `--x` names: itself when exact or unknown, else the one option it abbreviates. */
function longName(written: string, table?: OptionTable): string {
  if (!table) return written;
  const all = [...(table.flags ?? []), ...(table.values ?? []), ...(table.optional ?? [])].filter((o) => o.startsWith("--"));
  if (all.includes(written) || written.length < 3) return written;
  const candidates = all.filter((o) => o.startsWith(written));
  return candidates.length === 1 ? candidates[0] : written; // ambiguous: git refuses it, so it does nothing
}
