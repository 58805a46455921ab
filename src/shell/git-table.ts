// What the analysis knows of git, as allow-lists: the settings known to be harmless, git's built-in
// commands, and the options of `git` and `git config` it reads. A setting not listed here (nor in
// git-carriers.ts's SETTINGS, whose command lines are analyzed), a subcommand that is not built in
// (an alias, whose text lives in a config file the line does not show, or an external `git-NAME`),
// or an option not listed makes the line dynamic.

/** Sections whose every key only changes what git prints or records as text. */
const HARMLESS_SECTIONS = new Set(["advice", "color", "column", "i18n", "pretty", "status", "user", "blame", "rerere", "versionsort"]);

/** Single harmless keys (`section.name`, lower case). */
const HARMLESS_KEYS = new Set([
  "core.autocrlf", "core.safecrlf", "core.eol", "core.filemode", "core.ignorecase", "core.quotepath", "core.abbrev",
  "core.precomposeunicode", "core.whitespace", "core.compression", "core.longpaths", "core.symlinks", "core.untrackedcache",
  "core.preloadindex", "core.commentchar", "core.commentstring", "core.logallrefupdates", "core.bigfilethreshold",
  "init.defaultbranch", "diff.renames", "diff.algorithm", "diff.noprefix", "diff.mnemonicprefix", "diff.context",
  "diff.colormoved", "diff.relative", "diff.statgraphwidth", "diff.renamelimit", "diff.indentheuristic", "diff.interhunkcontext",
  "merge.conflictstyle", "merge.ff", "merge.log", "merge.renames", "merge.renamelimit", "pull.rebase", "pull.ff",
  "push.default", "push.autosetupremote", "push.followtags", "fetch.prune", "fetch.prunetags", "fetch.parallel",
  "rebase.autostash", "rebase.autosquash", "rebase.updaterefs", "rebase.stat", "branch.autosetupmerge",
  "branch.autosetuprebase", "branch.sort", "tag.sort", "log.date", "log.decorate", "log.follow", "log.abbrevcommit", "log.mailmap",
  "format.pretty", "commit.verbose", "commit.cleanup", "commit.status", "gc.auto", "gc.autodetach", "pack.threads",
  "index.version", "feature.manyfiles", "grep.linenumber", "grep.patterntype", "grep.extendedregexp", "protocol.version",
  "checkout.defaultremote", "checkout.workers", "clone.defaultremotename", "am.threeway", "apply.whitespace",
  "submodule.recurse", "fetch.recursesubmodules", "http.postbuffer", "pack.windowmemory", "core.packedgitlimit",
  "core.excludesfile", "core.sparsecheckout", "core.sparsecheckoutcone", "http.proxy", "http.sslverify", "http.version",
  "remote.*.url", "remote.*.pushurl", "remote.*.fetch", "remote.*.tagopt", "remote.*.prune", "branch.*.remote", "branch.*.merge",
  "branch.*.rebase", "branch.*.description", "branch.*.pushremote", "credential.username", "credential.usehttppath",
]);

/** Returns true when the setting `key` is known to run nothing and read no code. */
export function isHarmlessSetting(key: string): boolean {
  const dot = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (dot < 0) return false;
  // section and name are case-insensitive, the subsection (`remote.<name>.url`) is any
  const section = key.slice(0, dot).toLowerCase();
  if (HARMLESS_SECTIONS.has(section)) return true;
  const name = key.slice(last + 1).toLowerCase();
  return HARMLESS_KEYS.has(dot === last ? `${section}.${name}` : `${section}.*.${name}`);
}

/**
 * git's commands (`git --list-cmds=main` of git 2.39, and those added since), less the ones that run
 * a command named by their arguments or input (`remote-ext`, `remote-fd`, `shell`, `web--browse`).
 */
const COMMANDS = new Set(`add am annotate apply archive backfill bisect blame branch bugreport bundle cat-file check-attr
check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick citool clean clone column commit
commit-graph commit-tree config count-objects credential credential-cache credential-store daemon describe diagnose diff
diff-files diff-index diff-pairs diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg
for-each-ref for-each-repo format-patch fsck fsck-objects fsmonitor--daemon gc get-tar-commit-id grep gui hash-object help hook
http-backend http-fetch http-push imap-send index-pack init init-db instaweb interpret-trailers last-modified log ls-files
ls-remote ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-octopus merge-one-file merge-ours
merge-recursive merge-recursive-ours merge-recursive-theirs merge-resolve merge-subtree merge-tree mergetool mktag mktree
multi-pack-index mv name-rev notes p4 pack-objects pack-redundant pack-refs patch-id prune prune-packed pull push
quiltimport range-diff read-tree rebase receive-pack reflog refs remote remote-ftp remote-ftps remote-http remote-https repack
replace replay repo request-pull rerere reset restore rev-list rev-parse revert rm send-email send-pack shortlog show
show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule subtree svn switch symbolic-ref tag
unpack-file unpack-objects update-index update-ref update-server-info upload-archive upload-pack var verify-commit
verify-pack verify-tag version whatchanged worktree write-tree`.split(/\s+/));

/** True when `name` is one of git's own commands (not an alias, not an external `git-NAME`). */
export function isGitCommand(name: string): boolean {
  return COMMANDS.has(name);
}

/** Options of `git` before the subcommand: `args` take the next word (unless `=` is attached). */
export const GLOBAL = {
  args: new Set(["-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--list-cmds", "--attr-source"]),
  flags: new Set([
    "-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch", "--no-optional-locks", "--no-advice",
    "--bare", "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--html-path",
    "--man-path", "--info-path", "--version", "-v", "--help", "-h", "--exec-path",
  ]),
};

/** `git config`'s options and modes (subcommands of git 2.46 as well). */
export const CONFIG = {
  args: new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value"]),
  flags: new Set([
    "--global", "--system", "--local", "--worktree", "--includes", "--no-includes", "--bool", "--int", "--bool-or-int",
    "--path", "--expiry-date", "--null", "-z", "--name-only", "--show-origin", "--show-scope", "--fixed-value", "--all",
    "--regexp", "--append", "--no-type", "--no-value", "--add", "--replace-all", "--url",
  ]),
  reads: new Set([
    "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "--list", "-l", "--unset",
    "--unset-all", "--remove-section", "list", "get", "unset", "remove-section",
  ]),
};
