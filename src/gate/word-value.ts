// What a shell word can stand for once bash has expanded it, as a path pattern. A static word is its
// text after quote removal (the analyzer's). A word with expansions is read from its source here:
// quotes removed as bash removes them, `{a,b}` expanded, variables the line or the environment gives
// replaced by their values, and everything else only known when it runs (`$X` with no known value,
// `$(...)`, backticks) becomes ANY, which may hold any characters, `/` included. Unquoted `*`, `?`
// and `[...]` stay glob wildcards, which never cross a `/`; unquoted values are split into fields and
// globbed as bash does. Brace expansion is brace-words.ts.
import { decodeAnsi } from "../shell/ansi-c";
import { ansiEnd, braceExpand, MAX_ALTERNATIVES, skipBalanced, skipQuote, WORD_ADVICE } from "./brace-words";
import { overBudget } from "./limits";

/** One piece of a pattern: literal text or a wildcard. */
export type Piece = { lit: string } | { any: true } | { star: true; dots?: true } | { one: true } | { cls: string };

export interface WordSource {
  text: string;
  raw: string;
  flags: number;
}

/** Values a variable can have, as patterns (a loop variable over `*.ts` is a glob), or undefined when unknown. */
export type VarLookup = (name: string) => Piece[][] | undefined;
/** The values of a command substitution's text, when it is one the gate knows; undefined otherwise. */
export type SubstitutionLookup = (inner: string) => Piece[][] | undefined;

export interface ExpandContext {
  vars: VarLookup;
  substitution: SubstitutionLookup;
  /** What `~` stands for: $HOME as the hook has it, and as the line may set it. */
  homes: Piece[][];
  /** The IFS values unquoted expansions may split at, as the line may set it (undefined: only the run knows). */
  ifs?: string[];
}

/** Returns the patterns a word can expand to (one for most words). */
export function wordPatterns(w: WordSource, ctx: ExpandContext): Piece[][] {
  const out: Piece[][] = [];
  for (const raw of braceExpand(w.raw, 0)) {
    for (const p of parseRaw(raw, ctx)) {
      for (const field of splitFields(p)) {
        if (out.length >= MAX_ALTERNATIVES) overBudget("a word of the line stands for too many paths", MAX_ALTERNATIVES, WORD_ADVICE);
        out.push(field);
      }
    }
  }
  return out;
}


/** A piece of a word as read: a pattern piece, or a break between fields (word splitting). */
type RawPiece = Piece | { brk: true };

/** Splits a pattern at its field breaks: each field is a word of its own, and each can name a path. */
function splitFields(p: RawPiece[]): Piece[][] {
  if (!p.some((x) => "brk" in x)) return [p as Piece[]];
  const out: Piece[][] = [[]];
  for (const x of p) {
    if ("brk" in x) out.push([]);
    else out[out.length - 1].push(x);
  }
  return out.filter((f) => f.length).map(merge);
}

/**
 * Returns a value as an unquoted expansion leaves it: split into fields at blanks and globbed, so
 * `x='.c* y'; cp a $x` names `.c*` (a glob) and `y`. Every IFS the line may set counts.
 */
function unquoted(values: Piece[][], ctx: ExpandContext): RawPiece[][] {
  // an IFS only the run knows: the value unsplit, split at blanks, or anything (ANY)
  const out: RawPiece[][] = ctx.ifs ? [] : [[{ any: true }]];
  for (const ifs of ctx.ifs ?? ["", " \t\n"]) for (const v of values) out.push(v.flatMap((x) => ("lit" in x ? globbed(x.lit, ifs) : [x])));
  return out;
}

/** Literal text as an unquoted expansion leaves it: field breaks at `ifs`, glob characters live. */
function globbed(lit: string, ifs: string): RawPiece[] {
  const out: RawPiece[] = [];
  for (let i = 0; i < lit.length; i++) {
    const c = lit[i];
    if (ifs.includes(c)) out.push({ brk: true });
    else if (c === "*") out.push({ star: true });
    else if (c === "?") out.push({ one: true });
    else if (c === "[" && bracketEnd(lit, i) > 0) {
      const j = bracketEnd(lit, i);
      out.push({ cls: lit.slice(i + 1, j) });
      i = j;
    } else out.push({ lit: c });
  }
  return out;
}

/** Returns the index of the `]` closing the bracket expression at `raw[i]` (POSIX classes inside), or -1. */
function bracketEnd(raw: string, i: number): number {
  let j = i + 1;
  if (raw[j] === "!" || raw[j] === "^") j++;
  if (raw[j] === "]") j++;
  for (; j < raw.length; j++) {
    if (raw[j] === "[" && ":=.".includes(raw[j + 1] ?? "")) {
      const close = raw.indexOf(`${raw[j + 1]}]`, j + 2);
      if (close < 0) return -1;
      j = close + 1;
    } else if (raw[j] === "]") return j;
  }
  return -1;
}

/** Reads one brace-free word source into pattern alternatives (field breaks still in). */
function parseRaw(raw: string, ctx: ExpandContext): RawPiece[][] {
  let alts: RawPiece[][] = [[]];
  const push = (...pieces: RawPiece[]) => {
    for (const a of alts) a.push(...pieces);
  };
  const pushValues = (values: Piece[][] | undefined, inDq: boolean) => {
    const shown = values && !inDq ? unquoted(values, ctx) : values;
    if (!shown || shown.length === 0) return push({ any: true });
    if (alts.length * shown.length > MAX_ALTERNATIVES) overBudget("a word of the line stands for too many paths", MAX_ALTERNATIVES, WORD_ADVICE);
    alts = alts.flatMap((a) => shown.map((v) => [...a, ...v]));
  };
  let i = 0;
  if (raw[0] === "~" && (raw.length === 1 || raw[1] === "/")) {
    pushValues(ctx.homes, true);
    i = 1;
  } else if (raw[0] === "~") push({ any: true });
  let inDq = false;
  for (; i < raw.length; i++) {
    const c = raw[i];
    const n = raw[i + 1];
    if (c === "\\") {
      if (!inDq || (n !== undefined && '$`"\\\n'.includes(n))) i++;
      if (raw[i] !== "\n") push({ lit: raw[i] ?? "\\" });
    } else if (c === '"') inDq = !inDq;
    else if (c === "'" && !inDq) {
      const j = skipQuote(raw, i);
      push({ lit: raw.slice(i + 1, j) });
      i = j;
    } else if (c === "$") i = dollar(raw, i, inDq, ctx, push, (v) => pushValues(v, inDq));
    else if (c === "`") {
      i = raw.indexOf("`", i + 1);
      if (i < 0) i = raw.length;
      push({ any: true });
    } else if (inDq) push({ lit: c });
    else if ((c === "<" || c === ">") && n === "(") {
      i = skipBalanced(raw, i + 1, "(", ")");
      push({ lit: "/dev/fd/63" });
    } else if ("@!+*?".includes(c) && n === "(") {
      i = skipBalanced(raw, i + 1, "(", ")");
      push({ star: true });
    } else if (c === "*") push({ star: true });
    else if (c === "?") push({ one: true });
    else if (c === "[") {
      const j = bracketEnd(raw, i);
      if (j < 0) push({ lit: c });
      else {
        push({ cls: raw.slice(i + 1, j) });
        i = j;
      }
    } else push({ lit: c });
  }
  return alts.map(mergeRaw);
}

type Push = (...pieces: RawPiece[]) => void;

/** Reads the expansion at `raw[i]` (a `$`); returns the index of its last character. */
function dollar(raw: string, i: number, inDq: boolean, ctx: ExpandContext, push: Push, pushValues: (v: Piece[][] | undefined) => void): number {
  const n = raw[i + 1];
  if (n === "'" && !inDq) {
    // decoded as the analyzer decodes it; what bash makes of a non-ASCII byte depends on the locale
    const r = decodeAnsi(raw, i + 2);
    push(r.uncertain ? { any: true } : { lit: r.text });
    return ansiEnd(raw, r.next);
  }
  if (n === "(") {
    const j = skipBalanced(raw, i + 1, "(", ")");
    const inner = raw.slice(i + 2, j);
    pushValues(raw[i + 2] === "(" ? undefined : ctx.substitution(inner.trim()));
    return j;
  }
  if (n === "{") {
    const j = skipBalanced(raw, i + 1, "{", "}");
    const name = raw.slice(i + 2, j);
    pushValues(/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? ctx.vars(name) : undefined);
    return j;
  }
  const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(raw.slice(i + 1));
  if (m) {
    pushValues(ctx.vars(m[0]));
    return i + m[0].length;
  }
  if (n !== undefined && "0123456789@*#?$!-".includes(n)) {
    push({ any: true });
    return i + 1;
  }
  push({ lit: "$" });
  return i;
}

/** Joins adjacent literals and adjacent ANYs. */
function merge(p: Piece[]): Piece[] {
  return mergeRaw(p) as Piece[];
}

function mergeRaw(p: RawPiece[]): RawPiece[] {
  const out: RawPiece[] = [];
  for (const x of p) {
    const last = out[out.length - 1];
    if (last && "lit" in last && "lit" in x) out[out.length - 1] = { lit: last.lit + x.lit };
    else if (!(last && "any" in last && "any" in x)) out.push(x);
  }
  return out;
}
