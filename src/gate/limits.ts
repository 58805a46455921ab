// The gate's limits, and how it fails at them: closed. Every budget the gate keeps (path checks of one
// line, alternatives of one word, paths a glob matches, folders it lists, time) ends in a GateLimit
// thrown from where it was reached. write-guard.ts turns it into "touches what it cannot judge", which
// the closed gate denies unless the line only reads, with the limit and how to split the line. Time is
// one budget for each judged tool call, well inside the 30 s a harness waits for the hook before it runs the
// call anyway: a slow walk must end in a deny, never in the harness's timeout.

/** The gate's share of one hook call, in milliseconds (AGENTIHOOKS_GATE_BUDGET_MS may only lower it). */
export const GATE_BUDGET_MS = 2000;

/** A limit the gate reached: which, and what the person (or agent) can do about it. */
export class GateLimit extends Error {
  constructor(
    readonly limit: string,
    readonly advice: string,
  ) {
    super(`${limit}; ${advice}`);
  }
}

let deadline = Number.POSITIVE_INFINITY;

/** Starts the gate's clock for one judged call (a CLI judging many cases gives each its own budget). */
export function startDeadline(env: Record<string, string | undefined> = process.env): void {
  const asked = Number(env.AGENTIHOOKS_GATE_BUDGET_MS);
  const ms = Number.isFinite(asked) && asked >= 0 ? Math.min(asked, GATE_BUDGET_MS) : GATE_BUDGET_MS;
  deadline = performance.now() + ms;
}

/** Throws a GateLimit when the gate's time is spent; called by every filesystem walk as it goes. */
export function checkDeadline(what: string): void {
  if (performance.now() > deadline) {
    throw new GateLimit(`the gate's time budget (${GATE_BUDGET_MS / 1000} s) ran out while ${what}`, "split the line into smaller commands, or name fewer paths and narrower globs");
  }
}

/** Throws a GateLimit for a count past its budget. */
export function overBudget(what: string, max: number, advice: string): never {
  throw new GateLimit(`${what} (more than ${max})`, advice);
}
