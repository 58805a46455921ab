// Which shell commands only read. A command line that touches a condition layer passes the closed gate
// only when every command in it only reads: its program is in READ_ONLY and its arguments pass that
// program's check, the analysis recorded no effect for it (an option, setting or environment variable
// of that call that runs code or writes a file: src/shell/carriers.ts is the one table of them, shared
// with the analyzer), no argument of a program with such options is only known when the line runs,
// nothing in the line is dynamic, and nothing is redirected into a file.
import type { CommandInfo } from "../shell/programs";
import type { Analysis } from "../types";

type ArgCheck = (args: string[]) => string | undefined;

const has = (args: string[], re: RegExp) => args.some((a) => re.test(a));
const positionals = (args: string[]) => args.filter((a) => !a.startsWith("-"));

/** git subcommands that leave the working tree's files as they are (their settings and options are checked apart). */
const GIT_READS: Readonly<Record<string, 1>> = {
  status: 1, diff: 1, log: 1, show: 1, add: 1, commit: 1, push: 1, fetch: 1, blame: 1, "ls-files": 1, "ls-tree": 1, "rev-parse": 1,
  grep: 1, describe: 1, shortlog: 1, "cat-file": 1, remote: 1, branch: 1, tag: 1, reflog: 1, "rev-list": 1, "show-ref": 1, "for-each-ref": 1,
};
/** git options that take the next word (`git -C dir status`). */
const GIT_ARG_OPTIONS = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"];

function gitCheck(args: string[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i].startsWith("-")) i += GIT_ARG_OPTIONS.includes(args[i]) ? 2 : 1;
  const sub = args[i];
  if (!sub || !Object.hasOwn(GIT_READS, sub)) return `runs \`git ${sub ?? ""}\``;
  if (sub === "remote" && args.slice(i + 1).some((a) => !a.startsWith("-") && !["show", "get-url"].includes(a))) return "changes a git remote";
  if (has(args, /^--(?:ext-diff|textconv|filters|open-files-in-pager)$|^-O/)) return "runs a program through git (diff driver, textconv, filter or pager)";
  return undefined;
}

/** Checks of the programs whose arguments can make them write; their effects are checked apart. */
const CHECKS: Readonly<Record<string, ArgCheck>> = {
  git: gitCheck,
  sed: (a) => (has(a, /^-[a-zA-Z]*i|^--in-pl/) ? "edits in place (sed -i)" : undefined),
  sort: (a) => (has(a, /^-[a-zA-Z]*[oT]|^--(?:ou|te|co)/) ? "writes with sort -o, -T or --compress-program" : undefined),
  uniq: (a) => (positionals(a).length > 1 ? "writes uniq's output file" : undefined),
  tree: (a) => (has(a, /^-o$/) ? "writes with tree -o" : undefined),
  file: (a) => (has(a, /^-[a-zA-Z]*C|^--compile/) ? "writes a magic file (file -C)" : undefined),
  agentihooks: (a) => (["conditions", "programs", "--version", "help", "--help"].includes(positionals(a)[0] ?? "") ? undefined : "runs agentihooks"),
};

/** Programs that only read: true for any arguments, or the check in CHECKS. */
const READ_ONLY: Readonly<Record<string, true>> = {
  ls: true, cat: true, head: true, tail: true, grep: true, egrep: true, fgrep: true, jq: true, echo: true, printf: true, wc: true,
  diff: true, cmp: true, comm: true, stat: true, file: true, du: true, realpath: true, readlink: true, basename: true,
  dirname: true, pwd: true, cd: true, test: true, "[": true, true: true, false: true, which: true, type: true, cut: true,
  tr: true, nl: true, column: true, md5sum: true, sha1sum: true, sha256sum: true, shasum: true, od: true, hexdump: true,
  bat: true, shellcheck: true, date: true, sleep: true, less: true, more: true, tac: true, rev: true, fold: true, fmt: true,
  expand: true, find: true, rg: true, sed: true, sort: true, uniq: true, tree: true, git: true, agentihooks: true,
};

/** Programs whose options can run code or write: an argument only known when the line runs may be such an option. */
const OPTION_SENSITIVE: Readonly<Record<string, 1>> = { git: 1, sed: 1, sort: 1, uniq: 1, tree: 1, find: 1, rg: 1, less: 1, bat: 1, file: 1, agentihooks: 1 };

/** Redirection targets that are not files. */
const NOT_FILES = /^(?:\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)|\d+|-)$/;

function writesFile(r: CommandInfo["redirects"][number]): boolean {
  if (![">", ">>", ">|", "&>", "&>>", "<>", ">&"].includes(r.op)) return false;
  return !NOT_FILES.test(r.target);
}

/** Returns why the command line is not read-only, or undefined when every part of it only reads. */
export function readOnlyProblem(commands: CommandInfo[], analysis?: Analysis): string | undefined {
  if (!analysis) return "cannot be analyzed";
  if (analysis.dynamic) return `runs something that is only known when it runs${analysis.why?.[0] ? ` (${analysis.why[0].construct}: \`${analysis.why[0].text}\`)` : ""}`;
  // effects first: they say why better than the programs they start (`core.pager` rather than `sh`)
  for (const c of commands) if (c.effects?.length) return `${c.effects[0]}, so it is not read-only`;
  for (const p of analysis.programs) if (!Object.hasOwn(READ_ONLY, p)) return `runs ${p}, which is not read-only`;
  for (const w of analysis.wrappers ?? []) return `runs a program through ${w}`;
  for (const c of commands) {
    const problem = commandProblem(c);
    if (problem) return problem;
  }
  return undefined;
}

function commandProblem(c: CommandInfo): string | undefined {
  if (c.dynamic) return "runs something that is only known when it runs";
  const w = c.redirects.find(writesFile);
  if (w) return `redirects into a file (${w.op} ${w.target})`;
  if (c.program === null) return undefined;
  if (!Object.hasOwn(READ_ONLY, c.program)) return `runs ${c.program}, which is not read-only`;
  if (Object.hasOwn(OPTION_SENSITIVE, c.program) && c.argsExpand) return `gives ${c.program} an argument only known when the line runs`;
  return Object.hasOwn(CHECKS, c.program) ? CHECKS[c.program](c.args) : undefined;
}
