// sed: a script can run commands (`e CMD`, or `e` and `s///e` on the pattern space) and write files
// (`w FILE`, `W FILE`, `s///w FILE`, `-i`). The script is read from every spelling GNU sed takes:
// `-e SCRIPT`, `-eSCRIPT`, `--expression=SCRIPT`, `--expr SCRIPT` (a prefix), the first operand, and
// `-f FILE` (a file of the program's own language: recorded, not analyzed). `--sandbox` refuses all
// of them. A script made by an expansion may hold any of them: dynamic.
import { type CommandInfo, type Findings, type Site, addEffect, dynamic, spanOf } from "./findings";
import type { Span, Word } from "./syntax";

/** The scripts found, whether a script option was given (then operands are files), and --sandbox. */
type Scripts = Word[] & { sandbox?: boolean; given?: boolean; stdin?: Word };

/** A script file that is stdin (`sed -f -`, `-f /dev/stdin`), or named by an expansion: its commands are not in the line. */
const fromStdin = (w: Word | undefined) => w !== undefined && (w.flags !== 0 || /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/[^/]+\/fd\/\d+)$/.test(w.text));

const LONG_ARG = ["expression", "file", "line-length"];
const LONG_FLAG = ["quiet", "silent", "debug", "in-place", "null-data", "zero-terminated", "regexp-extended", "separate", "sandbox", "unbuffered", "posix", "follow-symlinks", "binary", "help", "version"];

/** Reads sed's options and script(s). */
export function sedCarriers(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  const scripts: Scripts = [];
  let operand = true;
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const t = w.text;
    if (w.flags !== 0) {
      if (operand && !scripts.length) scripts.push(w);
      else dynamic(f, "option-not-static", "sed is given a word only known when the line runs, where a script option (-e, --expression) could be", spanOf(site, w));
      operand = false;
      continue;
    }
    if (t === "--") break;
    if (t.startsWith("--")) k = longOption(words, k, scripts, info);
    else if (t.length > 1 && t[0] === "-") k = shortOptions(words, k, scripts, info);
    else if (operand && !scripts.length && !scripts.given) {
      scripts.push(w);
      operand = false;
    }
  }
  if (scripts.sandbox) return; // --sandbox refuses e, w and r
  if (scripts.stdin) dynamic(f, "stdin-script", "sed reads its script from stdin or a file only known when the line runs (it may hold e or w commands)", spanOf(site, scripts.stdin));
  for (const s of scripts) {
    if (s.flags !== 0) {
      dynamic(f, "inline-code", "sed runs a script only known when the line runs (it may hold e or w commands)", spanOf(site, s));
      continue;
    }
    readScript(s.text, spanOf(site, s), site, f, info);
  }
}

// --- internal ---

function longOption(words: Word[], k: number, scripts: Scripts, info: CommandInfo): number {
  const t = words[k].text;
  const eq = t.indexOf("=");
  const name = expand(t.slice(2, eq < 0 ? undefined : eq));
  const value = eq >= 0 ? { ...words[k], text: t.slice(eq + 1) } : words[k + 1];
  if (name === "expression" && value) scripts.push(value);
  if (name === "file") addEffect(info, "runs a sed script file");
  if (name === "file" && fromStdin(value)) scripts.stdin = value;
  if (name === "file" || name === "expression") scripts.given = true;
  if (name === "in-place") addEffect(info, "writes sed -i");
  if (name === "sandbox") scripts.sandbox = true;
  return LONG_ARG.includes(name) && eq < 0 ? k + 1 : k;
}

/** A long option's full name from an unambiguous prefix (`--expr` is `--expression`). */
function expand(name: string): string {
  const all = LONG_ARG.concat(LONG_FLAG).filter((n) => n.startsWith(name));
  return all.includes(name) ? name : all.length === 1 ? all[0] : name;
}

function shortOptions(words: Word[], k: number, scripts: Scripts, info: CommandInfo): number {
  const w = words[k];
  const t = w.text;
  for (let j = 1; j < t.length; j++) {
    const ch = t[j];
    if (ch === "i") return addEffect(info, "writes sed -i"), k; // -i[SUFFIX]: the rest is the suffix
    if (ch === "e" || ch === "f" || ch === "l") {
      const value = j + 1 < t.length ? { ...w, text: t.slice(j + 1) } : words[k + 1];
      if (ch === "e" && value) scripts.push(value);
      if (ch === "f") addEffect(info, "runs a sed script file");
      if (ch === "f" && fromStdin(value)) scripts.stdin = value;
      scripts.given = true;
      return j + 1 < t.length ? k : k + 1;
    }
  }
  return k;
}

/**
 * Walks a sed script's commands: addresses, `!`, then one command letter with its argument. `e CMD`
 * runs CMD (analyzed as shell); `e` alone and the `e` flag of `s` run the pattern space (dynamic);
 * `w`, `W` and the `w` flag write files. Anything it cannot read is taken as running a command.
 */
function readScript(script: string, span: Span, site: Site, f: Findings, info: CommandInfo): void {
  const s = { text: script, i: 0 };
  while (s.i < s.text.length) {
    skip(s, " \t\n;");
    if (s.i >= s.text.length) break;
    if (!address(s)) return unreadable(span, f, info);
    skip(s, " \t");
    while (s.text[s.i] === "!") {
      s.i++;
      skip(s, " \t");
    }
    const c = s.text[s.i++];
    if (c === undefined) break;
    if (!command(c, s, span, site, f, info)) return unreadable(span, f, info);
  }
}

function unreadable(span: Span, f: Findings, info: CommandInfo): void {
  addEffect(info, "runs a sed script this analysis cannot read");
  dynamic(f, "inline-code", "sed's script could not be read, so it may run or write anything", span);
}

interface Cursor {
  text: string;
  i: number;
}

function skip(s: Cursor, chars: string): void {
  while (s.i < s.text.length && chars.includes(s.text[s.i])) s.i++;
}

/** Returns the rest of the line (a file name, an `e` command, a label). */
function restOfLine(s: Cursor): string {
  const j = s.text.indexOf("\n", s.i);
  const end = j < 0 ? s.text.length : j;
  const out = s.text.slice(s.i, end);
  s.i = end;
  return out;
}

/** Reads `ADDR[,ADDR]`: numbers, `$`, `first~step`, `/re/I`, `\cREc`, `+N`, `~N`. */
function address(s: Cursor): boolean {
  for (let n = 0; n < 2; n++) {
    const c = s.text[s.i];
    if (c === "/" || c === "\\") {
      if (c === "\\") s.i++;
      if (!delimited(s, s.text[s.i++])) return false;
      while (s.text[s.i] === "I" || s.text[s.i] === "M") s.i++;
    } else if (c === "$") s.i++;
    else if (c !== undefined && /[0-9+~]/.test(c)) while (s.i < s.text.length && /[0-9~+]/.test(s.text[s.i])) s.i++;
    else if (n === 1) return false;
    skip(s, " \t");
    if (n === 0 && s.text[s.i] !== ",") return true;
    if (n === 0) {
      s.i++;
      skip(s, " \t");
    }
  }
  return true;
}

/** Skips a part ended by `delim` (escapes honoured); false when it does not end. */
function delimited(s: Cursor, delim: string | undefined): boolean {
  if (delim === undefined || delim === "\n" || delim === "\\") return false;
  for (; s.i < s.text.length; s.i++) {
    if (s.text[s.i] === "\\") s.i++;
    else if (s.text[s.i] === delim) return s.i++, true;
  }
  return false;
}

const SIMPLE = "=dDgGhHlnNpPxzF{}";

/** Reads one command after its letter `c`; returns false when the script cannot be read. */
function command(c: string, s: Cursor, span: Span, site: Site, f: Findings, info: CommandInfo): boolean {
  if (SIMPLE.includes(c)) {
    if (c === "l") skip(s, "0123456789 \t");
    return true;
  }
  if (c === "#" || c === ":" || c === "b" || c === "t" || c === "T") {
    restOfLabel(s, c === "#");
    return true;
  }
  if (c === "q" || c === "Q" || c === "L") return skip(s, " \t0123456789"), true;
  if (c === "a" || c === "i" || c === "c") return appendText(s), true;
  if (c === "r" || c === "R") return restOfLine(s), true;
  if (c === "w" || c === "W") return addEffect(info, `writes sed ${c}`), restOfLine(s), true;
  if (c === "e") {
    const cmd = restOfLine(s).trim();
    addEffect(info, "runs sed e");
    // sed handles backslashes in the command before the shell sees it (`\'` becomes `'`)
    if (cmd.includes("\\")) dynamic(f, "inline-code", "sed's e command holds backslashes, which sed itself rewrites before the shell reads it", span);
    if (cmd) f.sh(cmd.replace(/\\(.)/g, "$1"), site.depth + 1, f, "sed e", span);
    else dynamic(f, "inline-code", "sed's e command runs the pattern space as a command", span);
    return true;
  }
  if (c === "y") {
    const d = s.text[s.i++];
    return delimited(s, d) && delimited(s, d);
  }
  if (c === "s") return substitute(s, span, f, info);
  return false;
}

/** `s/re/repl/flags`: the `e` flag runs the result, `w FILE` writes it. */
function substitute(s: Cursor, span: Span, f: Findings, info: CommandInfo): boolean {
  const d = s.text[s.i++];
  if (!delimited(s, d) || !delimited(s, d)) return false;
  while (s.i < s.text.length && /[gpiImMe0-9w]/.test(s.text[s.i])) {
    const flag = s.text[s.i++];
    if (flag === "e") {
      addEffect(info, "runs sed s///e");
      dynamic(f, "inline-code", "the e flag of sed's s command runs the substitution's result as a command", span);
    }
    if (flag === "w") {
      addEffect(info, "writes sed s///w");
      restOfLine(s);
    }
  }
  return true;
}

/** A label (`:x`, `b x`) ends at a newline or `;`; a comment at the newline. */
function restOfLabel(s: Cursor, comment: boolean): void {
  while (s.i < s.text.length && s.text[s.i] !== "\n" && (comment || s.text[s.i] !== ";")) s.i++;
}

/** `a text`, `a\` NEWLINE `text` (with `\` continuing lines). */
function appendText(s: Cursor): void {
  for (; s.i < s.text.length; s.i++) {
    if (s.text[s.i] === "\\") s.i++;
    else if (s.text[s.i] === "\n") return;
  }
}
