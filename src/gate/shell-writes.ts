// Which variables a line writes other than by a plain assignment word: the gate holds a value for a
// variable only where every write to it is one it sees (line-state.ts). Builtins that assign
// (`printf -v`, `read`, `mapfile`, `getopts`), `unset`, `declare` and its kin with an option (`-l`
// lowercases, `-i` makes arithmetic of the value), `${x:=...}` and arithmetic make a name unknown.
// Anything that may write a variable whose name the gate cannot see (a nameref, a computed name,
// `eval`, `source`, a trap, a program only known when it runs) makes every variable unknown.
import type { CommandInfo } from "../shell/programs";

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

/** Returns the variables the line writes other than by plain assignment words. */
export function shellWrites(command: string, commands: readonly CommandInfo[]): ShellWrites {
  const out: ShellWrites = { all: false, names: new Set() };
  const add = (word: string) => {
    const m = NAME.exec(word);
    if (m) out.names.add(m[0]);
  };
  for (const c of commands) {
    if (c.program === null) {
      if (c.dynamic) out.all = true;
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
  for (const m of command.matchAll(/\$\{#?([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?:?=/g)) out.names.add(m[1]);
  if (/\(\(|\$\[|\blet\b/.test(command)) {
    for (const m of command.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]]*\])?\s*(?:\+\+|--|(?:[-+*/%&|^]|<<|>>)?=(?!=))|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g)) {
      out.names.add(m[1] ?? m[2]);
    }
  }
  // an array element or a name made from pieces (`declare "$n=..."`, `printf -v "$n"`): any variable
  if (/\b(?:declare|typeset|local|export|readonly)\s+(?:-\S*\s+)*-[a-zA-Z]*n/.test(command)) out.all = true;
  return out;
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
