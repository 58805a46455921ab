// How a program's options that carry a command line or write a file are read (carriers.ts has the
// table): `-e CMD`, `-eCMD`, `--rsh=CMD`, `--rsh CMD`, and GNU's prefixes (`--rs=CMD`) where the
// program accepts them. A word made by an expansion where an option could be (`rsync $OPTS`) may be
// any of these options, so for these programs it makes the line dynamic.
import { type CommandInfo, type Findings, type Site, addEffect, dynamic, spanOf } from "./findings";
import { lookup } from "./option-spec";
import { BRACE, GLOB, type Word } from "./syntax";

/**
 * What an option's argument does:
 * - line:   a command line (or program) that runs
 * - unseen: a file of code or configuration, or settings that run code: not in the line
 * - writes: a file the program writes
 * - vim:    an editor command (`-c CMD`, `+CMD`): `!cmd` runs cmd, scripting commands are unseen
 * - exec:   tar's checkpoint action, `exec=CMD`
 * - script: a file of the program's own language (`sed -f`, `awk -f`): like `python app.py`, the
 *           program's own business for the analysis, but not a read-only call
 */
export type Carry = "line" | "unseen" | "writes" | "vim" | "exec" | "script";

export interface CarrierRow {
  short?: Readonly<Record<string, Carry>>;
  long?: Readonly<Record<string, Carry>>;
  /** Other short options that take an argument, so a cluster is read right (`-xzf FILE`). */
  shortArgs?: string;
  /** Long options whose argument is optional and only attached (`man --html[=BROWSER]`). */
  optional?: Readonly<Record<string, Carry>>;
  /** What a `+ARG` word does (vim, less). */
  plus?: Carry;
  /** Options without an argument that write or run (`-i` edits in place). */
  flags?: Readonly<Record<string, string>>;
  abbrev?: boolean;
  /**
   * The allow-list, when given: short options without an argument (`known`) and long options
   * (`knownLong`) that are harmless; any option neither they nor the row's other fields list is dynamic.
   */
  known?: string;
  knownLong?: readonly string[];
  /** Which words made by an expansion could be an option: any, or only unquoted (word-split) ones. */
  expansions?: "any" | "unquoted";
  /** Reads the rest of the call (git's settings and subcommands, a sed script, a console's commands). */
  custom?: (words: Word[], i: number, site: Site, f: Findings, info: CommandInfo) => void;
}

/** Applies `row` to `name`'s arguments `words[i..]`; `info` is its resolved command. */
export function applyRow(row: CarrierRow, name: string, words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  let options = true;
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0) {
      if (options && (row.expansions === "any" || (row.expansions === "unquoted" && splits(w)))) {
        dynamic(f, "option-not-static", `${name} is given an argument only known when the line runs, where an option that runs a command could be`, spanOf(site, w));
      }
      continue;
    }
    const t = w.text;
    if (t === "--") options = false;
    if (!options || t.length < 2) continue;
    if (t[0] === "+" && row.plus) carry(row.plus, t.slice(1), w, `${name} +`, site, f, info);
    else if (t.startsWith("--")) k = longCarrier(row, name, words, k, site, f, info);
    else if (t[0] === "-") k = shortCarrier(row, name, words, k, site, f, info);
  }
  row.custom?.(words, i, site, f, info);
}

/** Acts on what an option carries: analyzes a command line, or marks the line dynamic, and records the effect. */
export function carry(kind: Carry, value: string | Word | undefined, at: Word, via: string, site: Site, f: Findings, info: CommandInfo): void {
  addEffect(info, `${kind === "writes" ? "writes" : "runs"} ${via}`);
  const span = spanOf(site, at);
  if (kind === "script" && value !== undefined) {
    // a program file that is stdin (`make -f -`, `awk -f /dev/stdin`) is not in the line
    const text = typeof value === "string" ? value : value.flags === 0 ? value.text : undefined;
    if (text === undefined || STDIN_FILES.test(text)) return dynamic(f, "stdin-script", `${via} reads its program from ${text === undefined ? "a file only known when the line runs" : "stdin"}, which is not in the line`, span);
  }
  if (kind === "writes" || kind === "script" || value === undefined) return;
  if (typeof value !== "string") {
    if (value.flags !== 0) return dynamic(f, "option-not-static", `${via} carries a command that is only known when the line runs`, span);
    value = value.text;
  }
  if (kind === "unseen") return dynamic(f, "unseen-code", `${via} makes the program run code or read settings that are not in the line`, span);
  if (kind === "vim") return (require("./editor-commands") as typeof import("./editor-commands")).vimCommand(value, via, span, site, f); // lazy chunk
  if (kind === "exec") {
    const m = /(?:^|,)exec=(.*)$/s.exec(value);
    if (m) f.sh(m[1], site.depth + 1, f, via, span);
    return;
  }
  f.sh(value, site.depth + 1, f, via, span);
}

// --- internal ---

/** Files that are a process's stdin or terminal. */
const STDIN_FILES = /^(?:-|\/dev\/stdin|\/dev\/tty|\/dev\/fd\/\d+|\/proc\/[^/]+\/fd\/\d+)$/;

/** True when a word holds an unquoted expansion, glob or brace: it may split into several words. */
function splits(w: Word): boolean {
  return (w.flags & (GLOB | BRACE)) !== 0 || /(?:^|[^"'\\])\$(?!\()/.test(w.raw.replace(/"[^"]*"|'[^']*'/g, ""));
}

function longCarrier(row: CarrierRow, name: string, words: Word[], k: number, site: Site, f: Findings, info: CommandInfo): number {
  const w = words[k];
  const eq = w.text.indexOf("=");
  const opt = w.text.slice(2, eq < 0 ? undefined : eq);
  const optional = find(row.optional, opt, row.abbrev);
  if (optional) {
    carry(optional[1], eq < 0 ? undefined : w.text.slice(eq + 1), w, `${name} --${optional[0]}`, site, f, info);
    return k;
  }
  const hit = find(row.long, opt, row.abbrev);
  const flag = find(row.flags, opt, row.abbrev);
  if (flag) addEffect(info, `${row.flags?.[flag[0]]} (${name} --${flag[0]})`);
  if (!hit && row.knownLong && !flag && !row.knownLong.some((n) => n === opt || (row.abbrev && opt && n.startsWith(opt)))) {
    dynamic(f, "unknown-option", `${name} ${w.text} is not an option this analysis knows to be harmless`, spanOf(site, w));
  }
  if (!hit) return k;
  const value = eq >= 0 ? w.text.slice(eq + 1) : words[k + 1];
  carry(hit[1], value, w, `${name} --${hit[0]}`, site, f, info);
  return eq >= 0 ? k : k + 1;
}

function shortCarrier(row: CarrierRow, name: string, words: Word[], k: number, site: Site, f: Findings, info: CommandInfo): number {
  const w = words[k];
  const t = w.text;
  for (let j = 1; j < t.length; j++) {
    const ch = t[j];
    const flag = lookup(row.flags, `-${ch}`);
    if (flag) addEffect(info, `${flag} (${name} -${ch})`);
    const kind = lookup(row.short, ch);
    if (kind) {
      const attached = j + 1 < t.length;
      carry(kind, attached ? t.slice(j + 1) : words[k + 1], w, `${name} -${ch}`, site, f, info);
      return attached ? k : k + 1;
    }
    if (row.shortArgs?.includes(ch)) return j + 1 < t.length ? k : k + 1;
    if (row.known !== undefined && !row.known.includes(ch) && !flag) {
      dynamic(f, "unknown-option", `${name} -${ch} is not an option this analysis knows to be harmless`, spanOf(site, w));
      return k;
    }
  }
  return k;
}

/** Finds option `opt` in a table: exactly, or (with `abbrev`) as the one name it is a prefix of. */
function find<T>(table: Readonly<Record<string, T>> | undefined, opt: string, abbrev?: boolean): [string, T] | undefined {
  if (!table || opt === "") return undefined;
  if (Object.hasOwn(table, opt)) return [opt, table[opt]];
  if (!abbrev) return undefined;
  let hit: [string, T] | undefined;
  for (const key in table) {
    if (!key.startsWith(opt)) continue;
    if (hit) return undefined; // ambiguous: the program refuses it
    hit = [key, table[key]];
  }
  return hit;
}

