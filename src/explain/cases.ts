// Condition cases: `_<name>.cases.json` beside a condition (the loader ignores the leading underscore).
// `<name>` is the condition's filename with or without its extension; a `condition` field, when present,
// names the file and wins. Each case describes a call briefly (tool, command, file_path, tool_input,
// tool_response) or whole (payload, or raw stdin), sets up its world (files, git_branch, transcript,
// env) and says what should happen (expect). Validation is strict: a misspelt key fails the case
// instead of passing silently.
import fg from "fast-glob";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { validateCases } from "../generated/validators/cases.js";
import { basename, dirname, join, resolve } from "node:path";
import { isIgnored, parseFilename } from "../conditions/filename";
import { AgentihooksError } from "../errors";

export interface Expect {
  decision?: string;
  reason_contains?: string | string[];
  context_contains?: string | string[];
  context_not_contains?: string | string[];
  silent?: boolean;
  tool_input?: Record<string, unknown> | null;
  rewrite?: Record<string, unknown> | null;
  tool_output_contains?: string | string[];
  file_contains?: { path: string; text: string } | { path: string; text: string }[];
  status?: string;
}

export interface Case {
  name: string;
  tool?: string;
  command?: string;
  file_path?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: unknown;
  tool_use_id?: string;
  payload?: Record<string, unknown>;
  stdin?: string;
  env?: Record<string, string>;
  /** Relative path -> text, or {"symlink": target}. */
  files?: Record<string, string | { symlink: string }>;
  git_branch?: string;
  transcript?: unknown[];
  target?: string;
  event?: string;
  permission_mode?: string;
  expect: Expect;
}

export interface CasesFile {
  path: string;
  /** The condition file the cases belong to. */
  condition: string;
  cases: Case[];
  /** Why the file cannot be used (bad JSON, no such condition); its cases then do not run. */
  error?: string;
}

const CASE_KEYS = new Set([
  "name", "tool", "command", "file_path", "tool_input", "tool_response", "tool_use_id", "payload", "stdin", "env",
  "files", "git_branch", "transcript", "target", "event", "permission_mode", "expect", "description",
]);
export const EXPECT_KEYS = new Set([
  "decision", "reason_contains", "context_contains", "context_not_contains", "silent", "tool_input", "rewrite",
  "tool_output_contains", "file_contains", "status",
]);

/** Returns true for a cases filename. */
export const isCasesFile = (file: string) => file.startsWith("_") && file.endsWith(".cases.json");

/** Returns the cases file beside a condition, or undefined. */
export function casesPathFor(conditionPath: string): string | undefined {
  const dir = dirname(conditionPath);
  const file = basename(conditionPath);
  const stem = file.slice(0, file.lastIndexOf(".") > 0 ? file.lastIndexOf(".") : file.length);
  return [`_${file}.cases.json`, `_${stem}.cases.json`].map((n) => join(dir, n)).find((p) => existsSync(p));
}

/** Returns the condition a cases file names (its `condition` field, else its own name), or undefined. */
export function conditionFor(casesPath: string, declared?: string): string | undefined {
  const dir = dirname(casesPath);
  if (declared) return existsSync(join(dir, declared)) ? join(dir, declared) : undefined;
  const name = basename(casesPath).slice(1, -".cases.json".length);
  if (existsSync(join(dir, name)) && typeof parseFilename(name) !== "string") return join(dir, name);
  const match = listDir(dir).find((f) => !isIgnored(f) && f.lastIndexOf(".") > 0 && f.slice(0, f.lastIndexOf(".")) === name);
  return match ? join(dir, match) : undefined;
}

/** Returns the cases of one file; a file that cannot be used comes back with `error` set. */
export function loadCases(path: string): CasesFile {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    return { path, condition: "", cases: [], error: `not valid JSON: ${(err as Error).message}` };
  }
  if (!validateCases(doc)) {
    const e = validateCases.errors?.[0];
    return { path, condition: "", cases: [], error: `expected {"cases": [{"name", "expect", ...}]}: ${e?.instancePath || "(root)"} ${e?.message ?? "is invalid"}` };
  }
  const obj = doc as { condition?: unknown; cases?: unknown };
  const declared = typeof obj.condition === "string" ? obj.condition : undefined;
  const condition = conditionFor(path, declared);
  if (!condition) return { path, condition: "", cases: [], error: `no condition file ${declared ?? basename(path).slice(1, -11)} beside it` };
  return { path, condition, cases: obj.cases as Case[] };
}

/** Returns why a case is malformed, or undefined. */
export function caseProblem(c: Case): string | undefined {
  if (!c || typeof c !== "object") return "a case must be an object";
  if (typeof c.name !== "string" || !c.name) return "a case needs a name";
  const unknown = Object.keys(c).filter((k) => !CASE_KEYS.has(k));
  if (unknown.length) return `unknown case key${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`;
  if (!c.expect || typeof c.expect !== "object") return "a case needs an expect object";
  const bad = Object.keys(c.expect).filter((k) => !EXPECT_KEYS.has(k));
  if (bad.length) return `unknown expectation ${bad.join(", ")} (known: ${[...EXPECT_KEYS].join(", ")})`;
  if (!Object.keys(c.expect).length) return "expect is empty: a case must expect something";
  return undefined;
}

export interface Selection {
  files: CasesFile[];
  /** Conditions (paths) that have no cases file. */
  without: string[];
}

/** Returns the cases files for `paths`: condition files, cases files or directories of them. */
export function selectCases(paths: string[]): Selection {
  const sel: Selection = { files: [], without: [] };
  const seen = new Set<string>();
  const add = (p: string) => {
    if (!seen.has(p)) {
      seen.add(p);
      sel.files.push(loadCases(p));
    }
  };
  for (const p of expandGlobs(paths)) {
    if (!existsSync(p)) throw new AgentihooksError("E_USAGE", `no such file or directory: ${p}`);
    if (statSync(p).isDirectory()) {
      for (const f of listDir(p)) if (isCasesFile(f)) add(join(p, f));
      for (const f of listDir(p)) if (!isIgnored(f) && typeof parseFilename(f) !== "string" && !casesPathFor(join(p, f))) sel.without.push(join(p, f));
    } else if (isCasesFile(basename(p))) add(p);
    else if (isIgnored(basename(p))) continue; // a README.md or backup a glob picked up beside the conditions
    else {
      const cases = casesPathFor(p);
      if (!cases) throw new AgentihooksError("E_USAGE", `no cases beside ${p} (expected ${join(dirname(p), `_${basename(p)}.cases.json`)})`);
      add(cases);
    }
  }
  return sel;
}

/** Expands glob patterns (`conditions-examples/pre-*`) that the shell did not; plain paths pass as they are. */
function expandGlobs(paths: string[]): string[] {
  return paths.flatMap((p) => {
    // absolute: a case may run its condition from another working directory
    if (existsSync(p) || !fg.isDynamicPattern(p)) return [resolve(p)];
    const found = fg.sync(p, { dot: true, onlyFiles: false, absolute: true }).sort();
    if (!found.length) throw new AgentihooksError("E_USAGE", `no file matches ${p}`);
    return found;
  });
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
