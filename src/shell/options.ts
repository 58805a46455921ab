// Reading the options of a wrapper or runner with its table row (option-spec.ts): which words are
// options and their arguments, and where the command starts. Options that carry a command line
// (`su -c`), a module (`python -m`) or words to split (`env -S`) are acted on here.
import { checkAssignment } from "./environment";
import { type Findings, type Site, dynamic, record, spanOf, wordLike } from "./findings";
import { lookup, type OptionSpec } from "./option-spec";
import type { Word } from "./syntax";

/** The words being read: `env -S` replaces its argument with the words it splits into. */
export interface Words {
  words: Word[];
}

/** What skipOptions saw on the way: a `direct` option (`watch -x`, `runuser -u`), a `shell` one (`sudo -s`). */
export interface Seen {
  direct: boolean;
  shell?: boolean;
}

/**
 * Skips the options (and their arguments) of a wrapper or runner starting at `words[i]`; returns the
 * index of the first word after them, or -1 when nothing more runs (a script option was analyzed,
 * or an option such as `sudo -e` means the rest are files). Options may follow positionals.
 */
export function skipOptions(ref: Words, i: number, spec: OptionSpec, site: Site, f: Findings, seen: Seen = { direct: false }): number {
  let positionals = spec.positionals ?? 0;
  for (; i < ref.words.length; i++) {
    const w = ref.words[i];
    const t = w.text;
    if (spec.assignments && (w.assign || (w.flags === 0 && isEnvArgument(t)))) {
      const eq = t.indexOf("=");
      checkAssignment(t.slice(0, eq), t.slice(eq + 1), w.flags === 0, spanOf(site, w), site, f);
      continue;
    }
    if (w.flags !== 0) return i;
    if (t === "--") return i + 1;
    if (t.length > 1 && t[0] === "-") {
      const before = seen.direct;
      const r = t[1] === "-" ? longOption(ref, i, spec, site, f, seen) : shortOptions(ref, i, spec, site, f, seen);
      if (r < 0) return -1;
      if (seen.direct && !before) positionals = 0;
      i = r;
    } else if (t === "-") continue;
    else if (positionals > 0) positionals--;
    else return i;
  }
  return i;
}

/**
 * Analyzes a word that a program runs as a command line: dynamic unless it is static. `dialect` is
 * the shell that reads it: bash (`bash -c`, `trap`), or /bin/sh (`su -c`, `flock -c`, `npx -c`).
 */
export function runScript(w: Word | undefined, site: Site, f: Findings, via: string, dialect: "bash" | "sh" = "sh"): void {
  if (!w) return;
  if (w.flags !== 0) {
    dynamic(f, "command-not-static", `the command line ${via} runs is only known when the line runs`, spanOf(site, w));
    record(f, { depth: site.depth + 1, via }, null, [w], 0, true);
    return;
  }
  (dialect === "bash" ? f.find : f.sh)(w.text, site.depth + 1, f, via, spanOf(site, w));
}

/** Records `python -m MODULE`'s top-level module name (`http.server` -> `http`); unknown is dynamic. */
export function runModule(w: Word | undefined, site: Site, f: Findings, via: string): void {
  if (!w) return;
  const inner: Site = { depth: site.depth + 1, via };
  if (w.flags !== 0) {
    dynamic(f, "module-not-static", `the module ${via} runs is only known when the line runs`, spanOf(site, w));
    record(f, inner, null, [w], 0, true);
    return;
  }
  const name = w.text.split(".")[0].toLowerCase();
  if (name) f.modules.add(name);
  record(f, inner, null, [w], 0);
}

/**
 * True when env or sudo takes the argument `t` as `NAME=value`: they look at the word after quote
 * removal, so `'X=a b'` counts too. A word starting with `-` is an option; sudo leaves one starting
 * with `/` or `=` to be the command.
 */
export function isEnvArgument(t: string): boolean {
  return t[0] !== "=" && t[0] !== "/" && t[0] !== "-" && t.includes("=");
}

// --- internal ---

type Role = "arg" | "flag" | "script" | "split" | "module" | "unknown" | "ambiguous";

/** How a long option is read: its role, whether it takes an argument, and whether it is `direct`. */
interface LongOption {
  role: Role;
  direct: boolean;
}

/** Returns how `spec` reads `--name`: exact names first, then (for `abbrev` rows) an unambiguous prefix. */
function classify(spec: OptionSpec, name: string): LongOption {
  const exact = roleOf(spec, name);
  if (exact || !spec.abbrev || name === "") return exact ?? { role: "unknown", direct: false };
  let found: string | undefined;
  for (const list of [spec.long, spec.longFlags, spec.longScript, spec.longSplit, spec.longModule, spec.longDirect]) {
    for (const n of list ?? []) {
      if (!n.startsWith(name) || n === found) continue;
      if (found !== undefined) return { role: "ambiguous", direct: false };
      found = n;
    }
  }
  return found === undefined ? { role: "unknown", direct: false } : (roleOf(spec, found) as LongOption);
}

function roleOf(spec: OptionSpec, name: string): LongOption | undefined {
  const direct = spec.longDirect?.includes(name) ?? false;
  if (spec.longModule?.includes(name)) return { role: "module", direct };
  if (spec.longScript?.includes(name)) return { role: "script", direct };
  if (spec.longSplit?.includes(name)) return { role: "split", direct };
  if (spec.long?.includes(name)) return { role: "arg", direct };
  if (direct || spec.longFlags?.includes(name)) return { role: "flag", direct };
  return undefined;
}

/** `--name[=value]`: returns the index of its last word, or -1 when nothing more is read. */
function longOption(ref: Words, i: number, spec: OptionSpec, site: Site, f: Findings, seen: Seen): number {
  const w = ref.words[i];
  const t = w.text;
  const eq = t.indexOf("=");
  const name = t.slice(2, eq < 0 ? undefined : eq);
  const opt = classify(spec, name);
  const via = t.slice(0, eq < 0 ? undefined : eq);
  if (opt.direct) seen.direct = true;
  if (spec.longShell && opt.role === "flag" && spec.longShell.some((n) => n.startsWith(name))) seen.shell = true;
  const value = eq >= 0 ? wordLike(w, t.slice(eq + 1)) : ref.words[i + 1];
  switch (opt.role) {
    case "module":
      runModule(value, site, f, via);
      return -1;
    case "script":
      runScript(value, site, f, via, spec.bashScript ? "bash" : "sh");
      return -1;
    case "split":
      return split(ref, i, eq >= 0 ? 1 : 2, value, site, f);
    case "arg":
      if (spec.longPipe?.includes(name)) pipeTarget(value, site, f, via);
      return eq < 0 ? i + 1 : i;
    case "unknown":
      if (!spec.strict) return i;
      dynamic(f, "unknown-option", `${via} is an option this analysis does not know: its argument could be taken for the command`, spanOf(site, w));
      return -1;
    case "ambiguous":
      dynamic(f, "ambiguous-option", `${via} abbreviates more than one long option`, spanOf(site, w));
      return -1;
    default:
      return i;
  }
}

/** `-abc` clusters: returns the index of the last word used, or -1 when nothing more is read. */
function shortOptions(ref: Words, i: number, spec: OptionSpec, site: Site, f: Findings, seen: Seen): number {
  const w = ref.words[i];
  const t = w.text;
  for (let k = 1; k < t.length; k++) {
    const ch = t[k];
    const rest = k + 1 < t.length ? wordLike(w, t.slice(k + 1)) : undefined;
    if (spec.noCommand?.includes(ch)) return -1;
    if (spec.direct?.includes(ch)) seen.direct = true;
    if (spec.shell?.includes(ch)) seen.shell = true;
    if (spec.fileScript?.includes(ch)) {
      dynamic(f, "script-file", `-${ch} names a file of commands that are not in the line`, spanOf(site, w));
      return -1;
    }
    if (spec.module?.includes(ch)) {
      runModule(rest ?? ref.words[i + 1], site, f, `-${ch}`);
      return -1;
    }
    if (spec.script?.includes(ch)) {
      runScript(rest ?? ref.words[i + 1], site, f, `-${ch}`, spec.bashScript ? "bash" : "sh");
      return -1;
    }
    if (spec.split?.includes(ch)) return split(ref, i, rest ? 1 : 2, rest ?? ref.words[i + 1], site, f);
    if (spec.pipe?.includes(ch)) pipeTarget(rest ?? ref.words[i + 1], site, f, `-${ch}`);
    if (spec.arg?.includes(ch)) return rest ? i : i + 1;
    if (spec.attached?.includes(ch)) return i;
    if (spec.strict && !spec.flags?.includes(ch) && !spec.direct?.includes(ch) && !spec.shell?.includes(ch)) {
      dynamic(f, "unknown-option", `-${ch} is an option this analysis does not know: its argument could be taken for the command`, spanOf(site, w));
      return -1;
    }
  }
  return i;
}

/** An output file option's value: `|CMD` or `!CMD` pipes the output into CMD, run by /bin/sh. */
function pipeTarget(w: Word | undefined, site: Site, f: Findings, via: string): void {
  if (!w) return;
  if (w.flags !== 0) return dynamic(f, "option-not-static", `${via} names an output that is only known when the line runs (|CMD runs CMD)`, spanOf(site, w));
  if (w.text[0] === "|" || w.text[0] === "!") f.sh(w.text.slice(1), site.depth + 1, f, via, spanOf(site, w));
}

/**
 * `env -S STRING`: STRING is split into words that take the place of the option (`count` words),
 * and reading goes on with them (`env -S 'PATH=/usr/bin' git reset` runs git). Returns the index
 * before the first of them, or -1 when the string is not static.
 */
function split(ref: Words, i: number, count: number, value: Word | undefined, site: Site, f: Findings): number {
  if (!value) return i + count - 1;
  const parts = value.flags === 0 ? splitString(value.text) : undefined;
  if (!parts) {
    dynamic(f, "command-not-static", "env -S splits a string that is only known when the line runs (or expands ${VAR} in it)", spanOf(site, value));
    return -1;
  }
  ref.words = [...ref.words.slice(0, i), ...parts.map((p) => wordLike(value, p)), ...ref.words.slice(i + count)];
  return i - 1;
}

/**
 * Splits an `env -S` string as GNU env does: blanks separate words, quotes group (in `'...'` only
 * `\\` and `\'` are escapes), `\_` separates words (a space inside `"..."`), `\c` ends the string,
 * `#` at a word's start a comment. Returns undefined for `${VAR}` (env expands it) and for what env
 * refuses (another `$`, an unknown escape): nothing known runs then.
 */
function splitString(s: string): string[] | undefined {
  const out: string[] = [];
  let cur: string | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (BLANKS.includes(c)) {
      if (cur !== undefined) out.push(cur);
      cur = undefined;
    } else if (c === "#" && cur === undefined) break;
    else if (c === "$") return undefined;
    else if (c === "'") {
      cur ??= "";
      for (i++; i < s.length && s[i] !== "'"; i++) cur += s[i] === "\\" && (s[i + 1] === "\\" || s[i + 1] === "'") ? s[++i] : s[i];
      if (i >= s.length) return undefined;
    } else if (c === '"') {
      cur ??= "";
      for (i++; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === "$") return undefined;
        if (s[i] !== "\\") cur += s[i];
        else {
          const e = escape(s[++i], true);
          if (e === undefined) return undefined;
          cur += e;
        }
      }
      if (i >= s.length) return undefined;
    } else if (c === "\\") {
      const n = s[++i];
      if (n === "c") break;
      if (n === "_") {
        if (cur !== undefined) out.push(cur);
        cur = undefined;
        continue;
      }
      const e = escape(n, false);
      if (e === undefined) return undefined;
      cur = (cur ?? "") + e;
    } else cur = (cur ?? "") + c;
  }
  if (cur !== undefined) out.push(cur);
  return out;
}

const BLANKS = " \t\n\v\f\r";
const ENV_ESCAPES: Readonly<Record<string, string>> = { "\\": "\\", '"': '"', "'": "'", $: "$", "#": "#", n: "\n", t: "\t", f: "\f", v: "\v", r: "\r" };

/** What env -S makes of `\n`-style escape `c` (`_` is a space in double quotes); undefined when env refuses it. */
function escape(c: string | undefined, inDq: boolean): string | undefined {
  if (c === undefined) return undefined;
  if (inDq && c === "_") return " ";
  return lookup(ENV_ESCAPES, c);
}
