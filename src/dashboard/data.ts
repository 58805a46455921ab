// The dashboard's documents, built from the decision log: an overview (decisions over time, top rules
// and conditions, the latest denials, the sessions) and one session's timeline. Plain data: the page
// renders it, and everything in it that came from a record stays text there.
import { type DecisionRecord, inputText, shortBy } from "../decisions/read";
import { latency } from "../explain/log-stats";

export interface Bucket {
  t: string;
  deny: number;
  ask: number;
  allow: number;
  other: number;
  error: number;
}

export interface Overview {
  from?: string;
  to?: string;
  totals: { calls: number; deny: number; ask: number; allow: number; other: number; error: number; sessions: number };
  /** Decisions per time slot, oldest first; `bucket_ms` is each slot's length. */
  bucket_ms: number;
  buckets: Bucket[];
  rules: { rule: string; denies: number; asks: number }[];
  conditions: { condition: string; calls: number; denies: number; asks: number; failures: number; p95: number }[];
  /** The latest denials and asks, newest first. */
  denials: Row[];
  /** The latest errors, newest first. */
  errors: { t: string; event?: string; error: string }[];
  sessions: { session: string; first: string; last: string; calls: number; denies: number; asks: number }[];
  unreadable: number;
}

export interface Row {
  t: string;
  session?: string;
  event?: string;
  tool?: string;
  decision: string;
  by?: string;
  reason?: string;
  input: string;
}

export interface Timeline {
  session: string;
  calls: number;
  /** The session's calls, oldest first (the newest MAX_TIMELINE when there are more). */
  records: (Row & { conditions: { name: string; status?: string; decision?: string; ms?: number }[]; dynamic?: string[]; ran?: string; ms?: number; error?: string })[];
}

const LISTED = 50;
const TOP = 12;
const MAX_SESSIONS = 200;
const MAX_TIMELINE = 500;
const MAX_TEXT = 2000;
/** Slot lengths to choose from, so a chart has at most ~60 bars: a minute up to a week. */
const SLOTS = [60e3, 5 * 60e3, 15 * 60e3, 3600e3, 3 * 3600e3, 6 * 3600e3, 86400e3, 7 * 86400e3];

/**
 * Returns the overview of `records` (already filtered to the time range asked); the chart spans
 * `span` (the range asked, up to now) or else the records' own first and last times.
 */
export function overview(records: DecisionRecord[], unreadable: number, span?: { start: number; end: number }): Overview {
  const doc: Overview = {
    totals: { calls: 0, deny: 0, ask: 0, allow: 0, other: 0, error: 0, sessions: 0 },
    bucket_ms: SLOTS[0],
    buckets: [],
    rules: [],
    conditions: [],
    denials: [],
    errors: [],
    sessions: [],
    unreadable,
  };
  const rules = new Map<string, { rule: string; denies: number; asks: number }>();
  const conds = new Map<string, { condition: string; calls: number; denies: number; asks: number; failures: number; times: number[] }>();
  const sessions = new Map<string, Overview["sessions"][number]>();
  for (const r of records) {
    if (!doc.from || r.t < doc.from) doc.from = r.t;
    if (!doc.to || r.t > doc.to) doc.to = r.t;
    const kind = kindOf(r);
    doc.totals.calls++;
    doc.totals[kind]++;
    if (r.error) doc.errors.push({ t: r.t, event: r.event, error: cut(r.error) });
    if (r.decision === "deny" || r.decision === "ask") {
      doc.denials.push(row(r));
      const rule = shortBy(r.by) || "(unnamed)";
      const e = rules.get(rule) ?? { rule, denies: 0, asks: 0 };
      if (r.decision === "deny") e.denies++;
      else e.asks++;
      rules.set(rule, e);
    }
    for (const c of Array.isArray(r.conditions) ? r.conditions : []) {
      const name = shortBy(c.name);
      const e = conds.get(name) ?? { condition: name, calls: 0, denies: 0, asks: 0, failures: 0, times: [] };
      e.calls++;
      if (c.status === "denied" || c.decision === "deny") e.denies++;
      else if (c.decision === "ask") e.asks++;
      if (c.status && ["timeout", "crashed", "bad-output", "skipped"].includes(c.status)) e.failures++;
      if (typeof c.ms === "number") e.times.push(c.ms);
      conds.set(name, e);
    }
    if (typeof r.session === "string" && r.session) {
      const s = sessions.get(r.session) ?? { session: r.session, first: r.t, last: r.t, calls: 0, denies: 0, asks: 0 };
      s.calls++;
      if (r.t < s.first) s.first = r.t;
      if (r.t > s.last) s.last = r.t;
      if (r.decision === "deny") s.denies++;
      if (r.decision === "ask") s.asks++;
      sessions.set(r.session, s);
    }
  }
  doc.totals.sessions = sessions.size;
  const start = span && Number.isFinite(span.start) ? span.start : Date.parse(doc.from ?? "");
  Object.assign(doc, buckets(records, start, span?.end ?? Date.parse(doc.to ?? "")));
  const newestFirst = (a: { t: string }, b: { t: string }) => b.t.localeCompare(a.t);
  doc.denials = doc.denials.sort(newestFirst).slice(0, LISTED);
  doc.errors = doc.errors.sort(newestFirst).slice(0, LISTED);
  doc.rules = [...rules.values()].sort((a, b) => b.denies + b.asks - (a.denies + a.asks) || a.rule.localeCompare(b.rule)).slice(0, TOP);
  doc.conditions = [...conds.values()]
    .map(({ times, ...c }) => ({ ...c, p95: latency(times).p95 }))
    .sort((a, b) => b.calls - a.calls || a.condition.localeCompare(b.condition))
    .slice(0, TOP);
  doc.sessions = [...sessions.values()].sort((a, b) => b.last.localeCompare(a.last)).slice(0, MAX_SESSIONS);
  return doc;
}

/** Returns one session's timeline from `records`. */
export function timeline(records: DecisionRecord[], session: string): Timeline {
  const mine = records.filter((r) => r.session === session).sort((a, b) => a.t.localeCompare(b.t));
  return {
    session,
    calls: mine.length,
    records: mine.slice(-MAX_TIMELINE).map((r) => ({
      ...row(r),
      conditions: (Array.isArray(r.conditions) ? r.conditions : []).map((c) => ({ name: shortBy(c.name), status: c.status, decision: c.decision, ms: c.ms })),
      dynamic: Array.isArray(r.dynamic) ? r.dynamic.map((d) => cut(String(d))) : undefined,
      ran: r.ran ? (r.ran.status === "failed" ? "failed" : r.ran.exit !== undefined ? `exit ${r.ran.exit}` : r.ran.status) : undefined,
      ms: typeof r.duration_ms === "number" ? r.duration_ms : undefined,
      error: r.error ? cut(r.error) : undefined,
    })),
  };
}

// --- internal ---

function kindOf(r: DecisionRecord): keyof Omit<Bucket, "t"> {
  if (r.error) return "error";
  if (r.decision === "deny" || r.decision === "block") return "deny";
  if (r.decision === "ask") return "ask";
  if (r.decision === "allow") return "allow";
  return "other";
}

function row(r: DecisionRecord): Row {
  const decision = r.error ? "error" : (r.decision ?? "none");
  return { t: r.t, session: r.session, event: r.event, tool: r.tool, decision, by: shortBy(r.by) || undefined, reason: r.reason ? cut(r.reason) : undefined, input: cut(inputText(r)) };
}

const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

function buckets(records: DecisionRecord[], start: number, end: number): { bucket_ms: number; buckets: Bucket[] } {
  if (!records.length || Number.isNaN(start) || Number.isNaN(end)) return { bucket_ms: SLOTS[0], buckets: [] };
  const size = SLOTS.find((s) => Math.max(1, end - start) / s <= 60) ?? SLOTS[SLOTS.length - 1];
  const first = Math.floor(start / size) * size;
  const count = Math.min(Math.floor((end - first) / size) + 1, 400);
  const out: Bucket[] = Array.from({ length: count }, (_, i) => ({ t: new Date(first + i * size).toISOString(), deny: 0, ask: 0, allow: 0, other: 0, error: 0 }));
  for (const r of records) {
    const i = Math.floor((Date.parse(r.t) - first) / size);
    if (i >= 0 && i < count) out[i][kindOf(r)]++;
  }
  return { bucket_ms: size, buckets: out };
}
