// Which tables have a row for a program: one own-key lookup says a program is plain (most are: it
// runs, and nothing more is read) or which tables to read, so the tables load only for the lines
// whose programs have rows (builtins.ts, carriers.ts, interpreter-table.ts, runner-lookup.ts); on
// every hook call the shell module loads, and building every table cost ~0.3 ms of its start-up.
// test/shell/program-index.test.ts checks this index against the tables; a row added there without
// its name here fails it, with the line to add.

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
  return Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : 0;
}

export const PROGRAMS: Readonly<Record<string, number>> = {
  "[": B, alias: B, bind: B, compgen: B, complete: B, declare: B, enable: B, export: B, fc: B, getopts: B,
  hash: B, jobs: B, let: B, local: B, mapfile: B, printf: B, read: B, readarray: B, readonly: B, set: B, shopt: B,
  test: B, typeset: B, unset: B, wait: B,
  bat: C, ed: C, emacs: C, emacsclient: C, evim: C, ex: C, gdb: C, git: C, gview: C, gvim: C, "ld.so": C,
  less: C, make: C, man: C, mysql: C, nvim: C, psql: C, rg: C, rsync: C, rvim: C, scp: C, sed: C, sftp: C,
  sort: C, sqlite3: C, tar: C, tree: C, vi: C, view: C, vim: C, vimdiff: C, wget: C, zip: C,
  jruby: I, lua: I, luajit: I, node: I, nodejs: I, osascript: I, perl: I, php: I, rscript: I, ruby: I, "ts-node": I, tsx: I,
  ".": R, asdf: R, ash: R, at: R, bash: R, batch: R, bundle: R, bundler: R, bunx: R, busybox: R, c8: R,
  caffeinate: R, catchsegv: R, cgexec: R, chokidar: R, chpst: R, chronic: R, chroot: R, chrt: R,
  concurrently: R, corepack: R, cpulimit: R, "cross-env": R, "cross-env-shell": R, dash: R, "dbus-launch": R,
  direnv: R, docker: R, "docker-compose": R, eatmydata: R, entr: R, eval: R, fakeroot: R, faketime: R,
  fish: R, gosu: R, hatch: R, hyperfine: R, ifne: R, ksh: R, kubectl: R, linux32: R, linux64: R, ltrace: R,
  mise: R, mksh: R, newgrp: R, "nix-shell": R, nocache: R, nodemon: R, npm: R, "npm-run-all": R, npx: R,
  nsenter: R, numactl: R, nyc: R, oc: R, onchange: R, parallel: R, pdm: R, pipenv: R, pipx: R, pkexec: R,
  pnpm: R, pnpx: R, podman: R, poetry: R, posh: R, prlimit: R, proxychains: R, proxychains4: R, rbash: R,
  rtx: R, "run-p": R, "run-s": R, runcon: R, runuser: R, rye: R, "sandbox-exec": R, script: R, setarch: R,
  setpriv: R, setuidgid: R, sg: R, sh: R, source: R, "ssh-agent": R, "start-server-and-test": R, strace: R,
  su: R, "su-exec": R, taskset: R, torify: R, torsocks: R, trap: R, trickle: R, tsocks: R, unbuffer: R,
  unshare: R, uv: R, uvx: R, valgrind: R, watch: R, watchexec: R, xargs: R, "xvfb-run": R, yarn: R, yash: R,
  zsh: R,
  bwrap: U, dotenv: U, "env-cmd": U, envdir: U, expect: U, firejail: U, "gnome-terminal": U, konsole: U,
  proot: U, rlwrap: U, screen: U, "systemd-run": U, tmux: U, xterm: U,
  awk: C | I, gawk: C | I, mawk: C | I, nawk: C | I,
  "dbus-run-session": C | R, find: C | R, ssh: C | R,
  bun: I | R, py: I | R, pypy: I | R, python: I | R,
};
