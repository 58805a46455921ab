// A grammar of bash lines for the differential test: simple commands with assignments, wrappers and
// quoting spelled many ways, combined with bash's structure (lists, pipelines, groups, loops,
// functions, substitutions, heredocs) and with the constructs issue 17 names (text evaluated as code
// outside command position, heredoc delimiters, characters, options and variables that carry
// commands, wrappers, commands from input, interpreters' inline code). Every program it names is a
// stub of bash-sandbox.ts; nothing names a path outside the sandbox but the stubs' own folder.
import fc from "fast-check";

const NAMES = ["a", "b", "rm", "ls", "git", "foo", "cat", "make", "curl"];
const sq = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const dq = (s: string) => `"${s.replace(/["\\$`]/g, "\\$&")}"`;
const hex = (s: string) => `$'${[...s].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("")}'`;

/** A program name spelled in one of the ways bash reads back as that name. */
const spelled = fc.tuple(fc.constantFrom(...NAMES), fc.nat(9)).map(([n, k]) =>
  [n, sq(n), dq(n), hex(n), n.length > 1 ? `${n[0]}''${n.slice(1)}` : `'${n}'`, `\\${n}`, `${n[0]}$'\\0'${n.slice(1)}`, n === "git" ? "git.exe" : n, `${n[0]}""${n.slice(1)}`, `$"${n}"`][k],
);

const arg = fc.constantFrom("x", "-x", "'a b'", '"$x"', "$x", "f", "-rf", "{p,q}", "*.none", "--", "'#'", "\\;");
const args = fc.array(arg, { maxLength: 2 }).map((a) => a.join(" "));
const prefix = fc.constantFrom("", "", "X=1 ", "A='a b' ", "B=$(a) ", "C=`b` ", "D=\r ");
const wrapper = fc.constantFrom(
  "", "", "", "env ", "env -i PATH=$PATH ", "env -u X ", "timeout 5 ", "nice -n 1 ", "nohup ", "stdbuf -oL ", "setsid ",
  "command ", "time ", "env -S 'X=1' ", "setarch x86_64 ", "prlimit --nofile=100 ", "setpriv --no-new-privs ", "flock lk ",
  "env --sp='X=2' ", "timeout --sig=KILL 5 ", "nice --adj=1 ", "ionice -c3 ", "env -C . ", "env --ch=. ", "env --chdir . ",
  "timeout -k 1 5 ", "timeout --kill-a=1 5 ", "stdbuf --out=L ", "setsid -w ", "flock -n lk ", "flock -w 1 lk ", "nice -5 ",
  "nice --adjustment 5 ", "ionice --class 3 ", "prlimit -n100 ", "setarch linux64 -R ", "env -- ", "nohup -- ", "exec -a z ",
);
const redirect = fc.constantFrom("", "", "", " >o", " 2>&1", " <<<w", " >/dev/null", " 2>e");

const simple = fc.tuple(prefix, wrapper, spelled, args, redirect).map(([p, w, n, a, r]) => `${p}${w}${n}${a ? ` ${a}` : ""}${r}`);

/** Constructs that run a command (`c`) outside plain command position, each bash's way. */
const around = (c: string, n: string, stubs: string): string[] => [
  `bash -c ${sq(c)}`, `sh -c ${dq(c)}`, `eval ${sq(c)}`, `echo $(${c})`, `x=\`${c.replace(/[\\`$]/g, "\\$&")}\``, `cat <(${c})`,
  `(${c})`, `{ ${c}; }`, `if true; then ${c}; fi`, `for i in 1; do ${c}; done`, `case x in x) ${c};; esac`, `f() { ${c}; }; f`,
  `true && ${c}`, `false || ${c}`, `${c} | cat`, `echo x | xargs ${n}`, `echo ${n} | xargs -I{} sh -c {}`, `printf '%s\\n' ${n} | xargs -I% %`,
  `echo x | xargs sh -c ${sq(c)} sh`, `find . -maxdepth 0 -exec ${n} {} \\;`, `bash <<'E'\n${c}\nE`, `bash <<E\n${c}\nE`, `bash <<<${sq(c)}`,
  `printf '%s\\n' ${sq(c)} > s.sh; source s.sh`, `printf '%s\\n' ${sq(c)} > s.sh; bash s.sh`, `printf '%s\\n' ${sq(c)} > s.sh; . ./s.sh`,
  `trap ${sq(c)} EXIT`, `shopt -s expand_aliases\nalias q=${sq(n)}\nq`, `set -o posix\nalias q=${sq(n)}\nq`, `hash -p ${stubs}/${n} q; q`,
  `x='a[$(${n})]'; (( x ))`, `x='a[$(${n})]'; echo $((x))`, `x='a[$(${n})]'; [[ $x -eq 0 ]]`, `x='a[$(${n})]'; let x`,
  `x='a[$(${n})]'; declare -i y=x`, `printf -v 'a[$(${n})]' v`, `read 'a[$(${n})]' <<< v`, `[ -v 'a[$(${n})]' ]`, `x='a[$(${n})]'; b[x]=1`,
  `x='a[$(${n})]'; echo \${b[x]}`, `y='a[$(${n})]'; echo \${!y}`, `x='$(${n})'; echo \${x@P}`, `PS4='$(${n}) '; set -x; :`,
  `printf '%s\\n' ${sq(`unset BASH_ENV; ${c}`)} > e.sh; BASH_ENV=./e.sh bash -c :`, `A=\rz ${c}`, `env -S ${sq(c)}`, `echo | sed ${sq(`e ${c}`)}`,
  `python3 -c ${sq(`import os; os.system(${JSON.stringify(c)})`)}`, `perl -e ${sq(`system(${JSON.stringify(c)})`)}`,
  `awk ${sq(`BEGIN{system(${JSON.stringify(c)})}`)}`, `printf 'x\\n' | mapfile -C ${sq(n)} -c 1 arr`, `cat <<$q\nv\n$q\n${c}`,
  `cat <<"a$b"\nv\na$b\n${c}`, `cat <<E\\\nOF\nv\nEOF\n${c}`, `cat <<EOF\nEO\\\nF\n${c}\nEOF`, `cat <<-E\n\tv\n\tE\n${c}`,
  `x=$(cat <<E\nv\nE\n); ${c}`, `c=${sq(c)}; $c`, `c=${n}; "$c" x`, `\${c:-${n}} x`, `exec ${c}`, `command -v ${n}; ${c}`,
  `python3 -c ${sq(`import subprocess; subprocess.run([${JSON.stringify(n)}])`)}`, `echo \`${c}\``, `time ${c}`, `! ${c}`,
  `git -c alias.q=${sq(`!${c}`)} q`, `git -c core.sshCommand=${sq(n)} ls-remote ssh://h/r`, `GIT_SSH_COMMAND=${sq(n)} git ls-remote ssh://h/r`,
  `git init -q r && cd r && git -c core.fsmonitor=${sq(n)} status`, `echo 1 > p; echo 2 > q; git -c diff.external=${sq(n)} diff --no-index p q`,
  `ssh -o BatchMode=yes -o ProxyCommand=${sq(c)} h`, `ssh -oProxyCommand=${sq(c)} -o BatchMode=yes h`,
  `echo x > f; tar -cf t.tar f; tar -xf t.tar --to-command=${sq(c)}`, `echo x > f; tar -cf t.tar -I ${sq(n)} f`, `echo x > f; tar --use-comp=${sq(n)} -cf t.tar f`,
  `echo x > f; LESSOPEN=${sq(`|${c} %s`)} less f`, `echo x > f; zip -q z.zip f; zip -T -TT ${sq(n)} z.zip`, `sqlite3 :memory: ${sq(`.shell ${c}`)}`,
  `echo x > f; ed -s f <<< ${sq(`!${c}`)}`, `echo x > f; vim -es -c ${sq(`!${c}`)} -c q f`, `gdb -batch -ex ${sq(`shell ${c}`)}`,
  `awk ${sq(`BEGIN{print "x" | ${JSON.stringify(c)}}`)}`, `echo x | xargs -n1 ${n}`, `printf 'x\\0' | xargs -0 ${n}`, `echo x | xargs -I@ ${n} @`,
  `echo x | xargs -i ${n} {}`, `echo x | xargs -L1 -r ${n}`, `echo x | xargs --max-args=1 ${n}`, `echo x | xargs -P2 -n1 ${n}`,
  `perl -e ${sq(`\`${c}\``)}`, `perl -e ${sq(`open(F, ${JSON.stringify(`${c} |`)}); print <F>`)}`, `echo | sed ${sq(`1e ${c}`)}`, `echo | sed -n ${sq(`e ${c}`)}`,
  `declare -a ${sq(`x=($(${c}))`)}`, `declare -a x=${sq(`($(${c}))`)}`, `f() { local -A ${sq(`m=([k]=$(${c}))`)}; }; f`, `v=${sq(`($(${c}))`)}; declare -a x=$v`,
  `echo \${s:${sq(`a[$(${c})]`)}}`, `echo $(( ${sq(`a[$(${c})]`)} ))`, `a=(1); echo \${a[${sq(`$(${c})`)}]}`, `(( ${sq(`a[$(${c})]`)} ))`,
  `echo x >&${sq(`a$(${c})`)}`, `v=${sq(`a$(${c})`)}; echo x >&"$v"`, `declare -i x; read x <<< ${sq(`a[$(${c})]`)}`,
  `declare -i x; for x in ${sq(`a[$(${c})]`)}; do :; done`, `declare -i x; printf -v x %s ${sq(`a[$(${c})]`)}`, `declare -i x; : \${x:=${sq(`a[$(${c})]`)}}`,
  `BASH_CMDS=([q]=${stubs}/${n}); q`, `declare -n r; r=${sq(`a[$(${c})]`)}; r=1`, `a=([${sq(`a[$(${c})]`)}]=1)`,
  `x=${sq(`a[$(${c})]`)}; a=([x]=1)`, `PS4=(${sq(`$(${c}) `)}); set -x; :`,
];

/** A line: a simple command, or one wrapped in more structure (up to three levels). */
export function lines(stubs: string): fc.Arbitrary<string> {
  const level = (inner: fc.Arbitrary<string>) =>
    fc.tuple(inner, fc.nat(around("x", "x", stubs).length - 1), fc.constantFrom(...NAMES)).map(([c, k, n]) => around(c, n, stubs)[k]);
  const one = level(simple);
  const two = level(one);
  const three = level(two);
  const single = fc.oneof({ weight: 2, arbitrary: simple }, { weight: 5, arbitrary: one }, { weight: 3, arbitrary: two }, { weight: 1, arbitrary: three });
  return fc.oneof(
    { weight: 6, arbitrary: single },
    { weight: 2, arbitrary: fc.tuple(single, fc.constantFrom("; ", " && ", " || ", " | ", "\n", " & "), single).map(([x, op, y]) => `${x}${op}${y}`) },
  );
}
