// Issue 23.3: spellings nobody wrote by hand. A seeded generator combines prefixes, wrappers,
// writing verbs, protected targets and ways to quote or compute them; every line it makes must be
// denied by the compiled executable with the gate closed, and the same shapes on an ordinary path
// must pass. A failure prints the seed and the line, so it becomes a table case. GATE_GEN_SEED and
// GATE_GEN_COUNT run other seeds and more lines (seeds 1-3 with 300 lines each passed when written).
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { hook, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const { repo, home, userHome } = sb;
const layer = join(repo, ".agentihooks", "conditions");
writeFile(join(layer, "pre-bash-x.sh"), "#!/bin/sh\nexit 0\n", 0o755);
for (const d of ["gates", "cache", "builtin"]) mkdirSync(join(home, d), { recursive: true });
writeFile(join(userHome, ".claude", "settings.json"), "{}");
symlinkSync(layer, join(repo, "innocent"));
mkdirSync(join(repo, "build"));

const bash = (command: string) => hook({ session_id: "closed", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }, { env: sb.env });

/** A small deterministic generator (mulberry32), so a failing line can be made again from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Protected targets, each as segments (a spelling may change any one segment). */
const TARGETS: string[][] = [
  [".agentihooks", "conditions", "pre-bash-z.sh"],
  ["innocent", "pre-any-z.sh"],
  [home, "gates", "forged.json"],
  [home, "state.json"],
  [userHome, ".claude", "settings.json"],
];
const BENIGN: string[][] = [["build", "out.txt"], ["build", "pre-bash-z.sh"]];

/** Ways to spell one segment that bash reads back as the same name. */
const SEGMENT_SPELLINGS: ((s: string) => string)[] = [
  (s) => s,
  (s) => `"${s}"`,
  (s) => `'${s}'`,
  (s) => (s.length > 2 ? `${s.slice(0, 2)}''${s.slice(2)}` : s),
  (s) => (s.length > 2 ? `${s.slice(0, 2)}\\${s.slice(2)}` : s),
  (s) => `$'${[...s].map((c, i) => (i === 1 ? `\\x${c.charCodeAt(0).toString(16)}` : c)).join("")}'`,
  (s) => (s.length > 3 && !s.startsWith("/") ? `${s.slice(0, 3)}?${s.slice(4)}` : s),
  (s) => (s.length > 3 && !s.startsWith("/") ? `${s.slice(0, 2)}[${s[2]}]${s.slice(3)}` : s),
  (s) => (s.length > 3 && !s.startsWith("/") ? `${s.slice(0, 3)}*` : s),
  (s) => `{${s},nothere}`,
];

/** Whole-path spellings: through a variable, `./`, doubled slashes. */
const PATH_FORMS: ((p: string) => { pre: string; word: string })[] = [
  (p) => ({ pre: "", word: p }),
  (p) => ({ pre: `t=${p}; `, word: "$t" }),
  (p) => ({ pre: `t=${p}; `, word: '"$t"' }),
  (p) => ({ pre: "", word: p.startsWith("/") ? p.replace(/\//g, "//") : `./${p}` }),
  (p) => ({ pre: `d=${p.slice(0, p.lastIndexOf("/"))}; `, word: `\${d}${p.slice(p.lastIndexOf("/"))}` }),
  (p) => ({ pre: `printf -v t %s ${p}; `, word: '"$t"' }),
  (p) => ({ pre: `read -r t <<< ${p}; `, word: "$t" }),
  (p) => ({ pre: `t=/tmp; declare -n r=t; r=${p}; `, word: "$t" }),
  (p) => ({ pre: `for t in /tmp ${p}; do `, word: "$t; done" }),
];

const VERBS: ((p: string) => string)[] = [
  (p) => `cp /tmp/evil ${p}`,
  (p) => `tee ${p} </dev/null`,
  (p) => `echo x > ${p}`,
  (p) => `echo x >> ${p}`,
  (p) => `mv /tmp/evil ${p}`,
  (p) => `install /tmp/evil ${p}`,
  (p) => `sort -o ${p} /dev/null`,
  (p) => `uniq - ${p} </dev/null`,
  (p) => `dd if=/dev/null of=${p}`,
  (p) => `touch ${p}`,
  (p) => `ln -sf /tmp/evil ${p}`,
  (p) => `truncate -s0 ${p}`,
  (p) => `rm -f ${p}`,
  (p) => `chmod +x ${p}`,
];

const WRAPPERS = ["", "env ", "command ", "nice ", "timeout 5 ", "stdbuf -o0 ", "nohup ", "env A=1 "];

const SHAPES: ((line: string) => string)[] = [
  (l) => l,
  (l) => `: ; ${l}`,
  (l) => `true && ${l}`,
  (l) => `cd . && ${l}`,
  (l) => `( ${l} )`,
  (l) => `{ ${l}; }`,
  (l) => `if true; then ${l}; fi`,
  (l) => `for i in 1; do ${l}; done`,
  (l) => `f() { ${l}; }; f`,
  (l) => `echo start; ${l}; echo done`,
  (l) => (l.includes("'") ? l : `bash -c '${l}'`),
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** One generated line from the target's segments. */
function generate(r: () => number, segs: string[], forms = PATH_FORMS): string {
  const k = Math.floor(r() * segs.length);
  const spelled = segs.map((s, i) => (i === k ? pick(r, SEGMENT_SPELLINGS)(s) : s));
  const path = spelled.join("/").replace(/^\/\//, "/");
  const form = pick(r, forms)(path);
  return pick(r, SHAPES)(`${form.pre}${pick(r, WRAPPERS)}${pick(r, VERBS)(form.word)}`);
}

const SEED = Number(process.env.GATE_GEN_SEED ?? 233);
const COUNT = Number(process.env.GATE_GEN_COUNT ?? 200);

describe(`generated spellings (seed ${SEED})`, () => {
  test(`${COUNT} lines writing protected places are all denied`, () => {
    const r = rng(SEED);
    const lines = Array.from({ length: COUNT }, () => generate(r, pick(r, TARGETS)));
    const passed = lines.map((l) => [l, bash(l)] as const).filter(([, r]) => r.exitCode !== 2).map(([l, r]) => `${r.exitCode} ${l} :: ${r.stderr.slice(0, 150)}`);
    expect(passed).toEqual([]);
  }, 120_000);
  test("the same shapes on an ordinary path pass", () => {
    const r = rng(SEED + 1);
    // quoting and globs that would name nothing protected; rm/chmod of a missing file still pass
    // values the shell changes are unknown, and `rm $t` of an unknown value is refused: plain forms only
    const lines = Array.from({ length: 40 }, () => generate(r, pick(r, BENIGN), PATH_FORMS.slice(0, 5)));
    const denied = lines.map((l) => [l, bash(l)] as const).filter(([, r]) => r.exitCode !== 0).map(([l, r]) => `${r.exitCode} ${l} :: ${r.stderr.slice(0, 150)}`);
    expect(denied).toEqual([]);
  }, 60_000);
});
