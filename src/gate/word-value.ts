// What a shell word can stand for once bash has expanded it, as a path pattern. A static word is its
// text after quote removal (the analyzer's). A word with expansions is read from its source here:
// quotes removed as bash removes them, `{a,b}` expanded, variables the line or the environment gives
// replaced by their values, and everything else only known when it runs (`$X` with no known value,
// `$(...)`, backticks) becomes ANY, which may hold any characters, `/` included. Unquoted `*`, `?`
// and `[...]` stay glob wildcards, which never cross a `/`.
import { decodeAnsi } from "../shell/ansi-c";

/** One piece of a pattern: literal text or a wildcard. */
export type Piece = { lit: string } | { any: true } | { star: true } | { one: true } | { cls: string };

export interface WordSource {
  text: string;
  raw: string;
  flags: number;
}

/** Values a variable can have, as patterns (a loop variable over `*.ts` is a glob), or undefined when unknown. */
export type VarLookup = (name: string) => Piece[][] | undefined;
/** The value of a command substitution's text, when it is one the gate knows; undefined otherwise. */
export type SubstitutionLookup = (inner: string) => string | undefined;

export interface ExpandContext {
  vars: VarLookup;
  substitution: SubstitutionLookup;
  userHome: string;
}

/** More alternatives than this (brace expansion, variables with several values) collapse to ANY. */
const MAX_ALTERNATIVES = 16;

/** Returns the patterns a word can expand to (one for most words). */
export function wordPatterns(w: WordSource, ctx: ExpandContext): Piece[][] {
  if (w.flags === 0) return [tilde(w.text, ctx.userHome, w.raw)];
  const alts = braceExpand(w.raw);
  if (!alts) return [[{ any: true }]];
  const out: Piece[][] = [];
  for (const raw of alts) {
    for (const p of parseRaw(raw, ctx)) {
      if (out.length >= MAX_ALTERNATIVES) return [[{ any: true }]];
      out.push(p);
    }
  }
  return out;
}

function tilde(text: string, home: string, raw: string): Piece[] {
  if (raw.startsWith("~") && (text === "~" || text.startsWith("~/"))) return [{ lit: home + text.slice(1) }];
  return [{ lit: text }];
}

/** Expands unquoted `{a,b}` (nested too); returns undefined past MAX_ALTERNATIVES. */
function braceExpand(raw: string): string[] | undefined {
  const open = findBrace(raw);
  if (!open) return [raw];
  const [start, end, commas] = open;
  const out: string[] = [];
  let from = start + 1;
  for (const c of [...commas, end]) {
    const rest = braceExpand(raw.slice(0, start) + raw.slice(from, c) + raw.slice(end + 1));
    if (!rest) return undefined;
    out.push(...rest);
    if (out.length > MAX_ALTERNATIVES) return undefined;
    from = c + 1;
  }
  return out;
}

/** Returns [open index, close index, top-level comma indexes] of the first unquoted brace list. */
function findBrace(raw: string): [number, number, number[]] | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") i++;
    else if (c === "'" || c === '"') i = skipQuote(raw, i);
    else if (c === "$") i = raw[i + 1] === "{" ? skipBalanced(raw, i + 1, "{", "}") : skipDollarQuote(raw, i);
    else if (c === "{") {
      let depth = 0;
      const commas: number[] = [];
      for (let j = i; j < raw.length; j++) {
        const d = raw[j];
        if (d === "\\") j++;
        else if (d === "'" || d === '"') j = skipQuote(raw, j);
        else if (d === "$") j = skipDollarQuote(raw, j);
        else if (d === "{") depth++;
        else if (d === "}" && --depth === 0) {
          if (commas.length) return [i, j, commas];
          break;
        } else if (d === "," && depth === 1) commas.push(j);
      }
    }
  }
  return undefined;
}

function skipQuote(raw: string, i: number): number {
  const q = raw[i];
  for (let j = i + 1; j < raw.length; j++) {
    if (q === '"' && raw[j] === "\\") j++;
    else if (raw[j] === q) return j;
  }
  return raw.length;
}

/**
 * Returns the index of the last character of the `$'...'` (its escapes decoded as bash does, so `\'`
 * does not end it) or `$$` at `raw[i]` (a `$`), or `i` for any other `$`.
 */
function skipDollarQuote(raw: string, i: number): number {
  if (raw[i + 1] === "$") return i + 1;
  return raw[i + 1] === "'" ? ansiEnd(raw, decodeAnsi(raw, i + 2).next) : i;
}

/** Returns the index of a `$'...'`'s closing quote from decodeAnsi's `next` (the end when there is none). */
function ansiEnd(raw: string, next: number): number {
  return next < 0 ? raw.length : next - 1;
}

/** Returns the index of the `close` matching the `open` at `i` (quotes respected), or the end. */
function skipBalanced(raw: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < raw.length; j++) {
    const c = raw[j];
    if (c === "\\") j++;
    else if (c === "'" || c === '"') j = skipQuote(raw, j);
    else if (c === "$") j = skipDollarQuote(raw, j);
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return raw.length;
}

/** Reads one brace-free word source into pattern alternatives. */
function parseRaw(raw: string, ctx: ExpandContext): Piece[][] {
  let alts: Piece[][] = [[]];
  const push = (...pieces: Piece[]) => {
    for (const a of alts) a.push(...pieces);
  };
  const pushValues = (values: Piece[][] | undefined) => {
    if (!values || values.length === 0) return push({ any: true });
    if (alts.length * values.length > MAX_ALTERNATIVES) return push({ any: true });
    alts = alts.flatMap((a) => values.map((v) => [...a, ...v]));
  };
  let i = 0;
  if (raw[0] === "~" && (raw.length === 1 || raw[1] === "/")) {
    push({ lit: ctx.userHome });
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
    } else if (c === "$") i = dollar(raw, i, inDq, ctx, push, pushValues);
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
      const j = raw.indexOf("]", i + 2);
      if (j < 0) push({ lit: c });
      else {
        push({ cls: raw.slice(i + 1, j) });
        i = j;
      }
    } else push({ lit: c });
  }
  return alts.map(merge);
}

type Push = (...pieces: Piece[]) => void;

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
    const known = raw[i + 2] === "(" ? undefined : ctx.substitution(inner.trim());
    push(known !== undefined ? { lit: known } : { any: true });
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
  const out: Piece[] = [];
  for (const x of p) {
    const last = out[out.length - 1];
    if (last && "lit" in last && "lit" in x) out[out.length - 1] = { lit: last.lit + x.lit };
    else if (!(last && "any" in last && "any" in x)) out.push(x);
  }
  return out;
}
