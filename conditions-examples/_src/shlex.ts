// Python's word splitting, as the guards this project ported from Python used it: shlex.shlex(command,
// posix=True, punctuation_chars="();<>|&\n") with whitespace " \t\r" and whitespace_split, and
// str.strip()/str.split() with Python's idea of white space. Shared by the git guard and the .env
// guard; each example file is built into one file of its own (scripts/build-examples.ts), so a copied
// guard still needs nothing beside it.

/** The characters Python's str.isspace() accepts (str.strip() and str.split() use them), as a class body. */
export const PY_SPACE = "\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

let due = Number.POSITIVE_INFINITY;

/**
 * Returns what `work` returns, with `deadline` (Date.now() milliseconds) as the time by which its long
 * loops must be through: onTime() throws past it. A guard run inside the hook cannot be interrupted,
 * so on a huge command it gives up at its deadline rather than running on (a script's is simply
 * killed). Synchronous, so the one `due` of this module is never shared by two calls at once.
 */
export function within<T>(deadline: number, work: () => T): T {
  const before = due;
  due = deadline;
  try {
    return work();
  } finally {
    due = before;
  }
}

/** What onTime() throws: a fallback that catches errors must let it through. */
export class TimeUp extends Error {
  constructor() {
    super("the condition's time is up");
  }
}

/** Throws TimeUp once the deadline set by `within` has passed; loops call it every few thousand steps. */
export function onTime(): void {
  if (Date.now() > due) throw new TimeUp();
}

const EDGES = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");
const RUNS = new RegExp(`[${PY_SPACE}]+`);

/** Python's str.strip(). */
export const pyStrip = (s: string): string => s.replace(EDGES, "");

/** Python's str.split() without arguments. */
export const pySplit = (s: string): string[] => s.split(RUNS).filter(Boolean);

/**
 * Returns the code points of `text`, as Python indexes a str (Array.from's answer: a lone surrogate is
 * one), with a loop: Array.from's first use costs ~0.2 ms, and a built-in guard runs in a fresh process.
 */
export function codePoints(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if ((i & 0xfff) === 0) onTime();
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out.push(text.slice(i, i + 2));
        i++;
        continue;
      }
    }
    out.push(text[i]);
  }
  return out;
}

const PUNCTUATION = "();<>|&\n";
const WHITESPACE = " \t\r";
const QUOTES = "'\"";

/** Python's shlex word splitting for this configuration; throws like it on an unclosed quote or a final backslash. */
export function shlexWords(text: string): string[] {
  const chars = codePoints(text);
  let pos = 0;
  const pushback: string[] = [];
  let state: string | null = " ";
  const read = (): string => {
    if ((pos & 0xfff) === 0) onTime();
    return pushback.pop() ?? (pos < chars.length ? chars[pos++] : "");
  };
  const readline = (): void => {
    while (pos < chars.length) if (chars[pos++] === "\n") break;
  };

  function readToken(): string | null {
    let quoted = false;
    let escapedstate = " ";
    let token = "";
    for (;;) {
      const c = read();
      if (state === null) {
        token = "";
        break;
      } else if (state === " ") {
        if (!c) {
          state = null;
          break;
        } else if (WHITESPACE.includes(c)) {
          if (token || quoted) break;
        } else if (c === "#") {
          readline();
        } else if (c === "\\") {
          escapedstate = "a";
          state = c;
        } else if (PUNCTUATION.includes(c)) {
          token = c;
          state = "c";
        } else if (QUOTES.includes(c)) {
          state = c;
        } else {
          token = c;
          state = "a";
        }
      } else if (QUOTES.includes(state)) {
        quoted = true;
        if (!c) throw new Error("No closing quotation");
        if (c === state) state = "a";
        else if (c === "\\" && state === '"') {
          escapedstate = state;
          state = c;
        } else token += c;
      } else if (state === "\\") {
        if (!c) throw new Error("No escaped character");
        if (QUOTES.includes(escapedstate) && c !== state && c !== escapedstate) token += state;
        token += c;
        state = escapedstate;
      } else {
        // "a" (a word) or "c" (punctuation)
        if (!c) {
          state = null;
          break;
        } else if (WHITESPACE.includes(c)) {
          state = " ";
          if (token || quoted) break;
        } else if (c === "#") {
          readline();
          state = " ";
          if (token || quoted) break;
        } else if (state === "c") {
          if (PUNCTUATION.includes(c)) token += c;
          else {
            pushback.push(c);
            state = " ";
            break;
          }
        } else if (QUOTES.includes(c)) {
          state = c;
        } else if (c === "\\") {
          escapedstate = "a";
          state = c;
        } else if (!PUNCTUATION.includes(c)) {
          token += c;
        } else {
          pushback.push(c);
          state = " ";
          if (token || quoted) break;
        }
      }
    }
    return !quoted && token === "" ? null : token;
  }

  const words: string[] = [];
  for (let w = readToken(); w !== null; w = readToken()) words.push(w);
  return words;
}
