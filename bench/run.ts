// `make bench`: the hook's cost per tool call as ratios against a floor measured in the same run.
// Every timed figure alternates the floor and the subject (and flips their order each round), so drift
// on a noisy machine hits both alike; medians over RUNS runs after WARMUP unmeasured ones.
//   bun run bench/run.ts [--runs N] [--only small,hot,cold,match,default,parallel,analysis,peers,resident] [--vs EXECUTABLE]
//     AGENTIHOOKS_BIN=<executable> (default dist/agentihooks). --vs times another build's no-match calls in the
//     same rounds (floor, subject and it interleaved), so two builds are compared on one machine state.
import { chmodSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { analyze } from "../src/shell/analyze";
import { loadCorpus } from "./corpus";
import { residentFigures } from "./resident";
import { type BenchHome, MISSES_GIT_READ, addCondition, claudeBash, claudeTool, cleanup, makeHome, mkdirTemp } from "./sandbox";

const REPO = resolve(import.meta.dir, "..");
const BIN = resolve(REPO, process.env.AGENTIHOOKS_BIN || "dist/agentihooks");
/** dist/agentihooks's build flags, read from the Makefile so the floor is built exactly like it. */
const BUILD_FLAGS = readFileSync(join(REPO, "Makefile"), "utf8").match(/^BUILD_FLAGS := (.+)$/m)?.[1].trim().split(/\s+/) ?? [];
if (!BUILD_FLAGS.includes("--compile")) throw new Error("bench: cannot read BUILD_FLAGS from the Makefile");
const RUNS = Number(flag("--runs") ?? 40);
const WARMUP = 5;
const ONLY = flag("--only")?.split(",");
const VS = flag("--vs") ? resolve(flag("--vs") as string) : undefined;

interface Cmd {
  argv: string[];
  env?: Record<string, string>;
  cwd?: string;
  stdin?: string;
  /** Runs before each timed run, untimed (the cold case changes a layer here). */
  before?: () => void;
}

interface Sample {
  ms: number[];
  rss: number[];
}

interface Row {
  id: string;
  figure: string;
  value: number;
  unit: string;
  reference?: number;
  referenceLabel?: string;
  ratio?: number;
  target: string;
  pass?: boolean;
}

const rows: Row[] = [];

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Runs a command once; returns wall time in ms and the child's peak RSS in bytes. */
function once(cmd: Cmd): { ms: number; rss: number; exitCode: number; stdout: string; stderr: string } {
  cmd.before?.();
  const stdin = cmd.stdin === undefined ? "ignore" : new Blob([cmd.stdin]);
  const t = performance.now();
  const p = Bun.spawnSync(cmd.argv, { env: cmd.env ?? (process.env as Record<string, string>), cwd: cmd.cwd, stdin, stdout: "pipe", stderr: "pipe" });
  const ms = performance.now() - t;
  return { ms, rss: p.resourceUsage?.maxRSS ?? 0, exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** Times the commands interleaved: WARMUP rounds unmeasured, then RUNS rounds, order flipped each round. */
function interleave(cmds: Cmd[], runs = RUNS): Sample[] {
  const out = cmds.map(() => ({ ms: [] as number[], rss: [] as number[] }));
  for (let round = 0; round < WARMUP + runs; round++) {
    const order = round % 2 ? [...cmds.keys()].reverse() : [...cmds.keys()];
    for (const i of order) {
      const r = once(cmds[i]);
      if (round < WARMUP) continue;
      out[i].ms.push(r.ms);
      out[i].rss.push(r.rss);
    }
  }
  return out;
}

/** Runs a command once and fails the bench loudly when it does not behave as the figure assumes. */
function check(cmd: Cmd, what: string, ok: (r: ReturnType<typeof once>) => boolean): void {
  const r = once(cmd);
  if (!ok(r)) throw new Error(`${what}: unexpected result (exit ${r.exitCode}) stdout=${r.stdout.trim()} stderr=${r.stderr.trim()}`);
}

function ratioRow(id: string, figure: string, subject: number[], reference: number, referenceLabel: string, limit: number): void {
  const value = median(subject);
  const ratio = value / reference;
  rows.push({ id, figure, value: round(value), unit: "ms", reference: round(reference), referenceLabel, ratio: round(ratio), target: `<= ${limit}x`, pass: ratio <= limit });
}

/** Groups of figures: small (no match, RSS), hot, cold, match, default, parallel, analysis, peers. */
const want = (group: string) => !ONLY || ONLY.includes(group);

function buildFloor(): string {
  const dir = mkdirTemp("floor");
  writeFileSync(join(dir, "floor.ts"), 'console.log("hi");\n');
  const out = join(dir, "floor");
  const p = Bun.spawnSync([process.execPath, "build", ...BUILD_FLAGS, join(dir, "floor.ts"), "--outfile", out], { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`cannot build the floor executable: ${p.stderr.toString()}`);
  return out;
}

/**
 * The executable under test, copied fresh into the bench's temp folder: two byte-identical copies of an
 * executable can differ by over 1 ms depending on how old their page-cache pages are (bench/README.md,
 * entry 22), and the floor is always a freshly written file.
 */
let subject = BIN;
function freshCopy(bin: string, folder = "subject"): string {
  const copy = join(mkdirTemp(folder), "agentihooks");
  copyFileSync(bin, copy);
  chmodSync(copy, 0o755);
  return copy;
}

const hookCmd = (h: BenchHome, command = "ls"): Cmd => ({ argv: [subject, "hook"], env: h.env, cwd: h.repo, stdin: claudeBash(command, h.repo) });
const silentNoMatch = (r: ReturnType<typeof once>) => r.exitCode === 0 && r.stdout.trim() === "";

/** The condition index files in a home's cache folder. */
function cacheFiles(h: BenchHome): string[] {
  const dir = join(h.env.AGENTIHOOKS_HOME, "cache");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith("conditions-index.")) : [];
}

// --- figures ---

function noMatch(floor: Cmd): void {
  const h = makeHome("small", 8);
  const sub = hookCmd(h);
  check(sub, "no match", silentNoMatch);
  // --vs: the other build in the same rounds, on the same home (each build keeps its own index file)
  const other: Cmd | undefined = VS ? { ...sub, argv: [freshCopy(VS, "vs"), "hook"] } : undefined;
  if (other) check(other, "no match (--vs build)", silentNoMatch);
  const [f, s, o] = interleave(other ? [floor, sub, other] : [floor, sub]);
  if (!cacheFiles(h).length) throw new Error("no match: the condition cache was never written (not a hot-cache figure)");
  ratioRow("no-match", "no match (8 conditions, hot cache)", s.ms, median(f.ms), "floor", 1.25);
  if (o) ratioRow("no-match-vs", `no match, --vs ${VS}`, o.ms, median(f.ms), "floor", 1.25);
  const rss = median(s.rss) / 2 ** 20;
  const floorRss = median(f.rss) / 2 ** 20;
  rows.push({ id: "rss", figure: "peak RSS, no match", value: round(rss, 1), unit: "MB", reference: round(floorRss, 1), referenceLabel: "floor", ratio: round(rss / floorRss), target: "<= 1.2x", pass: rss / floorRss <= 1.2 });
}

function noMatchLarge(floor: Cmd): void {
  const h = makeHome("large", 1000);
  const sub = hookCmd(h);
  check(sub, "no match, 1000 files", silentNoMatch);
  // --vs: the other build in the same rounds and home, as for the small home
  const other: Cmd | undefined = VS ? { ...sub, argv: [freshCopy(VS, "vs-large"), "hook"] } : undefined;
  if (other) check(other, "no match, 1000 files (--vs build)", silentNoMatch);
  if (want("hot")) {
    const [f, s, o] = interleave(other ? [floor, sub, other] : [floor, sub]);
    if (!cacheFiles(h).length) throw new Error("no match, 1000: the condition cache was never written");
    if (other && cacheFiles(h).length < 2) throw new Error("no match, 1000: the two builds share one index file (neither figure would be a hot one)");
    ratioRow("no-match-1000-hot", "no match, 1000 files, hot cache", s.ms, median(f.ms), "floor", 1.3);
    if (o) ratioRow("no-match-1000-hot-vs", `no match, 1000 files, hot cache, --vs ${VS}`, o.ms, median(f.ms), "floor", 1.3);
  }
  if (want("cold")) {
    // Each timed run follows a change to the runtime layer (a file added, then removed), with the folder's
    // mtime set back so the rebuilt index is written as it would be after a real edit.
    const runtime = h.layers[2];
    let n = 0;
    const change = () => {
      const file = join(runtime, "pre-Write-cold.sh");
      if (n++ % 2) rmSync(file);
      else addCondition(runtime, "pre-Write-cold.sh", "exit 0\n");
      const past = new Date(Date.now() - 60_000 - n);
      utimesSync(runtime, past, past);
    };
    const cold: Cmd = { ...sub, before: change };
    const otherCold: Cmd | undefined = other ? { ...other, before: change } : undefined;
    const [f, s, o] = interleave(otherCold ? [floor, cold, otherCold] : [floor, cold], Math.max(30, Math.round(RUNS * 0.75)));
    ratioRow("no-match-1000-cold", "no match, 1000 files, cold cache", s.ms, median(f.ms), "floor", 3);
    if (o) ratioRow("no-match-1000-cold-vs", `no match, 1000 files, cold cache, --vs ${VS}`, o.ms, median(f.ms), "floor", 3);
  }
}

function oneMatch(floor: Cmd): void {
  const h = makeHome("match", 8);
  addCondition(h.layers[2], "pre-bash.ls-quiet.sh", "exit 0\n");
  const sub = hookCmd(h);
  check(sub, "one match", silentNoMatch);
  const bash: Cmd = { argv: ["bash", "-c", "true"] };
  const [f, s, b] = interleave([floor, sub, bash]);
  const log = readFileSync(join(h.env.AGENTIHOOKS_HOME, "logs", "hook.jsonl"), "utf8");
  if (!log.includes('"name":"pre-bash.ls-quiet.sh"')) throw new Error("one match: the condition never ran");
  ratioRow("one-match", "one matching bash condition", s.ms, median(f.ms) + median(b.ms), "floor + bash -c true", 1.25);
}

/**
 * The built-in default profile (the git pack and the .env guard run inside the hook) against the same call in a home
 * where nothing matches it, interleaved: Bash `git status` (both guards match) and a Read of `.env`
 * (denied by the .env guard).
 */
function defaultProfile(): void {
  const guarded = makeHome("default", 8, MISSES_GIT_READ, ["bench", "default"]);
  const plain = makeHome("plain", 8, MISSES_GIT_READ);
  const call = (h: BenchHome, stdin: string): Cmd => ({ argv: [subject, "hook"], env: h.env, cwd: h.repo, stdin });
  const git = (h: BenchHome) => call(h, claudeBash("git status", h.repo));
  const env = (h: BenchHome) => call(h, claudeTool("Read", { file_path: join(h.repo, ".env") }, h.repo));
  check(git(plain), "git status, nothing matching", silentNoMatch);
  check(env(plain), "Read .env, nothing matching", silentNoMatch);
  check(git(guarded), "git status, default profile", silentNoMatch);
  check(env(guarded), "Read .env, default profile", (r) => r.exitCode === 2 && r.stderr.includes("holds secrets"));
  const log = readFileSync(join(guarded.env.AGENTIHOOKS_HOME, "logs", "hook.jsonl"), "utf8");
  for (const guard of ["pre-bash-git.rules.toml", "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts"]) {
    if (!log.includes(`"name":"${guard}","source":"profile:default"`)) throw new Error(`default profile: ${guard} never ran`);
  }
  const [pg, gg, pe, ge] = interleave([git(plain), git(guarded), env(plain), env(guarded)]);
  ratioRow("default-git", "default profile: Bash git status (both guards run)", gg.ms, median(pg.ms), "same call, nothing matching", 1.25);
  ratioRow("default-env", "default profile: Read .env (denied)", ge.ms, median(pe.ms), "same call, nothing matching", 1.25);
}

function parallel(): void {
  const h = makeHome("parallel", 0);
  for (let i = 0; i < 8; i++) addCondition(h.layers[2], `pre-Bash-sleep${i}.sh`, "sleep 0.2\n");
  const sub = hookCmd(h);
  check(sub, "parallel", silentNoMatch);
  const [s] = interleave([sub], 30);
  const value = median(s.ms);
  rows.push({ id: "parallel", figure: "8 conditions of 200 ms each", value: round(value), unit: "ms", reference: 200, referenceLabel: "one condition", ratio: round(value / 200), target: "< 300 ms", pass: value < 300 });
}

function analysis(): void {
  const { commands, source } = loadCorpus();
  const pass = () => {
    const t = performance.now();
    for (const c of commands) analyze(c);
    return performance.now() - t;
  };
  for (let i = 0; i < 5; i++) pass();
  const times = Array.from({ length: 30 }, pass);
  const perSec = commands.length / (median(times) / 1000);
  rows.push({ id: "analysis", figure: `analyze(), ${source}`, value: Math.round(perSec), unit: "cmd/s", target: ">= 100000", pass: perSec >= 100_000 });
}

function peers(floor: Cmd): void {
  const python: Cmd = { argv: ["python3", "-c", "import json, subprocess, concurrent.futures"] };
  const node: Cmd = { argv: ["node", "-e", "0"] };
  const [f, p, n] = interleave([floor, python, node], 30);
  const fm = median(f.ms);
  for (const [id, figure, s] of [["peer-python", "peer floor: python3 + imports", p], ["peer-node", "peer floor: node -e 0", n]] as const) {
    rows.push({ id, figure, value: round(median(s.ms)), unit: "ms", reference: round(fm), referenceLabel: "floor", ratio: round(median(s.ms) / fm), target: "(reference)" });
  }
}

// --- report ---

function printTable(): void {
  const head = ["figure", "median", "reference", "ratio", "target", "result"];
  const body = rows.map((r) => [
    r.figure,
    `${r.value} ${r.unit}`,
    r.reference === undefined ? "-" : `${r.reference} ${r.unit} (${r.referenceLabel})`,
    r.ratio === undefined ? "-" : `${r.ratio}x`,
    r.target,
    r.pass === undefined ? "-" : r.pass ? "pass" : "MISS",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log([fmt(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...body.map(fmt)].join("\n"));
}

async function main(): Promise<void> {
  if (!existsSync(BIN)) throw new Error(`${BIN} does not exist: run make build (or set AGENTIHOOKS_BIN)`);
  const started = performance.now();
  const floorBin = buildFloor();
  subject = freshCopy(BIN);
  const floor: Cmd = { argv: [floorBin], stdin: claudeBash("ls", "/tmp") };
  try {
    if (want("small")) noMatch(floor);
    if (want("hot") || want("cold")) noMatchLarge(floor);
    if (want("match")) oneMatch(floor);
    if (want("default")) defaultProfile();
    if (want("parallel")) parallel();
    if (want("analysis")) analysis();
    if (want("peers")) peers(floor);
    if (want("resident")) rows.push(...(await residentFigures({ subject, floor: floorBin, runs: RUNS, warmup: WARMUP })));
  } finally {
    cleanup();
  }
  const order = ["no-match", "no-match-vs", "no-match-1000-hot", "no-match-1000-hot-vs", "no-match-1000-cold", "no-match-1000-cold-vs", "one-match", "default-git", "default-env", "parallel", "analysis", "rss", "peer-python", "peer-node", "resident-no-match", "resident-no-match-command", "resident-default", "resident-default-command"];
  rows.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  printTable();
  const results = {
    date: new Date().toISOString(),
    bin: BIN,
    bun: Bun.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    runs: RUNS,
    vs: VS,
    loadavg: loadavg().map((l) => round(l)),
    warmup: WARMUP,
    seconds: round((performance.now() - started) / 1000, 1),
    figures: rows,
  };
  writeFileSync(join(import.meta.dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${results.seconds} s; ${RUNS} runs per figure after ${WARMUP} warm-up; load average ${results.loadavg.join(" ")}; bench/results.json written`);
}

await main();
