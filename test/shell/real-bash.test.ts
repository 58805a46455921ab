// Slow check against the real bash: every program name a command could mention is a stub that logs
// its own name, PATH holds only the stub folder, and what bash actually ran must be a subset of
// what analyze() says the line can run (wrappers excepted: they are deliberately not programs).
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { analyze } from "../../src/shell/analyze";
import { wrapperOf } from "../../src/shell/wrappers";

const BASH = ["/bin/bash", "/usr/bin/bash"].find(existsSync);
const CORPUS = process.env.AH_SHELL_CORPUS || path.resolve(import.meta.dir, "../../../shared/corpus/shell-programs.jsonl");

// Builtins with effects outside the sandbox (or on the test's shell) are not run.
const UNSAFE = new Set(["cd", "exec", "kill", "ulimit", "trap", "exit", "source", ".", "ssh", "su", "watch", "script", "umask", "shopt", "set"]);

const EXTRA = [
  "r''m -rf build", "\"r\"m x", "$'\\x72\\x6d' x", "\\rm x", "echo $(git status) `whoami`", "x=$(make) npm test",
  "bash -c 'git push && make'", "sh -c \"kubectl get po | jq .\"", "bash -lc 'npm ci'", "eval 'git gc; make'",
  "ls | xargs -I{} rm {}", "find . -maxdepth 0 -exec rm {} \\;", "find . -maxdepth 0 -execdir wc {} +",
  "bash <<'EOF'\ngit push\nEOF", "bash <<< 'make all'", "cat <<EOF\n$(whoami)\nEOF", "cat <<'EOF'\n$(whoami)\nEOF",
  "if git diff; then make; elif npm test; then :; else jq .; fi", "for f in a b; do wc -l $f; done",
  "case x in x) git push;; *) make;; esac", "f() { kubectl apply; }; f", "{ make; npm test; } 2>/dev/null",
  "(cd . && git status) | wc -l", "diff <(sort a) <(sort b)", "tee >(wc -l) < /dev/null", "echo \"$(date) `uname`\"",
  "sudo -u bob git push", "env -i X=1 make", "timeout -s KILL 5 make", "nice -n 5 ionice -c3 tar cf - .",
  "stdbuf -oL setsid flock lockfile make", "nohup node server.js", "time -p make", "time { make; git status; }",
  "command git status", "builtin echo hi", "x=1 y=2 make", "[[ -f x ]] || make", "! git diff --quiet && make",
  "a=(1 $(whoami) 2)", "echo ${x:-$(whoami)}", "echo $((1 + $(wc -l </dev/null)))", "git log | head -5 |& wc",
  "make & git status; wait", "make\nnpm test\n# rm -rf /\njq", "echo 'rm -rf /' \"$(jq -n 1)\"",
  "command -v git; command -V make; type jq; which npm", "command -v git >/dev/null && command git status",
  "env 'X=a b' make", "env X=1 'Y=c d' git status",
];

// The shared corpus sits beside the repository; a clone without it still runs EXTRA, but the count
// check below is about the corpus, so it is skipped (with this message) rather than failed.
const corpus = existsSync(CORPUS)
  ? readFileSync(CORPUS, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l).command as string)
  : [];
if (!corpus.length) console.warn(`shell corpus not found at ${CORPUS}: real-bash checks only its own ${EXTRA.length} commands`);

function cases(): string[] {
  return [...corpus, ...EXTRA];
}

/** Every bare name the line mentions (so a program we missed is still a stub that logs). */
function names(cmd: string): Set<string> {
  const out = new Set(analyze(cmd).programs);
  for (const m of cmd.matchAll(/[A-Za-z_][A-Za-z0-9_.+-]*/g)) out.add(m[0]);
  out.add("bash").add("sh");
  return out;
}

const root = path.join(tmpdir(), `ah-stubs-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runWithStubs(cmd: string, i: number): string[] {
  const dir = path.join(root, String(i));
  const bin = path.join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const log = path.join(dir, "log");
  for (const n of names(cmd)) {
    if (n.includes("/")) continue;
    writeFileSync(path.join(bin, n), `#!/bin/sh\nprintf '%s\\n' "\${0##*/}" >> "$STUB_LOG"\n`, { mode: 0o755 });
  }
  Bun.spawnSync([BASH!, "-c", cmd], {
    cwd: dir,
    env: { PATH: bin, STUB_LOG: log, HOME: dir },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "ignore",
    timeout: 5000,
  });
  return existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
}

function safe(cmd: string): boolean {
  const a = analyze(cmd);
  if (a.programs.some((p) => UNSAFE.has(p))) return false;
  // redirections outside the sandbox (other than /dev/null) could touch the machine
  return !/[<>]\s*[/~]/.test(cmd.replace(/[<>]&?\s*\/dev\/null/g, ""));
}

describe.skipIf(!BASH)("real bash with logging stubs", () => {
  const all = cases().filter(safe);
  let logged = 0;
  test.skipIf(!corpus.length)("enough commands are checked (the shared corpus and EXTRA)", () => expect(all.length).toBeGreaterThan(60));
  test.each(all.map((c, i) => [c, i] as const))("%p", (cmd, i) => {
    const ran = new Set(runWithStubs(cmd, i).map((n) => n.toLowerCase()).filter((n) => !wrapperOf(n)));
    const a = analyze(cmd);
    if (ran.size) logged++;
    if (a.dynamic) return; // a dynamic line may run anything: that is what `dynamic` says
    const missed = [...ran].filter((n) => !a.programs.includes(n));
    expect(missed).toEqual([]);
  });
  test("the stubs really log (most lines ran at least one stub)", () => expect(logged).toBeGreaterThan(all.length / 2));
});
