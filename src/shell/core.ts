// The modeled core: the part of bash this analysis models exactly, written down as one table. The
// rule is an allow-list: what is listed here is read as bash reads it; anything else that can change
// what a line runs (an option, a trap, a variable's value bash itself uses) makes the line dynamic.
// README.md's "Unknown means dynamic" says the same in prose; test/shell/modeled-core.test.ts checks this
// table against the real bash (`compgen -b`, `set -o`, `shopt`).
//
// Variables: the analysis holds one fact about a variable, "its value is an integer" (arithmetic
// evaluates any other value as an expression, where `a[$(cmd)]` runs cmd). It holds it only where
// every write to the variable in the line is a plain assignment word it sees (`x=5`, `(( x = 1 ))`).
// A write it does not see the value of (`read x`, `printf -v x`, `mapfile x`, `getopts o x`, `for x
// in`, `${x:=v}`, `declare x=$v`) makes the value unknown; a write whose target it does not see (a
// nameref, a name made by an expansion) makes the line dynamic. Bash's own variables (SPECIAL) never
// have a known value, and an unseen write to one whose value bash or a program acts on (EFFECTS, and
// every variable of environment.ts) makes the line dynamic. The facts are order-free: every write
// anywhere in the line counts, and each use is judged once the whole line is read (a function may run
// a write that comes later in the text first).
import { carriesCommand } from "./environment";

/** Constructs read exactly (scan.ts's grammar): anything the scanner does not know is a syntax issue, dynamic. */
export const CONSTRUCTS: readonly string[] = [
  "lists and pipelines: ; & && || | |& newline",
  "subshells ( ), groups { }, if/while/until/for/select/case, [[ ]], (( )), function definitions, coproc, time, !",
  "words: quotes ' \" $'..' $\"..\", escapes, line continuations, globs and extglobs, brace expansion (dynamic in program position)",
  "expansions: $x ${x} ${x op word} ${#x} ${x[sub]} $(..) `..` $((..)) $[..] <(..) >(..) (dynamic in program position)",
  "redirections and heredocs (a delimiter's quoting decides whether the body is expanded)",
  "assignment words NAME=v NAME+=v NAME[sub]=v NAME=(..)",
];

/**
 * Every bash builtin (`compgen -b`), and how the analysis reads it:
 * - plain:    runs nothing and writes no variable the analysis relies on
 * - wrapper:  runs the command in its words (wrappers.ts)
 * - runner:   runs text or a file as code (runner-table.ts: eval, source, trap)
 * - assigns:  writes the variables it is given (builtins.ts): their values become unknown
 * - declares: declare and its kin: attributes and assignments (builtins.ts); a nameref is dynamic
 * - options:  changes shell options (set, shopt): harmless ones are listed below, others are dynamic
 * - handled:  has options that run code or change what a name runs, read by builtins.ts
 *             (alias, bind -x, compgen -C/-W, enable -f, fc, hash -p, jobs -x, let, test -v, unset)
 */
export type BuiltinModel = "plain" | "wrapper" | "runner" | "assigns" | "declares" | "options" | "handled";

export const BUILTINS: Readonly<Record<string, BuiltinModel>> = {
  ".": "runner", ":": "plain", "[": "handled", alias: "handled", bg: "plain", bind: "handled", break: "plain",
  builtin: "wrapper", caller: "plain", cd: "plain", command: "wrapper", compgen: "handled", complete: "handled",
  compopt: "plain", continue: "plain", declare: "declares", dirs: "plain", disown: "plain", echo: "plain",
  enable: "handled", eval: "runner", exec: "wrapper", exit: "plain", export: "declares", false: "plain", fc: "handled",
  fg: "plain", getopts: "assigns", hash: "handled", help: "plain", history: "plain", jobs: "handled", kill: "plain",
  let: "handled", local: "declares", logout: "plain", mapfile: "assigns", popd: "plain", printf: "assigns",
  pushd: "plain", pwd: "plain", read: "assigns", readarray: "assigns", readonly: "declares", return: "plain",
  set: "options", shift: "plain", shopt: "options", source: "runner", suspend: "plain", test: "handled", times: "plain",
  trap: "runner", true: "plain", type: "plain", typeset: "declares", ulimit: "plain", umask: "plain", unalias: "plain",
  unset: "handled", wait: "assigns",
};

/**
 * `set` options that change nothing about what a line runs (letters and `-o` names). Not listed,
 * so dynamic: -k (assignments anywhere become environment), -o posix (aliases expand), -T/-E
 * (traps run in functions), -p, -t, -o history, -o vi/emacs, -o interactive-comments, -o ignoreeof.
 */
export const SET_LETTERS = "abefhmnuvxBCHP";
export const SET_NAMES: ReadonlySet<string> = new Set([
  "allexport", "notify", "errexit", "noglob", "hashall", "monitor", "noexec", "nounset", "verbose", "xtrace",
  "braceexpand", "noclobber", "histexpand", "physical", "pipefail", "nolog",
]);

/**
 * `shopt` options that change nothing about what a line runs. Not listed, so dynamic: expand_aliases,
 * extdebug, cdable_vars (a name runs as a folder), execfail, interactive_comments (how `#` reads),
 * compat*, assoc_expand_once and array_expand_once (how often a subscript is expanded), sourcepath,
 * login_shell, restricted_shell, promptvars, progcomp_alias.
 */
export const SHOPT_NAMES: ReadonlySet<string> = new Set([
  "autocd", "checkhash", "checkjobs", "checkwinsize", "cmdhist", "complete_fullquote", "direxpand", "dirspell",
  "dotglob", "extglob", "extquote", "failglob", "force_fignore", "globasciiranges", "globskipdots", "globstar",
  "gnu_errfmt", "histappend", "histreedit", "histverify", "hostcomplete", "huponexit", "inherit_errexit", "lastpipe",
  "lithist", "localvar_inherit", "localvar_unset", "mailwarn", "no_empty_cmd_completion", "nocaseglob", "nocasematch",
  "noexpand_translation", "nullglob", "patsub_replacement", "progcomp", "shift_verbose", "varredir_close", "xpg_echo",
  "cdspell",
]);

/**
 * Bash's own variables: their values are set by bash (or inherited), never known to the analysis,
 * even when they usually hold integers (OPTIND, SHLVL, HISTCMD, RANDOM, LINENO can be given any text).
 */
const SPECIAL = new Set([
  "_", "BASHPID", "BASHOPTS", "CDPATH", "COLUMNS", "DIRSTACK", "EPOCHREALTIME", "EPOCHSECONDS", "EUID", "FUNCNAME",
  "FUNCNEST", "GLOBIGNORE", "GROUPS", "HISTCMD", "HISTFILE", "HISTSIZE", "HOME", "HOSTNAME", "HOSTTYPE", "IFS", "LINENO",
  "LINES", "MACHTYPE", "MAPFILE", "OLDPWD", "OPTARG", "OPTERR", "OPTIND", "OSTYPE", "PATH", "PIPESTATUS", "PPID", "PWD",
  "RANDOM", "REPLY", "SECONDS", "SHELLOPTS", "SHLVL", "SRANDOM", "TMOUT", "UID",
]);
const SPECIAL_PREFIXES = ["BASH", "COMP_", "READLINE_", "HIST", "PS", "PROMPT_"];

/**
 * Variables whose value changes how bash reads or runs the rest (besides environment.ts's, which
 * carry commands, and BASH_*, PS*, PROMPT_*). PATH, IFS or HOME change what a word expands to or
 * which file a name finds, never which program name runs: a program made by an expansion is dynamic anyway.
 */
const EFFECTS = new Set(["SHELLOPTS", "BASHOPTS", "POSIXLY_CORRECT"]);

/** Bash's variables with the integer attribute: a value assigned to one is evaluated as arithmetic (`RANDOM+='a[$(cmd)]'`). */
const INTEGER_VARIABLES = new Set(["RANDOM", "SRANDOM", "OPTIND", "HISTCMD", "SECONDS", "BASHPID", "PPID", "UID", "EUID"]);

/** True when bash gives `name` the integer attribute itself. */
export function isIntegerVariable(name: string): boolean {
  return INTEGER_VARIABLES.has(name);
}

/** True when `name` is one of bash's own variables, whose value the analysis never knows. */
export function isSpecial(name: string): boolean {
  if (SPECIAL.has(name)) return true;
  for (const p of SPECIAL_PREFIXES) if (name.startsWith(p)) return true;
  return false;
}

/**
 * True when a value written to `name` that the analysis does not see makes the line dynamic: a
 * variable a program or bash acts on (`PS4` under `set -x`, `GIT_EXTERNAL_DIFF`, `LD_PRELOAD`, `IFS`).
 */
export function writeMatters(name: string): boolean {
  return carriesCommand(name) || EFFECTS.has(name) || name.startsWith("BASH") || name.startsWith("PS") || name.startsWith("PROMPT_");
}

/** Shells whose own options are `set`'s (`bash -k -c ...`, `sh -o posix -c ...`): read with the lists above. */
export const BASH_LIKE = new Set(["bash", "sh", "rbash", "dash", "ash"]);
/** Long options of bash that change nothing about what runs (runners.ts reads `--rcfile` and `--init-file`). */
export const BASH_LONG = new Set(["norc", "noprofile", "noediting", "restricted", "verbose", "version", "help", "login", "dump-strings", "dump-po-strings"]);

/** Returns the option of a shell's word `t` that is not known to be harmless (`-k`, `-o posix`, `-O extdebug`), if any. */
export function shellOptionWhy(t: string, next: { text: string; raw: string; flags: number } | undefined): string | undefined {
  for (let j = 1; j < t.length; j++) {
    const ch = t[j];
    if (ch === "o" || ch === "O") {
      const names = ch === "o" ? SET_NAMES : SHOPT_NAMES;
      if (next && (next.flags !== 0 || !names.has(next.text))) return `-${ch} ${next.flags ? next.raw : next.text}`;
    } else if (!SET_LETTERS.includes(ch) && !"csilrD".includes(ch)) return `-${ch}`;
  }
  return undefined;
}
