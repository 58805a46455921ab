// The languages inline-code.ts reads: how each writes strings and comments, which calls start
// processes (and what their first argument is), and which names reach such calls indirectly.
// Call kinds: line (a shell command line), argv (a program and its arguments, or one line),
// program (a program path), code (more code of the same language), open (a file, or with `|` a command),
// module (a module to load: fine when literal, dynamic when not).
import {
  AWK_ESCAPES, JS_ESCAPES, LUA_ESCAPES, PERL_ESCAPES, PHP_ESCAPES, PYTHON_ESCAPES, quoted, R_ESCAPES, RAW, RUBY_ESCAPES, SINGLE,
} from "./string-escapes";

/** One token: a name, a string (its value, and whether it interpolates at run time), or a character. */
export interface Token {
  k: "id" | "str" | "cmd" | "p";
  t: string;
  /** A string's value; for `cmd` (backticks, qx) the command line. */
  v?: string;
  /** A string whose value is only known when the code runs (`f"{x}"`, `"$x"`, `` `${x}` ``). */
  dyn?: boolean;
}

type Kind = "line" | "argv" | "program" | "code" | "open" | "module";

export interface Language {
  comments: readonly string[];
  /** A comment starts only at the start of a line (awk: a `#` inside a regex the scan misread must not hide a call). */
  lineComments?: boolean;
  blockComments?: boolean;
  /** Identifiers are NFKC-normalized by the interpreter (python: `ｏｓ.ｓｙｓｔｅｍ` is `os.system`). */
  normalize?: boolean;
  /** Reads a string (or quote-like) at `i`, if one starts there. */
  string(code: string, i: number, prev: Token | undefined): { token: Token; next: number } | undefined;
  calls: Readonly<Record<string, Kind>>;
  /** Call names that count only after one of `modules` (`subprocess.run`, not `app.run`). */
  qualified?: readonly string[];
  modules?: readonly string[];
  /** Names that reach process-starting calls in ways a scan cannot follow: dynamic wherever they appear. */
  dynamic: readonly string[];
  methodsOnly?: readonly string[];
  /** Source text that calls by a name held in a value (`$f(...)`, `&{"CORE::system"}`): dynamic. */
  dynamicPattern?: RegExp;
  /** Calls may omit their parentheses (`system "ls"`). */
  parenless?: boolean;
  /** awk's `|` pipes. */
  pipes?: boolean;
}

const str = (v: string, dyn: boolean, next: number, k: Token["k"] = "str") => ({ token: { k, t: "", v, dyn }, next });

const PYTHON: Language = {
  comments: ["#"],
  normalize: true,
  string(code, i) {
    const m = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(code.slice(i, i + 5));
    if (!m) return undefined;
    const prefix = m[1].toLowerCase();
    const r = quoted(code, i + m[0].length, m[2], prefix.includes("r") ? RAW : PYTHON_ESCAPES);
    const dyn = r.uncertain || (prefix.includes("f") && /\{(?!\{)/.test(r.body.replace(/\{\{/g, ""))) || /\\N\{/.test(code.slice(i, r.next));
    return str(r.body, dyn, r.next);
  },
  calls: {
    system: "line", popen: "line", Popen: "argv", run: "argv", call: "argv", check_call: "argv", check_output: "argv",
    getoutput: "line", getstatusoutput: "line", create_subprocess_shell: "line", create_subprocess_exec: "argv", spawn: "argv",
    execl: "program", execle: "program", execlp: "program", execlpe: "program", execv: "program", execve: "program",
    execvp: "program", execvpe: "program", posix_spawn: "program", posix_spawnp: "program", startfile: "program",
    exec: "code", eval: "code",
  },
  qualified: ["run", "call", "spawn", "check_call", "check_output"],
  modules: ["subprocess", "os", "pty", "pexpect", "asyncio", "commands", "sp"],
  dynamic: [
    "__import__", "getattr", "importlib", "compile", "globals", "locals", "vars", "__builtins__", "builtins", "__dict__",
    "__getattribute__", "__code__", "ctypes", "cffi", "fork", "forkpty", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv",
    "spawnve", "spawnvp", "spawnvpe", "marshal", "pickle", "runpy", "execfile",
  ],
};

/** perl's quote-like operators: q qq qw qx (and m s tr y, skipped); `s///e` is code, `ee` is dynamic. */
const PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}", "<": ">" };

function perlQuote(code: string, i: number): { token: Token; next: number } | undefined {
  const m = /^(qq|qw|qx|q|tr|m|s|y)\s*([^\w\s=,;)])/.exec(code.slice(i, i + 8));
  if (!m) return undefined;
  const op = m[1];
  const open = m[2];
  const close = PAIRS[open] ?? open;
  let j = i + m[0].length;
  let uncertain = false;
  const part = () => {
    const r = quoted(code, j, close, op === "q" || op === "qw" ? SINGLE : PERL_ESCAPES);
    j = r.next;
    uncertain ||= r.uncertain;
    return r.body;
  };
  const first = part();
  if (op === "s" || op === "tr" || op === "y") {
    if (PAIRS[open]) while (/\s/.test(code[j] ?? "")) j++;
    if (PAIRS[open]) j++;
    const second = part();
    const flags = /^[a-z]*/.exec(code.slice(j))?.[0] ?? "";
    j += flags.length;
    if (op === "s" && flags.includes("e")) return { token: { k: "cmd", t: "s///e", v: second, dyn: uncertain || flags.split("e").length > 2 }, next: j };
    return str("", false, j);
  }
  if (op === "m") return str("", false, j);
  const dyn = uncertain || ((op === "qq" || op === "qx") && open !== "'" && /[$@]\S/.test(first));
  return str(op === "qw" ? first.trim() : first, dyn, j, op === "qx" ? "cmd" : "str");
}

const PERL: Language = {
  comments: ["#"],
  string(code, i, prev) {
    if (prev?.t === "$" || prev?.t === "@" || prev?.t === "%") return undefined;
    const c = code[i];
    if (c === "'" || c === '"' || c === "`") {
      const r = quoted(code, i + 1, c, c === "'" ? SINGLE : PERL_ESCAPES);
      // any `$` or `@` before a character may interpolate (`$x`, `${x}`, `$'`, `$&`, `@{[...]}`)
      return str(r.body, r.uncertain || (c !== "'" && /[$@]\S/.test(r.body)), r.next, c === "`" ? "cmd" : "str");
    }
    if (prev?.t === "-" || prev?.t === ">") return undefined; // `->method`, `-s $file`
    return perlQuote(code, i);
  },
  calls: { system: "argv", exec: "argv", readpipe: "line", open: "open", eval: "code" },
  dynamic: ["fork", "syscall", "CORE", "IPC", "Open2", "Open3", "open2", "open3", "Shell", "can", "UNIVERSAL", "goto"],
  dynamicPattern: /&\s*[{$]|CORE::|->\s*\(|\*\{/,
  parenless: true,
};

const RUBY: Language = {
  comments: ["#"],
  string(code, i) {
    const c = code[i];
    if (c === "'" || c === '"' || c === "`") {
      const r = quoted(code, i + 1, c, c === "'" ? SINGLE : RUBY_ESCAPES);
      return str(r.body, r.uncertain || (c !== "'" && r.body.includes("#{")), r.next, c === "`" ? "cmd" : "str");
    }
    const m = /^%([qQwWiIx]?)([^\w\s])/.exec(code.slice(i, i + 3));
    if (!m || (m[1] === "" && !/[({[<|!]/.test(m[2]))) return undefined;
    const single = m[1] === "q" || m[1] === "w" || m[1] === "i";
    const r = quoted(code, i + m[0].length, PAIRS[m[2]] ?? m[2], single ? SINGLE : RUBY_ESCAPES);
    return str(r.body, r.uncertain || (!single && r.body.includes("#{")), r.next, m[1] === "x" ? "cmd" : "str");
  },
  calls: {
    system: "argv", exec: "argv", spawn: "argv", popen: "argv", popen2: "argv", popen3: "argv", popen2e: "argv", capture2: "argv",
    capture2e: "argv", capture3: "argv", pipeline: "argv", pipeline_r: "argv", pipeline_w: "argv", pipeline_rw: "argv",
    open: "open", eval: "code", instance_eval: "code", class_eval: "code", module_eval: "code",
  },
  dynamic: ["send", "public_send", "__send__", "method", "instance_method", "const_get", "fork", "syscall", "PTY", "binding", "define_method"],
  parenless: true,
};

const JS: Language = {
  comments: ["//"],
  blockComments: true,
  string(code, i) {
    const c = code[i];
    if (c !== "'" && c !== '"' && c !== "`") return undefined;
    const r = quoted(code, i + 1, c, JS_ESCAPES);
    return str(r.body, r.uncertain || (c === "`" && r.body.includes("${")), r.next);
  },
  calls: { exec: "line", execSync: "line", spawn: "argv", spawnSync: "argv", execFile: "argv", execFileSync: "argv", require: "module", import: "module" },
  dynamic: ["eval", "Function", "vm", "binding", "_linkedBinding", "dlopen", "mainModule", "constructor", "Worker", "Bun", "Deno", "wasi", "spawn_sync"],
};

const AWK: Language = {
  comments: ["#"],
  lineComments: true,
  string(code, i, prev) {
    if (code[i] === '"') {
      const r = quoted(code, i + 1, '"', AWK_ESCAPES);
      return str(r.body, r.uncertain, r.next);
    }
    // a regex where an operand cannot be: skip it
    if (code[i] === "/" && !(prev && (prev.k === "id" || prev.k === "str" || prev.t === ")" || /[0-9]/.test(prev.t)))) {
      const r = quoted(code, i + 1, "/", RAW);
      return { token: { k: "p", t: "regex" }, next: r.next };
    }
    return undefined;
  },
  calls: { system: "line" },
  dynamic: ["load"],
  pipes: true,
};

const PHP: Language = {
  comments: ["#", "//"],
  blockComments: true,
  string(code, i) {
    const c = code[i];
    if (c !== "'" && c !== '"' && c !== "`") return undefined;
    const r = quoted(code, i + 1, c, c === "'" ? SINGLE : PHP_ESCAPES);
    return str(r.body, r.uncertain || (c !== "'" && /\$[\w{]/.test(r.body)), r.next, c === "`" ? "cmd" : "str");
  },
  calls: { system: "line", exec: "line", shell_exec: "line", passthru: "line", popen: "line", proc_open: "argv", pcntl_exec: "program", eval: "code", assert: "code" },
  dynamic: ["call_user_func", "call_user_func_array", "create_function", "putenv", "dl", "FFI", "ReflectionFunction", "array_map", "usort"],
  dynamicPattern: /\$\w+\s*\(|\$\{[^}]*\}\s*\(/,
};

const LUA: Language = {
  comments: ["--"],
  string(code, i) {
    const c = code[i];
    if (c === "[" && code[i + 1] === "[") {
      const j = code.indexOf("]]", i + 2);
      return str(code.slice(i + 2, j < 0 ? code.length : j), false, j < 0 ? code.length : j + 2);
    }
    if (c !== "'" && c !== '"') return undefined;
    const r = quoted(code, i + 1, c, LUA_ESCAPES);
    return str(r.body, r.uncertain, r.next);
  },
  calls: { execute: "line", popen: "line" },
  qualified: ["execute", "popen"],
  modules: ["os", "io"],
  dynamic: ["load", "loadstring", "loadfile", "package", "debug"],
};

const R: Language = {
  comments: ["#"],
  string(code, i) {
    const c = code[i];
    if (c !== "'" && c !== '"') return undefined;
    const r = quoted(code, i + 1, c, R_ESCAPES);
    return str(r.body, r.uncertain, r.next);
  },
  calls: { system: "line", system2: "argv", shell: "line", pipe: "line" },
  dynamic: ["eval", "parse", "do", "get", "match", "dyn", "Internal", "Call", "processx"],
};

export const LANGUAGES: Readonly<Record<string, Language>> = { python: PYTHON, perl: PERL, ruby: RUBY, javascript: JS, awk: AWK, php: PHP, lua: LUA, r: R };
