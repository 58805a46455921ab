// Issue 16.3: a command that touches a condition layer passes the closed gate only when it only
// reads. A program counts as read-only only when no option, setting or environment variable of that
// call can run code or write a file: every spelling below is refused (in-process, and through the
// compiled executable's hook with the gate closed), and the plain reads still pass.
import { describe, expect, test } from "bun:test";
import { readOnlyProblem } from "../../src/gate/read-only";
import { analyze } from "../../src/shell/analyze";
import { hook, sandbox } from "../helpers";

const L = ".agentihooks/conditions/a.sh";
const D = ".agentihooks/conditions";

/** Spellings per class, each of which must be refused. */
const REFUSED: Record<string, string[]> = {
  "git settings that run programs": [
    `git -c core.fsmonitor='touch ${D}/x' status ${D}`, `git -c Core.FSMonitor=x status ${D}`, `git -c core.pager=cat log ${D}`,
    `git -c pager.log=x log ${D}`, `git -c diff.external=x diff ${D}`, `git -c diff.a.textconv=x log -p ${D}`, `git -c filter.a.clean=x status ${D}`,
    `git -c core.sshCommand=x fetch ${D}`, `git -c core.hooksPath=/tmp/h commit ${D}`, `git -c include.path=/tmp/c status ${D}`,
    `git -c alias.st='!touch ${L}' st`, `git --config-env=core.pager=EVIL log ${D}`, `git -C ${D} -c core.pager=x log`,
    `git -c credential.helper='!x' push ${D}`, `git -c remote.origin.uploadpack=x fetch ${D}`, `git -c core.editor=x commit ${D}`,
  ],
  "git options and variables that run programs or write": [
    `git fetch --upload-pack='touch ${L}' origin`, `git push --receive-pack=x origin ${D}`, `git push --exec=x origin ${D}`,
    `GIT_EXTERNAL_DIFF=x git diff ${D}`, `GIT_SSH_COMMAND=x git fetch ${D}`, `GIT_PAGER=x git log ${D}`, `PAGER=x git log ${D}`,
    `env GIT_SSH=x git fetch ${D}`, `GIT_CONFIG_PARAMETERS="'core.pager=x'" git log ${D}`, `git diff --ext-diff ${D}`, `git log --output=${L}`,
    `git show --textconv ${L}`, `git grep -Ox pat ${D}`, `git $X status ${D}`, `git rebase -x 'touch ${L}' main`, `git remote add evil ${D}`,
    `git config core.pager x; git log ${D}`,
  ],
  "sed scripts that write or run": [
    `sed -e'w ${L}' f`, `sed --expression='w ${L}' f`, `sed --expr 'w x' ${L}`, `sed 's/x/y/w ${L}' f`, `sed -n '1w out' ${L}`, `sed 'W out' ${L}`,
    `sed '/x/w out' ${L}`, `sed 'e touch x' ${L}`, `sed 's/.*/touch x/e' ${L}`, `sed -n '$!{w out\n}' ${L}`, `sed -i 's/a/b/' ${L}`, `sed -i.bak 's/a/b/' ${L}`,
    `sed --in-place 's/a/b/' ${L}`, `sed --in-pl=.bak 's/a/b/' ${L}`, `sed -si 's/a/b/' ${L}`, `sed -n -e p -i ${L}`, `sed -f s.sed ${L}`, `sed --file=s.sed ${L}`,
    `sed "$S" ${L}`, `sed -n "$R" ${L}`, `sed -e "s/$A/$B/" ${L}`, `sed -n '1,5p' "$F" ${L}`,
  ],
  "pagers, finders and sorters with options that run or write": [
    `LESSOPEN='|touch x %s' less ${L}`, `LESSCLOSE='touch x' less ${L}`, `less '+!touch x' ${L}`, `less -o log ${L}`, `less --log-file=log ${L}`,
    `LESSKEY=./k less ${L}`, `less --lesskey-src=k ${L}`, `less "$F" ${L}`, `bat --pager='touch x' ${L}`, `BAT_PAGER=x bat ${L}`,
    `find ${D} -fprint x`, `find ${D} -fprintf x %p`, `find ${D} -fprint0 x`, `find ${D} -fls x`, `find ${D} -delete`, `find ${D} -exec cat {} +`,
    `find ${D} -execdir cat {} \\;`, `find ${D} -ok cat {} \\;`, `find $DIR ${D}`, `rg --pre x pat ${D}`, `rg --pre=x pat ${D}`, `rg -z pat ${D}`,
    `rg --search-zip pat ${D}`, `sort -o ${L} ${L}`, `sort --output=${L} f`, `sort --compress-program=x ${L}`, `sort -T ${D} f`, `tree -o ${L} .`,
    `uniq ${L} ${D}/b.sh`, `file -C -m ${L}`,
  ],
  "wrappers and variables around reading programs": [
    `sudo cat ${L}`, `sudo -e ${L}`, `timeout 5 cat ${L}`, `env -S 'cat' ${L}`, `nice cat ${L}`, `LD_PRELOAD=./x.so cat ${L}`,
    `BASH_ENV=x bash -c 'cat ${L}'`, `xargs cat < ${L}`, `cat ${L} > /tmp/out`, `cat ${L} | sh`,
  ],
};

const ALLOWED = [
  `ls ${D}`, `cat ${L}`, `grep -rn git ${D}`, `find ${D} -name '*.sh'`, `find ${D} -name '*.sh' -print`, `git status ${D}`, `git diff ${D}`,
  `git log --oneline -- ${D}`, `git -c color.ui=never log ${D}`, `git show HEAD:${L}`, `sed -n '1,5p' ${L}`, `sed 's/a/b/' ${L}`,
  `sed --sandbox 's/a/b/' ${L}`, `sed -e 's/a/b/' -e 's/c/d/' ${L}`, `sed -n '/start/,/end/p' ${L}`, `rg pat ${D}`, `sort ${L}`, `sort -r ${L}`,
  `uniq ${L}`, `less ${L}`, `tree ${D}`, `head -5 ${L} | wc -l`, `cat ${L} 2>/dev/null`, `file ${L}`, `jq . ${D}/x.json`,
];

const problem = (cmd: string) => {
  const a = analyze(cmd);
  return readOnlyProblem(a.commands, a);
};

describe("read-only: refused in-process", () => {
  for (const [cls, spellings] of Object.entries(REFUSED)) {
    test.each(spellings)(`${cls}: %p`, (cmd) => expect(problem(cmd)).toBeString());
  }
  test.each(ALLOWED)("allowed: %p", (cmd) => expect(problem(cmd)).toBeUndefined());
});

describe("read-only through the compiled executable (the gate closed)", () => {
  const sb = sandbox();
  const bash = (command: string) =>
    hook({ session_id: "s-ro", cwd: sb.repo, hook_event_name: "PreToolUse", permission_mode: "default", tool_name: "Bash", tool_input: { command }, tool_use_id: "t" }, { env: sb.env });
  for (const [cls, spellings] of Object.entries(REFUSED)) {
    test(`${cls}: every spelling is denied`, () => {
      const passed = spellings.filter((c) => bash(c).exitCode !== 2);
      expect(passed).toEqual([]);
    });
  }
  test("the plain reads pass", () => {
    const denied = ALLOWED.filter((c) => bash(c).exitCode !== 0);
    expect(denied).toEqual([]);
  });
  test("the reason names what the call does", () => {
    const r = bash(`git -c core.pager=cat log ${D}`);
    expect(r.stdout + r.stderr).toContain("core.pager");
  });
});
