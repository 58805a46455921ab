// Brace expansion of a shell word's source, as bash does it before anything else: `{a,b}` lists
// (nested), and `{1..20}`/`{a..z}` sequences, left to right. Past its budgets it throws a GateLimit
// (limits.ts): a word that stands for more paths than the gate checks is not judged "touches nothing".
// Also the quote-aware skipping word-value.ts reads the rest of the word with.
import { decodeAnsi } from "../shell/ansi-c";
import { overBudget } from "./limits";

/** More alternatives than this in one word (brace lists, variables with several values): limits.ts. */
export const MAX_ALTERNATIVES = 256;
/** Brace lists nested deeper than this in one word: limits.ts. */
const MAX_BRACE_DEPTH = 32;
export const WORD_ADVICE = "spell the paths out in shorter lists, in lines of their own";

/**
 * Expands unquoted brace lists (`{a,b}`, nested, and sequences `{1..20}`, `{a..z}`) as bash does,
 * left to right; throws a GateLimit past MAX_ALTERNATIVES or MAX_BRACE_DEPTH.
 */
export function braceExpand(raw: string, depth: number): string[] {
  if (depth > MAX_BRACE_DEPTH) overBudget("brace lists of the line nest too deep", MAX_BRACE_DEPTH, WORD_ADVICE);
  let out = [""];
  let from = 0;
  const cross = (alts: string[]) => {
    if (out.length * alts.length > MAX_ALTERNATIVES) overBudget("a word of the line stands for too many paths", MAX_ALTERNATIVES, WORD_ADVICE);
    out = out.flatMap((o) => alts.map((a) => o + a));
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") i++;
    else if (c === "'" || c === '"') i = skipQuote(raw, i);
    else if (c === "$") i = raw[i + 1] === "{" ? skipBalanced(raw, i + 1, "{", "}") : skipDollarQuote(raw, i);
    else if (c === "{") {
      const g = braceGroup(raw, i);
      if (!g) continue;
      cross([raw.slice(from, i)]);
      const alts: string[] = [];
      for (const item of g.items) {
        alts.push(...braceExpand(item, depth + 1));
        if (alts.length > MAX_ALTERNATIVES) overBudget("a word of the line stands for too many paths", MAX_ALTERNATIVES, WORD_ADVICE);
      }
      cross(alts);
      i = g.end;
      from = g.end + 1;
    }
  }
  cross([raw.slice(from)]);
  return out;
}

/** The brace group opening at `raw[i]`: its alternatives (a list's items or a sequence's) and its end. */
function braceGroup(raw: string, i: number): { items: string[]; end: number } | undefined {
  let depth = 0;
  const commas: number[] = [];
  for (let j = i; j < raw.length; j++) {
    const d = raw[j];
    if (d === "\\") j++;
    else if (d === "'" || d === '"') j = skipQuote(raw, j);
    else if (d === "$") j = raw[j + 1] === "{" ? skipBalanced(raw, j + 1, "{", "}") : skipDollarQuote(raw, j);
    else if (d === "{") depth++;
    else if (d === "}" && --depth === 0) {
      if (commas.length) {
        const items: string[] = [];
        let from = i + 1;
        for (const k of [...commas, j]) {
          items.push(raw.slice(from, k));
          from = k + 1;
        }
        return { items, end: j };
      }
      const seq = sequence(raw.slice(i + 1, j));
      return seq ? { items: seq, end: j } : undefined;
    } else if (d === "," && depth === 1) commas.push(j);
  }
  return undefined;
}

/** The items of a sequence expression (`1..5`, `a..e`, `01..10..2`), or undefined when it is not one. */
function sequence(body: string): string[] | undefined {
  const m = /^(?:(-?\d+)\.\.(-?\d+)|([A-Za-z])\.\.([A-Za-z]))(?:\.\.(-?\d+))?$/.exec(body);
  if (!m) return undefined;
  const step = Math.abs(Number(m[5] ?? 1)) || 1;
  const [a, b] = m[1] !== undefined ? [Number(m[1]), Number(m[2])] : [m[3].charCodeAt(0), m[4].charCodeAt(0)];
  const count = Math.floor(Math.abs(b - a) / step) + 1;
  if (count > MAX_ALTERNATIVES) overBudget("a brace sequence of the line stands for too many paths", MAX_ALTERNATIVES, WORD_ADVICE);
  const width = m[1] !== undefined && /^-?0\d/.test(m[1] + m[2]) ? Math.max(m[1].length, m[2].length) : 0;
  const out: string[] = [];
  const padded = (v: number) => (v < 0 ? `-${String(-v).padStart(width - 1, "0")}` : String(v).padStart(width, "0"));
  for (let k = 0, v = a; k < count; k++, v += a <= b ? step : -step) out.push(m[1] !== undefined ? padded(v) : String.fromCharCode(v));
  // quote each item: a sequence's items are plain text (a letter range may hold `[`, `\`, `` ` ``)
  return out.map((x) => `'${x}'`);
}

export function skipQuote(raw: string, i: number): number {
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
export function skipDollarQuote(raw: string, i: number): number {
  if (raw[i + 1] === "$") return i + 1;
  return raw[i + 1] === "'" ? ansiEnd(raw, decodeAnsi(raw, i + 2).next) : i;
}

/** Returns the index of a `$'...'`'s closing quote from decodeAnsi's `next` (the end when there is none). */
export function ansiEnd(raw: string, next: number): number {
  return next < 0 ? raw.length : next - 1;
}

/** Returns the index of the `close` matching the `open` at `i` (quotes respected), or the end. */
export function skipBalanced(raw: string, i: number, open: string, close: string): number {
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
