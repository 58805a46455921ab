import type { Condition, Step } from "../types";
import { type Matcher, type Subject, matches, parseMatcher } from "./matcher";

const parsed = new Map<string, Matcher | undefined>();

function matcherOf(text: string): Matcher | undefined {
  let m = parsed.get(text);
  if (m === undefined && !parsed.has(text)) {
    const p = parseMatcher(text);
    m = typeof p === "string" ? undefined : p;
    parsed.set(text, m);
  }
  return m;
}

/** Returns the conditions of `step` whose matcher matches `subject`, in execution order. */
export function selectConditions(conditions: Condition[], step: Step, subject: Subject): Condition[] {
  const out: Condition[] = [];
  for (const c of conditions) {
    if (c.step !== step) continue;
    const m = matcherOf(c.matcher);
    if (m && matches(m, subject)) out.push(c);
  }
  return out;
}

/**
 * Returns why a condition matched (for `explain` and `list --tool`): the first alternative that the
 * matcher's own `matches` accepts, so the reason can never disagree with the selection.
 */
export function whyMatched(c: Condition, subject: Subject): string {
  const m = matcherOf(c.matcher);
  if (!m) return "invalid matcher";
  for (const alt of m.alternatives) {
    if (!matches({ normalized: "", alternatives: [alt] }, subject)) continue;
    if (alt.kind === "any") return "matcher any";
    if (alt.kind === "mcp") return "mcp: an MCP tool";
    if (alt.kind === "mcp_server") return `mcp__${alt.server}: a tool of that server`;
    if (alt.kind === "exact") return `tool ${alt.name}`;
    const a = subject.programs?.();
    if (a?.programs.includes(alt.cli)) return `bash.${alt.cli}: the command runs ${alt.cli}`;
    if (a?.modules?.includes(alt.cli)) return `bash.${alt.cli}: the command runs the python module ${alt.cli}`;
    if (a?.wrappers?.includes(alt.cli)) return `bash.${alt.cli}: the command runs another program through ${alt.cli}`;
    return `bash.${alt.cli}: the command is dynamic (${a?.why?.[0] ? `${a.why[0].construct} at ${a.why[0].start}-${a.why[0].end}` : "a program cannot be known"}), so every bash.<cli> fires`;
  }
  return "no alternative matched";
}
