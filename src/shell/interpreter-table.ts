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
  /**
   * The allow-list: short options known to be harmless without an argument (`flags`), short options
   * whose value is the rest of their word, if any (`rest`: perl's `-i.bak`, `-0777`), and long options
   * known to be harmless, with or without `=value` (`longFlags`). With `flags` set, any other option
   * makes the line dynamic (`python -i`, `node --env-file`, `awk -l`, `make -E`).
   */
  flags?: string;
  rest?: string;
  /** How much of the word a `rest` option takes, when not all of it (perl's `-l` octal digits: `-lne CODE`). */
  restPattern?: Readonly<Record<string, RegExp>>;
  longFlags?: readonly string[];
}

const PYTHON: Interpreter = {
  language: "python", code: "c", args: "WX", longArgs: ["check-hash-based-pycs"], stop: "m", stdin: true,
  flags: "bBdEhIOqsSuvVxPR", longFlags: ["version", "help", "help-env", "help-xoptions", "help-all"],
};
const AWK: Interpreter = {
  language: "awk", code: "e", longCode: ["source"], args: "FviW", longArgs: ["field-separator", "assign", "include"],
  file: "fE", longFile: ["file", "exec"], operandIsCode: true, flags: "bcCgGhMnNOPrsStVxy", rest: "dop",
  longFlags: [
    "characters-as-bytes", "traditional", "copyright", "gen-pot", "help", "lint", "bignum", "use-lc-numeric", "non-decimal-data",
    "optimize", "no-optimize", "posix", "re-interval", "sandbox", "lint-old", "version", "csv", "dump-variables", "pretty-print", "profile",
  ],
};
const NODE: Interpreter = {
  language: "javascript", code: "ep", longCode: ["eval", "print"], args: "rC", stdin: true, flags: "cvh",
  longArgs: ["require", "import", "loader", "experimental-loader", "conditions", "input-type", "title", "inspect-port", "test-name-pattern", "test-reporter", "test-reporter-destination", "unhandled-rejections"],
  longFlags: [
    "check", "version", "help", "no-warnings", "enable-source-maps", "inspect", "inspect-brk", "inspect-wait", "trace-warnings", "trace-deprecation",
    "trace-uncaught", "throw-deprecation", "no-deprecation", "pending-deprecation", "preserve-symlinks", "preserve-symlinks-main", "test", "watch",
    "watch-path", "watch-preserve-output", "experimental-strip-types", "experimental-transform-types", "no-experimental-strip-types", "experimental-vm-modules",
    "experimental-specifier-resolution", "experimental-default-type", "abort-on-uncaught-exception", "max-old-space-size", "stack-trace-limit",
    "frozen-intrinsics", "disable-proto", "experimental-permission", "permission", "allow-fs-read", "allow-fs-write", "expose-gc", "harmony",
    "no-addons", "no-global-search-paths", "test-only", "test-concurrency", "test-timeout", "test-coverage", "experimental-test-coverage",
    "experimental-detect-module", "no-experimental-detect-module", "experimental-require-module", "no-experimental-fetch", "openssl-legacy-provider",
    "use-openssl-ca", "use-bundled-ca", "icu-data-dir", "heapsnapshot-near-heap-limit", "diagnostic-dir", "report-on-fatalerror", "cpu-prof", "heap-prof",
    "prof", "zero-fill-buffers", "node-memory-debug", "max-http-header-size", "dns-result-order", "tls-min-v1.2", "tls-max-v1.3",
  ],
};
const PERL: Interpreter = {
  language: "perl", code: "eE", stdin: true, flags: "acnpsStTuvwWXUh", rest: "0ilCMmIFx", longFlags: ["version", "help"],
  restPattern: { l: /^[0-7]*/, "0": /^(?:[xX][0-9a-fA-F]*|[0-7]*)/, C: /^(?:\d+|[IOEioASDLa]*)/ },
};
const RUBY: Interpreter = {
  language: "ruby", code: "e", args: "IrCEF", stdin: true, flags: "acdlnpsSvwyhU", rest: "0iKTWx",
  restPattern: { "0": /^[0-7]*/, K: /^[a-zA-Z]?/, T: /^\d*/, W: /^(?:\d|:[\w-]+)?/ },
  longFlags: ["version", "verbose", "help", "disable", "enable", "jit", "yjit", "encoding", "external-encoding", "internal-encoding", "backtrace-limit", "disable-gems", "copyright"],
};
const PHP: Interpreter = { language: "php", code: "rBRE", args: "ftS", file: "F", stdin: true, flags: "hilmnqsvwH", longFlags: ["version", "help", "info", "ini", "syntax-check", "no-header", "modules", "no-php-ini"] };
const LUA: Interpreter = { language: "lua", code: "e", args: "l", stdin: true, flags: "vEW" };

export const INTERPRETERS: Readonly<Record<string, Interpreter>> = {
  python: PYTHON, pypy: PYTHON, py: PYTHON,
  perl: PERL,
  node: NODE, nodejs: NODE,
  bun: { language: "javascript", code: "ep", longCode: ["eval", "print"] },
  // node's TypeScript runners take node's -e/-p (their other options are their own: not an allow-list)
  tsx: { language: "javascript", code: "ep", longCode: ["eval", "print"], stdin: true, args: "r", longArgs: ["require", "import", "tsconfig", "env-file"] },
  "ts-node": { language: "javascript", code: "ep", longCode: ["eval", "print"], stdin: true, args: "rPOCD", longArgs: ["require", "project", "compiler-options", "compiler", "dir", "ignore", "ignore-diagnostics"] },
  ruby: RUBY, jruby: RUBY,
  awk: AWK, gawk: AWK, mawk: AWK, nawk: AWK,
  php: PHP,
  lua: LUA, luajit: LUA,
  rscript: { language: "r", code: "e", flags: "", longFlags: ["vanilla", "verbose", "version", "help", "no-environ", "no-site-file", "no-init-file", "default-packages", "save", "no-save", "restore", "no-restore"] },
};

/**
 * Python's standard modules (`sys.stdlib_module_names`): `python -m` runs one of them only if it is
 * listed in SAFE_MODULES (`timeit`, `pdb`, `code`, `runpy`, `pickle` run code from their arguments or
 * input). A module outside the standard library is the project's own code, as a script file is.
 */
const STDLIB = new Set(`abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect
builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall concurrent configparser
contextlib contextvars copy copyreg crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email
encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass
gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json
keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing
netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil
platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random
re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr
socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau
symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize
tomllib trace traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref
webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo`.split(/\s+/));

const SAFE_MODULES = new Set(`ast base64 calendar compileall dis doctest encodings ensurepip filecmp gzip http json lib2to3 mimetypes
pickletools platform py_compile pyclbr quopri random site sysconfig tabnanny tarfile this tokenize unittest uu uuid venv zipapp zipfile`.split(/\s+/));

/** True when `python -m MODULE` may run code that is not in the line (a standard module not known to be harmless). */
export function moduleRunsCode(module: string): boolean {
  const top = module.split(".")[0];
  return STDLIB.has(top) && !SAFE_MODULES.has(top);
}

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

