// The import direction, checked on the source: types import nothing; the shell analyzer imports only
// types; the hook's start-up path never reaches the CLI, the MCP SDK, citty or consola.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
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

test("the graph walk sees the hook's modules (the checks above are not vacuous)", () => {
  const { files } = staticGraph(join(SRC, "hook-command.ts"));
  const names = [...files].map((f) => f.slice(SRC.length + 1));
  for (const f of ["pipeline.ts", "harness/registry.ts", "conditions/catalog.ts", "shell/analyze.ts", "run/spawn.ts"]) expect(names).toContain(f);
});
