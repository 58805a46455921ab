// The per-session gate: $AGENTIHOOKS_HOME/gates/<session>.json = {session_id, armed_at, source,
// prompt_excerpt}. It is open only while the file exists, parses, names its session and is younger
// than GATE_TTL_MS; anything else (missing, stale, corrupt, from the future) counts as closed, so a
// failure can only ever keep the gate shut. With strict modes, a gate file or gates folder that
// another user could have written is refused (closed), and the deny reason says so.
import { readFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { sweepTempFiles, writeFileAtomic } from "../state/atomic";
import { firstPrivacyProblem } from "../state/private";

/** One hour: a gate left open by a turn that never reached Stop closes by itself. */
export const GATE_TTL_MS = 3600 * 1000;
/** Clock skew tolerated for a timestamp slightly in the future (another process, NTP). */
const SKEW_MS = 60 * 1000;

export interface GateRecord {
  session_id: string;
  armed_at: number;
  source: "typed" | "cli";
  prompt_excerpt: string;
}

/** Returns the gate file name for a session: [A-Za-z0-9_-], with a hash when characters were replaced. */
export function gateFileName(sessionId: string): string | undefined {
  if (!sessionId) return undefined;
  const clean = sessionId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 128);
  if (clean === sessionId) return `${clean}.json`;
  // Two ids that sanitize alike ("a.b", "a/b") must not share one gate.
  const crc = (Bun.hash.crc32(sessionId) >>> 0).toString(16).padStart(8, "0");
  return `${clean}-${crc}.json`;
}

/** Returns the path of a session's gate file, or undefined when the session has no id. */
export function gatePath(home: string, sessionId: string): string | undefined {
  const name = gateFileName(sessionId);
  return name ? join(home, "gates", name) : undefined;
}

/** Arms the gate for a session; returns the path written. Throws only when the home is unwritable. */
export function armGate(home: string, sessionId: string, promptExcerpt: string, source: GateRecord["source"] = "typed", now = Date.now()): string {
  const path = gatePath(home, sessionId);
  if (!path) throw new Error("the payload has no session_id; the gate cannot be armed");
  const record: GateRecord = { session_id: sessionId, armed_at: now, source, prompt_excerpt: promptExcerpt.slice(0, 200) };
  writeFileAtomic(path, `${JSON.stringify(record)}\n`, 0o600);
  sweepTempFiles(join(home, "gates"), now); // what a hook killed mid-write left
  return path;
}

/** Closes the gate for a session (a missing file is already closed). */
export function closeGate(home: string, sessionId: string): void {
  const path = gatePath(home, sessionId);
  if (!path) return;
  try {
    unlinkSync(path);
  } catch {}
}

export interface GateState {
  record?: GateRecord;
  /** Why an existing gate file was not trusted (strict modes). */
  refused?: string;
}

/** Returns the gate's state: its record when open, why it was refused when another user could write it. */
export function gateState(home: string, sessionId: string, strict = true, now = Date.now()): GateState {
  const path = gatePath(home, sessionId);
  if (!path) return {};
  const record = openGate(home, sessionId, now);
  if (!record || !strict) return { record };
  const refused = firstPrivacyProblem([home, join(home, "gates"), path]);
  return refused ? { refused } : { record };
}

/** Returns the open gate's record, or undefined when the gate is closed (missing, stale or corrupt). */
export function openGate(home: string, sessionId: string, now = Date.now()): GateRecord | undefined {
  const path = gatePath(home, sessionId);
  if (!path) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Partial<GateRecord>;
  if (r.session_id !== sessionId || typeof r.armed_at !== "number" || !Number.isFinite(r.armed_at)) return undefined;
  const age = now - r.armed_at;
  if (age >= GATE_TTL_MS || age < -SKEW_MS) return undefined;
  return r as GateRecord;
}

/** Returns true when the session's gate is open (and, with strict modes, its file is private). */
export function isGateOpen(home: string, sessionId: string, now = Date.now(), strict = true): boolean {
  return gateState(home, sessionId, strict, now).record !== undefined;
}

/** The deny reason: tells the agent that a person opens the gate, and how. */
export function gateMessage(what: string): string {
  return (
    `agentihooks: ${what} is refused: agents do not create, change or remove conditions (or what decides which ` +
    "run) on their own, and the condition gate for this session is closed. Ask the person to request it in their " +
    'own words in a new prompt (a request, not a question), naming agentihooks or the condition, e.g. "add an agentihooks condition that ..." or ' +
    '"remove the <name> condition"; that opens the gate until the end of the turn (one hour at most). Then use the ' +
    "condition_set / condition_clear tools of the agentihooks MCP server. Reading stays open: condition_list, " +
    "condition_show, `agentihooks conditions list`."
  );
}

/** The deny reason for a person's own act (trusting a repository, registering or removing the hooks). */
export function personMessage(what: string): string {
  return (
    `agentihooks: ${what} is refused: this is a person's decision, never an agent's, whatever the condition ` +
    "gate says. Ask the person to run it in their own terminal."
  );
}
