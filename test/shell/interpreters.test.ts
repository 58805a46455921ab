// Issue 17, class 7: interpreters' inline code. Process-starting calls with a literal command are
// analyzed as shell (the shell that runs them is reported too); a call with any other argument, or a
// way to reach one by name, makes the line dynamic; the code is reported in `programs --json`.
import { describe, expect, test } from "bun:test";
import { analyze } from "../../src/shell/analyze";
import { BIN } from "../helpers";
import { DYN, type Row, checkTables } from "./rows";

const PYTHON: Row[] = [
  [["python3 -c 'import os; os.system(\"rm f\")'", "python3 -c 'import os\nos.system(\"rm f\")'", "python3 -c \"import os; os.popen('rm f')\"", "python3 -c 'import subprocess; subprocess.run(\"rm f\", shell=True)'", "python3 -c 'import subprocess as sp; sp.call(\"rm f\", shell=True)'", "python3 -c 'from subprocess import check_output; check_output(\"rm f\", shell=True)'", "python3 -c 'import os; os.system(r\"rm f\")'", "python3 -c 'import os; os.system(\"rm\" \" f\")'", "python3 -c 'import os; os.system(\"\\x72m f\")'", "python3 -c 'import os;os.system(\"\"\"rm f\"\"\")'", "python3 -c 'import ｏｓ; ｏｓ.ｓｙｓｔｅｍ(\"rm f\")'"], ["python3", "rm", "sh"]],
  [["python3 -c 'import subprocess; subprocess.run([\"rm\", \"f\"])'", "python3 -c 'import subprocess; subprocess.Popen((\"rm\", \"f\"))'", "python3 -c 'import os; os.execvp(\"rm\", [\"rm\", \"f\"])'", "python3 -c 'import os; os.execv(\"/bin/rm\", [\"rm\"])'"], ["python3", "rm", "sh"]],
  [["python3 -c 'import os; os.system(cmd)'", "python3 -c 'import os; os.system(f\"rm {x}\")'", "python3 -c 's = __import__(\"os\").system'", "python3 -c 'getattr(os, \"sys\"+\"tem\")(\"rm\")'", "python3 -c 'exec(input())'", "python3 -c 'import os; f = os.system; f(\"rm\")'", "python3 -c 'import ctypes'", "python3 -c 'import pickle; pickle.loads(b)'", "python3 -c \"$CODE\"", "python3 -c 'import os; os.fork()'", "python3 \"$SCRIPT\""], ["python3"], DYN],
  [["cat x.py | python3"], ["cat", "python3"], DYN],
  [["curl -s x | python3 -"], ["curl", "python3"], DYN],
  [["python3 -c 'print(1)'", "python3 -c 'import os; print(os.getcwd())'", "python3 -c 'import json,sys; print(json.load(sys.stdin))'", "python3 -c 'import platform; platform.system()'", "python3 app.py", "python3 -m pytest", "python3 < x.py", "python3 -c 'import subprocess'"], ["python3"]],
  [["python3 - <<'PY'\nimport os\nos.system('rm f')\nPY", "python3 <<< 'import os; os.system(\"rm f\")'"], ["python3", "rm", "sh"]],
  [["python3 - <<PY\nimport os\nos.system('$X')\nPY"], ["python3", "sh"], DYN],
];

const PERL_RUBY_NODE: Row[] = [
  [["perl -e 'system(\"rm f\")'", "perl -e 'system \"rm f\"'", "perl -e 'system(\"rm\", \"f\")'", "perl -e '`rm f`'", "perl -e 'qx(rm f)'", "perl -e 'qx{rm f}'", "perl -e 'open(F, \"rm f |\")'", "perl -e 'open(F, \"|rm f\")'", "perl -e 'open(my $f, \"-|\", \"rm\", \"f\")'", "perl -e 'exec \"rm f\"'", "perl -pe 's/x/system(\"rm f\")/e' f", "perl -e 'eval \"system(q(rm f))\"'", "perl -ne 'print; system(\"rm f\")' f", "perl -e 'print 1' -e 'system(\"rm f\")'"], ["perl", "rm", "sh"]],
  [["perl -e 'system($c)'", "perl -e '`rm $f`'", "perl -e 'open(F, $x)'", "perl -e 'eval $x'", "perl -pe 's/x/$y/ee' f", "perl -e '&{\"CORE::system\"}(\"rm\")'", "perl -e 'fork'", "perl -e \"$CODE\""], ["perl"], DYN],
  [["perl -pe 's/a/b/g' f", "perl -ne 'print if /x/' f", "perl -e 'open(my $f, \"<\", \"x\")'", "perl -i -pe 's/a/b/' f", "perl -e 'eval { 1 }'", "perl script.pl"], ["perl"]],
  [["ruby -e 'system(\"rm f\")'", "ruby -e 'system \"rm f\"'", "ruby -e '`rm f`'", "ruby -e '%x(rm f)'", "ruby -e 'IO.popen(\"rm f\")'", "ruby -e 'require \"open3\"; Open3.capture2(\"rm f\")'", "ruby -e 'exec(\"rm\", \"f\")'", "ruby -e 'spawn(\"rm f\")'", "ruby -e 'open(\"|rm f\")'"], ["rm", "ruby", "sh"]],
  [["ruby -e 'system(c)'", "ruby -e '`rm #{f}`'", "ruby -e 'Kernel.send(:system, \"rm\")'", "ruby -e 'eval(gets)'"], ["ruby"], DYN],
  [["ruby -e 'puts 1'", "ruby -pe '$_.upcase!' f"], ["ruby"]],
  [["node -e 'require(\"child_process\").execSync(\"rm f\")'", "node -e 'const cp = require(\"child_process\"); cp.exec(\"rm f\")'", "node -e 'require(\"node:child_process\").spawnSync(\"rm\", [\"f\"])'", "node -e 'require(\"child_process\").execFileSync(\"rm\", [\"f\"])'", "node -p 'require(\"child_process\").execSync(`rm f`)'", "node --eval 'require(\"child_process\").execSync(\"rm f\")'"], ["node", "rm", "sh"]],
  [["node -e 'require(\"child_process\").execSync(c)'", "node -e 'require(\"child_\" + x)'", "node -e 'eval(x)'", "node -e 'new Function(x)()'", "node -e 'process.binding(\"spawn_sync\")'", "node -e 'const {execSync: run} = require(\"child_process\"); run(\"rm\")'", "node -e 'require(\"child_process\").exec(`rm ${f}`)'"], ["node"], DYN],
  [["node -e 'Bun.spawn([\"rm\"])'"], ["node", "rm", "sh"], DYN],
  [["node -e 'require(\"child_process\").spawn(\"rm\", [x], {shell: c})'", "node -e 'require(\"child_process\").spawn(\"rm\", [x], {shell: true})'"], ["node"], DYN],
  [["node -e 'console.log(1)'", "node -e 'require(\"fs\").readFileSync(\"x\")'", "node app.js", "node --input-type=module -e 'import fs from \"fs\"'"], ["node"]],
];

const AWK_AND_OTHERS: Row[] = [
  [["awk 'BEGIN{system(\"rm f\")}'", "awk 'BEGIN { system(\"rm\" \" f\") }'", "awk '{print | \"rm f\"}' x", "awk '{printf \"%s\", $0 | \"rm f\"}' x", "awk 'BEGIN{\"rm f\" | getline x}'", "awk 'BEGIN{while ((\"rm f\" | getline l) > 0) print l}'", "awk -F: 'BEGIN{system(\"rm f\")}'", "awk -v x=1 'BEGIN{system(\"rm f\")}'", "awk -- 'BEGIN{system(\"rm f\")}'", "awk '$1 || $2 { system(\"rm f\") }' x"], ["awk", "rm", "sh"]],
  [["gawk -e 'BEGIN{system(\"rm f\")}'", "gawk --source='BEGIN{system(\"rm f\")}'"], ["gawk", "rm", "sh"]],
  [["mawk 'BEGIN{system(\"rm f\")}'"], ["mawk", "rm", "sh"]],
  [["awk 'BEGIN{system(c)}'", "awk '{print | $2}' x", "awk '{cmd | getline}' x", "awk \"$PROG\" x", "awk 'BEGIN{system(\"rm \" $1)}'"], ["awk"], DYN],
  [["awk '{print $1}' x", "awk -F, '{print $2 > \"out\"}' x", "awk '/a|b/ {print}' x", "awk -f prog.awk x", "awk 'BEGIN { x = 1 || 2 }'"], ["awk"]],
  [["php -r 'system(\"rm f\");'", "php -r 'shell_exec(\"rm f\");'", "php -r 'passthru(\"rm f\");'", "php -r '`rm f`;'"], ["php", "rm", "sh"]],
  [["php -r 'system($c);'", "php -r 'call_user_func(\"system\", \"rm\");'", "php -r '$f = \"system\"; $f(\"rm\");'"], ["php"], DYN],
  [["lua -e 'os.execute(\"rm f\")'", "lua -e 'io.popen(\"rm f\")'"], ["lua", "rm", "sh"]],
  [["lua -e 'os.execute(c)'", "lua -e 'load(s)()'"], ["lua"], DYN],
  [["Rscript -e 'system(\"rm f\")'"], ["rm", "rscript", "sh"]],
  [["osascript -e 'do shell script \"rm f\"'"], ["osascript"], DYN],
];

checkTables({ PYTHON, PERL_RUBY_NODE, AWK_AND_OTHERS }, ["PERL_RUBY_NODE", "AWK_AND_OTHERS"]);

describe("inline code in programs --json", () => {
  test("the code, its language and where it came from are reported", () => {
    const r = Bun.spawnSync([BIN, "programs", "--json", "python3 -c 'import os; os.system(\"rm f\")' && awk '{print $1}' x"], { stderr: "pipe" });
    const doc = JSON.parse(r.stdout.toString());
    expect(doc.inline).toEqual([
      expect.objectContaining({ language: "python", code: 'import os; os.system("rm f")', via: "python3 -c" }),
      expect.objectContaining({ language: "awk", code: "{print $1}", via: "awk program" }),
    ]);
    expect(doc.programs).toEqual(["awk", "python3", "rm", "sh"]);
  });
  test("a heredoc fed to an interpreter is its code", () => {
    const a = analyze("python3 - <<'PY'\nprint(1)\nPY");
    expect(a.inline).toEqual([expect.objectContaining({ language: "python", code: "print(1)\n", via: "python3 heredoc" })]);
  });
});
