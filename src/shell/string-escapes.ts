// How each language reads the backslashes in its string literals (languages.ts). A command built
// from a string is analyzed as the interpreter will see it, so an escape decoded wrongly could split
// its words differently: an escape whose meaning this module does not know for sure (it differs
// between awk implementations, it is an octal or a case modifier, the language rejects it) makes the
// string uncertain, and a command made from it dynamic.

/** How a string's backslashes are read. */
export interface Escapes {
  /**
   * raw: every backslash stays (python r'...'; it only keeps the quote from closing);
   * single: `\\` and an escaped quote lose their backslash, the rest stay (perl, ruby, php '...');
   * escapes: the letters in `known` are decoded, others as `unknown` says.
   */
  kind: "raw" | "single" | "escapes";
  /** Escapes decoded besides `\\` and the closing quote: `ntr'"`, ... */
  known?: string;
  /** Letters whose escape changes what follows or is not modelled (perl's `\U`): uncertain. */
  special?: string;
  /** An escape not known: kept with its backslash (python), the backslash dropped (perl, js), or uncertain. */
  unknown?: "keep" | "drop" | "uncertain";
  /** `\` at a line's end joins the lines (python, js, lua). */
  continuation?: boolean;
  /** `\x` takes exactly two hex digits, `\u` four (otherwise uncertain). */
  hex?: boolean;
}

export interface Quoted {
  body: string;
  next: number;
  /** An escape this module cannot decode for sure. */
  uncertain: boolean;
}

/** Reads a string closed by `q` from `i` (after the opening quote). */
export function quoted(code: string, i: number, q: string, e: Escapes): Quoted {
  let body = "";
  let uncertain = false;
  for (; i < code.length; i++) {
    if (code.startsWith(q, i)) return { body, next: i + q.length, uncertain };
    if (code[i] !== "\\" || i + 1 >= code.length) {
      body += code[i];
      continue;
    }
    const c = code[++i];
    if (e.kind === "raw") body += `\\${c}`;
    else if (e.kind === "single") body += c === "\\" || c === q[0] ? c : `\\${c}`;
    else if (c === "\\" || c === q[0]) body += c;
    else if (c === "\n" && e.continuation) continue;
    else if (e.known?.includes(c)) body += DECODED[c];
    else if (e.hex && (c === "x" || c === "u") && HEX[c].test(code.slice(i + 1, i + 1 + (c === "x" ? 2 : 4)))) {
      const n = c === "x" ? 2 : 4;
      body += String.fromCharCode(Number.parseInt(code.slice(i + 1, i + 1 + n), 16));
      i += n;
    } else if (/[0-9xuU]/.test(c) || e.special?.includes(c) || e.unknown === "uncertain") {
      uncertain = true; // an octal, a hex this does not decode, a modifier, or an escape read differently
      body += c;
    } else body += e.unknown === "keep" ? `\\${c}` : c;
  }
  return { body, next: code.length, uncertain };
}

const DECODED: Readonly<Record<string, string>> = {
  n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v", e: "\x1b", s: " ", "/": "/", $: "$", "@": "@", "`": "`", "'": "'", '"': '"',
};
const HEX: Readonly<Record<string, RegExp>> = { x: /^[0-9a-fA-F]{2}$/, u: /^[0-9a-fA-F]{4}$/ };

export const RAW: Escapes = { kind: "raw" };
export const SINGLE: Escapes = { kind: "single" };
/** Python's `'...'` and `"..."`: unknown escapes keep their backslash (`"\q"` is `\q`). */
export const PYTHON_ESCAPES: Escapes = { kind: "escapes", known: "ntrabfv'\"", special: "N", unknown: "keep", continuation: true, hex: true };
/** Perl's `"..."`: `\U`, `\L`, `\Q`, `\c` and octals change what follows: uncertain; others lose the backslash. */
export const PERL_ESCAPES: Escapes = { kind: "escapes", known: "ntrabfe$@'\"", special: "lLuUQEcNo", unknown: "drop" };
/** Ruby's `"..."` (`\s` is a space; `\M-`, `\C-`, `\c` and octals uncertain). */
export const RUBY_ESCAPES: Escapes = { kind: "escapes", known: "ntrabefvs'\"", special: "MCc", unknown: "drop", hex: true };
/** JavaScript's strings (`\e` is `e`). */
export const JS_ESCAPES: Escapes = { kind: "escapes", known: "ntrbfv'\"`", unknown: "drop", continuation: true, hex: true };
/** PHP's `"..."`: unknown escapes (`\'` too) keep their backslash. */
export const PHP_ESCAPES: Escapes = { kind: "escapes", known: "ntrvef$\"", unknown: "keep" };
/** awk: `\'` and other unknown escapes differ between gawk (drops the backslash) and mawk (keeps it). */
export const AWK_ESCAPES: Escapes = { kind: "escapes", known: "ntrabfv/\"", unknown: "uncertain" };
/** Lua and R refuse unknown escapes. */
export const LUA_ESCAPES: Escapes = { kind: "escapes", known: "ntrabfv'\"", unknown: "uncertain", continuation: true };
export const R_ESCAPES: Escapes = { kind: "escapes", known: "ntrabfv'\"`", unknown: "uncertain" };
