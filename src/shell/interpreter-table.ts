// Which programs are interpreters whose inline code is read, and where in their words the code is:
// data only, so the module that reads code (interpreters.ts, loaded when one of these runs) stays
// off the start-up path of every other line.

export interface Interpreter {
  language: string;
  /** Short options whose argument is code (`-c`, `-e`). */
  code: string;
  longCode?: readonly string[];
  /** Other short options that take an argument (next word or attached). */
  args?: string;
  longArgs?: readonly string[];
  /** Short options after which no code follows (`python -m MODULE`). */
  stop?: string;
  /** The first operand is the program (awk), unless a code or file option gave one. */
  operandIsCode?: boolean;
  /** Options that name a file of code: after one, operands are data. */
  file?: string;
  longFile?: readonly string[];
  /** With no code and no script operand, the code is read from stdin. */
  stdin?: boolean;
}

const PYTHON: Interpreter = { language: "python", code: "c", args: "WX", longArgs: ["check-hash-based-pycs"], stop: "m", stdin: true };
const AWK: Interpreter = { language: "awk", code: "e", longCode: ["source"], args: "FvilW", longArgs: ["field-separator", "assign", "include", "load"], file: "fE", longFile: ["file", "exec"], operandIsCode: true };
const NODE: Interpreter = { language: "javascript", code: "ep", longCode: ["eval", "print"], args: "rC", longArgs: ["require", "import", "loader", "experimental-loader", "conditions", "env-file", "input-type", "title", "inspect-port"], stdin: true };

export const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  python: PYTHON, pypy: PYTHON, py: PYTHON,
  perl: { language: "perl", code: "eE", stdin: true },
  node: NODE, nodejs: NODE,
  bun: { language: "javascript", code: "ep", longCode: ["eval", "print"] },
  ruby: { language: "ruby", code: "e", args: "IrCEF", stdin: true },
  jruby: { language: "ruby", code: "e", args: "IrCEF", stdin: true },
  awk: AWK, gawk: AWK, mawk: AWK, nawk: AWK,
  php: { language: "php", code: "rBRE", args: "cdftz", file: "F", stdin: true },
  lua: { language: "lua", code: "e", args: "l", stdin: true },
  luajit: { language: "lua", code: "e", args: "l", stdin: true },
  rscript: { language: "r", code: "e" },
};


/** The interpreters the analysis reads (computed when asked, not at load). */
export function interpreterNames(): string[] {
  return [...Object.keys(INTERPRETERS), "osascript"];
}


/** The interpreter `name` is (`python3.12` is python), if any. */
export function lookupInterpreter(name: string): Interpreter | undefined {
  if (Object.hasOwn(INTERPRETERS, name)) return INTERPRETERS[name];
  const last = name.charCodeAt(name.length - 1);
  if (last < 48 || last > 57) return undefined; // no version suffix (`python3.12`)
  const base = name.replace(/[0-9.]+$/, "");
  return base !== name && (base === "python" || base === "pypy" || base === "ruby" || base === "perl" || base === "lua" || base === "php") ? INTERPRETERS[base] : undefined;
}

