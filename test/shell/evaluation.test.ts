// Issue 17, class 1: bash evaluates text as code outside command position. A value that arithmetic
// reads (`x='a[$(rm f)]'; (( x ))`), a subscript in a variable name, `${!x}`, `${x@P}`, prompts with
// `set -x`, BASH_ENV, trap, `mapfile -C`, `complete -C`, `hash -p`, aliases: each spelling runs what
// it names, or makes the line dynamic.
import { DYN, type Row, checkTables } from "./rows";

const X = "x='a[$(rm f)]'; ";

const ARITHMETIC: Row[] = [
  [[`${X}(( x ))`, `${X}(( x + 1 ))`, `${X}((x++))`, `${X}[[ $x -eq 0 ]]`, `${X}[[ x -lt 1 ]]`, `${X}[[ 1 -ne "$x" ]]`, `${X}b[x]=1`, `${X}b[$x]=1`, `${X}case 1 in $((x))) ;; esac`], [], DYN],
  [[`${X}for ((i=x; i<1; i++)); do :; done`, `${X}while (( x )); do :; done`], [":"], DYN],
  [[`${X}echo $((x))`, `${X}echo $(( x ))`, `${X}echo $[x]`, `${X}echo \${b[x]}`, `${X}echo \${s:x}`, `${X}echo \${s:0:x}`, `${X}echo \${#b[x]}`, `${X}echo "$((x))"`], ["echo"], DYN],
  [[`${X}let x`, `${X}let 'y = x'`, `${X}let y=x+1`], ["let"], DYN],
  [[`${X}declare -i y=x`, `${X}declare -i y; y=x`], ["declare"], DYN],
  [[`${X}typeset -i y=x`], ["typeset"], DYN],
  [["echo $((n + 1))", "echo $((RANDOM % n))", "echo $(( $n ))", "echo ${s:n}"], ["echo"], DYN],
  [["(( $(wc -l < f) > 1 ))", "(( `wc -l < f` ))"], ["wc"], DYN],
  // integers the line itself gives are safe; so are bash's own numeric variables
  [["n=5; echo $((n + 1))", "for ((i=0; i<3; i++)); do echo $i; done", "echo $((RANDOM % 6)) $(( $# + 1 )) $((SECONDS))", "i=0; echo ${s:i:1}", "echo $((16#ff + 0x1f))", "n=$((2 * 3)); echo $((n))", "echo ${s:1:2} ${#s} ${a[0]} ${a[@]}"], ["echo"]],
  [["for i in 1 2 3; do (( i > 1 )) && rm f; done", "for i in {1..3}; do (( i )) && rm f; done"], ["rm"]],
];

const NAMES: Row[] = [
  [["printf -v 'a[$(rm f)]' v", "printf -v \"a[\\$(rm f)]\" v"], ["printf", "rm"], DYN],
  [['printf -v "$n" v', "printf -v $n v"], ["printf"], DYN],
  [["read 'a[$(rm f)]' <<< v", "read -r 'a[$(rm f)]' <<< v", "read -a 'a[$(rm f)]' <<< v"], ["read", "rm"], DYN],
  [["[ -v 'a[$(rm f)]' ]"], ["[", "rm"], DYN],
  [["test -v 'a[$(rm f)]'"], ["rm", "test"], DYN],
  [["[[ -v 'a[$(rm f)]' ]]", '[[ -v "a[\\$(rm f)]" ]]'], ["rm"], DYN],
  [['[[ -v $n ]]', '[[ -v "$n" ]]'], [], DYN],
  [["unset 'a[$(rm f)]'"], ["rm", "unset"], DYN],
  [["declare 'a[$(rm f)]=1'", "declare -a 'a[$(rm f)]'"], ["declare", "rm"], DYN],
  [["local 'a[$(rm f)]'=1"], ["local", "rm"], DYN],
  [['export "$n"=1'], ["export"], DYN],
  [['declare "$n"'], ["declare"], DYN],
  [["getopts ab 'a[$(rm f)]'"], ["getopts", "rm"], DYN],
  [["wait -p 'a[$(rm f)]'"], ["rm", "wait"], DYN],
  [["read x; echo $x", "read -r x y <<< v; echo $x"], ["echo", "read"]],
  [["printf -v y %s 1; echo $y"], ["echo", "printf"]],
  [["declare -a arr=(1 2); echo ${arr[1]}"], ["declare", "echo"]],
  [["unset x y"], ["unset"]],
];

const EXPANSIONS: Row[] = [
  [["y='a[$(rm f)]'; echo ${!y}", "echo ${!y}", "echo ${!y[0]}", "echo \"${!y}\"", "echo ${!1}"], ["echo"], DYN],
  [["x='$(rm f)'; echo ${x@P}", "echo ${x@P}", "echo \"${x@P}\""], ["echo"], DYN],
  [["echo ${!prefix*} ${!prefix@} ${!arr[@]} ${!arr[*]} ${!#} ${!}", "echo ${x@Q} ${x@E} ${x@A} ${x@a} ${x@U}"], ["echo"]],
];

const PROMPTS_AND_ENV: Row[] = [
  [["PS4='$(rm f) '; set -x; :", "PS4='`rm f`'; set -x; :"], [":", "rm", "set"]],
  [["export PS4='$(rm f)'; set -x; :", "export PS1='$(rm f)'; set -x; :"], [":", "export", "rm", "set"]],
  [["PS1='$(rm f)' bash -i", "PS0='$(rm f)' bash -i", "PS2='$(rm f)' bash -i", "PS3='$(rm f)' bash -i", "PROMPT_COMMAND='rm f' bash -i", "env PROMPT_COMMAND='rm f' bash -i"], ["bash", "rm"]],
  [["env PS4='$(rm f)' bash -xc :"], [":", "bash", "rm"]],
  [["BASH_ENV=./x.sh bash -c :", "ENV=./x.sh bash -c :", "env BASH_ENV=x bash -c :", 'BASH_ENV="$F" bash -c :'], [":", "bash"], DYN],
  [["export BASH_ENV=x; bash -c :"], [":", "bash", "export"], DYN],
  [["LD_PRELOAD=./evil.so ls", "LD_AUDIT=./a.so ls", "LD_LIBRARY_PATH=. ls", "env LD_PRELOAD=x ls", "TEXTDOMAINDIR=. ls", "DYLD_INSERT_LIBRARIES=x ls"], ["ls"], DYN],
  [["env 'BASH_FUNC_ls%%=() { rm f; }' bash -c ls"], ["bash", "ls"], DYN],
  [["LD_PRELOAD= ls", "GIT_CONFIG_GLOBAL=/dev/null ls"], ["ls"]],
];

const BUILTINS: Row[] = [
  [["trap 'rm f' EXIT", "trap -- 'rm f' ERR", "trap \"rm f\" INT TERM"], ["rm", "trap"]],
  [['trap "$CMD" EXIT'], ["trap"], DYN],
  [["printf 'x\\n' | mapfile -C 'rm f' -c 1 arr"], ["mapfile", "printf", "rm"]],
  [["mapfile -C 'rm f' arr < x", "mapfile -t -C 'rm f' -c 1 arr < x"], ["mapfile", "rm"]],
  [["readarray -t -C 'rm f' -c 1 arr < x"], ["readarray", "rm"]],
  [["complete -C 'rm f' x"], ["complete", "rm"]],
  [["compgen -C 'rm f' x"], ["compgen", "rm"]],
  [["hash -p /bin/rm foo; foo x"], ["foo", "hash"], DYN],
  [["hash -p ./rm foo", "hash -rp ./rm foo"], ["hash"], DYN],
  [["alias ls=rm\nls x", "alias ls='rm -f'; ls x"], ["alias", "ls", "rm"], DYN],
  [["shopt -s expand_aliases\nalias ls=rm\nls x"], ["alias", "ls", "rm", "shopt"], DYN],
  [["set -o posix\nalias ls='rm'\nls x"], ["alias", "ls", "rm", "set"], DYN],
  [["enable -f ./x.so rm"], ["enable"], DYN],
  [["bind -x '\"\\C-a\": rm f'"], ["bind"], DYN],
  [["fc -s", "fc -e vi"], ["fc"], DYN],
];

checkTables({ ARITHMETIC, NAMES, EXPANSIONS, PROMPTS_AND_ENV, BUILTINS });
