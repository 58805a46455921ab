// Which shell commands only read. A command line that touches a condition layer passes the closed gate
// only when every command in it only reads: its program is a reader (PLAIN_READERS, READ_WRITES) and none of its options or
// operands is one READ_WRITES says writes (checked per option and operand), the analysis recorded no effect for it (an option, setting or environment variable
// of that call that runs code or writes a file: src/shell/carriers.ts is the one table of them, shared
// with the analyzer), no argument of a program with such options is only known when the line runs,
// nothing in the line is dynamic, and nothing is redirected into a file.
import type { CommandInfo } from "../shell/programs";
import type { Analysis } from "../types";

/**
 * What makes a reading program write, per program: options (short letters, anywhere in a cluster;
 * long names, with any prefix getopt_long would take for them), operand positions that are output
 * files, subcommands, and `find`'s primaries. Every program of the read-only list has a row: `{}`
 * says it was checked and has no such option. The analyzer's effects (carriers.ts) are checked apart.
 */
interface Writes {
  /** Short options that write or run (`o` of `sort -o F`, `-ro`, `-oF`). */
  short?: string;
  /** Long options that write or run (`--output` and its prefixes `--o`, `--outp=F`). */
  long?: string[];
  /** The operand position (0-based, `-` counted) from which operands are written (`uniq IN OUT`). */
  output?: number;
  /** Words that write wherever they stand (`bat cache`, `find -delete`, `less +!cmd`'s leading `+`). */
  words?: RegExp;
  /** A check of its own (git's subcommands, this executable's). */
  check?: (args: string[]) => string | undefined;
}

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
  const rest = args.slice(i + 1);
  if (sub === "remote" && rest.some((a) => !a.startsWith("-") && !["show", "get-url"].includes(a))) return "changes a git remote";
  if (rest.some((a) => /^--(?:ext-diff|textconv|filters|open-files-in-pager)$|^-O/.test(a))) return "runs a program through git (diff driver, textconv, filter or pager)";
  const out = rest.find((a) => longIs(a, ["output"]));
  return out ? `writes a file (git ${sub} ${out})` : undefined;
}

/** agentihooks subcommands that only read (self-call.ts judges the rest first). */
function agentihooksCheck(args: string[]): string | undefined {
  const ops = args.filter((a) => !a.startsWith("-") || ["--version", "--help", "-h"].includes(a));
  if (["programs", "--version", "help", "--help", "-h", "stats", "doctor"].includes(ops[0] ?? "")) return undefined;
  if (ops[0] === "conditions" && ["list", "show", "explain", "lint", "test", undefined].includes(ops[1])) return undefined;
  return "runs agentihooks";
}

/**
 * Programs that only read, whatever their arguments. An array of names, not rows of `{}`: creating an
 * object per program cost start-up time on every Bash call (bench/README.md, entry 34).
 */
const PLAIN_READERS: readonly string[] = [
  "ls", "cat", "head", "tail", "grep", "egrep", "fgrep", "jq", "echo", "printf", "wc", "diff", "cmp", "comm",
  "stat", "du", "realpath", "readlink", "basename", "dirname", "pwd", "cd", "test", "[", "true", "false",
  "which", "type", "cut", "tr", "nl", "column", "md5sum", "sha1sum", "sha256sum", "shasum", "od", "hexdump",
  "shellcheck", "sleep", "more", "tac", "rev", "fold", "fmt", "expand",
];

/** Programs that only read unless an option or operand makes them write: what does. */
const READ_WRITES: Readonly<Record<string, Writes>> = {
  rg: { long: ["pre"] },
  file: { short: "C", long: ["compile"] },
  date: { short: "s", long: ["set"] },
  bat: { long: ["generate-config-file", "pager"], words: /^cache$/ },
  less: { short: "oO", long: ["log-file", "LOG-FILE", "lesskey-src"], words: /^\+/ },
  find: { words: /^-(?:delete|fprint0?|fprintf|fls|exec|execdir|ok|okdir)$/ },
  sed: { short: "i", long: ["in-place"] },
  sort: { short: "oT", long: ["output", "temporary-directory", "compress-program"] },
  uniq: { output: 1 },
  tree: { short: "oR" },
  git: { check: gitCheck },
  agentihooks: { check: agentihooksCheck },
};

const NOTHING: Writes = {};

/** What makes a reading program write (`{}`: nothing does); undefined for a program that is not read-only. */
function writesOf(program: string): Writes | undefined {
  return Object.hasOwn(READ_WRITES, program) ? READ_WRITES[program] : PLAIN_READERS.includes(program) ? NOTHING : undefined;
}

/** True when `arg` is one of `names` as a long option, or a prefix of one getopt_long would take. */
function longIs(arg: string, names: readonly string[]): boolean {
  if (!arg.startsWith("--") || arg === "--") return false;
  const given = arg.slice(2).split("=")[0];
  return given.length > 0 && names.some((n) => n.startsWith(given));
}

/** Returns why a reading program's arguments make it write, or undefined. */
function writesBy(program: string, w: Writes, args: string[]): string | undefined {
  if (w.check) return w.check(args);
  let operand = 0;
  let options = true;
  for (const a of args) {
    if (options && a === "--") {
      options = false;
      continue;
    }
    if (w.words?.test(a)) return `writes or runs with ${program} ${a}`;
    if (options && a.startsWith("--")) {
      if (w.long && longIs(a, w.long)) return `writes or runs with ${program} ${a}`;
      continue;
    }
    if (options && a.startsWith("-") && a !== "-") {
      const hit = [...(w.short ?? "")].find((letter) => a.slice(1).includes(letter));
      if (hit) return `writes or runs with ${program} -${hit} (${a})`;
      continue;
    }
    if (w.output !== undefined && operand++ >= w.output) return `writes its output file (${program} ... ${a})`;
  }
  return undefined;
}

/** Programs whose options can run code or write: an argument only known when the line runs may be such an option. */
const OPTION_SENSITIVE: Readonly<Record<string, 1>> = { git: 1, sed: 1, sort: 1, uniq: 1, tree: 1, find: 1, rg: 1, less: 1, bat: 1, file: 1, agentihooks: 1 };

/** Redirection targets that are not files. */
const NOT_FILES = /^(?:\/dev\/(?:null|stdout|stderr|tty|fd\/\d+)|\d+|-)$/;

function writesFile(r: CommandInfo["redirects"][number]): boolean {
  if (![">", ">>", ">|", "&>", "&>>", "<>", ">&"].includes(r.op)) return false;
  return !NOT_FILES.test(r.target);
}

/**
 * True when a line the analysis did not read (past its length limit) is one plain command of a reading
 * program: nothing in it but words of plain characters (no quotes, expansions, globs, operators,
 * redirections or comments), so its words are what bash splits at blanks, and none of them writes.
 */
export function plainReadOnly(command: string): boolean {
  if (!/^[\w.,:=/+@%~ \t-]+$/.test(command)) return false;
  const [program = "", ...args] = command.trim().split(/[ \t]+/);
  const writes = /^[\w.+-]+$/.test(program) ? writesOf(program) : undefined;
  return writes !== undefined && writesBy(program, writes, args) === undefined;
}

/** Returns why the command line is not read-only, or undefined when every part of it only reads. */
export function readOnlyProblem(commands: CommandInfo[], analysis?: Analysis): string | undefined {
  if (!analysis) return "cannot be analyzed";
  if (analysis.dynamic) return `runs something that is only known when it runs${analysis.why?.[0] ? ` (${analysis.why[0].construct}: \`${analysis.why[0].text}\`)` : ""}`;
  // effects first: they say why better than the programs they start (`core.pager` rather than `sh`)
  for (const c of commands) if (c.effects?.length) return `${c.effects[0]}, so it is not read-only`;
  for (const p of analysis.programs) if (!writesOf(p)) return `runs ${p}, which is not read-only`;
  for (const w of analysis.wrappers ?? []) return `runs a program through ${w}`;
  for (const c of commands) {
    const problem = commandProblem(c);
    if (problem) return problem;
  }
  return undefined;
}

function commandProblem(c: CommandInfo): string | undefined {
  if (c.dynamic) return "runs something that is only known when it runs";
  for (const w of c.redirects) if (writesFile(w)) return `redirects into a file (${w.op} ${w.target})`;
  if (c.program === null) return undefined;
  const writes = writesOf(c.program);
  if (!writes) return `runs ${c.program}, which is not read-only`;
  if (Object.hasOwn(OPTION_SENSITIVE, c.program) && c.argsExpand) return `gives ${c.program} an argument only known when the line runs`;
  return writesBy(c.program, writes, c.args);
}
