// Runners: programs in their own right that also run a command given as text or arguments. One row
// per program (option-spec.ts says how a row is read). Object literals, looked up by own key (see
// wrappers.ts on start-up cost).
import type { RunnerSpec, Table } from "./option-spec";

const SHELL: RunnerSpec = { kind: "shell" };
/** Runs the words after its options as a command. */
const COMMAND: RunnerSpec = { kind: "command" };

// GNU xargs and BSD's -J/-R/-S; the command gets the input's words (or, with -I/-i/-J, words with them)
const XARGS: RunnerSpec = {
  kind: "input",
  arg: "adEILnPsJRS",
  attached: "eil",
  flags: "0oprtx",
  long: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
  longFlags: ["null", "eof", "replace", "max-lines", "open-tty", "interactive", "no-run-if-empty", "show-limits", "verbose", "exit", "help", "version"],
  abbrev: true,
  strict: true,
  fallback: "echo",
};

// GNU parallel: commands after `:::` arguments; with none, each input line (or argument) is a command
const PARALLEL: RunnerSpec = {
  kind: "input",
  arg: "jSIEdnNLPsaCl",
  flags: "kqvugmXe0r",
  long: [
    "jobs", "sshlogin", "delimiter", "max-args", "arg-file", "joblog", "nice", "header", "workdir", "wd", "colsep", "results",
    "res", "timeout", "delay", "retries", "load", "memfree", "halt", "halt-on-error", "tagstring", "basefile", "bf", "return",
    "transferfile", "tf", "env", "sshloginfile", "slf", "tmpdir", "tempdir", "block", "block-size", "rpl", "replace",
    "max-replace-args", "max-line-length-allowed", "max-lines", "max-chars", "progress-fd", "termseq", "jobslot", "id",
    "shellquote-arg", "template", "tmux-pane", "ssh", "sshdelay", "line-buffer-size", "plus-rpl", "rpl-replace",
  ],
  longFlags: [
    "keep-order", "quote", "verbose", "ungroup", "group", "line-buffer", "lb", "tag", "dry-run", "dryrun", "bar", "progress",
    "eta", "null", "pipe", "pipepart", "no-run-if-empty", "xargs", "xapply", "link", "trim", "files", "cleanup", "trc",
    "transfer", "onall", "nonall", "fg", "bg", "semaphore", "plus", "will-cite", "citation", "shuf", "group-by",
    "round-robin", "linebuffer", "compress", "silent", "help", "version", "number-of-cpus", "number-of-cores",
  ],
  abbrev: true,
  strict: true,
  until: [":::", "::::", ":::+", "::::+"],
};

// `ld.so [OPTIONS] PROGRAM`: the dynamic loader runs PROGRAM (its --preload and --audit are carriers.ts's)
export const LOADER: RunnerSpec = {
  kind: "command",
  long: ["library-path", "preload", "argv0", "audit", "inhibit-rpath", "glibc-hwcaps-prepend", "glibc-hwcaps-mask"],
  longFlags: ["list", "verify", "inhibit-cache", "help", "version", "list-tunables", "list-diagnostics"],
  strict: true,
};

const SU: RunnerSpec = {
  kind: "options",
  arg: "sgGw",
  flags: "lmpfPhV",
  long: ["shell", "group", "supp-group", "whitelist-environment"],
  longFlags: ["login", "preserve-environment", "fast", "pty", "help", "version"],
  script: "c",
  longScript: ["command", "session-command"],
  abbrev: true,
  positionals: 1,
  shellArgs: true,
};

export const RUNNERS: Table<RunnerSpec> = {
  bash: SHELL,
  sh: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: SHELL,
  mksh: SHELL,
  ash: SHELL,
  yash: SHELL,
  rbash: SHELL,
  posh: SHELL,
  fish: SHELL,
  eval: { kind: "join" },
  xargs: XARGS,
  parallel: PARALLEL,
  find: { kind: "find" },
  watch: { kind: "join", arg: "nq", long: ["interval", "equexit"], direct: "x", longDirect: ["exec"] },
  su: SU,
  // su-style (`runuser [-] USER [-c CMD]`) unless `-u USER` names the user: then the rest is a command
  runuser: { ...SU, arg: "ugGsw", long: ["user", "group", "supp-group", "shell", "whitelist-environment"], direct: "u", longDirect: ["user"] },
  // without -c, script runs an interactive $SHELL on its stdin
  script: { kind: "options", arg: "EIOBTmo", long: ["echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"], script: "c", longScript: ["command"], positionals: 1, readsScript: true },
  ssh: { kind: "join", arg: "BbcDEeFIiJLlmOoPpQRSWw", positionals: 1, readsScript: true }, // no command: the remote shell reads stdin
  trap: { kind: "trap" },
  source: { kind: "source" },
  ".": { kind: "source" },
  sg: { kind: "join", script: "c", positionals: 1 },
  newgrp: { kind: "options", positionals: 1, readsScript: true },
  // at and batch read the commands to run later from stdin, or from a file (-f)
  at: { kind: "options", arg: "qtf", flags: "mMlrdvcVb", positionals: Infinity, readsScript: true, fileScript: "f" },
  batch: { kind: "options", arg: "qf", flags: "mMv", positionals: Infinity, readsScript: true, fileScript: "f" },
  busybox: COMMAND,
  chroot: { kind: "command", long: ["userspec", "groups"], longFlags: ["skip-chdir", "help", "version"], abbrev: true, positionals: 1 },
  taskset: { kind: "command", flags: "acp", positionals: 1, noCommand: "p" },
  chrt: { kind: "command", arg: "TPD", flags: "bdfiorRamv", positionals: 1, noCommand: "p" },
  strace: { kind: "command", arg: "abeEIoOpPsSuUX", long: ["output"], pipe: "o", longPipe: ["output"] },
  ltrace: { kind: "command", arg: "aAeEFlnopsuX" },
  unshare: { kind: "command", arg: "SGRw", long: ["propagation", "setgroups", "setuid", "setgid", "root", "wd", "map-user", "map-group", "map-users", "map-groups", "monotonic", "boottime"] },
  nsenter: { kind: "command", arg: "tSGW", long: ["target", "setuid", "setgid", "wdns"] },
  pkexec: { kind: "command", long: ["user"] },
  unbuffer: COMMAND,
  caffeinate: { kind: "command", arg: "tw", flags: "dimsu", strict: true },
  fakeroot: { kind: "command", arg: "ief", long: ["lib", "faked"] },
  faketime: { kind: "command", arg: "mf", positionals: 1 },
  proxychains: { kind: "command", arg: "f" },
  proxychains4: { kind: "command", arg: "f" },
  torsocks: { kind: "command", arg: "uPa" },
  torify: COMMAND,
  tsocks: COMMAND,
  nocache: COMMAND,
  eatmydata: COMMAND,
  catchsegv: COMMAND,
  chronic: { kind: "command", flags: "ev", strict: true },
  ifne: { kind: "command", flags: "n", strict: true },
  // util-linux wrappers that run their argument
  setpriv: {
    kind: "command",
    flags: "d",
    long: ["ambient-caps", "inh-caps", "bounding-set", "ruid", "euid", "rgid", "egid", "reuid", "regid", "groups", "securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "seccomp-filter", "ptracer"],
    longFlags: ["dump", "nnp", "no-new-privs", "clear-groups", "keep-groups", "init-groups", "reset-env", "help", "version"],
    abbrev: true,
    strict: true,
  },
  // `setarch ARCH [options] [PROGRAM]`; with no program it runs a shell
  setarch: { kind: "command", flags: "BFILRSTXZ3vhV", longFlags: ["32bit", "fdpic-funcptrs", "short-inode", "addr-compat-layout", "addr-no-randomize", "whole-seconds", "sticky-timeouts", "read-implies-exec", "mmap-page-zero", "3gb", "4gb", "uname-2.6", "verbose", "list", "help", "version"], abbrev: true, strict: true, positionals: 1, fallback: "sh" },
  linux32: { kind: "command", flags: "BFILRSTXZ3v", fallback: "sh" },
  linux64: { kind: "command", flags: "BFILRSTXZ3v", fallback: "sh" },
  prlimit: {
    kind: "command",
    arg: "po",
    attached: "cdefilmnqrstuvxy",
    long: ["pid", "output"],
    longFlags: ["core", "data", "nice", "fsize", "sigpending", "memlock", "rss", "nofile", "msgqueue", "rtprio", "stack", "cpu", "nproc", "as", "locks", "rttime", "noheadings", "raw", "verbose", "help", "version"],
    abbrev: true,
    strict: true,
  },
  "ssh-agent": { kind: "command", arg: "aEtOP", flags: "cDdsk", noCommand: "k", strict: true },
  "dbus-run-session": { kind: "command", longFlags: ["config-file", "dbus-daemon", "help", "version"], strict: true },
  "dbus-launch": { kind: "command", long: ["config-file"], longFlags: ["sh-syntax", "csh-syntax", "auto-syntax", "binary-syntax", "close-stderr", "exit-with-session", "exit-with-x11", "autolaunch", "version", "help"], strict: true },
  "xvfb-run": { kind: "command", arg: "efnpswl", long: ["error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"], longFlags: ["auto-servernum", "listen-tcp", "help"], flags: "alh", strict: true },
  numactl: { kind: "command", arg: "CNmpiP", long: ["physcpubind", "cpunodebind", "membind", "preferred", "interleave", "preferred-many"], longFlags: ["localalloc", "all", "show", "hardware", "huge", "touch", "strict", "balancing"] },
  cpulimit: { kind: "command", arg: "lpe", long: ["limit", "pid", "exe", "cpu"], flags: "zikqvrh", longFlags: ["lazy", "include-children", "kill", "quiet", "verbose", "restore", "help"], strict: true },
  chpst: { kind: "command", arg: "uUe/nlLmdofcrt", flags: "vP012", strict: true },
  trickle: { kind: "command", arg: "duwtln", flags: "svV", strict: true },
  gosu: { kind: "command", positionals: 1 },
  "su-exec": { kind: "command", positionals: 1 },
  setuidgid: { kind: "command", positionals: 1 },
  runcon: { kind: "command", arg: "urtl", long: ["user", "role", "type", "range"], longFlags: ["compute", "help", "version"], flags: "c", abbrev: true },
  cgexec: { kind: "command", arg: "g", longFlags: ["sticky"] },
  "sandbox-exec": { kind: "command", arg: "pfnD" },
  valgrind: { kind: "command" },
  // npm task runners
  "cross-env": { kind: "command", assignments: true },
  "cross-env-shell": { kind: "join", assignments: true },
  concurrently: {
    kind: "lines",
    arg: "ncpmltg",
    flags: "krsiPhvV",
    long: ["names", "name-separator", "prefix-colors", "prefix", "max-processes", "prefix-length", "timestamp-format", "success", "restart-tries", "restart-after", "default-input-target", "hide", "cwd", "pad-prefix"],
    longFlags: ["kill-others", "kill-others-on-fail", "raw", "no-color", "handle-input", "passthrough-arguments", "group", "timings", "help", "version", "color"],
    strict: true,
  },
  hyperfine: {
    kind: "lines",
    arg: "wrmMSnNu",
    flags: "iNhV",
    long: ["warmup", "runs", "min-runs", "max-runs", "shell", "command-name", "style", "sort", "time-unit", "export-asciidoc", "export-csv", "export-json", "export-markdown", "export-orgmode", "output", "input", "reference"],
    longFlags: ["ignore-failure", "show-output", "help", "version"],
    script: "pcs",
    longScript: ["prepare", "cleanup", "setup", "conclude"],
    strict: true,
  },
  "start-server-and-test": { kind: "lines", alsoRuns: "npm" },
  "npm-run-all": { kind: "options", alsoRuns: "npm" },
  "run-s": { kind: "options", alsoRuns: "npm" },
  "run-p": { kind: "options", alsoRuns: "npm" },
  nodemon: { kind: "options", arg: "wedixVC", long: ["watch", "ext", "delay", "ignore", "signal", "config", "spawn"], script: "x", longScript: ["exec"], alsoRuns: "node" },
  c8: {
    kind: "command",
    arg: "roxnec",
    flags: "ahv",
    long: ["reporter", "reports-dir", "exclude", "include", "extension", "temp-directory", "src", "config", "branches", "functions", "lines", "statements", "resolve", "watermarks"],
    longFlags: ["check-coverage", "per-file", "100", "clean", "all", "skip-full", "exclude-after-remap", "omit-relative", "allowExternal", "exclude-node-modules", "experimental-monocart", "merge-async", "help", "version"],
    strict: true,
  },
  nyc: {
    kind: "command",
    arg: "rnxeit",
    flags: "ashv",
    long: ["reporter", "include", "exclude", "extension", "require", "cwd", "nycrc-path", "temp-dir", "report-dir", "branches", "functions", "lines", "statements"],
    longFlags: ["instrument", "source-map", "check-coverage", "per-file", "all", "silent", "clean", "cache", "produce-source-map", "exclude-after-remap", "es-modules", "show-process-tree", "skip-empty", "skip-full", "use-spawn-wrap", "help", "version"],
    strict: true,
  },
  chokidar: { kind: "options", arg: "cdpt", long: ["command", "debounce", "throttle", "ignore"], script: "c", longScript: ["command"], positionals: Infinity },
  watchexec: { kind: "join", arg: "wecdfsp", long: ["watch", "exts", "filter", "ignore", "debounce", "signal", "shell", "project-origin", "on-busy-update", "delay-run", "workdir", "env"] },
  entr: { kind: "command", flags: "acdnprsz" },
  onchange: { kind: "command", arg: "dkeio", long: ["delay", "kill-signal", "exclude", "initial", "outpath"], positionals: Infinity },
};

/**
 * Runners this analysis does not model: what they run depends on rules too loose for a table (a
 * terminal, a multiplexer, a sandbox whose options take several words). They make the line dynamic.
 */
export const UNMODELLED: Table<string> = {
  bwrap: "bwrap's options take one, two or three words before the command",
  firejail: "firejail's options and profiles decide what runs",
  "systemd-run": "systemd-run starts a unit whose command this analysis does not read",
  tmux: "tmux runs shell commands given to many of its commands, and types keys into shells",
  screen: "screen runs commands and types keys into shells",
  xterm: "a terminal runs the command it is given (-e) or a shell",
  "gnome-terminal": "a terminal runs the command it is given or a shell",
  konsole: "a terminal runs the command it is given or a shell",
  expect: "expect's Tcl script spawns programs",
  rlwrap: "rlwrap's options and the command it wraps are not modelled",
  proot: "proot's options are not modelled",
  envdir: "envdir sets variables from files, which may make programs run code",
  dotenv: "dotenv loads variables from a file, which may make programs run code",
  "env-cmd": "env-cmd loads variables from a file, which may make programs run code",
};
