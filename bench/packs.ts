// The packs' corpus (bench/corpus/packs.jsonl): every line sent through the compiled executable's hook
// as a Claude Code PreToolUse Bash call, once per preset (built-in profile), and scored per pack:
// the catch rate (destructive lines denied or asked) and the false-block rate (benign lines denied or
// asked). `make bench` prints the table; test/packs/corpus.test.ts holds the figures to a baseline.
//   bun run bench/packs.ts [--presets default,strict] [--jobs N] [--json FILE] [--misses]   AGENTIHOOKS_BIN=<executable>
// --misses lists, per preset, each destructive line let through and each benign line blocked, with the verdict.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { builtinProfileNames } from "../src/conditions/builtin";

export interface CorpusCase {
  line: string;
  expect: "block" | "allow";
  pack: string;
  source: string;
}

export type Verdict = "deny" | "ask" | "allow" | "none" | "error";

export interface PackScore {
  pack: string;
  destructive: number;
  caught: number;
  benign: number;
  blocked: number;
}

export interface PresetScore {
  preset: string;
  packs: PackScore[];
  total: PackScore;
  /** Destructive lines let through and benign lines blocked, with the verdict. */
  misses: { line: string; pack: string; expect: string; verdict: Verdict }[];
}

const REPO = resolve(import.meta.dir, "..");
export const CORPUS = join(REPO, "bench/corpus/packs.jsonl");
/** The presets the issue names, measured when the executable has them built in. */
export const PRESETS = ["default", "strict", "paranoid"];

/** Lines of the corpus that are not scored, each with why (bench/README.md, "Excluded lines"). */
export const EXCLUDED = join(REPO, "bench/corpus/packs-excluded.jsonl");

export interface Exclusion {
  line: string;
  /** `syntax: ...` (bash refuses the line: it runs nothing) or `mislabeled: ...` (what the line really does). */
  reason: string;
}

const jsonLines = <T>(path: string): T[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

/** Returns the excluded lines with their reasons. */
export const loadExclusions = (path = EXCLUDED): Exclusion[] => jsonLines<Exclusion>(path);

/** Returns the corpus's cases (one JSON object a line), the excluded ones left out unless `all`. */
export function loadPackCorpus(path = CORPUS, all = false): CorpusCase[] {
  const cases = jsonLines<CorpusCase>(path);
  if (all) return cases;
  const out = new Set(loadExclusions().map((e) => e.line));
  return cases.filter((c) => !out.has(c.line));
}

/** Returns the presets of `wanted` that are built-in profiles of this tree. */
export const availablePresets = (wanted = PRESETS) => wanted.filter((p) => builtinProfileNames().includes(p));

export interface WorldOptions {
  /**
   * The agentihooks home beside the user's HOME rather than in it (~/.agentihooks): the gate then does
   * not answer first for lines that delete the home folder, so a test sees the rule that fires.
   */
  agentihooksHomeOutside?: boolean;
}

interface World {
  root: string;
  env: Record<string, string>;
  repo: string;
}

/**
 * Returns a throw-away world: a user HOME holding the agentihooks home (whose global chain is
 * `profiles`) and a repository. It lives under the checkout's .cache/, not the temporary folder: the
 * corpus deletes /tmp/* and $TMPDIR, which the gate rightly refuses when the agentihooks home is there.
 */
function makeWorld(profiles: string[], opts: WorldOptions = {}): World {
  const root = realpathSync(mkdtempSync(join(worldsFolder(), "packs-")));
  const ahome = opts.agentihooksHomeOutside ? join(root, "agentihooks") : join(root, "home", "user", ".agentihooks");
  const home = join(root, "home", "user");
  const repo = join(home, "work", "repo");
  mkdirSync(join(ahome, "conditions"), { recursive: true });
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(join(repo, ".git", "config"), "[core]\n\tbare = false\n");
  // a repository has a HEAD: the agent's work is on a feature branch (a push of main is the corpus's to name)
  writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/feature\n");
  writeFileSync(join(ahome, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles } } }));
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, AGENTIHOOKS_HOME: ahome, AGENTIHOOKS_STRICT_MODES: "0", NO_COLOR: "1", TMPDIR: tmpdir() };
  return { root, env, repo };
}

/** Temporary folders: the packs leave deletions there alone, so a world inside one would judge nothing "outside". */
const TEMPORARY = /^\/(tmp|var\/tmp|private\/tmp|private\/var\/folders)(\/|$)/;

/**
 * Where the worlds go: the checkout's .cache/, unless the checkout itself lies in a temporary folder (a
 * clone under /tmp), then ~/.cache/agentihooks-packs (each world removed after its run).
 */
function worldsFolder(): string {
  for (const dir of [join(REPO, ".cache"), join(homedir(), ".cache", "agentihooks-packs")]) {
    mkdirSync(dir, { recursive: true });
    if (!TEMPORARY.test(realpathSync(dir))) return dir;
  }
  throw new Error("no folder outside /tmp for the packs' worlds (the checkout and HOME are both in a temporary folder)");
}

const payload = (command: string, cwd: string) =>
  JSON.stringify({
    session_id: "s-packs",
    transcript_path: "",
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "corpus" },
    tool_use_id: "toolu_packs",
  });

export interface HookAnswer {
  verdict: Verdict;
  /** The reason the hook gave with its decision ("" when none). */
  reason: string;
}

/** Returns the hook's answer for one line: exit 2 or a JSON deny is deny, else the JSON's decision. */
async function answerOf(bin: string, w: World, line: string): Promise<HookAnswer> {
  const p = Bun.spawn([bin, "hook"], { env: w.env, cwd: w.repo, stdin: new Blob([payload(line, w.repo)]), stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  let answer: { permissionDecision?: unknown; permissionDecisionReason?: unknown } | undefined;
  try {
    answer = out.trim() ? JSON.parse(out).hookSpecificOutput : undefined;
  } catch {
    return { verdict: "error", reason: out };
  }
  const reason = typeof answer?.permissionDecisionReason === "string" ? answer.permissionDecisionReason : err;
  const decision = answer?.permissionDecision;
  if (code === 2 || decision === "deny") return { verdict: "deny", reason };
  if (decision === "ask" || decision === "allow") return { verdict: decision, reason };
  return { verdict: code === 0 ? "none" : "error", reason: err };
}

/** Returns the hook's answer to each line under the chain `profiles`, `jobs` hook processes at a time. */
export async function answers(bin: string, profiles: string[], lines: string[], jobs = 2, opts: WorldOptions = {}): Promise<HookAnswer[]> {
  const w = makeWorld(profiles, opts);
  // The gate protects the executable: one under /tmp (a checkout there) would turn `rm -rf /tmp` into a
  // deny that says nothing about the packs. Such an executable runs from a copy inside the world.
  try {
    if (TEMPORARY.test(realpathSync(bin))) {
      const copy = join(w.root, "bin", "agentihooks");
      mkdirSync(join(w.root, "bin"));
      copyFileSync(bin, copy);
      chmodSync(copy, 0o755);
      bin = copy;
    }
    const out: HookAnswer[] = new Array(lines.length);
    let next = 0;
    const worker = async () => {
      while (next < lines.length) {
        const i = next++;
        out[i] = await answerOf(bin, w, lines[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
    return out;
  } finally {
    rmSync(w.root, { recursive: true, force: true });
  }
}

/** Returns the verdict of every case under `profiles`, `jobs` hook processes at a time. */
export async function verdicts(bin: string, profiles: string[], cases: CorpusCase[], jobs = 2): Promise<Verdict[]> {
  return (await answers(bin, profiles, cases.map((c) => c.line), jobs)).map((a) => a.verdict);
}

const blocks = (v: Verdict) => v === "deny" || v === "ask" || v === "error";

/** Returns the scores of one preset's verdicts, per pack and in total. */
export function score(preset: string, cases: CorpusCase[], got: Verdict[]): PresetScore {
  const by = new Map<string, PackScore>();
  const total: PackScore = { pack: "all", destructive: 0, caught: 0, benign: 0, blocked: 0 };
  const misses: PresetScore["misses"] = [];
  cases.forEach((c, i) => {
    const s = by.get(c.pack) ?? { pack: c.pack, destructive: 0, caught: 0, benign: 0, blocked: 0 };
    by.set(c.pack, s);
    const b = blocks(got[i]);
    for (const t of [s, total]) {
      if (c.expect === "block") {
        t.destructive++;
        if (b) t.caught++;
      } else {
        t.benign++;
        if (b) t.blocked++;
      }
    }
    if ((c.expect === "block") !== b) misses.push({ line: c.line, pack: c.pack, expect: c.expect, verdict: got[i] });
  });
  return { preset, packs: [...by.values()].sort((a, b) => a.pack.localeCompare(b.pack)), total, misses };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

/** Returns the catch rate and false-block rate of a score line as fractions (NaN when it has no case). */
export const rates = (s: PackScore) => ({ catch: s.caught / s.destructive, falseBlock: s.blocked / s.benign });

/** Returns a markdown table: one row per (preset, pack), the preset's total last. */
export function formatTable(scores: PresetScore[]): string {
  const rows = [["preset", "pack", "destructive", "caught", "catch rate", "benign", "blocked", "false-block rate"]];
  for (const s of scores)
    for (const p of [...s.packs, s.total])
      rows.push([s.preset, p.pack, `${p.destructive}`, `${p.caught}`, pct(p.caught, p.destructive), `${p.benign}`, `${p.blocked}`, pct(p.blocked, p.benign)]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

/** Scores the corpus under each preset. */
export async function scorePresets(bin: string, presets: string[], cases = loadPackCorpus(), jobs = 2): Promise<PresetScore[]> {
  const out: PresetScore[] = [];
  for (const p of presets) out.push(score(p, cases, await verdicts(bin, [p], cases, jobs)));
  return out;
}

/** What approve-readonly answers allow: benign lines (the person is not asked) and destructive ones (must be none). */
export async function approvals(bin: string, cases = loadPackCorpus(), jobs = 2) {
  const got = await verdicts(bin, ["approve-readonly"], cases, jobs);
  const allowed = (expect: string) => cases.filter((c, i) => c.expect === expect && got[i] === "allow");
  return { benign: cases.filter((c) => c.expect === "allow").length, benignAllowed: allowed("allow").length, destructiveAllowed: allowed("block").map((c) => c.line) };
}

if (import.meta.main) {
  const flag = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const bin = resolve(REPO, process.env.AGENTIHOOKS_BIN || "dist/agentihooks");
  const presets = flag("--presets")?.split(",") ?? availablePresets();
  const cases = loadPackCorpus();
  const started = performance.now();
  const scores = await scorePresets(bin, presets, cases, Number(flag("--jobs") ?? 2));
  console.log(`packs corpus: ${cases.length} lines (${cases.filter((c) => c.expect === "block").length} destructive; ${loadExclusions().length} excluded, bench/corpus/packs-excluded.jsonl), presets ${presets.join(", ")}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(formatTable(scores));
  if (builtinProfileNames().includes("approve-readonly") && !flag("--presets")) {
    const a = await approvals(bin, cases, Number(flag("--jobs") ?? 2));
    console.log(`approve-readonly: ${a.benignAllowed} of ${a.benign} benign lines allowed without asking (${((100 * a.benignAllowed) / a.benign).toFixed(1)}%); destructive lines allowed: ${a.destructiveAllowed.length}`);
  }
  if (process.argv.includes("--misses"))
    for (const s of scores) for (const m of s.misses) console.log(`miss ${s.preset} ${m.pack} expect=${m.expect} got=${m.verdict}\t${m.line}`);
  const json = flag("--json");
  if (json) writeFileSync(json, `${JSON.stringify(scores, null, 1)}\n`);
}
