// `conditions lint`: files that will never run, or will not do what their author meant. Each finding
// names the file and a fix. Errors are files that certainly never act (exit 1); warnings are likely
// mistakes or runs that depend on the harness. The script checks are text heuristics and say so.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { builtinFile, builtinFiles, builtinText } from "../conditions/builtin";
import { isIgnored, isRulesFile, parseFilename, TOOL_STEPS } from "../conditions/filename";
import { type Alternative, matches, parseMatcher } from "../conditions/matcher";
import type { LayerSpec } from "../conditions/layers";
import { scanLayers } from "../conditions/scan";
import { readConfig } from "../config";
import { resolveInterpreters } from "../run/interpreters";
import { loadRulesFile } from "../run/rules";
import { runnerFor } from "../run/runner";
import { analyze } from "../shell/analyze";
import { type Condition, TARGETS, type Target } from "../types";
import { isCasesFile, loadCases } from "./cases";
import { failOpenFindings } from "./lint-scripts";

export interface Finding {
  severity: "error" | "warning";
  rule: string;
  file: string;
  message: string;
  fix: string;
}

/**
 * Tool names after normalization (Claude's spelling, lowercased) each harness can send. Codex and
 * Copilot pass unmapped names through, so their own names for tools with no Claude twin are listed too.
 * The source of truth for the mapped names is src/harness/{codex,copilot,gemini,opencode,droid,cline,qwen,kimi}.ts.
 */
const TOOLS: Record<Target, ReadonlySet<string>> = {
  claude: new Set([
    "bash", "read", "write", "edit", "multiedit", "notebookedit", "notebookread", "glob", "grep", "ls", "webfetch",
    "websearch", "agent", "task", "todowrite", "exitplanmode", "askuserquestion", "bashoutput", "killshell", "skill",
    "slashcommand", "listmcpresourcestool", "readmcpresourcetool",
  ]),
  codex: new Set(["bash", "edit", "read", "agent", "askuserquestion", "update_plan", "view_image", "web_search", "write_stdin"]),
  copilot: new Set(["bash", "read", "write", "edit", "glob", "grep", "webfetch", "websearch", "agent", "askuserquestion", "todowrite"]),
  gemini: new Set([
    "bash", "read", "write", "edit", "glob", "grep", "ls", "webfetch", "websearch", "agent", "todowrite",
    "update_topic", "list_background_processes", "read_background_output", "enter_plan_mode", "activate_skill",
  ]),
  opencode: new Set([
    "bash", "read", "write", "edit", "glob", "grep", "ls", "webfetch", "websearch", "todowrite", "agent", "askuserquestion",
    "skill", "lsp", "codesearch",
  ]),
  droid: new Set([
    "bash", "read", "write", "edit", "ls", "glob", "grep", "webfetch", "websearch", "agent", "todowrite", "skill",
    "taskoutput", "taskstop", "toolsearch", "connectorsearch", "generateimage", "generatedroid", "loop", "exitspecmode",
  ]),
  cline: new Set(["bash", "read", "edit", "grep", "webfetch", "websearch", "skill", "askuserquestion", "task", "submit_and_exit"]),
  qwen: new Set([
    "bash", "read", "write", "edit", "notebookedit", "glob", "grep", "ls", "webfetch", "websearch", "agent", "todowrite",
    "askuserquestion", "skill", "exitplanmode", "enterplanmode", "save_memory", "lsp", "cron_create", "cron_list",
    "cron_delete", "task_create", "task_update", "task_list", "task_stop", "send_message", "monitor", "tool_search",
  ]),
  kimi: new Set(["bash", "read", "write", "edit", "glob", "grep", "webfetch", "websearch", "agent", "askuserquestion", "tasklist", "taskoutput", "taskstop", "waitfor"]),
};

/** Returns the findings for these layers (lowest priority first), as the hook would load them. */
export function lintLayers(specs: LayerSpec[], strict: boolean, env: Record<string, string | undefined>): Finding[] {
  const found: Finding[] = [];
  const scanned = scanLayers(specs, strict);
  for (const i of scanned.invalid) {
    found.push({ severity: "error", rule: "invalid", file: i.path, message: `never runs: ${i.error}`, fix: problemFix(i.error, i.path) });
  }
  const active = new Map(scanned.conditions.map((c) => [c.key, c]));
  scanned.layers.forEach((layer, i) => {
    if (!layer.exists) return;
    const files = listConditions(layer.path);
    if (layer.skipped) {
      // Skipped for its modes (the scan's note) or for its repository's owner (the plan's): fixes differ.
      const modes = layer.note !== specs[i].note ? layer.note : undefined;
      const fix = modes ? problemFix(modes, layer.path) : "trust the repository (agentihooks trust, or CONDITIONS_TRUSTED_OWNERS) or move the file to a layer that runs";
      for (const f of files) found.push({ severity: "warning", rule: "layer-skipped", file: join(layer.path, f), message: `never runs: its layer is skipped (${layer.note ?? specs[i].note})`, fix });
      return;
    }
    for (const f of files) shadowCheck(found, join(layer.path, f), f, active);
  });
  for (const c of scanned.conditions) lintCondition(found, c, env);
  for (const s of specs) casesCheck(found, s.path);
  return found;
}

// --- internal ---

function listConditions(dir: string): string[] {
  try {
    return (builtinFiles(dir) ?? readdirSync(dir)).filter((f) => !isIgnored(f)).sort();
  } catch {
    return [];
  }
}

function shadowCheck(found: Finding[], path: string, file: string, active: Map<string, Condition>): void {
  const parsed = parseFilename(file);
  if (typeof parsed === "string") return; // reported as invalid
  const winner = active.get(parsed.key);
  if (!winner || winner.path === path) return;
  // the same built-in file in two built-in profiles (the presets share the packs): nothing is lost
  if (builtinFile(path) !== undefined && builtinFile(path) === builtinFile(winner.path)) return;
  found.push({
    severity: "warning",
    rule: "shadowed",
    file: path,
    message: `never runs: ${winner.path} has the same <step>-<matcher>-<name> (${parsed.key}) and wins`,
    fix: "delete one of them, or give them different names if both should run",
  });
}

function lintCondition(found: Finding[], c: Condition, env: Record<string, string | undefined>): void {
  const add = (severity: Finding["severity"], rule: string, message: string, fix: string) => found.push({ severity, rule, file: c.path, message, fix });
  if (isRulesFile(c)) return rulesChecks(c, add);
  const { config } = readConfig(env);
  const runner = runnerFor(c.path, c.ext, resolveInterpreters(config.python, config.strictModes), config.strictModes);
  if (typeof runner === "string") add("error", "no-runner", `never runs: ${runner}`, !runner.startsWith("no runner for") ? "install the interpreter in a system folder (/usr/bin, /usr/local/bin, /opt/homebrew/bin) or set AGENTIHOOKS_PYTHON to its absolute path" : `chmod +x ${c.file} and start it with a shebang, or use .sh, .py or .ts`);
  matcherChecks(c, add);
  const text = readText(c.path);
  if (text === undefined) return;
  if (c.async && (denies(text) || /["']decision["']/.test(text))) {
    add("error", "async-deny", "an .async condition's output and exit code are ignored, so its deny or decision never happens", `drop .async from the name to make it synchronous (${c.file.replace(/\.async(\.[^.]+)$/i, "$1")}), or remove the deny`);
  }
  if (c.step === "pre" && !c.async && denies(text)) {
    for (const f of failOpenFindings(text, c.ext)) add("warning", f.rule, f.message, f.fix);
  }
  for (const spec of missingImports(c, text)) {
    add("error", "missing-import", `never answers: it imports ${spec}, which is not beside it, so every run crashes (exit 1) and is skipped`, `copy ${spec.replace(/^\.\//, "")} into ${dirname(c.path)} (a name starting with _ is never taken for a condition), or inline what it uses`);
  }
}

/** Returns the relative modules a .ts/.js condition imports that do not exist beside it. */
function missingImports(c: Condition, text: string): string[] {
  if (!["ts", "js", "mjs", "cjs"].includes(c.ext) || builtinText(c.path) !== undefined) return [];
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.\.?\/[^"']+)["']/g)].map((m) => m[1]);
  // Bun resolves an import without its extension too
  const found = (spec: string) => ["", ".ts", ".js", ".mjs", ".cjs", "/index.ts", "/index.js"].some((x) => existsSync(join(dirname(c.path), spec + x)));
  return [...new Set(specs)].filter((spec) => !found(spec));
}

type Add = (severity: Finding["severity"], rule: string, message: string, fix: string) => void;

/** A rules file: TOML, the schema, and what the schema cannot say (src/rules/load.ts). */
function rulesChecks(c: Condition, add: Add): void {
  const rules = loadRulesFile(c.path, true);
  if (typeof rules === "string") add("error", "rules-invalid", `denies every call it matches: ${rules}`, "fix the file (docs/rules.md lists its keys, predicates and decisions)");
  else if (!rules.rule?.length && !rules.allow?.length) add("warning", "rules-empty", "has no [[rule]] and no [[allow]]: it does nothing", "add rules, or remove the file");
  else {
    // A rule names the program after wrappers: one the analyzer reports only as a wrapper never matches.
    for (const r of rules.rule ?? []) {
      for (const program of typeof r.program === "string" ? [r.program] : (r.program ?? [])) {
        if (!analyze(`${program} probe-argument`).programs.includes(program)) {
          add("warning", "rules-wrapper-program", `rule ${r.id}: ${program} is read as a wrapper (the program it runs is the one judged), so this rule never matches it`, `name the program it runs (sudo git push: program = "git")`);
        }
      }
    }
  }
  matcherChecks(c, add);
}

/**
 * Matcher rules. Whether an alternative can fire is asked of the matcher's own `matches`, with the tool
 * names each harness sends and, for bash.<cli>, the analyzer's answer for a probe line: lint and the
 * hook cannot disagree about what matches.
 */
function matcherChecks(c: Condition, add: Add): void {
  const m = parseMatcher(c.matcher);
  if (typeof m === "string" || !TOOL_STEPS.has(c.step)) return;
  dashCheck(c, add);
  for (const alt of m.alternatives) {
    if (alt.kind === "exact" && !TARGETS.some((t) => firesOn(alt, t)) && !alt.name.includes("-")) {
      add("warning", "unknown-tool", `no harness is known to send a tool named "${alt.name}", so this alternative never matches`, "check the spelling against Claude's tool names (Bash, Read, Write, Edit, ...)");
    }
    if (alt.kind === "cli" && !cliFires(alt)) {
      const a = analyze(`${alt.cli} probe-argument`);
      const shown = a.programs.length ? ` (\`${alt.cli} probe-argument\` runs: ${a.programs.join(", ")})` : "";
      add("error", "cli-never-reported", `bash.${alt.cli} fires only for dynamic lines: the analyzer never reports ${alt.cli} as a program, a wrapper or a module${shown}`, `match a program the line runs instead (bash.<program>), or match bash and read the command`);
    }
  }
  // Only a matcher with no alternative a harness can send is reported: edit+write still fires on Codex.
  const never = TARGETS.filter((t) => !m.alternatives.some((alt) => firesOn(alt, t)));
  const somewhere = m.alternatives.some((alt) => TARGETS.some((t) => firesOn(alt, t)));
  if (never.length && somewhere) add("warning", "tool-not-on-target", `never fires on ${never.join(" or ")}: no tool of its matcher (${c.matcher}) exists there`, "fine if intended; otherwise add an alternative those harnesses have");
}

/** True when `alt` matches some tool call `target` can send, by the matcher's own code. */
function firesOn(alt: Alternative, target: Target): boolean {
  const one = { normalized: "", alternatives: [alt] };
  // MCP tool names are whatever the configured servers offer: no list to check them against.
  if (alt.kind === "mcp" || alt.kind === "mcp_server" || (alt.kind === "exact" && alt.name.startsWith("mcp__"))) return true;
  if (alt.kind === "cli") return TOOLS[target].has("bash") && cliFires(alt);
  return [...TOOLS[target]].some((name) => matches(one, { name }));
}

/** True when bash.<cli> matches a line that is not dynamic (every bash.<cli> fires for dynamic ones). */
function cliFires(alt: Alternative): boolean {
  if (alt.kind !== "cli") return false;
  const one = { normalized: "", alternatives: [alt] };
  return [`${alt.cli} probe-argument`, alt.cli, `${alt.cli} 1 probe-argument`].some((line) => {
    const a = analyze(line);
    return matches(one, { name: "bash", programs: () => ({ ...a, dynamic: false }) });
  });
}

/**
 * The dash trap: the matcher is everything between the first and the last "-", so a name written with
 * a dash (pre-bash.git-my-guard.sh) moves words into the matcher (bash.git-my) and the condition never
 * fires for the program meant. MCP names may hold dashes; a program on PATH with that name is meant.
 */
function dashCheck(c: Condition, add: Add): void {
  const dashed = c.matcher.split("+").filter((t) => t.includes("-") && !t.startsWith("mcp__"));
  if (!dashed.length) return;
  const real = dashed.filter((t) => t.startsWith("bash.") && Bun.which(t.slice(5)));
  if (real.length === dashed.length) return;
  const cut = c.file.indexOf("-", c.step.length + 1);
  const stem = c.file.slice(0, c.file.lastIndexOf("-"));
  const words = stem.slice(cut + 1).split("-");
  const meant = `${c.file.slice(0, cut)}-${[...words, c.name].join("_")}${c.file.slice(c.file.lastIndexOf("-") + 1 + c.name.length)}`;
  const fires = dashed.map((t) => (t.startsWith("bash.") ? `a program named ${t.slice(5)}, never ${t.slice(5).split("-")[0]}` : `a tool named ${t}`));
  add("warning", "dash-in-matcher", `the matcher is ${c.matcher} (everything between the first and the last "-"): it fires for ${fires.join("; ")}`, `did you mean ${meant}? A name joins its words with _, never - (if the dashed name is the program's own, ignore this)`);
}

/** Returns the fix for a problem with `path`, by its cause: a name, its modes, its kind, or its folder. */
export function problemFix(error: string, path: string, otherwise = RENAME): string {
  // A modes problem names its own fix when it can (the exact chmod/chown): use it as it is.
  const named = /\brun:? ((?:sudo |chmod |chown )[^;)]*\/[^;)]*)/.exec(error)?.[1];
  if (named) return named.trim();
  if (/writable by/.test(error)) return `chmod go-w ${path}`;
  if (/owned by/.test(error)) return `chown $(id -u) ${path}, or copy the file into a layer you own`;
  if (/symbolic link/.test(error)) return `replace the link with a copy of its target: cp --remove-destination "$(readlink -f ${path})" ${path}`;
  if (/is a directory/.test(error)) return "move the folder out of the layer (or name it with a leading _ so it is ignored)";
  if (/cannot (list|stat)|not a folder/.test(error)) return `make it a folder you can read (ls -ld ${path})`;
  if (/removed after the index/.test(error)) return "nothing: the index is rebuilt on the next call";
  return otherwise;
}

const RENAME = "rename it to <step>-<matcher>-<name>[.async].<ext>, fixing the part named (docs/conditions.md#filename-grammar)";

function readText(path: string): string | undefined {
  try {
    return (builtinText(path) ?? readFileSync(path, "utf8")).slice(0, 256 * 1024);
  } catch {
    return undefined;
  }
}

/** True when the script looks like a guard: it exits 2, or answers "decision": "deny" or "ask". */
function denies(text: string): boolean {
  return /\bexit\s+2\b|\bsys\.exit\(\s*2\s*\)|\bprocess\.exit\(\s*2\s*\)|["']decision["']\s*:\s*["'](deny|ask)["']/.test(text);
}

function casesCheck(found: Finding[], dir: string): void {
  let files: string[];
  try {
    files = readdirSync(dir).filter(isCasesFile);
  } catch {
    return;
  }
  for (const f of files) {
    const cases = loadCases(join(dir, f));
    if (cases.error) found.push({ severity: "warning", rule: "cases", file: join(dir, f), message: `conditions test cannot use it: ${cases.error}`, fix: casesFix(cases.error) });
  }
}

/** Returns the fix for a cases file `conditions test` cannot use, by its cause. */
function casesFix(error: string): string {
  if (error.startsWith("not valid JSON")) return "fix the JSON syntax at the place named";
  if (error.startsWith("no condition file")) return "name it _<condition file without its extension>.cases.json, or name the condition in a \"condition\" field";
  return "fix the structure at the place named: {\"cases\": [{\"name\", \"expect\", ...}]} (docs/conditions.md#cases-files)";
}
