// Builtins that evaluate text as code outside command position. A variable name given to `read`,
// `printf -v`, `mapfile`, `getopts`, `wait -p`, `unset`, `declare` or `[ -v ]` may name an array
// element whose subscript runs code (arith.ts); `let` and `declare -i` values are arithmetic;
// `mapfile -C` and `complete -C` run a command; `alias` defines text that later runs as commands,
// `hash -p` makes a name run another file, `enable -f` loads a builtin from a file, `fc` and
// `bind -x` run commands that are not in the line.
import { type ArithSink, assigns, hasIntegerAttribute, isInteger, readName, readOperand, shellAssigns, unseenWrite } from "./arith";
import { SET_LETTERS, SET_NAMES, SHOPT_NAMES } from "./core";
import { checkAssignment } from "./environment";
import { type Findings, type Site, dynamic, spanOf } from "./findings";
import { runScript } from "./options";
import { type Span, splitAssignment, type Word } from "./syntax";

type Builtin = (words: Word[], i: number, site: Site, f: Findings) => void;

/** The names this module handles (for the walk's fast path; computed when asked, not at load). */
export function builtinNames(): string[] {
  return Object.keys(BUILTINS);
}

/** Runs the builtin handler for `name`, if it is one of these builtins. */
export function runBuiltin(name: string, words: Word[], i: number, site: Site, f: Findings): void {
  if (Object.hasOwn(BUILTINS, name)) BUILTINS[name](words, i, site, f);
}

// --- internal ---

/** Calls `option(letter, value)` for the options of a builtin (`args`: letters taking a value) and `operand` for the rest. */
function readArgs(words: Word[], i: number, args: string, option: (ch: string, value: Word | undefined) => void, operand: (w: Word) => void): void {
  let options = true;
  for (; i < words.length; i++) {
    const w = words[i];
    const t = w.text;
    if (options && w.flags === 0 && t === "--") {
      options = false;
      continue;
    }
    if (!(options && w.flags === 0 && t.length > 1 && (t[0] === "-" || t[0] === "+"))) {
      options = options && !(w.flags === 0 && !t.startsWith("-"));
      operand(w);
      continue;
    }
    for (let k = 1; k < t.length; k++) {
      if (!args.includes(t[k])) {
        option(t[k], undefined);
        continue;
      }
      const value = k + 1 < t.length ? { ...w, text: t.slice(k + 1), raw: t.slice(k + 1) } : words[++i];
      option(t[k], value);
      break;
    }
  }
}

const sinkOf = (site: Site, f: Findings): ArithSink => ({ ctx: f.ctx, expand: (text, span) => f.expand(text, site.depth + 1, f, span) });

/** A word naming a variable the builtin assigns (`read NAME`): its subscript, if any, is evaluated. */
const nameArg = (site: Site, f: Findings, assigned: 1 | 2 | 0, how = "a builtin") => (w: Word | undefined) => {
  if (!w) return;
  const span = spanOf(site, w);
  readName(sinkOf(site, f), w.text, w.flags === 0, span, assigned);
  if (assigned === 2 && w.flags === 0) {
    unseenWrite(f.ctx, w.text.replace(/\[[^]*$/, ""), how, span[0], span[1]);
    shellAssigns(f.ctx, w.text.replace(/\[[^]*$/, ""), span[0], span[1]); // judged at the end: `declare -i` may come later
  }
  if (assigned === 2 && hasIntegerAttribute(f.ctx, w.text.replace(/\[[^]*$/, ""))) {
    dynamic(f, "integer-assignment", `a value read into the integer variable \`${w.text}\` is evaluated as arithmetic, where a[$(cmd)] runs cmd`, spanOf(site, w));
  }
};

/** `declare`, `typeset`, `local`, `export`, `readonly`: NAME or NAME=value arguments, with attributes. */
function declare(words: Word[], i: number, site: Site, f: Findings): void {
  const kind: Attributes = { integer: false, nameref: false, array: false, assoc: false };
  const builtin = words[i - 1]?.text;
  readArgs(words, i, "", (ch) => {
    if (ch === "i") kind.integer = true;
    // `export -n` un-exports; for the others -n makes a nameref, whose writes land on a name it holds
    if (ch === "n" && builtin !== "export" && builtin !== "readonly") {
      kind.nameref = true;
      dynamic(f, "nameref", "a nameref (declare -n) makes writes to one name change another, which this analysis does not follow", spanOf(site, words[i - 1]));
    }
    if (ch === "a" || ch === "A") kind.array = true;
    if (ch === "A") kind.assoc = true;
  }, (w) => declared(w, kind, site, f));
}

interface Attributes {
  integer: boolean;
  nameref: boolean;
  array: boolean;
  assoc: boolean;
}

function declared(w: Word, { integer, nameref, array, assoc }: Attributes, site: Site, f: Findings): void {
  const span = spanOf(site, w);
  if (assoc) (f.ctx.assoc ??= new Set()).add(w.text.replace(/[=+[][^]*$/, ""));
  const eq = w.text.indexOf("=");
  const staticName = w.assign || (w.flags === 0 && eq > 0);
  if (!staticName) {
    if (w.flags !== 0) dynamic(f, "variable-name", "a declaration made by an expansion may assign any variable (or an array element whose subscript runs code)", span);
    else {
      if (integer) (f.ctx.integers ??= new Set()).add(w.text);
      if (nameref) (f.ctx.namerefs ??= new Set()).add(w.text);
      nameArg(site, f, 0)(w);
    }
    return;
  }
  const { name, value, raw } = splitAssignment(w);
  const valueStatic = w.flags === 0;
  readName(sinkOf(site, f), w.text.slice(0, eq).replace(/\+$/, ""), true, span, 0); // the target, subscript and all
  compound(name, value, valueStatic, raw, array || f.ctx.vars?.has(name) === true, span, site, f);
  if (integer) (f.ctx.integers ??= new Set()).add(name);
  checkAssignment(name, value, valueStatic, span, site, f, raw.startsWith("("));
  if (nameref) readName(sinkOf(site, f), value, valueStatic, span, 0);
  else if (integer || hasIntegerAttribute(f.ctx, name)) readOperand(sinkOf(site, f), { text: value, raw, flags: w.flags }, span);
  if (!valueStatic && !integer) unseenWrite(f.ctx, name, builtinOf(site), span[0], span[1]);
  if (!integer && !(valueStatic && isInteger(value))) shellAssigns(f.ctx, name, span[0], span[1]);
  assigns(f.ctx, name, integer || (valueStatic && isInteger(value)) ? 1 : 2);
}

/** The declaring builtin's name, for a reason's text. */
const builtinOf = (site: Site) => site.cmd?.words.find((w) => !w.assign)?.text ?? "declare";

/**
 * A declaration's value that starts with `(` is read again as a compound array assignment when the
 * variable is an array (`declare -a 'x=($(cmd))'` runs cmd; so does `declare -a x=$v` when $v holds
 * one). A static value is read as that assignment whatever the attributes (an array from before the
 * line is not known here); a value made by an expansion is only known when the line runs, if the
 * variable may be an array (`-a`/`-A`, or assigned earlier in the line) and the value may start with `(`.
 */
function compound(name: string, value: string, valueStatic: boolean, raw: string, array: boolean, span: Span, site: Site, f: Findings): void {
  if (valueStatic) {
    if (value.startsWith("(")) f.find(`${name}=${value}`, site.depth + 1, f, "declare", span);
    return;
  }
  if (array && !/^["']?[\w./:@%+,-]/.test(raw)) { // `x="a$v"` starts with a: never read again
    dynamic(f, "compound-assignment", "a declaration reads a value that starts with ( again as an array assignment, running what it expands; this value is only known when the line runs", span);
  }
}

/** `let EXPR...`: each argument is an arithmetic expression. */
function letBuiltin(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) readOperand(sinkOf(site, f), words[k], spanOf(site, words[k]));
}

function read(words: Word[], i: number, site: Site, f: Findings): void {
  readArgs(words, i, "adinNptu", (ch, v) => ch === "a" && nameArg(site, f, 2, "read")(v), nameArg(site, f, 2, "read"));
}

/** `printf -v NAME`; a first word made by an expansion may be `-v`, so the next one may be a name it writes. */
function printf(words: Word[], i: number, site: Site, f: Findings): void {
  const w = words[i];
  if (!w) return;
  if (w.flags !== 0) return nameArg(site, f, 2, "printf with a first word only known when the line runs (it may be -v)")(words[i + 1]);
  if (w.text.startsWith("-v")) nameArg(site, f, 2, "printf -v")(w.text === "-v" ? words[i + 1] : { ...w, text: w.text.slice(2) });
}

/** `mapfile [-C CALLBACK] ARRAY`: the callback runs as `CALLBACK INDEX LINE`. */
function mapfile(words: Word[], i: number, site: Site, f: Findings): void {
  readArgs(words, i, "dnOsucC", (ch, v) => ch === "C" && runScript(v, site, f, "mapfile -C", "bash"), nameArg(site, f, 2, "mapfile"));
}

/**
 * `set`: the options core.ts lists as harmless, and positional parameters; any other option (or a
 * word made by an expansion where one could be) changes how bash runs the rest: dynamic.
 */
function set(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const t = w.text;
    const bad = (what: string) => dynamic(f, "shell-option", `set ${what} changes how bash runs the line, which this analysis does not model`, spanOf(site, w));
    if (w.flags !== 0) return bad("with a word only known when the line runs");
    if (t === "--" || t === "-" || !(t[0] === "-" || t[0] === "+")) return; // the rest are positional parameters
    for (let j = 1; j < t.length; j++) {
      if (t[j] === "o") { // `-euo pipefail`: the option's name is the next word
        const o = words[k + 1];
        if (!o) break;
        k++;
        if (o.flags !== 0 || !SET_NAMES.has(o.text)) return bad(`-o ${o.flags ? o.raw : o.text}`);
      } else if (!SET_LETTERS.includes(t[j])) return bad(`${t[0]}${t[j]}`);
    }
  }
}

/** `shopt [-s|-u|-p|-q] [-o] NAME...`: harmless names only (core.ts); `-o` names are set's. */
function shopt(words: Word[], i: number, site: Site, f: Findings): void {
  let setNames = false;
  let changes = false;
  const names: Word[] = [];
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0) return dynamic(f, "shell-option", "shopt is given a word only known when the line runs, where an option or its name could be", spanOf(site, w));
    if (w.text.startsWith("-") && names.length === 0) {
      if (w.text.includes("o")) setNames = true;
      if (/[su]/.test(w.text)) changes = true;
    } else names.push(w);
  }
  if (!changes) return;
  for (const w of names) {
    if ((setNames ? SET_NAMES : SHOPT_NAMES).has(w.text)) continue;
    return dynamic(f, "shell-option", `shopt ${w.text} changes how bash reads or runs the line, which this analysis does not model`, spanOf(site, w));
  }
}

/**
 * `complete -C CMD` / `compgen -C CMD`: CMD runs to list completions; `-W WORDS` is expanded (its
 * substitutions run). A word made by an expansion may be either option: dynamic.
 */
function complete(words: Word[], i: number, site: Site, f: Findings): void {
  readArgs(words, i, "oAGWFCXPSDEIV", (ch, v) => {
    if (ch === "C") runScript(v, site, f, "complete -C", "bash");
    if (ch === "V") nameArg(site, f, 2, "compgen -V")(v); // bash 5.3: the completions go into an array
    if (ch === "W" && v) {
      if (v.flags !== 0) dynamic(f, "builtin", "compgen -W expands a word list that is only known when the line runs", spanOf(site, v));
      else if (/[$`]/.test(v.text)) f.expand(v.text, site.depth + 1, f, spanOf(site, v));
    }
  }, (w) => w.flags !== 0 && dynamic(f, "builtin", "compgen and complete are given a word only known when the line runs, where an option that runs a command could be", spanOf(site, w)));
}

/** `jobs -x CMD ARGS`: runs CMD with ARGS (job specs replaced by process group ids). */
function jobs(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0) return dynamic(f, "builtin", "jobs is given a word only known when the line runs, where -x (run a command) could be", spanOf(site, w));
    if (!w.text.startsWith("-") || w.text === "--") return;
    if (w.text.includes("x")) return f.resolve(words, k + 1, { ...site, via: "jobs -x" }, f);
  }
}

/** `[ -v NAME ]` / `test -v NAME`: NAME's subscript is evaluated; a word made by an expansion may be `-v`. */
function testBuiltin(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k + 1 < words.length; k++) if (words[k].flags !== 0 || words[k].text === "-v") nameArg(site, f, 0)(words[k + 1]);
}

/** `wait -p NAME`; a word made by an expansion followed by another may be `-p NAME`. */
function wait(words: Word[], i: number, site: Site, f: Findings): void {
  readArgs(words, i, "p", (ch, v) => ch === "p" && nameArg(site, f, 2, "wait -p")(v), () => {});
  for (let k = i; k + 1 < words.length; k++) if (words[k].flags !== 0) nameArg(site, f, 2, "wait with a word only known when the line runs (it may be -p)")(words[k + 1]);
}

/** `alias NAME=VALUE`: VALUE runs wherever NAME is later a command (aliases expand with expand_aliases, in posix mode and in sh). */
function alias(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const eq = w.text.indexOf("=");
    if (w.flags === 0 && (eq < 0 || w.text.startsWith("-"))) continue;
    dynamic(f, "alias", "an alias makes a later word run its text, which this analysis does not substitute", spanOf(site, w));
    if (w.flags === 0) f.find(w.text.slice(eq + 1), site.depth + 1, f, "alias", spanOf(site, w));
  }
}

/** Always dynamic with `why` when the option `letter` is given (`hash -p`, `enable -f`, `bind -x`). */
const dynamicWith = (letter: string, why: string): Builtin => (words, i, site, f) => {
  for (let k = i; k < words.length; k++) {
    const t = words[k].text;
    if (words[k].flags !== 0) return dynamic(f, "builtin", `a word only known when the line runs may be the option: ${why}`, spanOf(site, words[k]));
    if (t.startsWith("-") && t.includes(letter)) return dynamic(f, "builtin", why, spanOf(site, words[k]));
  }
};

const BUILTINS: Readonly<Record<string, Builtin>> = {
  declare, typeset: declare, local: declare, export: declare, readonly: declare,
  let: letBuiltin,
  read,
  printf,
  mapfile, readarray: mapfile,
  getopts: (words, i, site, f) => nameArg(site, f, 2, "getopts")(words[i + 1]),
  wait,
  set,
  shopt,
  unset: (words, i, site, f) => readArgs(words, i, "", () => {}, nameArg(site, f, 0)),
  test: testBuiltin, "[": testBuiltin,
  complete, compgen: complete,
  jobs,
  alias,
  hash: dynamicWith("p", "hash -p makes a name run another file"),
  enable: dynamicWith("f", "enable -f loads a builtin from a file"),
  bind: dynamicWith("x", "bind -x runs a command on a key"),
  fc: (words, i, site, f) => dynamic(f, "builtin", "fc runs commands from the history, which are not in the line", spanOf(site, words[i - 1])),
};
