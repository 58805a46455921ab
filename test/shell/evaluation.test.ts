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
  // integers the line itself gives are safe, and the special parameters $# and $? (issue 23: bash's own
  // variables such as RANDOM or SECONDS can be given any text, so they are unknown: modeled-core.test.ts)
  [["n=5; echo $((n + 1))", "for ((i=0; i<3; i++)); do echo $i; done", "echo $(( $# + 1 )) $(( $? ))", "i=0; echo ${s:i:1}", "echo $((16#ff + 0x1f))", "n=$((2 * 3)); echo $((n))", "echo ${s:1:2} ${#s} ${a[0]} ${a[@]}"], ["echo"]],
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

// A declaration's value that starts with `(` is read again as an array assignment when the variable
// is an array: what it expands runs.
const COMPOUND: Row[] = [
  [["declare -a 'x=($(rm f))'", "declare -a x='($(rm f))'", "declare -a \"x=(\\$(rm f))\"", "declare -A 'x=([k]=$(rm f))'", "declare -a 'x+=($(rm f))'", "declare -a 'x[1]=($(rm f))'", "x=(); declare 'x=($(rm f))'", "declare 'x=($(rm f))'"], ["declare", "rm"]],
  [["typeset -a x='($(rm f))'"], ["rm", "typeset"]],
  [["readonly -a 'x=($(rm f))'"], ["readonly", "rm"]],
  [["export -a 'x=($(rm f))'"], ["export", "rm"]],
  [["f() { local -a 'x=($(rm f))'; }; f"], ["f", "local", "rm"]],
  [["declare -a x=$v", "declare -a x=\"$v\"", "declare -A x=${v}", "x=1; declare x=$v"], ["declare"], DYN],
  [["declare -a x=\"$(cat f)\""], ["cat", "declare"], DYN],
  [["declare -a x=\"a$v\"", "declare x=$v", "declare -a x=($v)"], ["declare"]],
  [["f() { local x=$1; }; f"], ["f", "local"]],
];

// Quoted text inside arithmetic loses its quotes and is evaluated: its names are read, and a
// subscript in it is expanded.
const QUOTED_ARITHMETIC: Row[] = [
  [["echo ${x:0:'a[$(rm f)]'}", "echo ${x:'a[$(rm f)]'}", "echo ${x:$'a[$(rm f)]'}", "echo \"${x:'a[$(rm f)]'}\"", "a=(1); echo ${a['a[$(rm f)]']}", "a=(1); echo ${a['$(rm f)']}", "echo $(( 'a[$(rm f)]' ))", "echo ${@:'a[$(rm f)]'}"], ["echo", "rm"], DYN],
  [["(( 'a[$(rm f)]' ))"], ["rm"], DYN],
  [["for (( i='a[$(rm f)]'; i<1; i++ )); do :; done"], [":", "rm"], DYN],
  [["x='a[$(rm f)]'; (( 'x' ))", "x='a[$(rm f)]'; (( \"x\" ))"], [], DYN],
  [["echo $(( '1' + 2 )) ${s:'1':'2'}", "n=1; echo $(( \"n\" + 1 ))"], ["echo"]],
];

// `>&WORD` on stdout with a WORD that is not a number is `&> WORD`, and WORD is expanded again.
const DUPLICATED_TARGET: Row[] = [
  [["echo x >&'a$(rm f)'", "echo x 1>&'a$(rm f)'", "echo x >&\"a\\$(rm f)\"", "echo x >&'a`rm f`'"], ["echo", "rm"]],
  [["v='a$(rm f)'; echo x >&\"$v\"", "echo x >&$fd"], ["echo"], DYN],
  [["echo x >&2", "echo x 2>&1 >&-", "fd=3; echo x >&$fd", "echo x 2>&'a$(rm f)'", "echo x >&'a$HOME'"], ["echo"]],
];

// A value assigned to an integer variable is arithmetic, whoever assigns it: read, mapfile,
// printf -v, a for loop, `${x:=WORD}`, an array's elements, `+=` (which reads the old value too).
const INTEGER_ASSIGNMENT: Row[] = [
  [["declare -i x; read x <<< 'a[$(rm f)]'"], ["declare", "read"], DYN],
  [["declare -i x; mapfile x <<< 'a[$(rm f)]'"], ["declare", "mapfile"], DYN],
  [["declare -i x; printf -v x '%s' 'a[$(rm f)]'"], ["declare", "printf"], DYN],
  [["declare -i x; for x in 'a[$(rm f)]'; do :; done", "declare -i x; : ${x:='a[$(rm f)]'}"], [":", "declare"], DYN],
  [["declare -ai x; x=('a[$(rm f)]')", "x='a[$(rm f)]'; declare -i x; x+=1", "declare -i x; x+=1"], ["declare"], DYN],
  [["declare -n r; r='a[$(rm f)]'; r=1"], ["declare", "rm"], DYN],
  [["declare -i x; x=1; x+=1; for x in 1 2; do :; done; (( x ))"], [":", "declare"]],
];

// An array element's subscript in a compound assignment is arithmetic too (for an indexed array);
// an associative array's keys are not.
const ARRAY_SUBSCRIPTS: Row[] = [
  [["a=(['a[$(rm f)]']=1)", "a=(['$(rm f)']=1)", "a=(); a+=(['a[$(rm f)]']=1)"], ["rm"], DYN],
  [["declare -a a=(['a[$(rm f)]']=1)"], ["declare", "rm"], DYN],
  [["x='a[$(rm f)]'; a=([x]=1)", "a=([k]=x)"], [], DYN],
  [["a=([0]=x [1]=y)", "i=0; a=([i]=x)"], []],
  [["declare -A m; m=([key]=v)"], ["declare"]],
  [["declare -A m=([key]=v [other]=w); echo ${m[key]}"], ["declare", "echo"]],
  [["declare -A m; m[key]=1; unset 'm[key]'; echo ${m[key]}"], ["declare", "echo", "unset"]],
];

const EXPANSIONS: Row[] = [
  // bash 5.3's command substitutions that run in the shell itself (5.2 refuses them: over-reported there)
  [["echo ${ rm f; }", "echo ${|rm f;}", "echo \"${ rm f;}\"", "echo ${\nrm f\n}", "echo ${ { rm f; }; }"], ["echo", "rm"]],
  [["y='a[$(rm f)]'; echo ${!y}", "echo ${!y}", "echo ${!y[0]}", "echo \"${!y}\"", "echo ${!1}"], ["echo"], DYN],
  [["x='$(rm f)'; echo ${x@P}", "echo ${x@P}", "echo \"${x@P}\""], ["echo"], DYN],
  [["echo ${!prefix*} ${!prefix@} ${!arr[@]} ${!arr[*]} ${!#} ${!}", "echo ${x@Q} ${x@E} ${x@A} ${x@a} ${x@U}"], ["echo"]],
];

const PROMPTS_AND_ENV: Row[] = [
  [["PS4='$(rm f) '; set -x; :", "PS4='`rm f`'; set -x; :"], [":", "rm", "set"]],
  [["export PS4='$(rm f)'; set -x; :", "export PS1='$(rm f)'; set -x; :"], [":", "export", "rm", "set"]],
  [["PS1='$(rm f)' bash -i", "PS0='$(rm f)' bash -i", "PS2='$(rm f)' bash -i", "PS3='$(rm f)' bash -i", "PROMPT_COMMAND='rm f' bash -i", "env PROMPT_COMMAND='rm f' bash -i"], ["bash", "rm"], DYN], // interactive
  [["env PS4='$(rm f)' bash -xc :"], [":", "bash", "rm"]],
  [["BASH_ENV=./x.sh bash -c :", "ENV=./x.sh bash -c :", "env BASH_ENV=x bash -c :", 'BASH_ENV="$F" bash -c :'], [":", "bash"], DYN],
  [["export BASH_ENV=x; bash -c :"], [":", "bash", "export"], DYN],
  [["LD_PRELOAD=./evil.so ls", "LD_AUDIT=./a.so ls", "LD_LIBRARY_PATH=. ls", "env LD_PRELOAD=x ls", "TEXTDOMAINDIR=. ls", "DYLD_INSERT_LIBRARIES=x ls"], ["ls"], DYN],
  [["env 'BASH_FUNC_ls%%=() { rm f; }' bash -c ls"], ["bash", "ls"], DYN],
  [["LD_PRELOAD= ls", "GIT_CONFIG_GLOBAL=/dev/null ls"], ["ls"]],
  // an array's first element is its value: PS4=('$(cmd)') runs cmd under set -x
  [["PS4=('$(rm f)'); set -x; :"], [":", "set"], DYN],
  [["declare -a PS4=('$(rm f)'); set -x; :"], [":", "declare", "set"], DYN],
  // bash's own tables of what a name runs, in every form of assignment
  [["BASH_CMDS[q]=/bin/rm; q f", "BASH_CMDS=([q]=/bin/rm); q f"], ["q"], DYN],
  [["shopt -s expand_aliases; BASH_ALIASES=([q]='rm f')\nq", "shopt -s expand_aliases; BASH_ALIASES[q]='rm f'\nq"], ["q", "shopt"], DYN],
  [["declare -A BASH_CMDS=([q]=/bin/rm); q f"], ["declare", "q"], DYN],
  [["PERL5OPT='-Mv5;system(q(rm f))' perl -e 1", "PERL5DB='BEGIN{system(q(rm f))}' perl -d -e 1"], ["perl"], DYN],
  [["LUA_INIT='os.execute(\"rm f\")' lua -e 'x=1'"], ["lua"], DYN],
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

checkTables({ ARITHMETIC, NAMES, COMPOUND, QUOTED_ARITHMETIC, DUPLICATED_TARGET, INTEGER_ASSIGNMENT,
  ARRAY_SUBSCRIPTS, EXPANSIONS, PROMPTS_AND_ENV, BUILTINS });
