// Which variables a line writes other than by a plain assignment word: the gate holds a value for a
// variable only where every write to it is one it sees (line-state.ts). Builtins that assign
// (`printf -v`, `read`, `mapfile`, `getopts`), `unset`, `declare` and its kin with an option (`-l`
// lowercases, `-i` makes arithmetic of the value), `${x:=...}` and arithmetic make a name unknown.
// Anything that may write a variable whose name the gate cannot see (a nameref, a computed name,
// `eval`, `source`, a trap, a program only known when it runs) makes every variable unknown.
import type { CommandInfo } from "../shell/programs";
import type { Word } from "../shell/scan";

export interface ShellWrites {
  /** Every variable may be written where the gate does not see it. */
  all: boolean;
  /** The variables written other than by plain assignment words. */
  names: Set<string>;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
/** Builtins that may write any variable, or run code that does. */
const WRITES_ANY = new Set(["eval", "source", ".", "trap", "enable", "builtin", "command", "exec", "fc", "complete", "compgen", "bind"]);
const DECLARERS = new Set(["declare", "typeset", "local", "export", "readonly"]);

/** True when `text` holds one of `words` anywhere (a cheap test before a pattern that needs one). */
function holdsAny(text: string, words: ReadonlySet<string>): boolean {
  for (const w of words) if (text.includes(w)) return true;
  return false;
}

/** Returns the variables the line writes other than by plain assignment words. */
export function shellWrites(command: string, commands: readonly CommandInfo[]): ShellWrites {
  const out: ShellWrites = { all: false, names: new Set() };
  const add = (word: string) => {
    const m = NAME.exec(word);
    if (m) out.names.add(m[0]);
  };
  for (const c of commands) {
    if (c.program === null) {
      if (c.dynamic && !harmlessProgram(c, command, commands)) out.all = true;
      continue;
    }
    const args = c.args;
    if (WRITES_ANY.has(c.program)) out.all = true;
    else if (c.program === "printf") printfTarget(args, add);
    else if (c.program === "read") {
      add("REPLY");
      for (const a of args) add(a.replace(/^-a/, ""));
    } else if (c.program === "mapfile" || c.program === "readarray") {
      add("MAPFILE");
      for (const a of args) add(a);
    } else if (c.program === "getopts") {
      add("OPTARG");
      add("OPTIND");
      for (const a of args) add(a);
    } else if (c.program === "unset" || c.program === "let" || c.program === "shift") for (const a of args) add(a);
    else if (DECLARERS.has(c.program)) declared(c, out, add);
  }
  // `${x:=v}`, `${x=v}` assign; arithmetic (`((x=1))`, `$((x++))`, `let`) assigns the names it changes
  if (command.includes("${")) for (const m of command.matchAll(/\$\{#?([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?:?=/g)) out.names.add(m[1]);
  // (each pattern runs only where the text it needs is there: a pattern's first use compiles it)
  if ((command.includes("((") || command.includes("$[") || command.includes("let")) && /\(\(|\$\[|\blet\b/.test(command)) {
    for (const m of command.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]]*\])?\s*(?:\+\+|--|(?:[-+*/%&|^]|<<|>>)?=(?!=))|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g)) {
      out.names.add(m[1] ?? m[2]);
    }
  }
  // an array element or a name made from pieces (`declare "$n=..."`, `printf -v "$n"`): any variable
  if (holdsAny(command, DECLARERS) && /\b(?:declare|typeset|local|export|readonly)\s+(?:-\S*\s+)*-[a-zA-Z]*n/.test(command)) out.all = true;
  return out;
}

/** Builtins that write variables (or run code that may): a program only known when it runs may be one. */
const VAR_WRITERS = new Set([...WRITES_ANY, "printf", "read", "mapfile", "readarray", "getopts", "unset", "let", "shift", "set", "shopt", "alias", "hash", "cd", "pushd", "popd", ...DECLARERS]);

/**
 * True when a program only known when it runs is a variable (`$cmd`, `"${cmd}"`) that every write in
 * the line gives a plain value (an assignment word or a `for` word) whose first word is no builtin that
 * writes variables: `for cmd in "npm test" "npm run lint"; do $cmd; done` writes none.
 */
function harmlessProgram(c: CommandInfo, command: string, commands: readonly CommandInfo[]): boolean {
  const words = c.words ?? [];
  const word = words[words.length - c.args.length];
  const m = word && /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$/.exec(word.raw);
  if (!m) return false;
  const values: string[] = [];
  for (const d of commands) {
    for (const w of d.words ?? []) {
      if (!w.assign || !w.text.startsWith(`${m[1]}=`)) continue;
      if (w.flags !== 0) return false;
      values.push(w.text.slice(m[1].length + 1));
    }
  }
  for (const [name, ws] of forHeaders(command)) {
    if (name !== m[1]) continue;
    for (const w of ws) {
      const plain = /^(?:"([^"$`\\]*)"|'([^']*)'|([^"'$`\\*?[{~]*))$/.exec(w.raw);
      if (!plain) return false;
      values.push(plain[1] ?? plain[2] ?? plain[3]);
    }
  }
  return values.length > 0 && values.every((v) => !VAR_WRITERS.has(v.trim().split(/\s+/)[0] ?? ""));
}

/** `printf -v NAME` and `printf -vNAME`: the name written (a computed one: every variable). */
function printfTarget(args: readonly string[], add: (w: string) => void): void {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") return;
    if (a === "-v") add(args[i + 1] ?? "");
    else if (a.startsWith("-v")) add(a.slice(2));
    else if (!a.startsWith("-")) return;
  }
}

/** `declare` and its kin: with any option (or a name the gate cannot read), the names they touch are unknown. */
function declared(c: CommandInfo, out: ShellWrites, add: (w: string) => void): void {
  const words = c.words ?? [];
  const argWords = c.args.length ? words.slice(words.length - c.args.length) : [];
  const options = c.args.filter((a) => /^[-+]/.test(a));
  if (options.some((o) => /^[-+][a-zA-Z]*n/.test(o) && c.program !== "export")) out.all = true; // a nameref
  for (const w of argWords) {
    if (/^[-+]/.test(w.text)) continue;
    // a name made by an expansion (`declare "$n"=v`, `export ${x}=v`): any variable
    if (w.flags !== 0 && !/^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/.test(w.raw) && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.raw)) out.all = true;
    // an array element's subscript is arithmetic; an option other than these changes what the value
    // becomes (-l and -u are folded by line-state.ts; -x, -r, -g, -t leave it as it is)
    if (options.some((o) => /[^lurxgt]/.test(o.slice(1))) || /\[/.test(w.text)) add(w.text);
  }
}

/** Returns the `for NAME in WORDS` / `select NAME in WORDS` headers of a line, read from its text. */
export function forHeaders(command: string): [string, Word[]][] {
  if (!(command.includes("for") || command.includes("select")) || !/\b(?:for|select)\b/.test(command)) return [];
  const out: [string, Word[]][] = [];
  for (const m of command.matchAll(/\b(?:for|select)\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+((?:[^;\n&|]|'[^']*'|"(?:[^"\\]|\\.)*")*)/g)) {
    out.push([m[1], splitWords(m[2]).map((raw) => ({ text: raw, raw, flags: /[\\'"$`*?[{~]/.test(raw) ? 1 : 0, quoted: false, assign: false }))]);
  }
  // `for NAME; do` / `for NAME do` loops over the positional parameters: unknown
  for (const m of command.matchAll(/\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?:;|\n|\s+do\b)/g)) out.push([m[1], [{ text: "", raw: "$@", flags: 1, quoted: false, assign: false }]]);
  return out;
}

/** Splits text into shell words at unquoted blanks (quotes kept: the words are read from source). */
function splitWords(text: string): string[] {
  const out: string[] = [];
  let cur = "";
  let q = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      cur += c;
      if (c === "\\" && q === '"') cur += text[++i] ?? "";
      else if (c === q) q = "";
    } else if (c === "'" || c === '"') {
      q = c;
      cur += c;
    } else if (c === "\\") cur += c + (text[++i] ?? "");
    else if (/\s/.test(c)) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}
