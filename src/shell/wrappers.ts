// Tables of the programs that run other programs. Data, not branches: adding a wrapper or a runner
// is one row here. Option tables list only the options that take an argument (everything else is a
// flag), because those are the ones that would otherwise be mistaken for the program.

/** How a wrapper's or runner's options are read. */
export interface OptionSpec {
  /** Short options whose argument is the next word, or the rest of the flag cluster (`-ubob`). */
  arg?: string;
  /** Short options whose optional argument can only be attached (`xargs -i{}`), never the next word. */
  attached?: string;
  /** Long options (without `--`) whose argument may be the next word (`--user bob`). */
  long?: readonly string[];
  /** Short options whose argument is a command line that runs (`su -c`, `flock -c`, `env -S`). */
  script?: string;
  longScript?: readonly string[];
  /** Words that come before the command: timeout's duration, flock's file, ssh's host. */
  positionals?: number;
  /** `NAME=value` words belong to the wrapper (env, sudo), quoted or not. */
  assignments?: boolean;
  /** Short options after which the remaining words are files, not a command (`sudo -e`). */
  noCommand?: string;
  /** Words that end the command (`parallel ... ::: args`). */
  until?: readonly string[];
  /**
   * Short options after which the remaining words are a command run as given, whatever the kind
   * says (`watch -x CMD ARGS`, not joined into a line; `runuser -u bob CMD`, not su's shell
   * arguments). An argument they take stands in for the positionals, so none are expected.
   */
  direct?: string;
  longDirect?: readonly string[];
}

/**
 * What a runner does with its arguments:
 * - shell:   `-c STRING` runs the string; no -c and no script file reads a script from stdin
 * - join:    the remaining words, joined with spaces, are a command line (eval, ssh, watch)
 * - command: the remaining words are a command (xargs, chroot)
 * - options: only a script option runs something (su -c, script -c)
 * - find:    `-exec CMD ... ;` and friends
 * - trap:    the first argument is a command line
 * - source:  the operand is a script file: one made by a substitution, or stdin, is dynamic
 * In any kind, a `direct` option makes the remaining words a command (watch -x, runuser -u).
 */
export type RunnerKind = "shell" | "join" | "command" | "options" | "find" | "trap" | "source";
export interface RunnerSpec extends OptionSpec {
  kind: RunnerKind;
}

/**
 * Wrappers: they run the command that follows and are not programs themselves (so `sudo git push`
 * is `git`). `time` and `!` are shell keywords in bash; `time` is here for its `-p` and GNU options.
 */
export const WRAPPERS: ReadonlyMap<string, OptionSpec> = new Map<string, OptionSpec>([
  // `-h` alone is help, but `-h HOST` / `-hHOST` / `--host=HOST` name a host and the command still
  // follows; reading `-h` as taking an argument may over-report `sudo -h -l x` but never misses one.
  // `-a` (BSD auth type) and `-c` (BSD login class) take one too where they exist.
  ["sudo", {
    arg: "aCcDghpRrTtUu",
    long: ["auth-type", "close-from", "chdir", "group", "host", "login-class", "prompt", "chroot", "role", "type", "command-timeout", "other-user", "user"],
    noCommand: "eKlVv",
    assignments: true,
  }],
  ["doas", { arg: "aCu" }],
  ["env", { arg: "uCP", long: ["unset", "chdir"], script: "S", longScript: ["split-string"], assignments: true }],
  // `command -v NAME` / `-V NAME` only look NAME up (like `type` and `which`): nothing runs
  ["command", { noCommand: "vV" }],
  ["builtin", {}],
  ["time", { arg: "fo", long: ["format", "output"] }],
  ["nohup", {}],
  ["exec", { arg: "a" }],
  ["timeout", { arg: "sk", long: ["signal", "kill-after"], positionals: 1 }],
  ["nice", { arg: "n", long: ["adjustment"] }],
  ["ionice", { arg: "cnpPu", long: ["class", "classdata", "pid", "pgid", "uid"] }],
  ["stdbuf", { arg: "ioe", long: ["input", "output", "error"] }],
  ["setsid", {}],
  ["flock", { arg: "Ew", long: ["timeout", "wait", "conflict-exit-code"], script: "c", longScript: ["command"], positionals: 1 }],
]);

const SHELL: RunnerSpec = { kind: "shell" };
const EXEC_AFTER = (spec: OptionSpec = {}): RunnerSpec => ({ kind: "command", ...spec });

/** Runners: programs in their own right that also run a command given as text or arguments. */
export const RUNNERS: ReadonlyMap<string, RunnerSpec> = new Map<string, RunnerSpec>([
  ...["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "yash", "rbash", "posh", "fish"].map((s) => [s, SHELL] as const),
  ["eval", { kind: "join" }],
  ["xargs", {
    kind: "command",
    arg: "adEILnPs",
    attached: "eil",
    long: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
  }],
  ["find", { kind: "find" }],
  ["watch", { kind: "join", arg: "nq", long: ["interval", "equexit"], direct: "x", longDirect: ["exec"] }],
  ["su", { kind: "options", arg: "sgGw", long: ["shell", "group", "supp-group", "whitelist-environment"], script: "c", longScript: ["command", "session-command"], positionals: 1 }],
  // su-style (`runuser [-] USER [-c CMD]`) unless `-u USER` names the user: then the rest is a command
  ["runuser", {
    kind: "options",
    arg: "ugGsw",
    long: ["user", "group", "supp-group", "shell", "whitelist-environment"],
    script: "c",
    longScript: ["command", "session-command"],
    positionals: 1,
    direct: "u",
    longDirect: ["user"],
  }],
  ["script", { kind: "options", arg: "EIOBTmo", long: ["echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"], script: "c", longScript: ["command"], positionals: 1 }],
  ["ssh", { kind: "join", arg: "BbcDEeFIiJLlmOoPpQRSWw", positionals: 1 }],
  ["trap", { kind: "trap" }],
  ["source", { kind: "source" }],
  [".", { kind: "source" }],
  ["sg", { kind: "options", script: "c", positionals: 1 }],
  ["parallel", { kind: "join", arg: "jSIEdnNLPs", long: ["jobs", "sshlogin", "delimiter", "max-args", "arg-file", "joblog"], until: [":::", "::::", ":::+"] }],
  ["busybox", EXEC_AFTER()],
  ["chroot", EXEC_AFTER({ long: ["userspec", "groups"], positionals: 1 })],
  ["taskset", EXEC_AFTER({ positionals: 1 })],
  ["chrt", EXEC_AFTER({ arg: "T", positionals: 1 })],
  ["strace", EXEC_AFTER({ arg: "abeEIoOpPsSuUX" })],
  ["ltrace", EXEC_AFTER({ arg: "aAeEFlnopsuX" })],
  ["unshare", EXEC_AFTER({ arg: "SGR" })],
  ["nsenter", EXEC_AFTER({ arg: "tSGrw" })],
  ["pkexec", EXEC_AFTER({ long: ["user"] })],
  ["unbuffer", EXEC_AFTER()],
  ["caffeinate", EXEC_AFTER({ arg: "tw" })],
  ["fakeroot", EXEC_AFTER({ arg: "ief", long: ["lib", "faked"] })],
  ["faketime", EXEC_AFTER({ arg: "mf", positionals: 1 })],
  ["proxychains", EXEC_AFTER({ arg: "f" })],
  ["proxychains4", EXEC_AFTER({ arg: "f" })],
  ["torsocks", EXEC_AFTER({ arg: "uPa" })],
  ["nocache", EXEC_AFTER()],
]);

/** Shell options that take the next word as their argument (`-o pipefail`, `+O extglob`). */
export const SHELL_ARG_OPTIONS = "oO";
export const SHELL_LONG_ARG = ["rcfile", "init-file"];

/** Script operands that mean "read stdin" (`curl ... | bash /dev/stdin`). */
export const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/** find's actions that run a command up to `;` (or `{} +`). */
export const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
