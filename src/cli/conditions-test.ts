import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, relative } from "node:path";
import { defineCommand } from "citty";
import { type Case, type CasesFile, caseProblem, casesPathFor, loadCases, selectCases } from "../explain/cases";
import { type CaseResult, runCase } from "../explain/case-run";
import { parseFilename } from "../conditions/filename";
import { AgentihooksError } from "../errors";
import type { Target } from "../types";
import { catalogFor, chooseTarget, targetArg } from "./common";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks conditions test [NAME|PATH...]`: every case of every active condition (or of the named
// active conditions, condition files, cases files or directories), each condition alone in a world
// of its own (see explain/case-run.ts), so a case keeps judging its own condition whatever else is
// installed. Exit 1 when any case fails or a cases file cannot be used, so CI can run it.

interface FileReport {
  condition: string;
  cases_file: string;
  error?: string;
  results: (CaseResult & { input?: Case })[];
}

export default defineCommand({
  meta: {
    name: "test",
    description: "Run the cases beside each condition (_<name>.cases.json) and report pass/fail with a diff",
    examples: [
      ["agentihooks conditions test", "every case of every active condition"],
      ["agentihooks conditions test no_force_push --verbose", "only that condition's cases, each with its input and output"],
      ["agentihooks conditions test conditions-examples/ --json", "the cases in a folder, one JSON document"],
    ],
    docs: ["docs/conditions.md", "docs/dry-runs.md"],
    variadic: true,
  },
  args: {
    condition: { type: "positional", required: false, description: "Active conditions (file name, <step>-<matcher>-<name> or name), condition files, cases files or folders (default: every active condition)" },
    target: { ...targetArg, description: "Harness to judge the cases as (claude, codex, copilot, gemini, opencode; a case's own target wins)" },
    case: { type: "string", description: "Only cases whose name contains this text" },
    verbose: { type: "boolean", description: "Show each case's input and what the condition answered, passed or not" },
    json: { type: "boolean", description: "Print one JSON document (with --verbose, each case's input too)" },
  },
  async run({ args }) {
    const target = chooseTarget(args.target);
    const words = (args._ as string[]).filter(Boolean);
    const { files, without } = words.length ? selectWords(words, target) : activeCases(target);
    const reports = await runAll(files, target, args.case, !!args.verbose);
    const failed = reports.reduce((n, r) => n + (r.error ? 1 : 0) + r.results.filter((x) => !x.pass).length, 0);
    const passed = reports.reduce((n, r) => n + r.results.filter((x) => x.pass).length, 0);
    if (args.json) writeJson({ target, passed, failed, files: reports, without_cases: without });
    else writeOut(render(reports, without, passed, failed, !!args.verbose));
    if (failed > 0) process.exitCode = 1;
  },
});

// --- internal ---

function activeCases(target: Target): { files: CasesFile[]; without: string[] } {
  const files: CasesFile[] = [];
  const without: string[] = [];
  for (const c of catalogFor(target).conditions) {
    const p = casesPathFor(c.path);
    if (p) files.push(loadCases(p));
    else without.push(c.path);
  }
  return { files, without };
}

/** A word that names no file and is no glob is an active condition's file name, key or name. */
const isPathLike = (w: string) => w.includes("/") || existsSync(w) || /[*?[\]{}]/.test(w);

function keyOf(file: string): string | undefined {
  const p = parseFilename(file);
  return typeof p === "string" ? undefined : p.key;
}

/** Returns the cases of the named paths and active conditions; an unknown name or one without cases is an error. */
function selectWords(words: string[], target: Target): { files: CasesFile[]; without: string[] } {
  const paths = words.filter(isPathLike);
  const names = words.filter((w) => !isPathLike(w));
  const sel = paths.length ? selectCases(paths) : { files: [], without: [] };
  if (!names.length) return sel;
  const conditions = catalogFor(target).conditions;
  for (const wanted of names) {
    const key = keyOf(wanted) ?? keyOf(`${wanted}.x`);
    const hits = conditions.filter((c) => c.file === wanted || c.key === key || c.name.toLowerCase() === wanted.toLowerCase());
    if (!hits.length) throw new AgentihooksError("E_USAGE", `no active condition named "${wanted}" (see agentihooks conditions list; a path needs a / or must exist)`);
    for (const c of hits) {
      const cases = casesPathFor(c.path);
      if (!cases) throw new AgentihooksError("E_USAGE", `${c.file} has no cases (expected _${c.file}.cases.json beside it)`);
      if (!sel.files.some((f) => f.path === cases)) sel.files.push(loadCases(cases));
    }
  }
  return sel;
}

/** Runs every case of every file; cases are independent worlds, so they share one parallel pool. */
async function runAll(files: CasesFile[], target: Target, only: string | undefined, verbose: boolean): Promise<FileReport[]> {
  const reports: FileReport[] = files.map((f) => ({ condition: f.condition, cases_file: f.path, error: f.error, results: [] }));
  const jobs = files.flatMap((f, fi) =>
    f.error ? [] : f.cases.filter((c) => !only || String(c?.name ?? "").includes(only)).map((c, ci) => ({ fi, ci, c })),
  );
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { fi, ci, c } = jobs[next++];
      const problem = caseProblem(c);
      const result: FileReport["results"][number] = problem
        ? { name: String(c?.name ?? `case ${ci + 1}`), pass: false, mode: "pipeline", target, diffs: [], error: problem }
        : await runCase(files[fi].condition, c, target);
      reports[fi].results[ci] = verbose ? { ...result, input: c } : result;
    }
  };
  // Most of a case's time is a script starting up, not CPU: more workers than cores pays off.
  await Promise.all(Array.from({ length: Math.min(availableParallelism() * 4, 16, jobs.length) }, worker));
  return reports;
}

function render(reports: FileReport[], without: string[], passed: number, failed: number, verbose: boolean): string {
  const p = paint();
  const out: string[] = [];
  const rel = (s: string) => relative(process.cwd(), s) || s;
  for (const r of reports) {
    out.push(p.bold(r.condition ? basename(r.condition) : rel(r.cases_file)) + p.dim(`  (${rel(r.cases_file)})`));
    if (r.error) out.push(`  ${p.red("FAIL")} ${rel(r.cases_file)}: ${r.error}`);
    for (const c of r.results) {
      const mode = c.mode === "direct" ? p.dim(" [direct]") : "";
      out.push(`  ${c.pass ? p.green("pass") : p.red("FAIL")} ${c.name}${mode}`);
      if (verbose) out.push(...details(c, p));
      if (c.pass) continue;
      if (c.error) out.push(`       ${p.red(c.error)}`);
      for (const d of c.diffs) out.push(`       ${d.what}`, `         ${p.green(`- expected ${d.expected}`)}`, `         ${p.red(`+ actual   ${d.actual}`)}`);
      if (c.outcome && !c.error) out.push(p.dim(`       condition: ${c.outcome.status}${c.outcome.exit === null ? "" : `, exit ${c.outcome.exit}`}${c.outcome.stderr ? `, stderr: ${c.outcome.stderr.slice(0, 200)}` : ""}`));
    }
  }
  if (without.length) out.push("", p.dim(`No cases (${without.length}): ${without.map((w) => basename(w)).join(", ")}`));
  const total = `${passed + failed} case${passed + failed === 1 ? "" : "s"} in ${reports.length} file${reports.length === 1 ? "" : "s"}`;
  out.push("", failed ? p.red(`${total}: ${passed} passed, ${failed} failed`) : p.green(`${total}: all ${passed} passed`));
  return `${out.join("\n")}\n`;
}

/** --verbose: the case's input, what it expects, and what came back. */
function details(c: FileReport["results"][number], p: ReturnType<typeof paint>): string[] {
  const { name: _, expect, ...input } = c.input ?? ({} as Partial<Case>);
  const lines = [p.dim(`       input:     ${JSON.stringify(input)}`), p.dim(`       expect:    ${JSON.stringify(expect ?? {})}`)];
  if (c.outcome) lines.push(p.dim(`       condition: ${c.outcome.status}${c.outcome.exit === null ? "" : `, exit ${c.outcome.exit}`}${c.outcome.stderr ? `, stderr: ${c.outcome.stderr.slice(0, 200)}` : ""}`));
  if (c.effect) lines.push(p.dim(`       answer:    ${JSON.stringify(c.effect)}`));
  return lines;
}
