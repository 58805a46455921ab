// `conditions lint`: files that will never run, or will not do what their author meant. Each finding
// names the file and a fix. Errors are files that certainly never act (exit 1); warnings are likely
// mistakes or runs that depend on the harness. The script checks are text heuristics and say so.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinFiles, builtinText } from "../conditions/builtin";
import { isIgnored, isRulesFile, parseFilename } from "../conditions/filename";
import { parseMatcher } from "../conditions/matcher";
import type { LayerSpec } from "../conditions/layers";
import { scanLayers } from "../conditions/scan";
import { loadRulesFile } from "../run/rules";
import { runnerFor } from "../run/runner";
import { analyze } from "../shell/analyze";
import { type Condition, TARGETS, type Target } from "../types";
import { isCasesFile, loadCases } from "./cases";

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
 * The source of truth for the mapped names is src/harness/{codex,copilot}.ts.
 */
const TOOLS: Record<Target, ReadonlySet<string>> = {
  claude: new Set([
    "bash", "read", "write", "edit", "multiedit", "notebookedit", "notebookread", "glob", "grep", "ls", "webfetch",
    "websearch", "agent", "task", "todowrite", "exitplanmode", "askuserquestion", "bashoutput", "killshell", "skill",
    "slashcommand", "listmcpresourcestool", "readmcpresourcetool",
  ]),
  codex: new Set(["bash", "edit", "read", "agent", "askuserquestion", "update_plan", "view_image", "web_search", "write_stdin"]),
  copilot: new Set(["bash", "read", "write", "edit", "glob", "grep", "webfetch", "websearch", "agent", "askuserquestion", "todowrite"]),
};

/** Returns the findings for these layers (lowest priority first), as the hook would load them. */
export function lintLayers(specs: LayerSpec[], strict: boolean, env: Record<string, string | undefined>): Finding[] {
  const found: Finding[] = [];
  const scanned = scanLayers(specs, strict);
  for (const i of scanned.invalid) {
    found.push({ severity: "error", rule: "invalid", file: i.path, message: `never runs: ${i.error}`, fix: "rename it to <step>-<matcher>-<name>[.async].<ext>, or fix the problem named" });
  }
  const active = new Map(scanned.conditions.map((c) => [c.key, c]));
  scanned.layers.forEach((layer, i) => {
    if (!layer.exists) return;
    const files = listConditions(layer.path);
    if (layer.skipped) {
      for (const f of files) found.push({ severity: "warning", rule: "layer-skipped", file: join(layer.path, f), message: `never runs: its layer is skipped (${specs[i].note})`, fix: "trust the repository (CONDITIONS_TRUSTED_OWNERS) or move the file to a layer that runs" });
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
  const runner = runnerFor(c.path, c.ext, env);
  if (typeof runner === "string") add("error", "no-runner", `never runs: ${runner}`, `chmod +x ${c.file} and start it with a shebang, or use .sh, .py or .ts`);
  matcherChecks(c, add);
  const text = readText(c.path);
  if (text === undefined) return;
  if (c.async && (denies(text) || /["']decision["']/.test(text))) {
    add("error", "async-deny", "an .async condition's output and exit code are ignored, so its deny or decision never happens", `drop .async from the name to make it synchronous (${c.file.replace(/\.async(\.[^.]+)$/i, "$1")}), or remove the deny`);
  }
  if (c.step === "pre" && !c.async && denies(text)) {
    const bad = failsOpen(text, c.ext);
    if (bad) add("warning", "exit-1-on-bad-input", `${bad}: a payload it cannot read exits 1, which skips the condition (fails open) instead of denying (heuristic)`, "catch the parse error and exit 2 with a reason on stderr");
  }
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

function matcherChecks(c: Condition, add: Add): void {
  const m = parseMatcher(c.matcher);
  if (typeof m === "string" || (c.step !== "pre" && c.step !== "post" && c.step !== "fail" && c.step !== "permission")) return;
  for (const alt of m.alternatives) {
    if (alt.kind === "exact" && !alt.name.startsWith("mcp__") && !TARGETS.some((t) => TOOLS[t].has(alt.name))) {
      add("warning", "unknown-tool", `no harness is known to send a tool named "${alt.name}", so this alternative never matches`, "check the spelling against Claude's tool names (Bash, Read, Write, Edit, ...)");
    }
    if (alt.kind === "cli") {
      // Ask the analyzer itself: a program it never reports (a wrapper such as sudo) can never match.
      const a = analyze(`${alt.cli} probe-argument`);
      if (!a.programs.includes(alt.cli)) {
        const shown = a.programs.length ? ` (\`${alt.cli} probe-argument\` runs: ${a.programs.join(", ")})` : "";
        add("error", "cli-never-reported", `bash.${alt.cli} never matches: ${alt.cli} is skipped as a wrapper, the analyzer reports the program it runs${shown}`, `match the program it runs instead (for example bash.git), and read the command if the ${alt.cli} part matters`);
      }
    }
  }
  // Only a matcher with no alternative a harness can send is reported: edit+write still fires on Codex.
  const never = TARGETS.filter((t) => m.alternatives.every((alt) => alt.kind === "exact" && !alt.name.startsWith("mcp__") && !TOOLS[t].has(alt.name)));
  const known = m.alternatives.some((alt) => alt.kind === "exact" && TARGETS.some((t) => TOOLS[t].has(alt.name)));
  if (never.length && known) add("warning", "tool-not-on-target", `never fires on ${never.join(" or ")}: no tool of its matcher (${c.matcher}) exists there`, "fine if intended; otherwise add an alternative those harnesses have");
}

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

/** Returns where the script would exit 1 on a payload it cannot parse, or undefined. */
function failsOpen(text: string, ext: string): string | undefined {
  const lines = text.split("\n");
  const shell = ext === "sh" || ext === "bash" || /^#!.*\b(ba)?sh\b/.test(lines[0] ?? "");
  if (shell) {
    if (!/^\s*set\s+(-[a-z]*e[a-z]*\b|-o\s+errexit)/m.test(text)) return undefined;
    const i = lines.findIndex((l) => /(^|[\s|;(`$])jq\s/.test(l) && !/\|\|/.test(l) && !/^\s*#/.test(l));
    return i >= 0 ? `line ${i + 1}: jq under set -e without a fallback (|| ...)` : undefined;
  }
  if (ext === "py" || /^#!.*python/.test(lines[0] ?? "")) {
    const i = lines.findIndex((l) => /json\.loads?\(\s*sys\.stdin/.test(l) && !/^\s*#/.test(l));
    if (i < 0) return undefined;
    const depth = lines[i].search(/\S/);
    // Inside a try block: some earlier `try:` sits at a smaller indentation than the load.
    const guarded = lines.slice(0, i).some((l) => /^\s*try\s*:/.test(l) && l.search(/\S/) < depth);
    return guarded ? undefined : `line ${i + 1}: json.load of stdin outside a try block`;
  }
  return undefined;
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
    if (cases.error) found.push({ severity: "warning", rule: "cases", file: join(dir, f), message: `conditions test cannot use it: ${cases.error}`, fix: "fix the JSON, or name the condition in a \"condition\" field" });
  }
}
