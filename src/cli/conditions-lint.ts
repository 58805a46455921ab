import { existsSync, statSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { readConfig } from "../config";
import type { LayerSpec } from "../conditions/layers";
import { AgentihooksError } from "../errors";
import { type Finding, lintLayers, problemFix } from "../explain/lint-rules";
import { homePaths } from "../state/home";
import { catalogFor, chooseTarget, targetArg } from "./common";
import { paint } from "./paint";

// `agentihooks conditions lint [PATH...]`: without paths, the layers of the active profile chain as the
// hook loads them (so shadowing across layers is seen); with paths, each directory is linted as one
// layer and each file within its directory. Exit 1 when any finding is an error.

export default defineCommand({
  meta: {
    name: "lint",
    description: "Find conditions that will never run or will not do what they mean, each with a fix",
    examples: [
      ["agentihooks conditions lint", "lint the layers of the active profile chain"],
      ["agentihooks conditions lint ~/.agentihooks/conditions --json", "lint one folder, one JSON document"],
    ],
    docs: ["docs/conditions.md", "docs/dry-runs.md"],
    variadic: true,
  },
  args: {
    path: { type: "positional", required: false, description: "Condition files or folders to lint (default: the active profile chain's layers)" },
    target: targetArg,
    json: { type: "boolean", description: "Print one JSON document" },
  },
  run({ args }) {
    const paths = (args._ as string[]).filter(Boolean);
    const { config } = readConfig();
    const findings = paths.length ? lintPaths(paths, config.strictModes) : lintActive(args.target, config.strictModes);
    const errors = findings.filter((f) => f.severity === "error").length;
    if (args.json) process.stdout.write(`${JSON.stringify({ errors, warnings: findings.length - errors, findings }, null, 2)}\n`);
    else process.stdout.write(render(findings, errors));
    if (errors) process.exitCode = 1;
  },
});

// --- internal ---

function lintActive(targetFlag: string | undefined, strict: boolean): Finding[] {
  const catalog = catalogFor(chooseTarget(targetFlag));
  const specs: LayerSpec[] = catalog.layers.map((l, rank) => ({ source: l.source, path: l.path, rank, skipped: l.skipped, note: l.note ?? l.source }));
  const found = lintLayers(specs, strict, process.env);
  // What makes the hook deny every PreToolUse call (an index it cannot trust, a state it cannot read)
  // comes first: no condition matters while it holds.
  const broken = (catalog.broken ?? []).map((b): Finding => ({ severity: "error", rule: "broken", file: "(agentihooks home)", message: `every PreToolUse call is denied: ${b}`, fix: problemFix(b, homePaths().home, "agentihooks doctor names the command that fixes it") }));
  for (const p of catalog.problems) {
    if (!broken.some((b) => b.message.includes(p))) found.push({ severity: "warning", rule: "layers", file: "(profile chain)", message: p, fix: "install or link the profile, or drop it from the chain" });
  }
  return [...broken, ...found];
}

function lintPaths(paths: string[], strict: boolean): Finding[] {
  const dirs = new Map<string, Set<string> | "all">();
  for (const p of paths.map((x) => resolve(x))) {
    if (!existsSync(p)) throw new AgentihooksError("E_USAGE", `no such file or directory: ${p}`);
    if (statSync(p).isDirectory()) dirs.set(p, "all");
    else {
      const set = dirs.get(dirname(p));
      if (set !== "all") dirs.set(dirname(p), (set ?? new Set()).add(p));
    }
  }
  const out: Finding[] = [];
  for (const [dir, only] of dirs) {
    const spec: LayerSpec = { source: `path:${dir}`, path: dir, rank: 0, skipped: false, note: dir };
    for (const f of lintLayers([spec], strict, process.env)) if (only === "all" || only.has(f.file)) out.push(f);
  }
  return out;
}

function render(findings: Finding[], errors: number): string {
  const p = paint();
  if (!findings.length) return `${p.green("no findings")}\n`;
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  for (const [file, list] of byFile) {
    out.push(p.bold(relative(process.cwd(), file).startsWith("..") ? file : relative(process.cwd(), file) || basename(file)));
    for (const f of list) {
      const sev = f.severity === "error" ? p.red("error  ") : p.yellow("warning");
      out.push(`  ${sev} ${f.message} ${p.dim(`[${f.rule}]`)}`, `          ${p.dim("fix:")} ${f.fix}`);
    }
  }
  out.push("", `${errors} error${errors === 1 ? "" : "s"}, ${findings.length - errors} warning${findings.length - errors === 1 ? "" : "s"}`);
  return `${out.join("\n")}\n`;
}
