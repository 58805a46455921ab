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

// Allow-lists (`known`, `knownLong`): an option these rows do not list makes the line dynamic, so an
// option a program gains later, or one that runs code and was missed here, is never read as harmless.
const SSH_LIKE: CarrierRow = {
  short: { F: "unseen", E: "writes", I: "unseen" },
  shortArgs: "BbcDeiJLlmOopQRSWw",
  known: "46AaCfGgKkMNnqsTtVvXxYy",
  knownLong: [],
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

/** GNU tar's long options that neither run a program nor write a file beyond the archive and its members. */
const TAR_LONG = [
  "catenate", "concatenate", "create", "delete", "diff", "compare", "append", "list", "test-label", "update", "extract", "get",
  "show-defaults", "check-device", "no-check-device", "listed-incremental", "incremental", "hole-detection", "ignore-failed-read",
  "level", "no-seek", "seek", "occurrence", "restrict", "sparse-version", "sparse", "keep-old-files", "keep-newer-files",
  "keep-directory-symlink", "no-overwrite-dir", "one-top-level", "overwrite", "overwrite-dir", "recursive-unlink", "remove-files",
  "skip-old-files", "unlink-first", "verify", "ignore-command-error", "no-ignore-command-error", "to-stdout", "atime-preserve",
  "clamp-mtime", "delay-directory-restore", "no-delay-directory-restore", "group", "group-map", "mode", "mtime", "touch",
  "no-same-owner", "no-same-permissions", "numeric-owner", "owner", "owner-map", "preserve-permissions", "same-permissions",
  "same-owner", "preserve-order", "same-order", "sort", "preserve", "acls", "no-acls", "selinux", "no-selinux", "xattrs",
  "no-xattrs", "xattrs-exclude", "xattrs-include", "force-local", "file", "multi-volume", "tape-length", "blocking-factor",
  "ignore-zeros", "read-full-records", "record-size", "format", "old-archive", "portability", "posix", "pax-option", "label",
  "auto-compress", "no-auto-compress", "bzip2", "gzip", "gunzip", "ungzip", "lzip", "lzma", "lzop", "xz", "zstd", "compress",
  "uncompress", "add-file", "backup", "directory", "exclude", "exclude-backups", "exclude-caches", "exclude-caches-all",
  "exclude-caches-under", "exclude-ignore", "exclude-ignore-recursive", "exclude-tag", "exclude-tag-all", "exclude-tag-under",
  "exclude-vcs", "exclude-vcs-ignores", "null", "no-null", "no-recursion", "recursion", "files-from", "unquote", "no-unquote",
  "verbatim-files-from", "no-verbatim-files-from", "anchored", "no-anchored", "ignore-case", "no-ignore-case", "wildcards",
  "no-wildcards", "wildcards-match-slash", "no-wildcards-match-slash", "suffix", "dereference", "hard-dereference",
  "starting-file", "newer", "after-date", "newer-mtime", "one-file-system", "absolute-names", "strip-components", "transform",
  "xform", "checkpoint", "full-time", "check-links", "no-quote-chars", "quote-chars", "quoting-style", "block-number",
  "show-omitted-dirs", "show-transformed-names", "show-stored-names", "totals", "utc", "verbose", "warning", "interactive",
  "confirmation", "help", "usage", "version",
];

/** rsync's long options that carry no command line and name no file it writes besides its destination. */
const RSYNC_LONG = [
  "verbose", "info", "debug", "stderr", "quiet", "no-motd", "checksum", "archive", "recursive", "no-recursive", "inc-recursive",
  "no-inc-recursive", "i-r", "no-i-r", "relative", "no-relative", "no-implied-dirs", "backup", "suffix", "update", "inplace",
  "append", "append-verify", "dirs", "no-dirs", "old-dirs", "mkpath", "links", "no-links", "copy-links", "copy-unsafe-links",
  "safe-links", "munge-links", "copy-dirlinks", "keep-dirlinks", "hard-links", "perms", "no-perms", "executability", "chmod",
  "acls", "xattrs", "owner", "no-owner", "group", "no-group", "devices", "no-devices", "copy-devices", "write-devices",
  "specials", "no-specials", "times", "no-times", "atimes", "open-noatime", "crtimes", "omit-dir-times", "omit-link-times",
  "super", "fake-super", "sparse", "preallocate", "dry-run", "whole-file", "no-whole-file", "checksum-choice", "cc",
  "one-file-system", "block-size", "existing", "ignore-existing", "remove-source-files", "delete", "delete-before",
  "delete-during", "delete-delay", "delete-after", "delete-excluded", "ignore-missing-args", "delete-missing-args",
  "ignore-errors", "force", "max-delete", "max-size", "min-size", "max-alloc", "partial", "partial-dir", "delay-updates",
  "prune-empty-dirs", "numeric-ids", "usermap", "groupmap", "chown", "timeout", "contimeout", "ignore-times", "size-only",
  "modify-window", "temp-dir", "fuzzy", "compare-dest", "copy-dest", "link-dest", "compress", "no-compress", "compress-choice",
  "zc", "compress-level", "zl", "skip-compress", "cvs-exclude", "filter", "exclude", "exclude-from", "include", "include-from",
  "files-from", "from0", "old-args", "secluded-args", "protect-args", "trust-sender", "copy-as", "address", "port", "sockopts",
  "blocking-io", "outbuf", "stats", "8-bit-output", "human-readable", "progress", "itemize-changes", "out-format",
  "log-file-format", "password-file", "list-only", "bwlimit", "stop-after", "stop-at", "fsync", "ipv4", "ipv6", "version",
  "help", "read-batch",
];

/** less's long options that neither read code nor write a file. */
const LESS_LONG = [
  "quit-at-eof", "QUIT-AT-EOF", "quit-if-one-screen", "ignore-case", "IGNORE-CASE", "long-prompt", "LONG-PROMPT",
  "raw-control-chars", "RAW-CONTROL-CHARS", "chop-long-lines", "no-init", "line-numbers", "LINE-NUMBERS",
  "squeeze-blank-lines", "status-column", "hilite-unread", "HILITE-UNREAD", "hilite-search", "HILITE-SEARCH", "tabs", "window",
  "shift", "pattern", "prompt", "tag", "tag-file", "jump-target", "buffers", "max-back-scroll", "max-forward-scroll", "quiet",
  "silent", "QUIET", "SILENT", "search-skip-screen", "SEARCH-SKIP-SCREEN", "clear-screen", "CLEAR-SCREEN", "auto-buffers",
  "force", "help", "version", "mouse", "MOUSE", "wheel-lines", "no-keypad", "follow-name", "use-backslash", "use-color", "color",
  "header", "incsearch", "line-num-width", "no-histdups", "no-number-headers", "no-search-headers", "no-vbell",
  "redraw-on-quit", "rscroll", "save-marks", "status-col-width", "status-line", "exit-follow-on-close", "file-size", "intr",
  "match-shift", "wordwrap", "show-preproc-errors", "proc-backspace", "proc-tab", "proc-return", "underline-special",
  "no-edit-warn", "search-options", "dont-squeeze-blank-lines",
];

/** The table: one row per program name (aliases share rows). */
const CARRIERS: Readonly<Record<string, CarrierRow>> = {
  git: { custom: gitCarriers },
  sed: { custom: sedCarriers },
  ssh: SSH_LIKE,
  scp: { ...SSH_LIKE, short: { F: "unseen", S: "line" }, shortArgs: "cDiJloPX", known: "346ABCOpqRrTv" },
  sftp: { ...SSH_LIKE, short: { F: "unseen", S: "line", D: "line", b: "unseen" }, shortArgs: "BcfiJlOoPRsX", known: "46AaCNpqrv" },
  rsync: {
    short: { e: "line", M: "line" },
    long: { rsh: "line", "rsync-path": "line", "remote-option": "line", config: "unseen", "write-batch": "writes", "only-write-batch": "writes", "log-file": "writes" },
    shortArgs: "BfT@",
    known: "vqcarRbudlLkKHpEAXogDtUNOJmnWxyzCFhPSIi8s046",
    knownLong: RSYNC_LONG,
    expansions: "any",
  },
  tar: {
    short: { I: "line", F: "line" },
    long: {
      "to-command": "line", "use-compress-program": "line", "rsh-command": "line", "info-script": "line", "new-volume-script": "line",
      "checkpoint-action": "exec", "index-file": "writes",
    },
    shortArgs: "bCfgHKLNTVX",
    known: "AcdrtuxzjJZavkmOpPsSUWwhilMGnoBR",
    knownLong: TAR_LONG,
    abbrev: true,
    expansions: "any",
    custom: consoleCarriers,
  },
  less: {
    short: { k: "unseen", o: "writes", O: "writes" },
    long: { "lesskey-file": "unseen", "lesskey-src": "unseen", "lesskey-content": "unseen", "log-file": "writes", "LOG-FILE": "writes" },
    plus: "vim",
    shortArgs: "bhjpPtTxyz#",
    known: "aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~",
    knownLong: LESS_LONG,
    abbrev: true,
    expansions: "any",
  },
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
