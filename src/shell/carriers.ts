// Options, settings and arguments that carry a command line or write a file, per program: one table
// serves the analysis (a carried command line is analyzed as shell, one that is not in the line makes
// it dynamic) and the gate's read-only check (a call with any effect recorded here is not read-only).
// Rows are read by carrier-rows.ts; git, sed and the consoles (ssh -o, sqlite3, psql...) have their own
// readers.
import { applyRow, type CarrierRow } from "./carrier-rows";
import { type CommandInfo, type Findings, type Site, wordLike } from "./findings";
import type { Word } from "./syntax";

/** The names this table has rows for (computed when asked, not at load). */
export function carrierNames(): string[] {
  return Object.keys(CARRIERS);
}

/** Applies `name`'s row, if it has one, to its arguments `words[i..]`; `info` is its resolved command. */
export function checkCarriers(name: string, words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  if (Object.hasOwn(CARRIERS, name)) return applyRow(CARRIERS[name], name, words, i, site, f, info);
  // git's dashed form (`/usr/lib/git-core/git-config ...`) is `git config ...`: git runs (for `bash.git`)
  if (name.startsWith("git-") && (require("./git-table") as typeof import("./git-table")).isGitCommand(name.slice(4))) {
    f.programs.add("git");
    gitCarriers([...words.slice(0, i), wordLike(words[i - 1], name.slice(4)), ...words.slice(i)], i, site, f, info);
  }
}

// --- internal ---

// The readers of git, sed and the consoles are loaded the first time one of those programs runs
// (Bun bundles require() as a lazy chunk), so they cost nothing on the start-up path of other lines.
type Reader = (words: Word[], i: number, site: Site, f: Findings, info: CommandInfo) => void;
let consoleReader: Reader | undefined;
let gitReader: Reader | undefined;
let sedReader: Reader | undefined;
const consoleCarriers: Reader = (...a) => (consoleReader ??= (require("./console-carriers") as typeof import("./console-carriers")).consoleCarriers)(...a);
const gitCarriers: Reader = (...a) => (gitReader ??= (require("./git-carriers") as typeof import("./git-carriers")).gitCarriers)(...a);
const sedCarriers: Reader = (...a) => (sedReader ??= (require("./sed-script") as typeof import("./sed-script")).sedCarriers)(...a);

const SSH_LIKE: CarrierRow = {
  short: { F: "unseen", E: "writes" },
  shortArgs: "BbcDeIiJLlmOopQRSWw",
  expansions: "any",
  custom: consoleCarriers,
};

const VIM: CarrierRow = {
  short: { c: "vim", S: "unseen", u: "unseen", U: "unseen", s: "unseen", w: "writes", W: "writes", i: "writes" },
  long: { cmd: "vim", "remote-send": "unseen", "remote-expr": "unseen", "remote-silent": "unseen" },
  shortArgs: "qrtT",
  plus: "vim",
  expansions: "any",
  custom: consoleCarriers,
};

const EMACS: CarrierRow = {
  short: { l: "unseen", f: "unseen", x: "unseen" },
  long: { eval: "unseen", load: "unseen", funcall: "unseen", script: "unseen", "-eval": "unseen" },
  expansions: "any",
};

const AWK: CarrierRow = { short: { f: "script", l: "unseen", i: "script", E: "script" }, long: { file: "script", load: "unseen", include: "script", exec: "script" }, shortArgs: "Fv", abbrev: true };

/** The table: one row per program name (aliases share rows). */
const CARRIERS: Readonly<Record<string, CarrierRow>> = {
  git: { custom: gitCarriers },
  sed: { custom: sedCarriers },
  ssh: SSH_LIKE,
  scp: { ...SSH_LIKE, short: { F: "unseen", S: "line" }, shortArgs: "cDiJlOoPX" },
  sftp: { ...SSH_LIKE, short: { F: "unseen", S: "line", D: "line", b: "unseen" }, shortArgs: "BcfiJlOoPRsX" },
  rsync: {
    short: { e: "line", M: "line" },
    long: { rsh: "line", "rsync-path": "line", "remote-option": "line", config: "unseen", "write-batch": "writes", "only-write-batch": "writes", "log-file": "writes" },
    shortArgs: "BfTE",
    expansions: "any",
  },
  tar: {
    short: { I: "line", F: "line" },
    long: {
      "to-command": "line", "use-compress-program": "line", "rsh-command": "line", "info-script": "line", "new-volume-script": "line",
      "checkpoint-action": "exec", "index-file": "writes",
    },
    shortArgs: "bCfgHKLNTVX",
    abbrev: true,
    expansions: "any",
    custom: consoleCarriers,
  },
  less: { short: { k: "unseen", o: "writes", O: "writes" }, long: { "lesskey-file": "unseen", "lesskey-src": "unseen", "log-file": "writes", "LOG-FILE": "writes" }, plus: "vim", shortArgs: "bhjpPtTxyz#", abbrev: true, expansions: "any" },
  man: { short: { P: "line", C: "unseen", H: "line" }, long: { pager: "line", "config-file": "unseen" }, optional: { html: "line" }, shortArgs: "MmSsELpRrt", abbrev: true, expansions: "any" },
  sort: { short: { o: "writes" }, long: { output: "writes", "compress-program": "line" }, shortArgs: "kStT", abbrev: true, expansions: "unquoted" },
  rg: { long: { pre: "line" }, flags: { "-z": "runs decompressors", "search-zip": "runs decompressors" }, expansions: "unquoted" },
  tree: { short: { o: "writes" }, expansions: "unquoted" },
  find: { expansions: "unquoted", custom: consoleCarriers },
  zip: { long: { "unzip-command": "line" }, shortArgs: "bnOt", expansions: "any", custom: consoleCarriers },
  make: {
    short: { E: "unseen", f: "script" },
    long: { eval: "unseen", file: "script", makefile: "script" },
    shortArgs: "CIjlowOW",
    abbrev: true,
    known: "bmBdehiknpqrRsStvwL",
    knownLong: [
      "always-make", "directory", "debug", "environment-overrides", "file", "makefile", "help", "ignore-errors", "include-dir", "jobs",
      "keep-going", "load-average", "check-symlink-times", "just-print", "dry-run", "recon", "old-file", "assume-old", "output-sync",
      "print-data-base", "question", "no-builtin-rules", "no-builtin-variables", "silent", "quiet", "no-keep-going", "stop", "touch",
      "trace", "version", "print-directory", "no-print-directory", "what-if", "new-file", "assume-new", "warn-undefined-variables",
      "no-silent", "shuffle", "jobserver-auth", "jobserver-style",
    ],
  },
  bat: { long: { pager: "line", "config-file": "unseen" }, abbrev: true, expansions: "any" },
  wget: { short: { e: "unseen" }, long: { execute: "unseen", "use-askpass": "line" }, abbrev: true },
  vim: VIM, vi: VIM, nvim: VIM, view: VIM, ex: VIM, vimdiff: VIM, gvim: VIM, rvim: VIM, evim: VIM, gview: VIM,
  emacs: EMACS, emacsclient: { ...EMACS, short: { e: "unseen" } },
  sqlite3: { custom: consoleCarriers },
  ed: { custom: consoleCarriers },
  psql: { short: { f: "unseen", o: "writes", L: "writes" }, long: { file: "unseen", output: "writes", "log-file": "writes" }, custom: consoleCarriers },
  mysql: { long: { pager: "line", tee: "writes", "init-command": "unseen" }, custom: consoleCarriers },
  gdb: { short: { x: "unseen" }, long: { command: "unseen", x: "unseen" }, custom: consoleCarriers },
  "ld.so": { long: { preload: "unseen", audit: "unseen" } },
  "dbus-run-session": { long: { "dbus-daemon": "line", "config-file": "unseen" } },
  awk: AWK, gawk: AWK, mawk: AWK, nawk: AWK,
};
