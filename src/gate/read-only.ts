// Which shell commands only read. A command line that touches a condition layer passes the closed gate
// only when every program in it is in READ_ONLY (and its arguments pass that program's check), no
// program is unknown before it runs, and nothing is redirected into a file.
import type { CommandInfo } from "../shell/programs";
import type { Analysis } from "../types";

type ArgCheck = (args: string[]) => string | undefined;

const has = (args: string[], re: RegExp) => args.some((a) => re.test(a));
const positionals = (args: string[]) => args.filter((a) => !a.startsWith("-"));

/** find's actions that write or run something. */
const FIND_WRITES = /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/;
/** git subcommands that leave the working tree's files as they are. */
const GIT_READS = new Set([
  "status", "diff", "log", "show", "add", "commit", "push", "fetch", "blame", "ls-files", "ls-tree", "rev-parse",
  "grep", "describe", "shortlog", "cat-file", "remote", "branch", "tag", "reflog",
]);
/** git options that take the next word (`git -C dir status`). */
const GIT_ARG_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);
/** sed commands that write a file (w, W) or run one (e): after an address, a `/`, `;` or `}`. */
const SED_WRITES = /(?:^|[\/;}\s\d$])\s*[gpIiMm\d]*[wWe](?:\s|$)/;

function gitCheck(args: string[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i].startsWith("-")) i += GIT_ARG_OPTIONS.has(args[i]) ? 2 : 1;
  const sub = args[i];
  if (!sub || !GIT_READS.has(sub)) return `runs \`git ${sub ?? ""}\``;
  return has(args, /^--output(?:=|$)/) ? "writes a file with git --output" : undefined;
}

function sedCheck(args: string[]): string | undefined {
  if (has(args, /^-[a-zA-Z]*i|^--in-place/)) return "edits in place (sed -i)";
  if (positionals(args).some((a) => SED_WRITES.test(a))) return "runs a sed script that writes or executes";
  return undefined;
}

/** Programs that only read, each with the check its arguments must pass (undefined: any arguments). */
const READ_ONLY = new Map<string, ArgCheck | undefined>([
  ...[
    "ls", "cat", "head", "tail", "grep", "egrep", "fgrep", "jq", "echo", "printf", "wc", "diff", "cmp", "comm",
    "stat", "file", "du", "realpath", "readlink", "basename", "dirname", "pwd", "cd", "test", "[", "true",
    "false", "which", "type", "cut", "tr", "nl", "column", "md5sum", "sha1sum", "sha256sum", "shasum", "od",
    "hexdump", "bat", "shellcheck", "date", "sleep", "less", "more", "tac", "rev", "fold", "fmt", "expand",
  ].map((p) => [p, undefined] as const),
  ["find", (a) => (has(a, FIND_WRITES) ? "runs find with an action that writes or runs a command" : undefined)],
  ["rg", (a) => (has(a, /^--pre(?:=|$)/) ? "runs rg --pre" : undefined)],
  ["sed", sedCheck],
  ["sort", (a) => (has(a, /^-[a-zA-Z]*o|^--output/) ? "writes with sort -o" : undefined)],
  ["uniq", (a) => (positionals(a).length > 1 ? "writes uniq's output file" : undefined)],
  ["tree", (a) => (has(a, /^-o$/) ? "writes with tree -o" : undefined)],
  ["git", gitCheck],
  ["agentihooks", (a) => (["conditions", "programs", "--version", "help", "--help"].includes(positionals(a)[0] ?? "") ? undefined : "runs agentihooks")],
]);

/** Redirection targets that are not files. */
const NOT_FILES = /^(?:\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)|\d+|-)$/;

function writesFile(r: CommandInfo["redirects"][number]): boolean {
  if (![">", ">>", ">|", "&>", "&>>", "<>", ">&"].includes(r.op)) return false;
  return !NOT_FILES.test(r.target);
}

/** Returns why the command line is not read-only, or undefined when every part of it only reads. */
export function readOnlyProblem(commands: CommandInfo[], analysis?: Analysis): string | undefined {
  if (!analysis) return "cannot be analyzed";
  if (analysis.dynamic) return "runs something that is only known when it runs";
  for (const p of analysis.programs) if (!READ_ONLY.has(p)) return `runs ${p}, which is not read-only`;
  for (const c of commands) {
    if (c.dynamic) return "runs something that is only known when it runs";
    const w = c.redirects.find(writesFile);
    if (w) return `redirects into a file (${w.op} ${w.target})`;
    if (c.program === null) continue;
    if (!READ_ONLY.has(c.program)) return `runs ${c.program}, which is not read-only`;
    const problem = READ_ONLY.get(c.program)?.(c.args);
    if (problem) return problem;
  }
  return undefined;
}
