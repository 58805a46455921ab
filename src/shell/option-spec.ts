// How the option tables of wrappers and runners are written (the tables are in wrappers.ts,
// runner-table.ts and package-runners.ts; options.ts reads a command's words with them).
// Tables list the options that take an argument, because those are the ones that would otherwise
// be mistaken for the program. A row marked `abbrev` also lists its flags, as GNU getopt_long accepts
// any unambiguous prefix of a long option (`--sp` is `--split-string`), and one marked `strict` makes
// the line dynamic at an option it does not know (its argument could be mistaken for the program).

/** How a wrapper's or runner's options are read. */
export interface OptionSpec {
  /** Short options whose argument is the next word, or the rest of the flag cluster (`-ubob`). */
  arg?: string;
  /** Short options whose optional argument can only be attached (`xargs -i{}`), never the next word. */
  attached?: string;
  /** Short options without an argument (needed by `strict` rows only). */
  flags?: string;
  /** Long options (without `--`) whose argument may be the next word (`--user bob`). */
  long?: readonly string[];
  /** Long options without an argument, or with one only after `=` (needed by `abbrev` and `strict` rows). */
  longFlags?: readonly string[];
  /** Long options are GNU's: any unambiguous prefix names one. */
  abbrev?: boolean;
  /** An option the row does not list makes the line dynamic. */
  strict?: boolean;
  /** Short options whose argument is a command line that runs (`su -c`, `flock -c`); /bin/sh runs it. */
  script?: string;
  longScript?: readonly string[];
  /** The script options' command line is run by bash, not /bin/sh (`nix-shell --run`). */
  bashScript?: boolean;
  /** Short options naming an output file, where `|CMD` or `!CMD` is a command line /bin/sh runs (`strace -o`). */
  pipe?: string;
  longPipe?: readonly string[];
  /** Short options whose argument is split into words that go before the rest (`env -S`). */
  split?: string;
  longSplit?: readonly string[];
  /** Words that come before the command: timeout's duration, flock's file, ssh's host. */
  positionals?: number;
  /** `NAME=value` words belong to the wrapper (env, sudo), quoted or not. */
  assignments?: boolean;
  /** Short options after which the remaining words are files, not a command (`sudo -e`). */
  noCommand?: string;
  /**
   * Options whose argument is a python module that runs (`python -m pip`): not a program (the shared
   * corpus: `python3 -m x` runs python3), but recorded as a module so `bash.pip` still sees it.
   */
  module?: string;
  longModule?: readonly string[];
  /** Words that end the command (`parallel ... ::: args`). */
  until?: readonly string[];
  /**
   * Short options after which the remaining words are a command run as given, whatever the kind
   * says (`watch -x CMD ARGS`, not joined into a line; `runuser -u bob CMD`, not su's shell
   * arguments). An argument they take stands in for the positionals, so none are expected.
   */
  direct?: string;
  longDirect?: readonly string[];
  /** Short options whose argument is a script file that runs (`at -f FILE`): its commands are not in the line. */
  fileScript?: string;
  /** Short options that start a shell, which reads its commands from stdin when no command follows (`sudo -s`). */
  shell?: string;
  longShell?: readonly string[];
  /** Without a command (or script option) the program runs a shell that reads stdin (`su`, `script`, `at`). */
  readsScript?: boolean;
  /** The words after the options are a shell's arguments (`su bob -c CMD`, `su bob script.sh`). */
  shellArgs?: boolean;
}

/**
 * What a runner does with its arguments:
 * - sub:     the first word after its options is a subcommand, read with its own row of `sub`
 *            (`uv run`, `docker exec`); other subcommands run nothing
 * - shell:   `-c STRING` runs the string; no -c and no script file reads a script from stdin
 * - join:    the remaining words, joined with spaces, are a command line (eval, ssh, watch)
 * - command: the remaining words are a command (chroot, setpriv)
 * - lines:   every remaining word is a command line of its own (concurrently, hyperfine)
 * - input:   the remaining words are a command that gets more words from stdin (xargs)
 * - options: only a script option runs something (su -c, script -c)
 * - find:    `-exec CMD ... ;` and friends
 * - trap:    the first argument is a command line
 * - source:  the operand is a script file, whose commands are not in the line: dynamic
 * In any kind, a `direct` option makes the remaining words a command (watch -x, runuser -u).
 */
export type RunnerKind = "shell" | "join" | "command" | "lines" | "input" | "options" | "find" | "trap" | "source" | "sub";
export type Table<T> = Readonly<Record<string, T>>;

export interface RunnerSpec extends OptionSpec {
  kind: RunnerKind;
  /** The subcommands that run something (kind `sub`). */
  sub?: Table<RunnerSpec>;
  /**
   * The program word names a package, not a file: it ends at the first of these characters after
   * its first (`prettier@3`, `@scope/pkg@1`, `ruff==0.5`), then its basename is the program.
   */
  cut?: string;
  /** The program word may start with a prefix ending in this character (`hatch run test:pytest`). */
  prefix?: string;
  /** Only these programs can run (`corepack pnpm ...`; `corepack enable` runs nothing). */
  only?: readonly string[];
  /** The row also names this program with a version suffix (`python3`, `python3.12`, `pypy3`). */
  versioned?: boolean;
  /** The program that runs when no command is given (`xargs` runs `echo`, `setarch x86_64` a shell). */
  fallback?: string;
  /** A program it always runs as well (`nodemon app.js` runs node, `npm-run-all` runs npm). */
  alsoRuns?: string;
}

/** Looks `name` up by own key only: `constructor` or `toString` is no row. */
export function lookup<T>(table: Table<T> | undefined, name: string): T | undefined {
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}
