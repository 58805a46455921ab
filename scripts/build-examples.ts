// `make examples`: builds each condition in conditions-examples/_src/ into one file of its own in
// conditions-examples/, so a person can copy that one file into a layer and it runs as it is. The
// sources share modules (the condition API, Python's word splitting); the built file holds them inline,
// as TypeScript with their comments, rather than a bundler's JavaScript: it is documentation too.
//   bun run scripts/build-examples.ts [--check]    (--check: exit 1 when a built file is out of date)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const EXAMPLES = resolve(import.meta.dir, "..", "conditions-examples");
const SOURCES = join(EXAMPLES, "_src");
const LOCAL_IMPORT = /^import\s[^;]*?from\s+"(\.\/[^"]+)";\n/gm;
const NODE_IMPORT = /^import\s+\{([^}]*)\}\s+from\s+"(node:[^"]+)";\n/gm;

/** Returns the local modules `file` imports, depth first, each once, dependencies before dependents. */
function modulesOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const out: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(LOCAL_IMPORT)) {
    const dep = resolve(dirname(file), m[1].endsWith(".ts") ? m[1] : `${m[1]}.ts`);
    out.push(...modulesOf(dep, seen));
  }
  out.push(file);
  return out;
}

/** Splits a module into its leading comment block (up to the first blank line or code) and the rest. */
function splitHeader(text: string): [string, string] {
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length && (lines[i].startsWith("//") || lines[i].startsWith("#!"))) i++;
  return [lines.slice(0, i).join("\n"), lines.slice(i).join("\n")];
}

/** Returns the one-file build of the condition at `entry`. */
export function buildExample(entry: string): string {
  const modules = modulesOf(entry);
  const nodeImports = new Map<string, Set<string>>();
  const bodies: string[] = [];
  for (const file of modules) {
    let text = readFileSync(file, "utf8").replace(LOCAL_IMPORT, "");
    text = text.replace(NODE_IMPORT, (_, names: string, from: string) => {
      const set = nodeImports.get(from) ?? new Set<string>();
      for (const n of names.split(",").map((s) => s.trim()).filter(Boolean)) set.add(n);
      nodeImports.set(from, set);
      return "";
    });
    if (file === entry) {
      bodies.push(splitHeader(text)[1].trim());
      continue;
    }
    // A shared module: its exports become plain declarations of the one file.
    const [header, body] = splitHeader(text);
    const source = `_src/${basename(file)}`;
    bodies.push(`// --- ${source} ---\n${header}\n\n${body.replace(/^export (?!default)/gm, "").trim()}`);
  }
  const [header] = splitHeader(readFileSync(entry, "utf8"));
  const shared = modules.filter((m) => m !== entry).map((m) => `_src/${basename(m)}`);
  const imports = [...nodeImports].map(([from, names]) => `import { ${[...names].join(", ")} } from "${from}";`);
  return [
    header,
    "//",
    `// Built by \`make examples\` from conditions-examples/_src/${basename(entry)}`,
    `// and the modules it shares with other examples (${shared.join(", ")}):`,
    "// edit those, then rebuild. This file needs nothing beside it.",
    ...imports,
    "",
    bodies.join("\n\n"),
    "",
  ].join("\n");
}

/** Returns the condition sources: src/ files named like a condition (the shared modules are not). */
export function exampleSources(): string[] {
  return readdirSync(SOURCES)
    .filter((f) => /^(pre|post)-/.test(f) && f.endsWith(".ts"))
    .sort()
    .map((f) => join(SOURCES, f));
}

if (import.meta.main) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const src of exampleSources()) {
    const out = join(EXAMPLES, basename(src));
    const built = buildExample(src);
    let current = "";
    try {
      current = readFileSync(out, "utf8");
    } catch {}
    if (current === built) continue;
    if (check) {
      console.error(`${out} is out of date: run make examples`);
      stale++;
    } else {
      writeFileSync(out, built, { mode: 0o755 });
      console.log(`built ${out}`);
    }
  }
  if (stale) process.exit(1);
}
