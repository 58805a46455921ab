// Cadence: which enforcements are due on an event. Pure functions over the counters; stage.ts does I/O.
//   plain (no matcher): at SessionStart and on every user prompt; on a tool call when the session's
//     tool-call count is a multiple of the cadence, or when the entry was not shown yet this session
//     (an entry added mid-session is shown on the next call instead of waiting up to N calls).
//   matched: only on matching tool calls: the 1st matching call, then every Nth (N counts matching calls).
import { matches, type Subject } from "../conditions/matcher";
import type { Counters } from "./counters";
import type { ActiveEnforcement } from "./store";

/** Returns the entries shown at SessionStart and on a prompt: the plain ones. */
export function promptDue(active: ActiveEnforcement[]): ActiveEnforcement[] {
  return active.filter((a) => !a.matcher);
}

/** Returns the matched entries whose matcher accepts this call, computed once per call. */
export function matching(active: ActiveEnforcement[], subject: Subject): Set<string> {
  const hit = new Set<string>();
  for (const a of active) if (a.matcher && matches(a.matcher, subject)) hit.add(a.entry.id);
  return hit;
}

/** Returns true when this call changes any counter (so it is worth the lock and the write). */
export function relevant(active: ActiveEnforcement[], hit: Set<string>): boolean {
  return hit.size > 0 || active.some((a) => !a.matcher);
}

/** Counts one tool call into `c` and returns the ids due on it. */
export function countCall(c: Counters, active: ActiveEnforcement[], hit: Set<string>): string[] {
  c.tool_calls += 1;
  const due: string[] = [];
  for (const a of active) {
    const { id, cadence } = a.entry;
    if (!a.matcher) {
      if (c.tool_calls % cadence === 0 || !c.seen.includes(id)) due.push(id);
      if (!c.seen.includes(id)) c.seen.push(id);
    } else if (hit.has(id)) {
      const n = (c.matches[id] ?? 0) + 1;
      c.matches[id] = n;
      if ((n - 1) % cadence === 0) due.push(id);
    }
  }
  return due;
}

/** Returns the ids due on a call that was already counted, from the counters alone (no increment). */
export function dueCounted(c: Counters, active: ActiveEnforcement[], hit: Set<string>): string[] {
  const due: string[] = [];
  for (const a of active) {
    const { id, cadence } = a.entry;
    if (!a.matcher) {
      if (c.tool_calls > 0 && c.tool_calls % cadence === 0) due.push(id);
    } else if (hit.has(id)) {
      const n = c.matches[id] ?? 0;
      if (n >= 1 && (n - 1) % cadence === 0) due.push(id);
    }
  }
  return due;
}

/** Marks plain entries as shown; returns true when anything changed. */
export function markSeen(c: Counters, shown: ActiveEnforcement[]): boolean {
  let changed = false;
  for (const a of shown) {
    if (!c.seen.includes(a.entry.id)) {
      c.seen.push(a.entry.id);
      changed = true;
    }
  }
  return changed;
}
