// The import direction, checked on the source: no import cycles anywhere; types import nothing; the
// shell analyzer imports only types; the hook's start-up path never reaches the CLI, the MCP SDK,
// citty or consola.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { REPO } from "./helpers";

const SRC = join(REPO, "src");
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"|(?:import|require)\(\s*"([^"]+)"\s*\)/gm;

/** Returns the module specifiers a source file imports (static, dynamic and require). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3]);
}

function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {}
  }
  return undefined; // generated .js validators and embedded text files
}

/** Returns every local file and every package reachable from `entry` through static imports only. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\b)[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm)) {
      const spec = m[1] ?? m[2];
      const local = resolveLocal(file, spec);
      if (local) visit(local);
      else if (!spec.startsWith(".")) packages.add(spec);
    }
  };
  visit(entry);
  return { files, packages };
}

describe("architecture", () => {
  test("types.ts imports nothing", () => {
    expect(importsOf(join(SRC, "types.ts"))).toEqual([]);
  });

  test("the shell analyzer imports only the types and itself", () => {
    const { files, packages } = staticGraph(join(SRC, "shell", "analyze.ts"));
    for (const f of files) expect(f.startsWith(join(SRC, "shell")) || f === join(SRC, "types.ts")).toBe(true);
    expect([...packages]).toEqual([]);
  });

  test("the hook's start-up path loads no CLI, MCP server, citty, consola or schema compiler", () => {
    const { files, packages } = staticGraph(join(SRC, "hook-command.ts"));
    for (const f of files) {
      expect(f.startsWith(join(SRC, "cli"))).toBe(false);
      expect(f.startsWith(join(SRC, "mcp"))).toBe(false);
      expect(f.startsWith(join(SRC, "setup"))).toBe(false);
    }
    for (const p of packages) expect(["citty", "consola", "ajv", "@modelcontextprotocol/sdk", "fast-glob"].some((x) => p.startsWith(x))).toBe(false);
  });

  test("main.ts reaches the hook and the CLI only through dynamic imports", () => {
    const { files } = staticGraph(join(SRC, "main.ts"));
    expect([...files].map((f) => f.slice(SRC.length + 1)).sort()).toEqual(["main.ts", "version.ts"]);
  });

  test("the core does not know harness names: merge, policy and the run folder never name one", () => {
    for (const f of ["merge.ts", "policy.ts", "run/spawn.ts", "run/parallel.ts", "run/runner.ts"]) {
      const text = readFileSync(join(SRC, f), "utf8").replace(/\/\/.*$/gm, "");
      expect(text).not.toMatch(/"(claude|codex|copilot)"/);
    }
  });
});

/** Returns every TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/**
 * Returns the import cycles among `files` (strongly connected components of more than one file, or a file
 * importing itself). Every import counts: static, type-only, dynamic and require().
 */
function importCycles(files: string[]): string[][] {
  const inside = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(f).map((s) => resolveLocal(f, s)).filter((x): x is string => !!x && inside.has(x))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = stack.splice(stack.indexOf(v));
    if (component.length > 1 || edges.get(v)!.includes(v)) cycles.push(component.map((f) => f.slice(REPO.length + 1)).sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

describe("no import cycles", () => {
  test("src/ has none, type-only and lazy imports included", () => {
    expect(importCycles(sourceFiles(SRC))).toEqual([]);
  });

  test("conditions-examples/ has none", () => {
    expect(importCycles(sourceFiles(join(REPO, "conditions-examples")))).toEqual([]);
  });

  test("the check finds a cycle, type-only or through require() (it is not vacuous)", () => {
    const { mkdtempSync, rmSync, writeFileSync } = require("node:fs") as typeof import("node:fs");
    const dir = mkdtempSync(join(REPO, ".cycle-"));
    try {
      writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = B;\n');
      writeFileSync(join(dir, "b.ts"), 'export type B = number;\nexport const c = () => require("./c");\n');
      writeFileSync(join(dir, "c.ts"), 'import { c } from "./b";\nexport const d = c;\n');
      writeFileSync(join(dir, "d.ts"), 'import type { A } from "./a";\nexport type D = A;\n');
      expect(importCycles(sourceFiles(dir))).toEqual([[`${dir.slice(REPO.length + 1)}/b.ts`, `${dir.slice(REPO.length + 1)}/c.ts`]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("the graph walk sees the hook's modules (the checks above are not vacuous)", () => {
  const { files } = staticGraph(join(SRC, "hook-command.ts"));
  const names = [...files].map((f) => f.slice(SRC.length + 1));
  for (const f of ["pipeline.ts", "harness/registry.ts", "conditions/catalog.ts", "shell/analyze.ts", "state/hook-log.ts"]) expect(names).toContain(f);
});

test("a call with no match loads no runner, facts, presets, gate file, enforcement counters or shell-quote", () => {
  // each is require()d where it is needed: loading a module costs start-up time by its size
  const { files, packages } = staticGraph(join(SRC, "hook-command.ts"));
  const names = [...files].map((f) => f.slice(SRC.length + 1));
  const lazy = ["run/parallel.ts", "run/spawn.ts", "run/runner.ts", "run/interpreters.ts", "facts/facts.ts", "rules/preset.ts", "conditions/file-check.ts"];
  lazy.push("gate/gate-file.ts", "state/atomic.ts", "enforcement/counters.ts", "enforcement/deliver.ts", "enforcement/banner.ts", "harness/join-argv.ts");
  lazy.push("did-you-mean.ts"); // a bad registration only
  for (const f of lazy) expect(names).not.toContain(f);
  expect([...packages].filter((p) => p.startsWith("shell-quote"))).toEqual([]);
});
