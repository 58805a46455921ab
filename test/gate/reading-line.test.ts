// The gate's shortcut for a shell line that only reads (src/gate/reading-line.ts): the stage passes such
// a line without loading the guard. It must never pass a line the guard would refuse: for every line of
// a generated set (readers, writers, git, this executable, redirections, expansions, unfinished lines,
// over protected and ordinary paths), a line the shortcut passes is one the guard passes too.
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { bashWrite } from "../../src/gate/bash-guard";
import { onlyReads } from "../../src/gate/reading-line";
import { analyze } from "../../src/shell/analyze";
import { sandbox, writeFile } from "../helpers";

const sb = sandbox();
const layer = join(sb.repo, ".agentihooks", "conditions");
writeFile(join(layer, "pre-bash-x.sh"), "#!/bin/sh\nexit 0\n", 0o755);
symlinkSync(layer, join(sb.repo, "innocent"));
mkdirSync(join(sb.repo, "build"));
const scope = { cwd: sb.repo, userHome: sb.userHome, home: sb.home, env: sb.env, exe: "/usr/local/bin/agentihooks" };

const PREFIXES = ["", "cd .agentihooks && ", "cd build; ", "X=1 ", "env ", "sudo ", "time ", "nice ", "( ", "{ ", "! ", "ls | ", "true && ", "false || "];
const COMMANDS = [
  "ls", "cat", "head -n 3", "grep -r pat", "wc -l", "stat", "find", "find . -delete", "sed -n p", "sed -i s/a/b/", "sort -o out", "sort",
  "uniq", "uniq a", "less", "rg --pre x pat", "tree", "git status", "git log", "agentihooks conditions list", "rm -f", "cp a", "mv a", "tee",
  "touch", "chmod +x", "ln -s a", "echo", "printf %s", "python3 -c 'print(1)'", "bash -c ls", "eval ls", "$CMD", "ls $ARGS", "cat \"$F\"",
  "xargs cat", "hook", "conditions",
];
const TARGETS = [".agentihooks/conditions/pre-bash-x.sh", "innocent/pre-bash-x.sh", ".agentihooks/conditions", `${sb.home}/state.json`, "build/x", "'.agentihooks'/conditions/*", "innocent/*", "~/.claude/settings.json", ""];
const SUFFIXES = ["", " 2>/dev/null", " > build/out", " > .agentihooks/conditions/y.sh", " >> innocent/z", " | wc -l", "; ls", " && cat build/x", " )", " }", " 'unterminated", " $(rm -rf x)", " `id`"];

/** Every combination, as long as the set stays small enough to judge in a few seconds. */
function* lines(): Generator<string> {
  for (const p of PREFIXES) for (const c of COMMANDS) for (const t of TARGETS) for (const s of SUFFIXES) {
    // a closing bracket only after its opening one; the rest as written (some lines are not valid bash)
    if ((s === " )") !== (p === "( ") || (s === " }") !== (p === "{ ")) continue;
    yield `${p}${c}${t ? ` ${t}` : ""}${s === " }" ? "; }" : s}`;
  }
}

describe("the gate's shortcut for lines that only read", () => {
  test("a line it passes, the guard passes too", () => {
    let passed = 0;
    let judged = 0;
    let refused = 0;
    for (const line of lines()) {
      const analysis = analyze(line);
      if (!onlyReads(analysis)) {
        judged++;
        if (bashWrite(line, scope, analysis)) refused++;
        continue;
      }
      passed++;
      const write = bashWrite(line, scope, analysis);
      if (write) throw new Error(`the shortcut passes a line the guard refuses: ${line} (${write.what})`);
    }
    // the set holds both kinds, and lines the guard refuses among those the shortcut leaves to it
    expect(passed).toBeGreaterThan(1000);
    expect(judged).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(500);
  });

  test("plain reads pass; git, this executable, writes, expansions and unfinished lines go to the guard", () => {
    for (const line of ["ls", "cat .agentihooks/conditions/pre-bash-x.sh", "cd .agentihooks/conditions && ls -la", "grep -rn x innocent 2>/dev/null | head"]) {
      expect(onlyReads(analyze(line))).toBe(true);
    }
    for (const line of [
      "git status", "agentihooks conditions list", "/opt/bin/agentihooks-dev trust .", "ls conditions", "cat x > .agentihooks/conditions/a.sh",
      "cat $F", "$CMD .agentihooks", "ls \"$(touch x)\"", "cat 'x", "xargs cat < list", "sed -i s/a/b/ f", "(ls", "ls ${x",
    ]) {
      expect(onlyReads(analyze(line))).toBe(false);
    }
  });
});
