// Interpreters' inline code (`python -c`, `perl -e`, `node -e`, `ruby -e`, awk programs, `php -r`,
// `lua -e`, `Rscript -e`): the code is tokenized (strings and comments apart) and scanned for calls
// that start processes. A call whose command is literal has it analyzed as shell; a call with any
// other argument, a process-starting name used other than as a direct call (`s = os.system`), or a
// way to reach one by name (`getattr`, `__import__`, `eval`, `send`) makes the line dynamic. This is
// a scan, not an interpreter: what it cannot account for, it reports as dynamic.
import type { Findings, Site } from "./findings";
import { dynamic } from "./findings";
import { LANGUAGES, type Language, type Token } from "./languages";
import type { Span } from "./syntax";

/** Scans `code` of language `lang` (at `span`) for process-starting calls; `via` says where it came from. */
export function scanCode(lang: string, code: string, span: Span, via: string, site: Site, f: Findings, depth = 0): void {
  const language = LANGUAGES[lang];
  if (!language) return;
  if (depth > 4) return dynamic(f, "inline-code", `${via}: code nested too deeply to read`, span);
  const text = language.normalize ? code.normalize("NFKC") : code;
  const toks = tokenize(text, language);
  const ctx: Scan = { language, toks, span, via, site, f, depth, lang };
  if (language.dynamicPattern?.test(text)) dynamic(f, "inline-code", `${via}: the code calls something by a name held in a value`, span);
  for (let i = 0; i < toks.length; i++) visit(ctx, i);
  if (language.pipes) pipes(ctx);
}

// --- internal ---

interface Scan {
  language: Language;
  toks: Token[];
  span: Span;
  via: string;
  site: Site;
  f: Findings;
  depth: number;
  lang: string;
}

function visit(s: Scan, i: number): void {
  const tok = s.toks[i];
  if (tok.k === "cmd") return command(s, tok);
  if (tok.k !== "id") return;
  const L = s.language;
  if (L.dynamic.includes(tok.t) && !(s.toks[i - 1]?.t === "." && L.methodsOnly?.includes(tok.t))) {
    return dynamic(s.f, "inline-code", `${s.via}: \`${tok.t}\` can reach a process-starting call by a name this scan cannot follow`, s.span);
  }
  if (!Object.hasOwn(L.calls, tok.t)) return;
  const kind = L.calls[tok.t];
  if (kind === "module" && s.toks[i + 1]?.t !== "(") return; // `import x from "m"` is a statement
  if (tok.t === "eval" && s.toks[i + 1]?.t === "{") return; // perl's `eval { ... }` is a block, not code in a string
  if (imported(s.toks, i)) {
    // `from os import system` names it; `from os import system as s` calls it by another name
    if (s.toks[i + 1]?.t === "as") dynamic(s.f, "inline-code", `${s.via}: \`${tok.t}\` is imported under another name`, s.span);
    return;
  }
  if (L.qualified?.includes(tok.t) && !qualifiedOk(s, i)) return;
  const args = argumentsAt(s, i + 1);
  if (!args) return dynamic(s.f, "inline-code", `${s.via}: \`${tok.t}\` is used other than as a direct call, so what it runs is not known`, s.span);
  apply(s, kind, tok.t, args);
}

/** True when the name at `i` is in the list of an import statement (`from x import a, b`). */
function imported(toks: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 64; k--) {
    const t = toks[k].t;
    if (t === "import") return true;
    if (t !== "," && t !== "(" && toks[k].k !== "id") return false;
    if (t === "\n" || t === ";") return false;
  }
  return false;
}

/** A name like `run` counts only after a module that starts processes (`subprocess.run`) or when imported from one. */
function qualifiedOk(s: Scan, i: number): boolean {
  const prev = s.toks[i - 1];
  if (prev?.t !== ".") return s.toks.some((t, k) => t.t === "import" && s.toks.slice(Math.max(0, k - 3), k).some((q) => s.language.modules?.includes(q.t)));
  const owner = s.toks[i - 2]?.t ?? "";
  return s.language.modules?.includes(owner) || aliasOf(s, owner);
}

/** True when `name` was imported as an alias of a process module (`import subprocess as sp`). */
function aliasOf(s: Scan, name: string): boolean {
  for (let k = 2; k < s.toks.length; k++) if (s.toks[k].t === name && s.toks[k - 1].t === "as" && s.language.modules?.includes(s.toks[k - 2].t)) return true;
  return false;
}

/** A literal argument: a string, or a list whose items are strings (null: an item that is not literal). */
type Arg = { value?: string; list?: (string | null)[] } | undefined;

/** Reads a call's arguments after the name at `i`: `( ... )`, or for paren-less languages up to the statement's end. */
function argumentsAt(s: Scan, i: number): Arg[] | undefined {
  const open = s.toks[i];
  let end: number;
  if (open?.t === "(") end = matching(s.toks, i);
  else if (s.language.parenless && open && open.t !== "=" && open.t !== ")" && open.t !== "," && open.t !== ".") {
    end = i;
    while (end < s.toks.length && ![";", "\n", "}", "|", "&", ")"].includes(s.toks[end].t) && !(s.toks[end].k === "id" && /^(?:or|and|if|unless)$/.test(s.toks[end].t))) end++;
    i--;
  } else return undefined;
  const out: Arg[] = [];
  let part: Token[] = [];
  for (let k = i + 1; k < end; k++) {
    const t = s.toks[k];
    if (t.t === "(" || t.t === "[" || t.t === "{") {
      const m = matching(s.toks, k);
      part.push(...s.toks.slice(k, m + 1));
      k = m;
    } else if (t.t === ",") {
      out.push(literal(part));
      part = [];
    } else part.push(t);
  }
  if (part.length || !out.length) out.push(literal(part));
  // `shell=True`, `{shell: true}`: the words are joined into a shell line, so none may be unknown
  if (s.toks.slice(i + 1, end).some((t) => t.t === "shell")) (out as Arg[] & { shell?: boolean }).shell = true;
  return out;
}

/** Returns the index of the bracket closing the one at `i` (or the last token). */
function matching(toks: Token[], i: number): number {
  const open = toks[i].t;
  const close = open === "(" ? ")" : open === "[" ? "]" : "}";
  for (let d = 0, k = i; k < toks.length; k++) {
    if (toks[k].t === open) d++;
    else if (toks[k].t === close && --d === 0) return k;
  }
  return toks.length - 1;
}

/** The literal value of an argument: concatenated strings, or a list of strings; undefined if not literal. */
function literal(part: Token[]): Arg {
  const toks = part.filter((t) => t.t !== "\n");
  if (!toks.length) return { value: "" };
  if (toks.length >= 2 && toks[0].k === "id" && toks[1].t === "=" && toks[2]?.t !== "=") return KEYWORD;
  if ((toks[0].t === "[" || toks[0].t === "(") && toks[toks.length - 1].t === (toks[0].t === "[" ? "]" : ")")) {
    const items: (string | null)[] = [];
    let item: string | null = "";
    for (const t of toks.slice(1, -1)) {
      if (t.t === ",") {
        items.push(item);
        item = "";
      } else if (t.k === "str" && !t.dyn && item !== null) item += t.v ?? "";
      else if (!(t.t === "+" || t.t === ".")) item = null;
    }
    if (toks.length > 2) items.push(item);
    return { list: items };
  }
  let value = "";
  for (const t of toks) {
    if (t.k === "str" && !t.dyn) value += t.v ?? "";
    else if (!(t.t === "+" || t.t === "." || t.t === "..")) return undefined;
  }
  return { value };
}

const quote = (w: string) => `'${w.replace(/'/g, "'\\''")}'`;

/** A keyword argument (`shell=True`, `cwd=x`): it names no program. */
const KEYWORD: Arg = { value: undefined };

/**
 * A program and its arguments as a shell line: literal words quoted, a list's items spread, anything
 * else a variable (so a shell's `-c` given one is dynamic, a plain argument is not).
 */
function argv(head: (string | null)[], rest: Arg[]): string {
  const word = (w: string | null) => (w === null ? '"$CODE_VALUE"' : quote(w));
  const words = head.map(word);
  for (const a of rest) {
    if (a?.list) words.push(...a.list.map(word));
    else words.push(word(a?.value ?? null));
  }
  return words.join(" ");
}

/** Acts on one recognized call. */
function apply(s: Scan, kind: string, name: string, args: Arg[]): void {
  const first = args[0];
  const bad = () => dynamic(s.f, "inline-code", `${s.via}: ${name}() is given a command that is only known when the code runs`, s.span);
  if (kind === "module") {
    if (first?.value === undefined) dynamic(s.f, "inline-code", `${s.via}: ${name}() loads a module whose name is only known when the code runs`, s.span);
    return;
  }
  if (kind === "code") {
    if (!first?.value && first?.value !== "") return bad();
    return scanCode(s.lang, first.value, s.span, s.via, s.site, s.f, s.depth + 1);
  }
  if (kind === "open") return open(s, name, args);
  if (!first) return bad();
  if (kind === "program") {
    if (first.value === undefined) return bad();
    return run(s, quote(first.value), name);
  }
  const shell = (args as Arg[] & { shell?: boolean }).shell === true;
  if (shell && (first.list?.includes(null) || args.slice(1).some((a) => a !== KEYWORD && (a?.value === undefined && !a?.list || a?.list?.includes(null))))) return bad();
  if (first.list) return run(s, argv(first.list, args.slice(1)), name);
  if (first.value === undefined) return bad();
  const rest = args.slice(1).filter((a) => a !== KEYWORD);
  if (kind === "argv" && rest.length) return run(s, argv([first.value], rest), name);
  run(s, first.value, name);
}

function run(s: Scan, line: string, name: string): void {
  s.f.sh(line, s.site.depth + 1, s.f, `${s.via} ${name}`, s.span);
}

/** perl/ruby/php `open`: a mode or name with `|` runs a command (`open(F, "cmd |")`, `open(F, "-|", "cmd")`). */
function open(s: Scan, name: string, args: Arg[]): void {
  const target = args.length >= 3 ? args[1] : args[args.length === 1 ? 0 : 1];
  if (target?.value === undefined) return dynamic(s.f, "inline-code", `${s.via}: ${name}() is given a file or command only known when the code runs`, s.span);
  const v = target.value.trim();
  if (args.length >= 3) {
    if (!v.includes("|")) return;
    const cmd = args.slice(2);
    if (cmd.some((a) => a?.value === undefined)) return dynamic(s.f, "inline-code", `${s.via}: ${name}() runs a command only known when the code runs`, s.span);
    return run(s, cmd.length > 1 ? cmd.map((a) => quote(a?.value ?? "")).join(" ") : (cmd[0]?.value ?? ""), name);
  }
  if (v.startsWith("|")) run(s, v.slice(1), name);
  else if (v.endsWith("|")) run(s, v.slice(0, -1), name);
}

/** Backticks and `qx{}`: a command line, unless it interpolates; perl's `s///e`: more code (`ee`: evaluated twice). */
function command(s: Scan, tok: Token): void {
  if (tok.t === "s///e") {
    if (tok.dyn) return dynamic(s.f, "inline-code", `${s.via}: s///ee evaluates the result of code as code`, s.span);
    return scanCode(s.lang, tok.v ?? "", s.span, s.via, s.site, s.f, s.depth + 1);
  }
  if (tok.dyn) return dynamic(s.f, "inline-code", `${s.via}: a command substitution in the code interpolates values only known when it runs`, s.span);
  run(s, tok.v ?? "", "`...`");
}

/** awk's `CMD | getline` and `print ... | CMD`: the command is the expression beside the `|`. */
function pipes(s: Scan): void {
  const toks = s.toks;
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].t !== "|") continue;
    if (toks[i + 1]?.t === "|") {
      i++; // `||` is a logical or
      continue;
    }
    const reading = toks[i + 1]?.t === "getline" || (toks[i + 1]?.t === "&" && toks[i + 2]?.t === "getline");
    let a = i;
    let b = i + 1;
    if (reading) while (a > 0 && !BOUNDARY.includes(toks[a - 1].t)) a--;
    else while (b < toks.length && !BOUNDARY.includes(toks[b].t)) b++;
    const part = reading ? toks.slice(a, i) : toks.slice(toks[i + 1]?.t === "&" ? i + 2 : i + 1, b);
    const value = literal(part)?.value;
    if (value === undefined || value === "") dynamic(s.f, "inline-code", `${s.via}: awk pipes ${reading ? "from" : "into"} a command only known when the program runs`, s.span);
    else run(s, value, reading ? "| getline" : "print |");
  }
}

const BOUNDARY = [";", "\n", "{", "}", "(", ")", ",", "print", "printf"];

/** Splits code into tokens, keeping strings (decoded) and dropping comments. */
function tokenize(code: string, L: Language): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < code.length; ) {
    const c = code[i];
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (L.comments.some((m) => code.startsWith(m, i)) && (!L.lineComments || /(?:^|\n)[ \t]*$/.test(code.slice(Math.max(0, i - 80), i)))) {
      const j = code.indexOf("\n", i);
      i = j < 0 ? code.length : j;
      continue;
    }
    if (code.startsWith("/*", i) && L.blockComments) {
      const j = code.indexOf("*/", i + 2);
      i = j < 0 ? code.length : j + 2;
      continue;
    }
    const str = L.string(code, i, out[out.length - 1]);
    if (str) {
      out.push(str.token);
      i = str.next;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code.slice(i, i + 64));
    if (id) {
      out.push({ k: "id", t: id[0] });
      i += id[0].length;
      continue;
    }
    out.push({ k: "p", t: c });
    i++;
  }
  return out;
}

