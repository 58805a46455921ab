// The text an agent sees: one banner per enforcement, loud enough to stand out among other context.
import type { Enforcement } from "./store";

const TITLE = "=== ENFORCEMENT [IMPORTANT] ===";

/** Returns "every tool call", "every 3 tool calls", "every 2 matching tool calls". */
export function describeCadence(e: Pick<Enforcement, "cadence" | "matcher">): string {
  const what = e.matcher ? "matching tool call" : "tool call";
  return e.cadence === 1 ? `every ${what}` : `every ${e.cadence} ${what}s`;
}

/** Returns the banner block for one enforcement. */
export function banner(e: Enforcement): string {
  const lines = [TITLE, `ID: ${e.id}  Cadence: ${describeCadence(e)}`];
  if (e.matcher) lines.push(`Matcher: ${e.matcher}`);
  if (e.tag) lines.push(`Tag: ${e.tag}`);
  lines.push(e.message, "=".repeat(TITLE.length));
  return lines.join("\n");
}
