// Writing, removing and showing one condition: the operations behind `agentihooks conditions
// set|clear|show` and the MCP tools condition_set / condition_clear / condition_show. The gate is not
// checked here: the MCP server checks it before calling, and people at a terminal are not gated.
import { chmodSync, readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { readConfig } from "../config";
import { AgentihooksError } from "../errors";
import { writeFileAtomic } from "../state/atomic";
import { approveFile } from "../state/trust-store";
import { homePaths } from "../state/home";
import { refuseUnsafe, secureHome } from "../state/secure-home";
import { loadState } from "../state/state-file";
import { TARGETS, type Target, targetWords } from "../types";
import { builtinText, isBuiltinPath } from "./builtin";
import { type Catalog, loadCatalog } from "./catalog";
import { isIgnored, parseFilename, STEPS } from "./filename";
import { sha256 } from "./layer-hashes";
import { planLayers, realRoot } from "./layers";
import { parseMatcher } from "./matcher";
import { findGitRoot } from "./git-root";

export type Scope = "global" | "profile" | "directory";

/**
 * Languages: the file extension and the shebang added when the script has none. TypeScript needs none:
 * the runner picks the executable's own Bun by the extension (run/runner.ts).
 */
const LANGUAGES: Record<string, { ext: string; shebang?: string }> = {
  bash: { ext: "sh", shebang: "#!/usr/bin/env bash" },
  sh: { ext: "sh", shebang: "#!/usr/bin/env bash" },
  python: { ext: "py", shebang: "#!/usr/bin/env python3" },
  node: { ext: "js", shebang: "#!/usr/bin/env node" },
  typescript: { ext: "ts" },
  ts: { ext: "ts" },
};
const LANGUAGE_NAMES = "bash, python, node or typescript";
const MAX_SCRIPT = 256 * 1024;
const NO_MATCHER = new Set(["stop", "prompt"]);

export interface SetInput {
  step: string;
  matcher?: string;
  name: string;
  script: string;
  language?: string;
  scope?: string;
  profile?: string;
  cwd?: string;
  runAsync?: boolean;
  replace?: boolean;
  target?: string;
  /** Written through the gate the person armed (MCP): a directory-scope file is recorded as approved. */
  approved?: boolean;
}

export interface LayerRef {
  source: string;
  dir: string;
}

const fail = (message: string): never => {
  throw new AgentihooksError("E_CONDITION", message);
};

function targetOf(t?: string): Target {
  const v = (t || process.env.AGENTIHOOKS_TARGET || "claude").toLowerCase();
  return (TARGETS as readonly string[]).includes(v) ? (v as Target) : fail(`unknown target "${v}" (${targetWords()})`);
}

/** Returns the checked filename `<step>-<matcher>-<name>[.async].<ext>` for a set request. */
export function conditionFileName(input: Pick<SetInput, "step" | "matcher" | "name" | "language" | "runAsync">): string {
  const step = String(input.step ?? "").toLowerCase();
  if (!(STEPS as readonly string[]).includes(step)) fail(`unknown step "${input.step}" (expected one of ${STEPS.join(", ")})`);
  const name = String(input.name ?? "");
  if (!name) fail("name is empty");
  if (name.includes("/") || name.includes("\\") || name.includes("..") || name.includes("\0")) fail(`name "${name}" must not contain a slash, ".." or NUL`);
  if (!/^[A-Za-z0-9_]+$/.test(name)) fail(`invalid name "${name}" (letters, digits and _ only${name.includes("-") ? `; use ${name.replace(/-/g, "_")}` : ""})`);
  const lang = LANGUAGES[(input.language || "bash").toLowerCase()] ?? fail(`unknown language "${input.language}" (${LANGUAGE_NAMES})`);
  let middle = "";
  if (NO_MATCHER.has(step)) {
    if (input.matcher && input.matcher.toLowerCase() !== "any") fail(`step ${step} has no matcher (got "${input.matcher}")`);
  } else {
    const matcher = (input.matcher ?? "").trim().toLowerCase();
    const parsed = parseMatcher(matcher);
    if (typeof parsed === "string") fail(`invalid matcher: ${parsed}`);
    middle = `-${matcher}`;
  }
  const file = `${step}${middle}-${name}${input.runAsync ? ".async" : ""}.${lang.ext}`;
  const parsed = parseFilename(file);
  if (typeof parsed === "string") fail(`invalid condition file name ${file}: ${parsed}`);
  return file;
}

/** Returns the folder a scope writes to. */
export function targetLayer(scope: string | undefined, opts: { profile?: string; cwd: string; target: Target }): LayerRef {
  const paths = homePaths();
  const state = loadState(paths.state);
  const s = (scope || "global").toLowerCase();
  if (s === "global") {
    const bundle = state.bundle?.path;
    return bundle ? { source: "bundle", dir: join(bundle, ".claude", "conditions") } : { source: "runtime", dir: paths.conditions };
  }
  if (s === "directory") {
    const root = findGitRoot(opts.cwd) ?? fail(`scope directory needs a git repository, and ${opts.cwd} is not inside one`);
    return { source: "directory", dir: join(root, ".agentihooks", "conditions") };
  }
  if (s !== "profile") return fail(`unknown scope "${scope}" (global, profile or directory)`);
  const plan = planLayers(state, opts.target, opts.cwd, paths.home, readConfig().config);
  const profiles = plan.layers.filter((l) => l.source.startsWith("profile:"));
  const want = opts.profile ? `profile:${opts.profile}` : profiles[0]?.source;
  if (!want) return fail("scope profile: no profile is installed for this harness (pass profile=<name> or use scope global)");
  const layer = profiles.find((l) => l.source === want) ?? fail(`profile "${opts.profile}" is not in the active chain (${profiles.map((l) => l.source.slice(8)).join(", ") || "none"})`);
  // Built-in profiles live inside the executable: there is no folder to write to.
  if (isBuiltinPath(layer.path)) fail(`profile "${want.slice(8)}" is built in and cannot be changed; use scope global or directory`);
  return { source: layer.source, dir: layer.path };
}

/** Returns the files of `dir` whose condition key equals `key`. */
function sameKey(dir: string, key: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((f) => {
    if (isIgnored(f)) return false;
    const p = parseFilename(f);
    return typeof p !== "string" && p.key === key;
  });
}

/** Returns the script with a shebang line (added when missing) and a final newline. */
function withShebang(script: string, language?: string): string {
  const lang = LANGUAGES[(language || "bash").toLowerCase()];
  const body = script.endsWith("\n") ? script : `${script}\n`;
  return body.startsWith("#!") || !lang.shebang ? body : `${lang.shebang}\n${body}`;
}

/** Writes a condition (executable, atomically); returns where and what `conditions list` now shows for it. */
export function setCondition(input: SetInput) {
  const file = conditionFileName(input);
  if (typeof input.script !== "string" || !input.script.trim()) fail("script is empty");
  if (input.script.length > MAX_SCRIPT) fail(`script is longer than ${MAX_SCRIPT} characters`);
  if (input.script.includes("\0")) fail("script contains a NUL character");
  const cwd = input.cwd || process.cwd();
  const target = targetOf(input.target);
  const layer = targetLayer(input.scope, { profile: input.profile, cwd, target });
  const parsed = parseFilename(file) as Exclude<ReturnType<typeof parseFilename>, string>;
  const key = parsed.key;
  // A folder strict modes refuse would make the new condition (and every call) denied: repair or refuse.
  const secured = secureHome(homePaths().home, readConfig().config.strictModes, [layer.dir]);
  refuseUnsafe(secured, `cannot write into ${layer.dir}`);
  const existing = sameKey(layer.dir, key);
  if (existing.length && !input.replace) fail(`${existing.join(", ")} already exists in ${layer.dir} (pass replace to overwrite it)`);
  const path = join(layer.dir, file);
  const text = withShebang(input.script, input.language);
  writeFileAtomic(path, text, 0o755);
  // The temp file's mode went through the umask; a condition must be executable whatever the umask is.
  if ((statSync(path).mode & 0o777) !== 0o755) chmodSync(path, 0o755);
  for (const other of existing) if (other !== file) unlinkSync(join(layer.dir, other));
  if (input.approved && layer.source === "directory") approveWrite(layer.dir, file, sha256(text), existing);
  const replaced = existing.length ? existing : undefined;
  const repaired = secured.repaired.length ? secured.repaired : undefined;
  return { success: true, path, layer: layer.source, file, step: parsed.step, matcher: parsed.matcher.normalized, replaced, repaired, ...listedAs(path, key, target, cwd) };
}

/** Records a gated write into a repository's layer as the person's approval of that file (and of the removal of what it replaced). */
function approveWrite(dir: string, file: string, hash: string | undefined, removed: string[] = []): void {
  const home = homePaths().home;
  const root = realRoot(join(dir, "..", ".."));
  try {
    for (const other of removed) if (other !== file) approveFile(home, root, other, undefined);
    approveFile(home, root, file, hash);
  } catch (err) {
    fail(`${file} was ${hash ? "written" : "removed"}, but its approval could not be recorded in trust.json: ${(err as Error).message}`);
  }
}

/** Returns the catalog `conditions list` shows for a harness and working directory. */
function catalogOf(target: Target, cwd: string): Catalog {
  const paths = homePaths();
  return loadCatalog({ target, cwd, home: paths.home, config: readConfig().config, state: loadState(paths.state) });
}

/** The fields of a condition as `conditions list --json` prints them. */
const pick = (c: Catalog["conditions"][number]) => ({ file: c.file, step: c.step, matcher: c.matcher, name: c.name, async: c.async, source: c.source, path: c.path, order: c.order });

/** Returns what `conditions list` shows for a written file, or a note saying why it will not run. */
function listedAs(path: string, key: string, target: Target, cwd: string) {
  const catalog = catalogOf(target, cwd);
  const listed = catalog.conditions.find((c) => c.path === path);
  if (listed) return { active: true, listed: pick(listed) };
  const invalid = catalog.invalid.find((i) => i.path === path);
  if (invalid) return { active: false, note: `listed as invalid: ${invalid.error}` };
  const winner = catalog.conditions.find((c) => c.key === key);
  if (winner) return { active: false, note: `overridden by ${winner.path} [${winner.source}], a later layer with the same name` };
  const skipped = catalog.layers.find((l) => l.skipped && path.startsWith(l.path));
  if (skipped) return { active: false, note: `its layer is skipped${skipped.note ? ` (${skipped.note})` : ""}` };
  return { active: false, note: "not in the active layers of this harness" };
}

function keyOf(file: string): string | undefined {
  const p = parseFilename(file);
  return typeof p === "string" ? undefined : p.key;
}

interface Found {
  source: string;
  path: string;
  file: string;
}

/** Returns every condition file in any layer (skipped ones too) that `wanted` names: filename, key or name. */
function findFiles(wanted: string, target: Target, cwd: string): Found[] {
  const paths = homePaths();
  const plan = planLayers(loadState(paths.state), target, cwd, paths.home, readConfig().config);
  const wantKey = keyOf(wanted) ?? keyOf(`${wanted}.x`);
  const out: Found[] = [];
  for (const layer of plan.layers) {
    let names: string[] = [];
    try {
      names = readdirSync(layer.path);
    } catch {}
    for (const f of names) {
      if (isIgnored(f)) continue;
      const p = parseFilename(f);
      if (typeof p === "string") continue;
      if (f === wanted || p.key === wantKey || p.name.toLowerCase() === wanted.toLowerCase()) out.push({ source: layer.source, path: join(layer.path, f), file: f });
    }
  }
  return out;
}

const SCOPE_OF = (source: string): Scope => (source === "directory" ? "directory" : source.startsWith("profile:") ? "profile" : "global");

/** Deletes one condition file; `scope` (and `profile`) pick the layer when the name is in several. */
export function clearCondition(input: { file: string; scope?: string; profile?: string; cwd?: string; target?: string; approved?: boolean }) {
  const wanted = String(input.file ?? "").trim();
  if (!wanted || /[\/\\\0]/.test(wanted) || wanted.includes("..")) fail(`"${wanted}" is not a condition file name`);
  const cwd = input.cwd || process.cwd();
  let found = findFiles(wanted, targetOf(input.target), cwd);
  if (input.scope) found = found.filter((f) => SCOPE_OF(f.source) === input.scope!.toLowerCase());
  if (input.profile) found = found.filter((f) => f.source === `profile:${input.profile}`);
  if (!found.length) fail(`no condition named "${wanted}"${input.scope ? ` in scope ${input.scope}` : ""}`);
  if (found.length > 1) fail(`"${wanted}" names ${found.length} files: ${found.map((f) => `${f.path} [${f.source}]`).join(", ")}; pass scope (global, profile, directory) or the exact file name`);
  const { path, source, file } = found[0];
  if (isBuiltinPath(path)) fail(`${file} belongs to a built-in profile and cannot be removed`);
  unlinkSync(path);
  if (input.approved && source === "directory") approveWrite(dirname(path), file, undefined);
  return { success: true, path, layer: source, file };
}

/** Returns one active condition and its script. */
export function showCondition(input: { file: string; cwd?: string; target?: string }) {
  const wanted = String(input.file ?? "").trim();
  const catalog = catalogOf(targetOf(input.target), input.cwd || process.cwd());
  const key = keyOf(wanted) ?? keyOf(`${wanted}.x`);
  const hits = catalog.conditions.filter((c) => c.file === wanted || c.path === wanted || c.key === key || c.name.toLowerCase() === wanted.toLowerCase());
  if (!hits.length) fail(`no active condition named "${wanted}" (see conditions list)`);
  if (hits.length > 1) fail(`"${wanted}" names ${hits.length} conditions: ${hits.map((c) => c.file).join(", ")}; pass the file name`);
  const c = hits[0];
  let script: string;
  try {
    script = builtinText(c.path) ?? readFileSync(c.path, "utf8");
  } catch (err) {
    return fail(`cannot read ${c.path}: ${(err as Error).message}`);
  }
  return { success: true, ...pick(c), script };
}
