// Merges the outcomes of one call in their fixed order (bundle, profiles, runtime, directory, then by
// filename): contexts concatenated, tool_input patches shallow-merged (a later key wins), tool_output
// last writer wins, decision precedence deny > ask > allow.
import type { Decision, Outcome } from "./types";

export interface Merged {
  contexts: string[];
  decision?: Decision;
  reasons: string[];
  inputPatch?: Record<string, unknown>;
  inputWriters: string[];
  output?: unknown;
  outputWriters: string[];
  /** One-line notes for the agent: conditions that failed and were skipped. */
  notes: string[];
}

const RANK: Record<Decision, number> = { allow: 1, ask: 2, deny: 3 };
const DECISIONS = new Set(["allow", "ask", "deny"]);

/** Returns an empty merge result. */
export function emptyMerged(): Merged {
  return { contexts: [], reasons: [], inputWriters: [], outputWriters: [], notes: [] };
}

/** Returns the merged effect of `outcomes`, which must already be in execution order. */
export function mergeOutcomes(outcomes: Outcome[]): Merged {
  const m = emptyMerged();
  for (const o of outcomes) applyOutcome(m, o);
  return m;
}

function setDecision(m: Merged, d: Decision, reason: string | undefined): void {
  if (!m.decision || RANK[d] > RANK[m.decision]) {
    m.decision = d;
    m.reasons = [];
  }
  if (d === m.decision && reason) m.reasons.push(reason);
}

function applyOutcome(m: Merged, o: Outcome): void {
  const file = o.condition.file;
  const tag = `[condition ${file}]`;
  if (o.status === "denied") {
    setDecision(m, "deny", `${tag} ${o.stderr.trim() || "blocked"}`);
    return;
  }
  if (o.status !== "answered") {
    m.notes.push(`${tag} failed (${o.error ?? o.status}) - skipped`);
    return;
  }
  if (!o.json) {
    const text = o.stdout.trim();
    if (text) m.contexts.push(`${tag}\n${text}`);
    return;
  }
  const j = o.json;
  if (typeof j.context === "string" && j.context.trim()) m.contexts.push(`${tag}\n${j.context.trim()}`);
  if (j.decision !== undefined) {
    if (typeof j.decision === "string" && DECISIONS.has(j.decision)) {
      const reason = typeof j.reason === "string" && j.reason.trim() ? `${tag} ${j.reason.trim()}` : undefined;
      setDecision(m, j.decision as Decision, reason ?? (j.decision === "deny" ? `${tag} blocked` : undefined));
    } else m.notes.push(`${tag} ignored an invalid decision ${JSON.stringify(j.decision)} (allow, ask or deny)`);
  }
  if (j.tool_input !== undefined) {
    if (j.tool_input && typeof j.tool_input === "object" && !Array.isArray(j.tool_input)) {
      m.inputPatch = { ...(m.inputPatch ?? {}), ...(j.tool_input as Record<string, unknown>) };
      m.inputWriters.push(file);
    } else m.notes.push(`${tag} ignored tool_input: it must be an object`);
  }
  if (j.tool_output !== undefined) {
    m.output = j.tool_output;
    m.outputWriters.push(file);
  }
}
