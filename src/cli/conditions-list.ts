import { defineCommand } from "citty";
import type { Subject } from "../conditions/matcher";
import { readConfig } from "../config";
import { fileProblem } from "../conditions/file-check";
import { selectConditions, whyMatched } from "../conditions/select";
import { STEPS, TOOL_STEPS, isRulesFile } from "../conditions/filename";
import { AgentihooksError } from "../errors";
import { analyze } from "../shell/analyze";
import { enforcementProblems } from "../enforcement/api";
import type { Catalog } from "../conditions/catalog";
import type { Condition, Step } from "../types";
import { type Denial, denialLine, everyCallDenied } from "../setup/denial";
import { catalogFor, chooseTarget, targetArg } from "./common";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";
import { isManagedSource } from "../conditions/managed-root";

export interface ListDocument {
  target: string;
  layers: Catalog["layers"];
  conditions: Pick<Condition, "file" | "step" | "matcher" | "name" | "async" | "source" | "path" | "order">[];
  invalid: Catalog["invalid"];
  problems: string[];
  /** Enforcement files that do not parse (skipped by the hook). */
  enforcement_problems: { source: string; path: string; error: string }[];
  fires?: (ListDocument["conditions"][number] & { why: string })[];
  /** The rules of each rules file (by its path), with their decision in the active preset. */
  rules?: Record<string, { id: string; decision: string; disabled?: true }[] | { error: string }>;
  /** The preset rules files are judged with (docs/rules.md). */
  preset?: string;
  programs?: { programs: string[]; dynamic: boolean; modules?: string[] };
  /** Set when the hook denies every PreToolUse call: why, and the command that ends it. */
  denied?: Denial;
}

const pick = (c: Condition) => ({ file: c.file, step: c.step, matcher: c.matcher, name: c.name, async: c.async, source: c.source, path: c.path, order: c.order });

/** Returns the document `conditions list` prints (and MCP condition_list returns). */
export function listDocument(opts: { target?: string; step?: string; tool?: string; command?: string; cwd?: string }): ListDocument {
  const target = chooseTarget(opts.target);
  if (opts.step && !(STEPS as readonly string[]).includes(opts.step)) throw new AgentihooksError("E_USAGE", `unknown step "${opts.step}" (${STEPS.join(", ")})`);
  if (opts.command !== undefined && !opts.tool) opts.tool = "Bash";
  const catalog = catalogFor(target, opts.cwd);
  // As the hook does before a run: a file changed since the index was cached is shown as it is now.
  const strict = readConfig().config.strictModes;
  const stale = catalog.conditions.flatMap((c) => {
    const problem = fileProblem(c.path, strict);
    return problem ? [{ path: c.path, source: c.source, error: problem }] : [];
  });
  const active = catalog.conditions.filter((c) => !stale.some((s) => s.path === c.path));
  const conditions = active.filter((c) => !opts.step || c.step === opts.step);
  // a note is kept where it tells the person something to do: a repository's layer waiting for `trust`, a bundle owner never recorded
  const layers = catalog.layers.map(({ note, ...l }) => (note && worthSaying(l, note) ? { ...l, note } : l));
  const doc: ListDocument = { target, layers, conditions: conditions.map(pick), invalid: [...catalog.invalid, ...stale], problems: catalog.problems, enforcement_problems: enforcementProblems({ target, cwd: opts.cwd }) };
  const rulesFiles = conditions.filter(isRulesFile);
  if (rulesFiles.length) Object.assign(doc, rulesOf(rulesFiles, catalog));
  const denied = everyCallDenied([target], opts.cwd ?? process.cwd(), readConfig().config);
  if (denied) doc.denied = denied;
  if (opts.tool) {
    const subject: Subject = { name: opts.tool };
    if (opts.tool.toLowerCase() === "bash") {
      const a = analyze(opts.command ?? "");
      doc.programs = { programs: a.programs, dynamic: a.dynamic, ...(a.modules.length ? { modules: a.modules } : {}) };
      subject.programs = () => a;
    }
    const steps = opts.step ? [opts.step as Step] : (["pre", "post", "fail", "permission"] as Step[]).filter((s) => TOOL_STEPS.has(s));
    doc.fires = steps.flatMap((s) => selectConditions(active, s, subject)).map((c) => ({ ...pick(c), why: whyMatched(c, subject) }));
  }
  return doc;
}

function worthSaying(l: Catalog["layers"][number], note: string): boolean {
  return (l.skipped && l.source === "directory" && l.exists) || (l.source === "bundle" && note.includes("read from its current origin"));
}

/** The rules of each rules file, as the hook judges them (preset, disabled ids). */
function rulesOf(files: Condition[], catalog: Catalog): Pick<ListDocument, "rules" | "preset"> {
  const { presetOf } = require("../rules/preset") as typeof import("../rules/preset");
  const { decisionIn } = require("../rules/evaluate") as typeof import("../rules/evaluate");
  const { loadRulesFile } = require("../run/rules") as typeof import("../run/rules");
  const preset = presetOf(catalog.layers);
  const off = new Set(catalog.disabled ?? []);
  const rules: NonNullable<ListDocument["rules"]> = {};
  for (const c of files) {
    const file = loadRulesFile(c.path, true);
    // A disable of the person's does not reach the administrator's rules (conditions/managed-layer.ts).
    const skip = isManagedSource(c.source) ? new Set<string>() : off;
    rules[c.path] = typeof file === "string" ? { error: file } : (file.rule ?? []).map((r) => ({ id: r.id, decision: decisionIn(r.decision, preset), ...(skip.has(r.id) ? { disabled: true as const } : {}) }));
  }
  return { rules, preset };
}

function render(doc: ListDocument): string {
  const p = paint();
  const out: string[] = doc.denied ? [p.red(denialLine(doc.denied)), ""] : [];
  out.push(p.bold(`Layers (${doc.target}, lowest to highest priority)`));
  for (const l of doc.layers) {
    const state = l.skipped
      ? p.yellow(`skipped${l.untrusted_owner ? `: untrusted owner ${l.untrusted_owner}` : ""}`)
      : l.exists
        ? `${l.count} condition${l.count === 1 ? "" : "s"}`
        : p.dim("missing");
    out.push(`  ${p.cyan(l.source.padEnd(18))} ${l.path}  ${state}`);
    // why a repository's layer waits for the person, and a bundle owner read from a remote instead of the link record
    if (l.note) out.push(`  ${"".padEnd(18)} ${p.dim(l.note)}`);
  }
  out.push("", p.bold(`Conditions in execution order (${doc.conditions.length})`));
  if (!doc.conditions.length) {
    const runtime = doc.layers.find((l) => l.source === "runtime")?.path ?? "~/.agentihooks/conditions";
    out.push(p.dim("  none yet: `agentihooks init` turns on the built-in default profile (the rule packs and the .env guard),"));
    out.push(p.dim(`  or copy a script from conditions-examples/ into ${runtime}`));
  }
  for (const c of doc.conditions) {
    out.push(`  ${String(c.order + 1).padStart(3)}. ${c.file}  ${p.dim(`[${c.source}] ${c.step} ${c.matcher}${c.async ? " async" : ""}`)}`);
    const rules = doc.rules?.[c.path];
    if (rules && "error" in rules) out.push(`       ${p.red(rules.error)}`);
    else if (rules) out.push(p.dim(`       ${doc.preset} preset: ${rules.map((r) => `${r.id} ${r.disabled ? "disabled" : r.decision}`).join(", ") || "no rules"}`));
  }
  if (doc.invalid.length) {
    out.push("", p.bold(p.red(`Invalid files (${doc.invalid.length})`)));
    for (const i of doc.invalid) out.push(`  ${i.path}  ${p.red(i.error)}  ${p.dim(`[${i.source}]`)}`);
  }
  if (doc.enforcement_problems.length) {
    out.push("", p.bold(p.red(`Malformed enforcement files, skipped (${doc.enforcement_problems.length})`)));
    for (const e of doc.enforcement_problems) out.push(`  ${e.path}  ${p.red(e.error)}  ${p.dim(`[${e.source}]`)}`);
  }
  if (doc.problems.length) {
    out.push("", p.bold(p.yellow("Problems")));
    for (const pr of doc.problems) out.push(`  ${pr}`);
  }
  if (doc.fires) {
    const prog = doc.programs ? ` (programs: ${doc.programs.programs.join(", ") || "none"}${doc.programs.dynamic ? ", dynamic" : ""})` : "";
    out.push("", p.bold(`Would fire (${doc.fires.length})${prog}`));
    if (!doc.fires.length) out.push(p.dim("  nothing matches this call"));
    for (const f of doc.fires) out.push(`  ${p.green(f.file)}  ${p.dim(`[${f.source}] ${f.step}: ${f.why}`)}`);
  }
  return `${out.join("\n")}\n`;
}

export default defineCommand({
  meta: {
    name: "list",
    description: "Show layers, conditions in execution order, invalid files, and what fires for a call",
    examples: [
      ["agentihooks conditions list", "layers and conditions in execution order"],
      ["agentihooks conditions list --command 'git push'", "which conditions fire for this Bash command"],
      ["agentihooks conditions list --step pre --json", "the pre conditions as one JSON document"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    step: { type: "string", description: "Only this step (pre, post, stop, ...)" },
    tool: { type: "string", description: "Show which conditions fire for this tool (Bash, Read, mcp__srv__tool, ...)" },
    command: { type: "string", description: "The Bash command line (implies --tool Bash)" },
    target: targetArg,
    json: { type: "boolean", description: "Print one JSON document" },
  },
  run({ args }) {
    const doc = listDocument({ target: args.target, step: args.step, tool: args.tool, command: args.command });
    if (args.json) writeJson(doc);
    else writeOut(render(doc));
  },
});
