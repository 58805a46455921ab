// Compares a case's `expect` with what the harness would receive (the Effect after the policy) and what
// the condition itself did. Each mismatch is a Diff a person can read without the JSON open.
import { existsSync, readFileSync } from "node:fs";
import { outputText } from "../harness/output";
import type { Effect } from "../types";
import type { Expect } from "./cases";

export interface Diff {
  what: string;
  expected: string;
  actual: string;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const show = (s: string | undefined, max = 300) => (s === undefined || s === "" ? "(nothing)" : JSON.stringify(s.length > max ? `${s.slice(0, max)}...` : s));

/** Returns the decision a harness sees: allow/ask/deny, a post block as deny, else "none". */
export function decisionOf(e: Effect): string {
  return e.decision ?? (e.block !== undefined ? "deny" : "none");
}

/** Returns every mismatch between `expect` and the run; empty when the case passes. */
export function compareExpect(expect: Expect, effect: Effect, outcome?: { status: string }): Diff[] {
  const diffs: Diff[] = [];
  if (expect.decision !== undefined) {
    const want = expect.decision === null || expect.decision === "" ? "none" : expect.decision === "block" ? "deny" : expect.decision;
    if (decisionOf(effect) !== want) diffs.push({ what: "decision", expected: want, actual: decisionOf(effect) });
  }
  contains(diffs, "reason", effect.reason ?? effect.block, list(expect.reason_contains), true);
  contains(diffs, "context", effect.context, list(expect.context_contains), true);
  contains(diffs, "context", effect.context, list(expect.context_not_contains), false);
  const out = effect.updatedOutput === undefined ? undefined : outputText(effect.updatedOutput);
  contains(diffs, "tool output", out, list(expect.tool_output_contains), true);
  if (expect.silent !== undefined) {
    const parts = Object.entries(effect).filter(([, v]) => v !== undefined).map(([k]) => k);
    if (expect.silent !== (parts.length === 0)) {
      diffs.push({ what: "silent", expected: expect.silent ? "no effect at all" : "some effect", actual: parts.length ? `${parts.join(", ")}: ${show(JSON.stringify(effect), 200)}` : "no effect" });
    }
  }
  const rewrite = expect.tool_input !== undefined ? expect.tool_input : expect.rewrite;
  if (rewrite !== undefined) compareRewrite(diffs, rewrite, effect.updatedInput);
  for (const f of list(expect.file_contains)) {
    const text = existsSync(f.path) ? readFileSync(f.path, "utf8") : undefined;
    if (text === undefined) diffs.push({ what: `file ${f.path}`, expected: `contains ${show(f.text)}`, actual: "no such file" });
    else if (!text.includes(f.text)) diffs.push({ what: `file ${f.path}`, expected: `contains ${show(f.text)}`, actual: show(text) });
  }
  if (expect.status !== undefined && outcome?.status !== expect.status) diffs.push({ what: "status", expected: expect.status, actual: outcome?.status ?? "not run" });
  return diffs;
}

// --- internal ---

function contains(diffs: Diff[], what: string, text: string | undefined, needles: string[], want: boolean): void {
  for (const n of needles) {
    if ((text ?? "").includes(n) !== want) diffs.push({ what, expected: `${want ? "contains" : "does not contain"} ${show(n)}`, actual: show(text) });
  }
}

function compareRewrite(diffs: Diff[], want: Record<string, unknown> | null, got: Record<string, unknown> | undefined): void {
  if (want === null) {
    if (got !== undefined) diffs.push({ what: "rewrite", expected: "none", actual: JSON.stringify(got) });
    return;
  }
  if (got === undefined) {
    diffs.push({ what: "rewrite", expected: JSON.stringify(want), actual: "none (no rewritten input reaches the harness)" });
    return;
  }
  // Partial: only the keys the case names are compared, so unchanged input keys need not be repeated.
  for (const [k, v] of Object.entries(want)) {
    if (JSON.stringify(got[k]) !== JSON.stringify(v)) diffs.push({ what: `rewrite.${k}`, expected: JSON.stringify(v), actual: JSON.stringify(got[k]) ?? "(absent)" });
  }
}
