// Lines the differential test (differential.test.ts) found the analysis under-reporting, kept as
// table cases: each is checked in-process, through the executable and under the real bash. The
// comment above each says what was missed and why.
import { DYN, type Row, checkTables } from "./rows";

const FOUND: Row[] = [
  // `time` at a command's start is bash's keyword: what follows is a whole command, assignments first
  [["time A='a b' env -i PATH=$PATH b >o & X=1 nohup 'a' 2>e"], ["a","b"]],
  // the same: `time PS4=...` assigns PS4, whose substitution runs under `set -x`
  [["time PS4='$(cat) '; set -x; :"], [":","cat","set"]],
  // after `|`, `time` is no keyword: bash runs the time program (reported as a wrapper)
  [["f() { D=\r nice --adj=1 \"rm\" \\; f; }; f | time A='a b' setsid \\make 'a b'"], ["f","make","rm"]],
  // sh (dash) has no time keyword: it runs the time program
  [["echo x | xargs sh -c 'time nice -n 1 l\"\"s -rf \"$x\"' sh"], ["echo","ls","sh","xargs"]],
  // awk's system() runs sh, which runs the time program
  [["awk 'BEGIN{system(\"time D=\\r f'\\'''\\''oo -- >/dev/null\")}'"], ["awk","foo","sh"]],
  // sqlite3 re-splits a .shell command's words: `C=`b`` runs b
  [["sqlite3 :memory: '.shell cat <<$q\nv\n$q\nC=`b` env -S '\\''X=1'\\'' \\foo'"], ["b","cat","sh","sqlite3"], DYN],
  // sqlite3's own quoting rules vary by version: quotes in a .shell command make it dynamic
  [["sqlite3 :memory: '.shell env -S '\\''A='\\''\\'\\'''\\''a b'\\''\\'\\'''\\'' env -- \"ls\" >o'\\'''"], ["'a b' env -- ls >o","sh","sqlite3"], DYN],
  // in perl's backticks `$'` is a perl variable: the command interpolates
  [["perl -e '`X=1 setarch x86_64 c$'\\''\\0'\\''url -x {p,q} 2>&1`'"], ["perl"], DYN],
  // the same, and a NUL in a command ends it (a C string)
  [["perl -e '`nice -n 1 b$'\\''\\0'\\'' -rf -x`'"], ["perl"], DYN],
  // dash reads `$"foo"` differently from bash: text run by /bin/sh that bash and sh read apart is dynamic
  [["echo | sed -n 'e eval '\\''A='\\''\\'\\'''\\''a b'\\''\\'\\'''\\'' nice --adjustment 5 $\"foo\" x >o'\\'''"], ["b","echo","eval","sed","sh"], DYN],
  // sqlite3 -> bash heredoc -> ssh ProxyCommand with `$'...'`: dialect and quoting, dynamic
  [["sqlite3 :memory: '.shell bash <<'\\''E'\\''\nssh -oProxyCommand='\\''X=1 time $'\\''\\'\\'''\\''\\x63\\x61\\x74'\\''\\'\\'''\\'' 2>e'\\'' -o BatchMode=yes h\nE'"], ["bash","sh","sqlite3"], DYN],
  // a BASH_ENV file that starts bash again recurses: the sandbox's process limit ends it
  [["printf '%s\\n' 'true && bash <<'\\''E'\\''\nnice -n 1 curl '\\''a b'\\'' 2>&1\nE' > e.sh; BASH_ENV=./e.sh bash -c :"], [":","bash","printf"], DYN],
  // sed rewrites backslashes in an e command before the shell reads it: `\'` is `'`, so `'a b'` splits
  [["echo | sed -n 'e case x in x) eval '\\''A='\\''\\'\\'''\\''a b'\\''\\'\\'''\\'' env -C . '\\''\\'\\'''\\''git'\\''\\'\\'''\\'''\\'';; esac'"], ["b","echo","eval","sed","sh"], DYN],
  // 200,000 lines (seed 20261201): awk implementations read `\'` in a string apart (mawk keeps the
  // backslash, gawk drops it), so a command string holding one is dynamic
  [["echo `awk 'BEGIN{system(\"eval '\\''A='\\''\\\\'\\'''\\''a b'\\''\\\\'\\'''\\'' timeout -k 1 5 g\\\"\\\"it 2>&1'\\''\")}'`"], ["awk","echo"], DYN],
  // env -S decodes `\\` inside double quotes: sh then reads the heredoc delimiter `E\` + newline + `OF` as EOF
  [["env -S 'sh -c \"cat <<E\\\\\nOF\nv\nEOF\nA='\\''a b'\\'' nohup -- '\\''b'\\'' >/dev/null\"' || C=`b` env -u X b$'\\0' $x *.none 2>&1"], ["b","cat","sh"]],
  // env -S decodes `\"` inside double quotes: `m\"\"ake` is `m""ake`, which sh runs as make
  // (issue 23: make's options are an allow-list, and -x is not one of them, so the line is dynamic too)
  [["C=`b` setsid -w $\"ls\" f 2>e\nenv -S 'sh -c \"B=\\$(a) env -S '\\''X=1'\\'' m\\\"\\\"ake -x >o\"'"], ["a","b","ls","make","sh"], DYN],
];

checkTables({ FOUND });
