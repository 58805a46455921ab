// Which tables have a row for a program: one own-key lookup says a program is plain (most are: it
// runs, and nothing more is read) or which tables to read, so the tables load only for the lines
// whose programs have rows (builtins.ts, carriers.ts, interpreter-table.ts, runner-lookup.ts); on
// every hook call the shell module loads, and building every table cost ~0.3 ms of its start-up.
// test/shell/program-index.test.ts checks this index against the tables; a row added there without
// its name here fails it, with the line to add.

import { nameGroups } from "./name-groups";

export const BUILTIN = 1;
export const CARRIER = 2;
export const INTERPRETER = 4;
export const RUNNER = 8;
export const UNMODELLED = 16;
const ALL = BUILTIN | CARRIER | INTERPRETER | RUNNER | UNMODELLED;
const B = BUILTIN;
const C = CARRIER;
const I = INTERPRETER;
const R = RUNNER;
const U = UNMODELLED;

/** The tables that have a row for `name`; 0 for a plain program. */
export function tablesOf(name: string): number {
  const last = name.charCodeAt(name.length - 1);
  // a versioned name (`python3.12`), the dynamic loader (`ld.so`, `ld-linux-x86-64.so.2`) or git's
  // dashed commands (`git-config`): the tables decide
  if ((last >= 48 && last <= 57) || name.startsWith("ld") || name.startsWith("git-")) return ALL;
  return groupOf(name) ?? 0;
}

/** Every program with rows, grouped by the tables that have them (name-groups.ts says why arrays). */
const GROUPS: readonly (readonly [number, readonly string[]])[] = [
  [
    B,
    [
      "[", "alias", "bind", "compgen", "complete", "declare", "enable", "export", "fc", "getopts", "hash",
      "jobs", "let", "local", "mapfile", "printf", "read", "readarray", "readonly", "set", "shopt", "test",
      "typeset", "unset", "wait",
    ],
  ],
  [
    C,
    [
      "bat", "ed", "emacs", "emacsclient", "evim", "ex", "gdb", "git", "gview", "gvim", "ld.so", "less", "make",
      "man", "mysql", "nvim", "psql", "rg", "rsync", "rvim", "scp", "sed", "sftp", "sort", "sqlite3", "tar",
      "tree", "vi", "view", "vim", "vimdiff", "wget", "zip",
    ],
  ],
  [
    I,
    [
      "jruby", "lua", "luajit", "node", "nodejs", "osascript", "perl", "php", "rscript", "ruby", "ts-node",
      "tsx",
    ],
  ],
  [
    R,
    [
      ".", "asdf", "ash", "at", "bash", "batch", "bundle", "bundler", "bunx", "busybox", "c8", "caffeinate",
      "catchsegv", "cgexec", "chokidar", "chpst", "chronic", "chroot", "chrt", "concurrently", "corepack",
      "cpulimit", "cross-env", "cross-env-shell", "dash", "dbus-launch", "direnv", "docker", "docker-compose",
      "eatmydata", "entr", "eval", "fakeroot", "faketime", "fish", "gosu", "hatch", "hyperfine", "ifne", "ksh",
      "kubectl", "linux32", "linux64", "ltrace", "mise", "mksh", "newgrp", "nix-shell", "nocache", "nodemon",
      "npm", "npm-run-all", "npx", "nsenter", "numactl", "nyc", "oc", "onchange", "parallel", "pdm", "pipenv",
      "pipx", "pkexec", "pnpm", "pnpx", "podman", "poetry", "posh", "prlimit", "proxychains", "proxychains4",
      "rbash", "rtx", "run-p", "run-s", "runcon", "runuser", "rye", "sandbox-exec", "script", "setarch",
      "setpriv", "setuidgid", "sg", "sh", "source", "ssh-agent", "start-server-and-test", "strace", "su",
      "su-exec", "taskset", "torify", "torsocks", "trap", "trickle", "tsocks", "unbuffer", "unshare", "uv",
      "uvx", "valgrind", "watch", "watchexec", "xargs", "xvfb-run", "yarn", "yash", "zsh",
    ],
  ],
  [
    U,
    [
      "bwrap", "dotenv", "env-cmd", "envdir", "expect", "firejail", "gnome-terminal", "konsole", "proot",
      "rlwrap", "screen", "systemd-run", "tmux", "xterm",
    ],
  ],
  [C | I, ["awk", "gawk", "mawk", "nawk"]],
  [C | R, ["dbus-run-session", "find", "ssh"]],
  [I | R, ["bun", "py", "pypy", "python"]],
];

const groupOf = nameGroups(GROUPS);

/** The index as one object, name -> tables (test/shell/program-index.test.ts reads it whole). */
export function programIndex(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [bits, names] of GROUPS) for (const n of names) out[n] = bits;
  return out;
}
