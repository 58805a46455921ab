// Issue 23.3: values the shell changes are unknown to the gate, the read-only list is checked per
// option and operand, and this executable reached through names made by expansions is a self-call.
// Each row is a hook call to the compiled executable with the gate closed; `innocent` is a symlink
// into a condition layer that only looking at the filesystem finds, so a wrong value means a miss.
import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { BIN, hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, home } = sb;
const layer = join(repo, ".agentihooks", "conditions");
writeFile(join(layer, "pre-bash-x.sh"), "#!/bin/sh\nexit 0\n", 0o755);
for (const d of ["gates", "cache", "builtin"]) mkdirSync(join(home, d), { recursive: true });
symlinkSync(layer, join(repo, "innocent"));
mkdirSync(join(repo, "bin"));
copyFileSync(BIN, join(repo, "bin", "zz")); // a renamed copy of this executable
const env = { ...sb.env, PATH: `${join(repo, "bin")}:${sb.env.PATH}` };

const bash = (command: string) => hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }, { env });
const isDenied = (r: RunResult) => r.exitCode === 2 && r.stderr.includes("agentihooks:");

/** Writes through a variable whose value the shell changes where the gate cannot hold it. */
const CHANGED_VALUES: Record<string, string[]> = {
  "printf -v": [
    "x=/tmp; printf -v x %s .; cp /tmp/evil $x/innocent/x",
    "x=/tmp; printf -vx %s .; cp /tmp/evil $x/innocent/x",
    'x=/tmp; printf -v "x" %s .; cp /tmp/evil "$x/innocent/x"',
    "x=/tmp; builtin printf -v x %s .; cp /tmp/evil ${x}/innocent/x",
    "x=/tmp; f() { printf -v x %s .; }; f; cp /tmp/evil $x/innocent/x",
    "x=/tmp; printf -v x -- %s innocent; cp /tmp/evil $x/x",
    "printf -v t %s innocent/x; cp /tmp/evil $t",
    "printf -v t '%s/%s' inn x; cp /tmp/evil \"${t}ocent/x\"",
    "read x <<< innocent/x; cp /tmp/evil $x",
    'read -r a b <<< "foo innocent/x"; cp /tmp/evil $b',
  ],
  "read, mapfile, getopts": [
    "x=/tmp; read x <<< .; cp /tmp/evil $x/innocent/x",
    "x=/tmp; read -r x <<< innocent; cp /tmp/evil $x/x",
    "x=/tmp; IFS= read -r x < f; cp /tmp/evil $x/innocent/x",
    "x=/tmp; read -a x <<< .; cp /tmp/evil $x/innocent/x",
    "x=/tmp; read y x <<< 'a .'; cp /tmp/evil $x/innocent/x",
    "x=/tmp; mapfile -t x < f; cp /tmp/evil $x/innocent/x",
    "x=/tmp; readarray x < f; cp /tmp/evil $x/innocent/x",
    "x=/tmp; getopts a x; cp /tmp/evil $x/innocent/x",
  ],
  "namerefs and computed names": [
    "x=/tmp; declare -n r=x; r=.; cp /tmp/evil $x/innocent/x",
    "x=/tmp; typeset -n r=x; r=.; cp /tmp/evil $x/innocent/x",
    "x=/tmp; f() { local -n r=x; r=.; }; f; cp /tmp/evil $x/innocent/x",
    "x=/tmp; declare -gn r=x; r=innocent; cp /tmp/evil $x/x",
    'x=/tmp; n=x; declare "$n=."; cp /tmp/evil $x/innocent/x',
    "x=/tmp; n=x; export ${n}=.; cp /tmp/evil $x/innocent/x",
    "x=/tmp; eval x=.; cp /tmp/evil $x/innocent/x",
    "x=/tmp; source ./set-x.sh; cp /tmp/evil $x/innocent/x",
    "x=/tmp; trap 'x=.' DEBUG; cp /tmp/evil $x/innocent/x",
  ],
  "assigning expansions, unset and arithmetic": [
    "x=/tmp; : ${x:=.}; unset x; : ${x:=.}; cp /tmp/evil $x/innocent/x",
    "x=/tmp; unset x; : ${x=.}; cp /tmp/evil $x/innocent/x",
    "x=/tmp; unset -v x; cp /tmp/evil ${x:-.}/innocent/x",
    "x=/tmp; echo ${y:=innocent}; cp /tmp/evil $y/x",
    "x=/tmp; declare -l x=INNOCENT; cp /tmp/evil $x/x",
    "declare -u x=innocent; declare -l x=INNOCENT; cp /tmp/evil $x/x",
  ],
  "loop variables": [
    "for d in /tmp innocent; do cp /tmp/evil $d/x; done",
    "for d in /tmp ./innocent; do cp /tmp/evil \"$d/x\"; done",
    "for d in /tmp inno*; do cp /tmp/evil $d/x; done",
    "for d in {/tmp,innocent}; do cp /tmp/evil $d/x; done",
    "select d in /tmp innocent; do cp /tmp/evil $d/x; done",
    "for d; do cp /tmp/evil $d/innocent/x; done",
  ],
  "word splitting, globbing and IFS of known values": [
    "x='innoc*'; cp /tmp/evil $x/x",
    "x='foo innocent/x'; cp /tmp/evil $x",
    "x='[i]nnocent'; cp /tmp/evil $x/x",
    "x='inno?ent/x'; cp /tmp/evil $x",
    "IFS=:; x='a:innocent/x'; cp /tmp/evil $x",
    "x=$'a\\tinnocent/x'; cp /tmp/evil $x",
  ],
  "unknown values inside a name, and globstar": [
    "printf -v x i; cp /tmp/evil ${x}nnocent/pre-bash-y.sh",
    "read x < f; cp /tmp/evil ${x}nocent/y",
    "read x < f; cp /tmp/evil inno${x}/y",
    "read x < f; cp /tmp/evil .agent${x}/conditions/y",
    "cp /tmp/evil **/innocent/pre-bash-x.sh",
    "shopt -s globstar; cp /tmp/evil **/innocent/",
    "shopt -s globstar; rm -rf **/innocent",
  ],
  "HOME, cdable_vars, TMPDIR and git's own variables": [
    "HOME=$PWD/innocent; cp /tmp/evil ~/x",
    "export HOME=$PWD/innocent; cp /tmp/evil ~/x",
    "HOME=$PWD/innocent; cd; cp /tmp/evil x.sh",
    "shopt -s cdable_vars; v=innocent; cd v; cp /tmp/evil pre-bash-y.sh",
    "v=innocent; cd v 2>/dev/null; cp /tmp/evil pre-bash-y.sh",
    "TMPDIR=$PWD/innocent; cp /tmp/evil $(mktemp)",
    "export TMPDIR=$PWD/innocent; f=$(mktemp); cp /tmp/evil $f",
    "TMPDIR=$PWD/innocent; cp /tmp/evil $(mktemp -t x.XXXX)",
    "GIT_WORK_TREE=$PWD/innocent; export GIT_WORK_TREE; cp /tmp/evil $(git rev-parse --show-toplevel)/x",
  ],
};

/** Paths named inside code the line runs, found only by following a symlink. */
const CODE_PATHS: string[] = [
  `python3 -c 'open("innocent/x","w")'`,
  `perl -e 'open F,">innocent/x"'`,
  `awk 'BEGIN{print > "innocent/x"}'`,
  "sed -n 'w innocent/x' /dev/null",
  `node -e 'require("fs").writeFileSync("./innocent/x", "")'`,
  `python3 - <<'PY'\nopen("innocent/x", "w").write("x")\nPY`,
  `ruby -e 'File.write("innocent/x", "")'`,
];

/** Reading programs given an option or operand that writes. */
const WRITING_OPERANDS: string[] = [
  "uniq - .agentihooks/conditions/x",
  "uniq -- /dev/null .agentihooks/conditions/x",
  "uniq -c - .agentihooks/conditions/x",
  "uniq -u /dev/null innocent/x",
  "sort --o=.agentihooks/conditions/x /dev/null",
  "sort --outp .agentihooks/conditions/x /dev/null",
  "sort -ro .agentihooks/conditions/x /dev/null",
  "sort -o.agentihooks/conditions/x /dev/null",
  "sort --t=.agentihooks/conditions /dev/null",
  "sed --i s/a/b/ .agentihooks/conditions/pre-bash-x.sh",
  "sed --in s/a/b/ innocent/pre-bash-x.sh",
  "sed -Ei s/a/b/ .agentihooks/conditions/pre-bash-x.sh",
  "tree -R -H . .agentihooks/conditions",
  "tree -o .agentihooks/conditions/x .",
  "git diff --outp=.agentihooks/conditions/x",
  "git log --output .agentihooks/conditions/x",
  "git show --o=innocent/x HEAD",
  "less -O .agentihooks/conditions/x /dev/null",
  "less --log .agentihooks/conditions/x /dev/null",
  "bat cache --build .agentihooks/conditions",
  "find .agentihooks/conditions -delete",
  "date -s now .agentihooks/conditions",
  "file -C -m .agentihooks/conditions/x",
  "agentihooks conditions set pre-bash-y .agentihooks/conditions",
];

/** This executable under names and subcommands made by expansions. */
const DYNAMIC_SELF_CALLS: string[] = [
  "a=agentihooks; b=uninit; $a $b",
  "a=agentihooks; b=trust; env -u AI_AGENT setsid -f $a $b .",
  'a=agentihooks; b=trust; "$a" "$b" .',
  "a=agentihooks; b=init; ${a} ${b}",
  "a=agentihooks; $a uninit",
  "x=trust; agentihooks $x .",
  "x=trust; zz $x .",
  "zz $UNKNOWN .",
  'a="agentihooks trust"; $a .',
  "$A $B",
  "$(echo agentihooks) trust .",
  "`echo agentihooks` uninit",
  "x=agentihooks; y=conditions; $x $y set foo",
  "a=zz; b=link; $a $b .",
  "p=$PWD/bin/zz; $p $b",
  'a="zz uninit"; $a',
  'a="agentihooks conditions set"; $a x',
  'for c in "git status" "agentihooks trust ."; do $c; done',
];

/** Ordinary lines next to these: they still pass. */
const ALLOWED: string[] = [
  "echo $HOME",
  "ls -la $HOME/.claude",
  "cp $a $b",
  "node build.js $VERSION",
  "x=src; ls $x",
  "for f in *.ts; do echo $f; done",
  "read -r line < README.md; echo $line",
  "printf -v x %s hi; echo $x",
  "uniq README.md",
  "sort -r README.md",
  "cat .agentihooks/conditions/pre-bash-x.sh",
  "x=innocent; ls $x/",
  "declare -l x=HELLO; echo $x",
  "agentihooks conditions list",
  "cp a $DEST/file.txt",
  "cp $SRC $A/$B/$C",
  "rm -rf **/node_modules",
  'for cmd in "npm test" "npm run lint"; do $cmd; done',
  'cmd="git status"; $cmd',
  'a="ls -la"; $a $UNKNOWN',
  `python3 -c 'import os; print(os.listdir("src/"))'`,
  'echo "see .agentihooks/conditions/x for details"',
];

describe("values the shell changes are unknown to the gate", () => {
  for (const [cls, lines] of Object.entries(CHANGED_VALUES)) {
    test(`${cls}: every spelling is denied`, () => expect(lines.filter((l) => !isDenied(bash(l)))).toEqual([]));
  }
});

test("paths inside code the line runs are judged as paths", () => expect(CODE_PATHS.filter((l) => !isDenied(bash(l)))).toEqual([]));

describe("the read-only list is checked per option and operand", () => {
  test("every writing option or operand is denied", () => expect(WRITING_OPERANDS.filter((l) => !isDenied(bash(l)))).toEqual([]));
  test("the reason names the operand", () => expect(bash("uniq - .agentihooks/conditions/x").stderr).toContain("output file"));
});

describe("this executable reached through expansions is a self-call", () => {
  test("every spelling is denied", () => expect(DYNAMIC_SELF_CALLS.filter((l) => !isDenied(bash(l)))).toEqual([]));
  test("an unknown subcommand may be `trust`: denied as a person's act", () => {
    const r = bash("a=agentihooks; b=trust; env -u AI_AGENT setsid -f $a $b .");
    expect(r.stderr).toContain("person");
  });
});

test("ordinary lines next to them pass", () => expect(ALLOWED.filter((l) => bash(l).exitCode !== 0)).toEqual([]));
