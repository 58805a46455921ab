// Runs rules files (`<step>-<matcher>-<name>.rules.toml`, docs/rules.md) in the hook's own process: each
// matched file becomes a condition function over the call's command facts, judged by src/rules/. The
// files of one call are read together, so an [[allow]] entry in one applies to the rules of all. A file
// that cannot be read or does not fit the schema denies (a guard that cannot run fails closed).
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { Condition as ConditionFn, Result } from "../../conditions-examples/_src/condition";
import { builtinFile, builtinText } from "../conditions/builtin";
import { isManagedSource } from "../conditions/managed-root";
import type { LineFacts } from "../facts/facts";
import { type BuiltinPack, builtinPack as packNamed } from "../generated/packs";
import { type Judged, type RulesCall, judgeCall, reasonOf } from "../rules/evaluate";
import { indexRules, rulesFor } from "../rules/rule-index";
import type { AllowEntry, Preset, RulesFile } from "../rules/types";
import type { Condition, Payload } from "../types";

/** What the rules of one call are judged with. */
export interface RulesContext {
  preset: Preset;
  /** Rule ids turned off (`agentihooks conditions disable`). */
  disabled: ReadonlySet<string>;
  home: string;
  payload: Payload;
  facts?: () => LineFacts | undefined;
}

const MAX_BYTES = 1024 * 1024;

/** Said with a managed rule's deny or ask: no disable or [[allow]] of the person's lifts it. */
const MANAGED_NOTE = "a rule of this machine's administrator (/etc/agentihooks): only they can change it";

/** Returns the text of a rules file: built into the executable, or read from its layer. */
export function rulesText(path: string): string {
  const builtin = builtinText(path);
  if (builtin !== undefined) return builtin;
  const text = readFileSync(path, "utf8");
  if (text.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
  return text;
}

/**
 * Returns the parsed rules of a rules condition, or a one-line error. A built-in pack comes parsed and
 * checked at build time (scripts/gen-packs.ts); `check` reads its text as lint checks any file.
 */
export function loadRulesFile(path: string, check = false): RulesFile | string {
  const loaded = check ? undefined : builtinPack(path);
  if (loaded) return loaded.file();
  try {
    // the schema's validators load with it: a call whose rules files are all built in never needs them
    const { parseRules } = require("../rules/load") as typeof import("../rules/load");
    return parseRules(rulesText(path));
  } catch (err) {
    return `cannot read it: ${(err as Error).message}`;
  }
}

/** Returns a condition function for each rules file among `conditions`. */
export function rulesFunctions(conditions: Condition[], ctx: RulesContext): Map<Condition, ConditionFn> {
  const files = new Map(conditions.map((c) => [c, indexed(c.path)] as const));
  // The administrator's rules answer only to the tier's own [[allow]] entries, never to a person's
  // `conditions disable` or [[allow]] (conditions/managed-layer.ts); the tier's entries apply to all.
  const allows: AllowEntry[] = [];
  const managedAllows: AllowEntry[] = [];
  for (const [c, f] of files) if (typeof f !== "string") (isManagedSource(c.source) ? managedAllows : allows).push(...f.allow);
  allows.push(...managedAllows);
  const none: ReadonlySet<string> = new Set();
  let call: RulesCall | undefined; // one for all the files: what it computes on first use is the call's
  const out = new Map<Condition, ConditionFn>();
  for (const [c, loaded] of files) {
    const managed = isManagedSource(c.source);
    out.set(c, () => {
      if (typeof loaded === "string") return { deny: `rules file ${c.file}: ${loaded}; denied to fail closed (agentihooks lint shows it)` };
      try {
        call ??= callOf(ctx);
        const only = rulesFor(loaded.index, call);
        return only.length ? answer(judgeCall(loaded.file(), call, ctx.preset, managed ? none : ctx.disabled, managed ? managedAllows : allows, only), managed) : undefined;
      } catch (err) {
        // a bug, never a property of the call: a guard that cannot judge denies
        return { deny: `rules file ${c.file}: cannot judge the call (${err instanceof Error ? err.message : String(err)}); denied to fail closed` };
      }
    });
  }
  return out;
}

// --- internal ---

/** A built-in pack, parsed at build time, or undefined for any other file. */
function builtinPack(path: string): BuiltinPack | undefined {
  const name = builtinFile(path);
  return name ? packNamed(name) : undefined;
}

/** The rules of a rules condition with their index, or a one-line error. */
function indexed(path: string): BuiltinPack | string {
  const builtin = builtinPack(path);
  if (builtin) return builtin;
  const file = loadRulesFile(path);
  return typeof file === "string" ? file : { index: indexRules(file), allow: file.allow ?? [], file: () => file };
}

function callOf(ctx: RulesContext): RulesCall {
  const p = ctx.payload;
  const tool = typeof p.tool_name === "string" ? p.tool_name : "";
  const input = p.tool_input ?? {};
  const cwd = typeof p.cwd === "string" && p.cwd ? p.cwd : process.cwd();
  const command = typeof input.command === "string" ? input.command : undefined;
  return { tool, command, facts: tool.toLowerCase() === "bash" ? ctx.facts?.() : undefined, paths: pathsOf(input, cwd, ctx.home), cwd, home: ctx.home };
}

/** The paths a file tool names, absolute (Claude's file_path, notebook_path, path; harnesses' file_paths). */
function pathsOf(input: Record<string, unknown>, cwd: string, home: string): string[] {
  const named = [input.file_path, input.notebook_path, input.path, ...(Array.isArray(input.file_paths) ? input.file_paths : [])];
  const out: string[] = [];
  for (const p of named) {
    if (typeof p !== "string" || !p) continue;
    const expanded = p === "~" || p.startsWith("~/") ? home + p.slice(1) : p;
    out.push(isAbsolute(expanded) ? resolve(expanded) : resolve(cwd, expanded));
  }
  return out;
}

/** The strongest verdict as the condition's answer; the others of its kind are named in its reason. */
function answer(j: Judged, managed = false): Result {
  const top = j.verdicts[0];
  if (!top) return undefined;
  const same = j.verdicts.filter((v) => v.decision === top.decision);
  // three reasons say enough; the ids of the others are named. The tier's rules are not the person's to lift.
  const reasonFor = (v: Judged["verdicts"][number]) => (managed ? reasonOf(v).replace(/ To allow it: .*$/, ` (${MANAGED_NOTE})`) : reasonOf(v));
  const shown = same.slice(0, 3).map(reasonFor);
  if (same.length > 3) shown.push(`(also ${same.slice(3).map((v) => v.rule.id).join(", ")})`);
  const reason = shown.join("\n");
  if (top.decision === "deny") return { deny: reason };
  if (top.decision === "context") return reason;
  return { decision: top.decision, reason };
}
