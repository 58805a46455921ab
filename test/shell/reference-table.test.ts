// The reference implementation's own command_heads table (reference notes §2.2), through analyze():
// the same programs, without its quirks (`fi` is a keyword, not a program) and with what it missed.
import { describe, expect, test } from "bun:test";
import { analyze } from "../../src/shell/analyze";

const table: [string, string[], boolean][] = [
  ["cd x && git push origin main", ["cd", "git"], false],
  ['grep "a; rm x" f | wc -l', ["grep", "wc"], false],
  ["(cd x; git push)", ["cd", "git"], false],
  ["ls\nrm -rf y", ["ls", "rm"], false],
  ["echo hi > out 2>&1; kubectl get po", ["echo", "kubectl"], false],
  ["FOO=1 sudo -u bob env BAR=2 git status", ["git"], false],
  ["timeout 30 /usr/bin/python3 -m x", ["python3"], false],
  ["cat <<EOF\nrm -rf /\nEOF\nls", ["cat", "ls"], false],
  ["if git diff; then echo ok; fi", ["echo", "git"], false], // the reference also listed `fi`
  ["echo git", ["echo"], false],
  // what the reference's token scan missed
  ["echo $(git push)", ["echo", "git"], false],
  ["bash -c 'git push'", ["bash", "git"], false],
  ["ls | xargs git add", ["git", "ls", "xargs"], false],
  ["find . -exec git add {} +", ["find", "git"], false],
];

describe("the reference's command_heads table", () => {
  for (const [cmd, programs, dynamic] of table) {
    test(JSON.stringify(cmd), () => {
      const a = analyze(cmd);
      expect({ programs: a.programs, dynamic: a.dynamic }).toEqual({ programs, dynamic });
    });
  }
  test("an unterminated quote returns what was found, dynamic (the reference fell back to a regex)", () => {
    const a = analyze("echo 'unterminated");
    expect(a.dynamic).toBe(true);
    expect(a.issues.map((i) => i.code)).toContain("unterminated");
  });
});
