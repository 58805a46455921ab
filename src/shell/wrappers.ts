// Wrappers; the runner tables are looked up in runner-lookup.ts. Data, not branches: adding a wrapper
// or a runner is one row (option-spec.ts says how a row is read). A wrapper runs the command that follows and is
// not a program itself (`sudo git push` is `git`), but it is reported apart, and `bash.sudo`
// matches it. `time` and `!` are shell keywords in bash; `time` is here for its `-p` and GNU options.
// The tables are object literals looked up by own key. Every hook call loads this module, and building
// Maps, spreads and Object.entries here cost ~0.3 ms at start-up (each ran the interpreter's
// iteration code for the first time); literals cost next to nothing.
import { lookup, type OptionSpec, type Table } from "./option-spec";

export const WRAPPERS: Table<OptionSpec> = {
  // `-h` alone is help, but `-h HOST` / `-hHOST` / `--host=HOST` name a host and the command still
  // follows; reading `-h` as taking an argument may over-report `sudo -h -l x` but never misses one.
  // `-a` (BSD auth type) and `-c` (BSD login class) take one too where they exist.
  sudo: {
    arg: "aCcDghpRrTtUu",
    long: ["auth-type", "close-from", "chdir", "group", "host", "login-class", "prompt", "chroot", "role", "type", "command-timeout", "other-user", "user"],
    longFlags: [
      "askpass", "background", "bell", "edit", "help", "login", "list", "non-interactive", "preserve-env", "preserve-groups",
      "remove-timestamp", "reset-timestamp", "shell", "stdin", "version", "validate",
    ],
    abbrev: true,
    noCommand: "eKlVv",
    assignments: true,
    shell: "si",
    longShell: ["shell", "login"],
  },
  doas: { arg: "aCu", shell: "s" },
  env: {
    arg: "uCPa",
    long: ["unset", "chdir", "argv0"],
    longFlags: ["ignore-environment", "null", "debug", "block-signal", "default-signal", "ignore-signal", "list-signal-handling", "help", "version"],
    split: "S",
    longSplit: ["split-string"],
    abbrev: true,
    assignments: true,
  },
  // `command -v NAME` / `-V NAME` only look NAME up (like `type` and `which`): nothing runs
  command: { noCommand: "vV" },
  builtin: {},
  time: { arg: "fo", long: ["format", "output"], longFlags: ["append", "verbose", "quiet", "portability", "help", "version"], abbrev: true },
  nohup: {},
  exec: { arg: "a" },
  timeout: { arg: "sk", long: ["signal", "kill-after"], longFlags: ["foreground", "preserve-status", "verbose", "help", "version"], abbrev: true, positionals: 1 },
  nice: { arg: "n", long: ["adjustment"], longFlags: ["help", "version"], abbrev: true },
  ionice: { arg: "cnpPu", long: ["class", "classdata", "pid", "pgid", "uid"], longFlags: ["ignore", "help", "version"], abbrev: true },
  stdbuf: { arg: "ioe", long: ["input", "output", "error"], longFlags: ["help", "version"], abbrev: true },
  setsid: { longFlags: ["ctty", "fork", "wait", "help", "version"], abbrev: true },
  flock: {
    arg: "Ew",
    long: ["timeout", "wait", "conflict-exit-code"],
    longFlags: ["shared", "exclusive", "unlock", "nonblock", "nb", "close", "no-fork", "verbose", "help", "version"],
    script: "c",
    longScript: ["command"],
    abbrev: true,
    positionals: 1,
  },
};

/** The wrapper named `name`, if it is one. */
export function wrapperOf(name: string): OptionSpec | undefined {
  return lookup(WRAPPERS, name);
}

/** True for the dynamic loader (`ld-linux-x86-64.so.2`, `ld.so`, `ld-musl-x86_64.so.1`), which runs its argument. */
export function isLoader(name: string): boolean {
  return name.startsWith("ld") && /^ld(?:-linux[-\w]*|-musl-[-\w]+)?\.so(?:\.\d+)*$/.test(name);
}


/** Shell options that take the next word as their argument (`-o pipefail`, `+O extglob`). */
export const SHELL_ARG_OPTIONS = "oO";
export const SHELL_LONG_ARG = ["rcfile", "init-file"];

/** Script operands that mean "read stdin" (`curl ... | bash /dev/stdin`). */
export const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"]);

/** find's actions that run a command up to `;` (or `{} +`). */
export const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
