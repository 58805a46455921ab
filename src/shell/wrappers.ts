// Tables of the programs that run other programs. Data, not branches: adding a wrapper or a runner
// is one row here. Option tables list only the options that take an argument (everything else is a
// flag), because those are the ones that would otherwise be mistaken for the program.
// The tables are object literals looked up by own key. Every hook call loads this module, and building
// Maps, spreads and Object.entries here cost ~0.3 ms at start-up (each ran the interpreter's
// iteration code for the first time); literals cost next to nothing.

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
}

/**
 * What a runner does with its arguments:
 * - sub:     the first word after its options is a subcommand, read with its own row of `sub`
 *            (`uv run`, `docker exec`); other subcommands run nothing
 * - shell:   `-c STRING` runs the string; no -c and no script file reads a script from stdin
 * - join:    the remaining words, joined with spaces, are a command line (eval, ssh, watch)
 * - command: the remaining words are a command (xargs, chroot)
 * - options: only a script option runs something (su -c, script -c)
 * - find:    `-exec CMD ... ;` and friends
 * - trap:    the first argument is a command line
 * - source:  the operand is a script file: one made by a substitution, or stdin, is dynamic
 * In any kind, a `direct` option makes the remaining words a command (watch -x, runuser -u).
 */
export type RunnerKind = "shell" | "join" | "command" | "options" | "find" | "trap" | "source" | "sub";
type Table<T> = Readonly<Record<string, T>>;

/** Looks `name` up by own key only: `constructor` or `toString` is no row. */
export function lookup<T>(table: Table<T> | undefined, name: string): T | undefined {
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}
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
}

/**
 * Wrappers: they run the command that follows and are not programs themselves (so `sudo git push`
 * is `git`). `time` and `!` are shell keywords in bash; `time` is here for its `-p` and GNU options.
 */
export const WRAPPERS: Table<OptionSpec> = {
  // `-h` alone is help, but `-h HOST` / `-hHOST` / `--host=HOST` name a host and the command still
  // follows; reading `-h` as taking an argument may over-report `sudo -h -l x` but never misses one.
  // `-a` (BSD auth type) and `-c` (BSD login class) take one too where they exist.
  sudo: {
    arg: "aCcDghpRrTtUu",
    long: ["auth-type", "close-from", "chdir", "group", "host", "login-class", "prompt", "chroot", "role", "type", "command-timeout", "other-user", "user"],
    noCommand: "eKlVv",
    assignments: true,
  },
  doas: { arg: "aCu" },
  env: { arg: "uCP", long: ["unset", "chdir"], script: "S", longScript: ["split-string"], assignments: true },
  // `command -v NAME` / `-V NAME` only look NAME up (like `type` and `which`): nothing runs
  command: { noCommand: "vV" },
  builtin: {},
  time: { arg: "fo", long: ["format", "output"] },
  nohup: {},
  exec: { arg: "a" },
  timeout: { arg: "sk", long: ["signal", "kill-after"], positionals: 1 },
  nice: { arg: "n", long: ["adjustment"] },
  ionice: { arg: "cnpPu", long: ["class", "classdata", "pid", "pgid", "uid"] },
  stdbuf: { arg: "ioe", long: ["input", "output", "error"] },
  setsid: {},
  flock: { arg: "Ew", long: ["timeout", "wait", "conflict-exit-code"], script: "c", longScript: ["command"], positionals: 1 },
};

const SHELL: RunnerSpec = { kind: "shell" };
/** Runs the words after its options as a command. */
const COMMAND: RunnerSpec = { kind: "command" };

// --- package and environment runners ---
// Guards are written as `bash.<cli>`, so a guard on `pytest` must also see `uv run pytest`,
// `uv run pytest`, `npx jest`: both the runner and what it runs are programs. Each row lists the
// runner's options that take an argument, before its subcommand (global) and after it; a `sub` row's
// subcommands are read with their own rows.

/** Package specs: a version or requirement after the name (`prettier@3`, `ruff==0.5`, `black[d]`). */
const PKG_CUT = "@=<>[~!";

/** `python [options] -m MODULE ARGS`: MODULE is recorded as a module; `-c CODE` is python code. */
const PYTHON: RunnerSpec = { kind: "options", arg: "WX", long: ["check-hash-based-pycs"], noCommand: "c", module: "m", versioned: true };

const UV_GLOBAL = ["directory", "project", "config-file", "cache-dir", "color", "allow-insecure-host"];
const UV_RESOLVE = [
  "with", "with-editable", "with-requirements", "python", "index", "default-index", "index-url", "extra-index-url",
  "find-links", "upgrade-package", "reinstall-package", "index-strategy", "keyring-provider", "resolution", "prerelease",
  "fork-strategy", "exclude-newer", "exclude-newer-package", "no-build-isolation-package", "config-setting", "link-mode",
  "no-build-package", "no-binary-package", "refresh-package", "python-platform", "env-file", "constraints",
  "build-constraints", "overrides",
];
const UV_RUN: RunnerSpec = {
  kind: "command",
  arg: "pifPC",
  module: "m", // `uv run -m MODULE`, as `python -m`
  longModule: ["module"],
  long: UV_GLOBAL.concat(UV_RESOLVE, ["extra", "group", "no-group", "only-group", "package", "no-extra"]),
};
/** `uvx` is `uv tool run`: the command names a package (`uvx ruff@0.5 check`, `uvx --from httpie http`). */
const UVX: RunnerSpec = { kind: "command", arg: "pifPCcb", long: UV_GLOBAL.concat(UV_RESOLVE, ["from"]), cut: PKG_CUT };

/** `npm exec` / `npx`: `-c 'CMD'` (`--call`) runs a shell line; the command names a package. */
const NPM_ARGS = ["prefix", "workspace", "registry", "cache", "userconfig", "loglevel", "node-options", "script-shell"];
const NPM_EXEC: RunnerSpec = { kind: "command", arg: "pw", long: ["package"].concat(NPM_ARGS), script: "c", longScript: ["call"], cut: PKG_CUT };
const PNPM_ARGS = ["dir", "filter", "filter-prod", "workspace-concurrency", "reporter", "loglevel", "resume-from", "test-pattern", "changed-files-ignore-pattern"];
/** `pnpm exec -c 'CMD'` (`--shell-mode`) runs the command in a shell. */
const PNPM_EXEC: RunnerSpec = { kind: "command", arg: "CF", long: PNPM_ARGS, script: "c", longScript: ["shell-mode"] };
const PNPM_DLX: RunnerSpec = { kind: "command", arg: "CF", long: PNPM_ARGS.concat(["package", "allow-build"]), script: "c", longScript: ["shell-mode"], cut: PKG_CUT };
const YARN_DLX: RunnerSpec = { kind: "command", arg: "p", long: ["package"], cut: PKG_CUT };
const BUNX: RunnerSpec = { kind: "command", arg: "p", long: ["package"], cut: PKG_CUT };

/** `mise exec [TOOL@VERSION]... -- CMD`: tools come first, the command only after `--` (or `-c 'CMD'`). */
const MISE_EXEC: RunnerSpec = { kind: "command", arg: "jCE", long: ["jobs", "cd", "env"], script: "c", longScript: ["command"], positionals: Infinity };
const MISE: RunnerSpec = { kind: "sub", arg: "CE", long: ["cd", "env"], sub: { exec: MISE_EXEC, x: MISE_EXEC } };

// Remote runners: the command runs in a container or a pod, not here, but a guard on it (`rm`,
// `psql`) should still see it, as it sees what `ssh host CMD` runs.
const DOCKER_EXEC: RunnerSpec = { kind: "command", arg: "euw", long: ["env", "env-file", "user", "workdir", "detach-keys"], positionals: 1 };
const COMPOSE_EXEC: RunnerSpec = { kind: "command", arg: "euw", long: ["env", "user", "workdir", "index"], positionals: 1 };
const COMPOSE: RunnerSpec = {
  kind: "sub",
  arg: "fp",
  long: ["file", "project-name", "profile", "project-directory", "env-file", "ansi", "progress", "parallel"],
  sub: { exec: COMPOSE_EXEC },
};
const DOCKER: RunnerSpec = {
  kind: "sub",
  arg: "Hcl",
  long: ["host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey"],
  sub: { exec: DOCKER_EXEC, container: { kind: "sub", sub: { exec: DOCKER_EXEC } }, compose: COMPOSE },
};
const KUBE_GLOBAL = [
  "namespace", "context", "kubeconfig", "cluster", "user", "server", "as", "as-group", "as-uid", "token", "request-timeout",
  "certificate-authority", "client-certificate", "client-key", "tls-server-name", "cache-dir", "v", "vmodule", "log-file",
];
const KUBECTL: RunnerSpec = {
  kind: "sub",
  arg: "nsv",
  long: KUBE_GLOBAL,
  // `kubectl exec POD -- CMD` (and the old `kubectl exec POD CMD`)
  sub: { exec: { kind: "command", arg: "ncfsv", long: KUBE_GLOBAL.concat(["container", "filename", "pod-running-timeout"]), positionals: 1 } },
};
const BUNDLE: RunnerSpec = { kind: "sub", sub: { exec: { kind: "command", long: ["gemfile"] } } };

/** Package managers, environment managers and container tools that run a program of their own. */
export const PACKAGE_RUNNERS: Table<RunnerSpec> = {
  python: PYTHON,
  pypy: PYTHON,
  py: PYTHON, // the Windows launcher: `py -3.12 -m pytest`
  uv: { kind: "sub", long: UV_GLOBAL, sub: { run: UV_RUN, tool: { kind: "sub", long: UV_GLOBAL, sub: { run: UVX } } } },
  uvx: UVX,
  poetry: { kind: "sub", arg: "CP", long: ["directory", "project"], sub: { run: COMMAND } },
  pipenv: { kind: "sub", long: ["python"], sub: { run: COMMAND } },
  pdm: { kind: "sub", arg: "p", long: ["project"], sub: { run: { kind: "command", arg: "p", long: ["project"] } } },
  // `hatch run [ENV:]CMD`
  hatch: { kind: "sub", arg: "ep", long: ["env", "project", "data-dir", "cache-dir", "config"], sub: { run: { kind: "command", prefix: ":" } } },
  rye: { kind: "sub", sub: { run: { kind: "command", long: ["pyproject"] } } },
  pipx: { kind: "sub", sub: { run: { kind: "command", arg: "i", long: ["spec", "python", "index-url", "pip-args"], cut: PKG_CUT } } },
  npx: NPM_EXEC,
  npm: { kind: "sub", arg: "w", long: NPM_ARGS, sub: { exec: NPM_EXEC, x: NPM_EXEC } },
  pnpm: { kind: "sub", arg: "CF", long: PNPM_ARGS, sub: { exec: PNPM_EXEC, dlx: PNPM_DLX } },
  pnpx: PNPM_DLX,
  yarn: { kind: "sub", long: ["cwd"], sub: { exec: COMMAND, dlx: YARN_DLX } },
  bunx: BUNX,
  bun: { kind: "sub", arg: "r", long: ["cwd", "env-file", "preload", "config", "tsconfig-override"], sub: { x: BUNX } },
  corepack: { kind: "command", cut: PKG_CUT, only: ["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"] },
  bundle: BUNDLE,
  bundler: BUNDLE,
  // `nix-shell [PATHS] [-p PKGS...] --run 'CMD'`: options and operands mix; only --run/--command runs
  "nix-shell": { kind: "options", arg: "pIAo", long: ["attr", "include", "max-jobs", "cores"], longScript: ["run", "command"], positionals: Infinity },
  direnv: { kind: "sub", sub: { exec: { kind: "command", positionals: 1 } } },
  mise: MISE,
  rtx: MISE,
  asdf: { kind: "sub", sub: { exec: COMMAND } },
  docker: DOCKER,
  podman: DOCKER,
  "docker-compose": COMPOSE,
  kubectl: KUBECTL,
  oc: KUBECTL,
};

/** Runners: programs in their own right that also run a command given as text or arguments. */
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
  xargs: {
    kind: "command",
    arg: "adEILnPs",
    attached: "eil",
    long: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
  },
  find: { kind: "find" },
  watch: { kind: "join", arg: "nq", long: ["interval", "equexit"], direct: "x", longDirect: ["exec"] },
  su: { kind: "options", arg: "sgGw", long: ["shell", "group", "supp-group", "whitelist-environment"], script: "c", longScript: ["command", "session-command"], positionals: 1 },
  // su-style (`runuser [-] USER [-c CMD]`) unless `-u USER` names the user: then the rest is a command
  runuser: {
    kind: "options",
    arg: "ugGsw",
    long: ["user", "group", "supp-group", "shell", "whitelist-environment"],
    script: "c",
    longScript: ["command", "session-command"],
    positionals: 1,
    direct: "u",
    longDirect: ["user"],
  },
  script: { kind: "options", arg: "EIOBTmo", long: ["echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"], script: "c", longScript: ["command"], positionals: 1 },
  ssh: { kind: "join", arg: "BbcDEeFIiJLlmOoPpQRSWw", positionals: 1 },
  trap: { kind: "trap" },
  source: { kind: "source" },
  ".": { kind: "source" },
  sg: { kind: "options", script: "c", positionals: 1 },
  parallel: { kind: "join", arg: "jSIEdnNLPs", long: ["jobs", "sshlogin", "delimiter", "max-args", "arg-file", "joblog"], until: [":::", "::::", ":::+"] },
  busybox: COMMAND,
  chroot: { kind: "command", long: ["userspec", "groups"], positionals: 1 },
  taskset: { kind: "command", positionals: 1 },
  chrt: { kind: "command", arg: "T", positionals: 1 },
  strace: { kind: "command", arg: "abeEIoOpPsSuUX" },
  ltrace: { kind: "command", arg: "aAeEFlnopsuX" },
  unshare: { kind: "command", arg: "SGR" },
  nsenter: { kind: "command", arg: "tSGrw" },
  pkexec: { kind: "command", long: ["user"] },
  unbuffer: COMMAND,
  caffeinate: { kind: "command", arg: "tw" },
  fakeroot: { kind: "command", arg: "ief", long: ["lib", "faked"] },
  faketime: { kind: "command", arg: "mf", positionals: 1 },
  proxychains: { kind: "command", arg: "f" },
  proxychains4: { kind: "command", arg: "f" },
  torsocks: { kind: "command", arg: "uPa" },
  nocache: COMMAND,
};

/** The wrapper named `name`, if it is one. */
export function wrapperOf(name: string): OptionSpec | undefined {
  return lookup(WRAPPERS, name);
}

/** The runner named `name`: a row of the tables, or a versioned one without its version (`python3.12`). */
export function runnerOf(name: string): RunnerSpec | undefined {
  const spec = row(name);
  if (spec) return spec;
  const c = name.charCodeAt(name.length - 1);
  if (c < 48 || c > 57) return undefined; // not a digit: no version suffix
  let end = name.length;
  while (end > 0 && ((name.charCodeAt(end - 1) >= 48 && name.charCodeAt(end - 1) <= 57) || name[end - 1] === ".")) end--;
  const base = row(name.slice(0, end));
  return base?.versioned ? base : undefined;
}

const row = (name: string) => lookup(RUNNERS, name) ?? lookup(PACKAGE_RUNNERS, name);

/** Shell options that take the next word as their argument (`-o pipefail`, `+O extglob`). */
export const SHELL_ARG_OPTIONS = "oO";
export const SHELL_LONG_ARG = ["rcfile", "init-file"];

/** Script operands that mean "read stdin" (`curl ... | bash /dev/stdin`). */
export const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/** find's actions that run a command up to `;` (or `{} +`). */
export const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
