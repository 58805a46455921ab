// Issue 23.3: the gate fails closed, on time. Every budget the gate keeps (operands, alternatives of a
// word, brace depth, glob listings and matches, the shell analysis' own length, depth and step limits)
// and its time budget end in a deny while the gate is closed, unless the line only reads; the reason
// names the limit and how to split the line. Each row is a real hook call to the compiled executable.
import { describe, expect, test } from "bun:test";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, home } = sb;
const layer = join(repo, ".agentihooks", "conditions");
writeFile(join(layer, "pre-bash-x.sh"), "#!/bin/sh\nexit 0\n", 0o755);
for (const d of ["gates", "cache", "builtin"]) mkdirSync(join(home, d), { recursive: true });
symlinkSync(layer, join(repo, "innocent")); // a symlink into the layer, found only by looking
mkdirSync(join(repo, "decoys"));
for (let i = 0; i < 300; i++) mkdirSync(join(repo, "decoys", `d${i}`));
symlinkSync(layer, join(repo, "decoys", "zz"));
mkdirSync(join(repo, "many"));
for (let i = 0; i < 5000; i++) writeFileSync(join(repo, "many", `f${i}`), "");
mkdirSync(join(repo, "long"));
for (let i = 0; i < 200; i++) writeFileSync(join(repo, "long", `${"a".repeat(200)}${i}`), "");
linkSync(join(layer, "pre-bash-x.sh"), join(repo, "hard.sh"));

const bash = (command: string, env: Record<string, string> = {}) =>
  hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }, { env: { ...sb.env, ...env } });
const words = (n: number, w = "w") => Array.from({ length: n }, (_, i) => `${w}${i}`).join(" ");
const WRITE = "cp /tmp/evil innocent/x";
/** A test name for a line: long ones cut, so the report stays readable. */
const named = (lines: string[]) => lines.map((s) => [s.length > 90 ? `${s.slice(0, 60).replace(/\n/g, "\\n")}... (${s.length} chars)` : s, s]);

function denied(r: RunResult, ...reason: RegExp[]) {
  expect(r.exitCode).toBe(2);
  for (const re of reason) expect(r.stderr).toMatch(re);
}

/** The breaks of the second round, each in several spellings: all denied now. */
const KNOWN_BREAKS: Record<string, [string[], RegExp[]]> = {
  "words before the write (judged in full up to 4096 operands)": [
    [`: ${words(300)}; ${WRITE}`, `echo ${words(1000)} && ${WRITE}`, `true ${words(257)} | ${WRITE}`, `ls ${words(300)}; ${WRITE}`],
    [/condition layer/],
  ],
  "more operands than the gate checks": [
    [`: ${words(5000)}; ${WRITE}`, `echo ${words(4200)} && ${WRITE}`, `${WRITE} ${words(5000)}`],
    [/too many operands|condition layer/],
  ],
  "nesting deeper than the analysis follows": [
    [`echo ${"$(".repeat(60)}true${")".repeat(60)}; ${WRITE}`, `${"(".repeat(80)}true${")".repeat(80)}; ${WRITE}`, `${"{ ".repeat(60)}true${"; }".repeat(60)}; ${WRITE}`, `echo ${"`".repeat(2)}; ${"$(".repeat(40)}${WRITE}${")".repeat(40)}`],
    [/could not finish|condition layer/],
  ],
  "a line over 64 KiB": [
    [`: ${"x".repeat(70000)}; ${WRITE}`, `# ${"x".repeat(70000)}\n${WRITE}`, `${WRITE} # ${"y".repeat(66000)}`, `cat <<'E'\n${"z\n".repeat(40000)}E\n${WRITE}`],
    [/too-long/, /64 KiB/],
  ],
  "17 or more brace alternatives": [
    [
      "cp /tmp/evil {a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,.}/innocent/x",
      "cp /tmp/evil {a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,innocent}/x",
      "cp /tmp/evil {{a,b,c,d},{e,f,g,h},{i,j,k,l},{m,n,o,p},innocent}/x",
      "cp /tmp/evil {.,b,c,d,e}{,}{,}{,}/innocent/x",
    ],
    [/condition layer/],
  ],
  "brace expansions past the gate's budget": [
    ["cp /tmp/evil {1..300}/../innocent/x", "cp /tmp/evil {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}/../innocent/x", `cp /tmp/evil {${words(300)}}/x`.replace(/ /g, ","), "cp /tmp/evil {a..z}{a..z}/x"],
    [/too many paths/, /split|spell/],
  ],
  "a glob with 300 decoys (judged in full)": [
    ["cp /tmp/evil decoys/*/x", "cp /tmp/evil decoys/*/pre-bash-x.sh", "mv /tmp/evil decoys/[dz]*/x", "cp /tmp/evil ./decoys/?*/x", "tee decoys/*/x </dev/null"],
    [/condition layer/],
  ],
  "a glob past the gate's budget": [
    ["cp /tmp/evil many/*", "cp /tmp/evil many/f* innocent", "rm many/*", "mv many/?* /tmp/"],
    [/too many paths|condition layer/],
  ],
};

describe("the known breaks are denied, gate closed", () => {
  for (const [cls, [spellings, reasons]] of Object.entries(KNOWN_BREAKS)) {
    test.each(named(spellings))(`${cls}: %s`, (_, line) => denied(bash(line), ...reasons));
  }
});

describe("a limit only lets reading through", () => {
  test.each(named([`cat ${words(5000)}`, "ls many/*", "cat {1..300}", `head -1 ${words(4500)}`, `cat ${words(12000)}`, `git status -- ${words(12000)}`]))("read-only at a limit passes: %s", (_, line) => {
    const r = bash(line);
    expect(`${r.exitCode} ${r.stderr}`).toBe("0 ");
  });
  test("past the operand budget the reason names the limit and how to split", () => denied(bash(`: ${words(5000)}; ${WRITE}`), /too many operands/, /split/));
  test("too deep: the reason names the limit and how to flatten", () => denied(bash(`echo ${"$(".repeat(60)}true${")".repeat(60)}; ${WRITE}`), /too-deep/, /flatten/));
  test("a condition that closes its stdin at once does not crash the hook on a large payload (it would fail open)", () => {
    for (let i = 0; i < 3; i++) expect(bash(`head -1 ${words(4500)}`).exitCode).toBe(0);
  });
  test.each(named([`cp ${words(12000)} innocent/x`, `cat ${words(12000)} > innocent/x`, `sort -o innocent/x ${words(12000)}`, `cat ${words(12000)}; cp /tmp/evil innocent/x`]))("past 64 KiB only a plain read passes: %s", (_, line) => denied(bash(line), /too-long/));
  test("a line the analysis could not finish is never read-only", () => denied(bash(`cat x; ${"$(".repeat(60)}true${")".repeat(60)}`), /could not finish/));
});

describe("every walk has a deadline inside the harness's 30 s", () => {
  test("a glob built to backtrack over long names answers at once", () => {
    const t = performance.now();
    const r = bash(`cp /tmp/evil long/${"*a".repeat(40)}*b/x`);
    expect(performance.now() - t).toBeLessThan(5000);
    expect(r.exitCode).toBe(0); // it matches nothing: judged, not timed out
  });
  test("adversarial lines all answer well inside the harness's timeout", () => {
    const lines = [`cp /tmp/evil ${"decoys/*/".repeat(3)}x`, `cp /tmp/evil many/* many/* many/*`, `cp /tmp/evil ${"a/".repeat(20000)}x`, `cp /tmp/evil ${"../".repeat(15000)}x`];
    for (const line of lines) {
      const t = performance.now();
      const r = bash(line);
      expect(performance.now() - t).toBeLessThan(8000);
      expect([0, 2]).toContain(r.exitCode);
    }
  });
  test("past the gate's time budget a write is denied, and says which limit", () => {
    const r = bash("cp /tmp/evil decoys/*/y", { AGENTIHOOKS_GATE_BUDGET_MS: "0" });
    denied(r, /time budget/, /split/);
  });
  test("past the gate's time budget a read passes", () => {
    const r = bash("ls decoys/*/", { AGENTIHOOKS_GATE_BUDGET_MS: "0" });
    expect(r.exitCode).toBe(0);
  });
  test("the budget can only be lowered", () => {
    const r = bash("cp /tmp/evil decoys/*/x", { AGENTIHOOKS_GATE_BUDGET_MS: "999999999" });
    denied(r, /condition layer/);
  });
  test("a file tool's hard-link scan past the budget is denied", () => {
    const r = hook(
      { session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: join(repo, "hard.sh"), content: "x" } },
      { env: { ...sb.env, AGENTIHOOKS_GATE_BUDGET_MS: "0" } },
    );
    denied(r, /cannot judge in full/);
  });
});
