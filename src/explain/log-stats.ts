// Statistics from the hook's own log ($AGENTIHOOKS_HOME/logs/hook.jsonl and its rotated files):
// per condition, what it answered and how long it took; per hook call, the total latency.
import { readFileSync } from "node:fs";
import { AgentihooksError } from "../errors";
import { logFiles } from "../state/hook-log";

export interface Latency {
  p50: number;
  p95: number;
  max: number;
}

export interface ConditionStats extends Latency {
  condition: string;
  sources: string[];
  calls: number;
  denies: number;
  asks: number;
  rewrites: number;
  timeouts: number;
  /** crashed, bad-output or skipped: the condition was skipped and named in a context note. */
  failures: number;
}

export interface StatsDocument {
  files: string[];
  since?: string;
  from?: string;
  to?: string;
  /** Lines that were not JSON records (a torn write, a foreign line). */
  unreadable: number;
  hooks: Latency & { calls: number; denies: number; errors: number };
  conditions: ConditionStats[];
  /** The most recent denials and asks, newest last: when, by what, why, on what. */
  denials: { t: string; decision: string; by?: string; reason?: string; tool?: string; input?: string }[];
  /** The most recent errors, newest last. */
  errors: { t: string; event?: string; error: string }[];
  /** Denials and asks per rule or condition, most first. */
  rules: { rule: string; denies: number; asks: number }[];
}

/** How many denials and errors the document lists (the counts cover all). */
const LISTED = 20;

interface LogRecord {
  t?: string;
  kind?: string;
  by?: string;
  reason?: string;
  tool?: string;
  event?: string;
  input?: Record<string, unknown>;
  condition?: string;
  source?: string;
  status?: string;
  decision?: string;
  rewrite?: boolean;
  duration_ms?: number;
  error?: string;
  conditions?: { name: string; source?: string; status?: string; decision?: string; rewrite?: boolean; ms?: number }[];
}

const UNITS: Record<string, number> = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3, w: 7 * 86400e3 };

/** Returns a duration like 90s, 30m, 2h, 7d or 1w in milliseconds, or throws a one-line usage error. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(text.trim());
  if (!m) throw new AgentihooksError("E_USAGE", `--since "${text}" is not a duration (for example 90s, 30m, 2h, 7d, 1w)`);
  return Number(m[1]) * UNITS[m[2]];
}

/** Returns the statistics of the log records in `logsDir` newer than `sinceMs` ago (all when undefined). */
export function readStats(logsDir: string, sinceMs?: number, now = Date.now()): StatsDocument {
  const files = logFiles(logsDir);
  const cutoff = sinceMs === undefined ? -Infinity : now - sinceMs;
  const doc: StatsDocument = { files, unreadable: 0, hooks: { calls: 0, denies: 0, errors: 0, p50: 0, p95: 0, max: 0 }, conditions: [], denials: [], errors: [], rules: [] };
  const rules = new Map<string, { rule: string; denies: number; asks: number }>();
  const hookTimes: number[] = [];
  const byCondition = new Map<string, { s: ConditionStats; times: number[] }>();
  for (const r of records(files, doc)) {
    const t = r.t ? Date.parse(r.t) : NaN;
    if (Number.isNaN(t) || t < cutoff) continue;
    if (!doc.from || r.t! < doc.from) doc.from = r.t;
    if (!doc.to || r.t! > doc.to) doc.to = r.t;
    if (r.kind === "hook") {
      doc.hooks.calls++;
      if (r.decision === "deny") doc.hooks.denies++;
      if (r.error) {
        doc.hooks.errors++;
        doc.errors.push({ t: r.t as string, event: r.event, error: r.error });
      }
      if (r.decision === "deny" || r.decision === "ask") {
        const input = r.input && typeof r.input === "object" ? (r.input.command ?? r.input.file_path ?? r.input.path) : undefined;
        doc.denials.push({ t: r.t as string, decision: r.decision, by: r.by, reason: r.reason, tool: r.tool, input: typeof input === "string" ? input : undefined });
        const rule = r.by ?? "(unnamed)";
        const e = rules.get(rule) ?? { rule, denies: 0, asks: 0 };
        if (r.decision === "deny") e.denies++;
        else e.asks++;
        rules.set(rule, e);
      }
      if (typeof r.duration_ms === "number") hookTimes.push(r.duration_ms);
      // the decision record holds each condition's outcome; older logs had a line per condition
      for (const c of Array.isArray(r.conditions) ? r.conditions : []) {
        addCondition(byCondition, { condition: c.name, source: c.source, status: c.status, decision: c.decision, rewrite: c.rewrite, duration_ms: c.ms });
      }
    } else if (r.kind === "condition" && r.condition) addCondition(byCondition, r);
  }
  Object.assign(doc.hooks, latency(hookTimes));
  const byTime = (a: { t: string }, b: { t: string }) => a.t.localeCompare(b.t);
  doc.denials = doc.denials.sort(byTime).slice(-LISTED);
  doc.errors = doc.errors.sort(byTime).slice(-LISTED);
  doc.rules = [...rules.values()].sort((a, b) => b.denies + b.asks - (a.denies + a.asks) || a.rule.localeCompare(b.rule));
  doc.conditions = [...byCondition.values()].map(({ s, times }) => ({ ...s, ...latency(times) }));
  // The slowest guard first: that is the one a person came to find.
  doc.conditions.sort((a, b) => b.p95 - a.p95 || a.condition.localeCompare(b.condition));
  return doc;
}

// --- internal ---

function* records(files: string[], doc: StatsDocument): Generator<LogRecord> {
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, "utf8");
    } catch (err) {
      throw new AgentihooksError("E_IO", `cannot read ${f}: ${(err as Error).message}`);
    }
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        const v = JSON.parse(line);
        if (v && typeof v === "object" && !Array.isArray(v)) yield v as LogRecord;
        else doc.unreadable++;
      } catch {
        doc.unreadable++;
      }
    }
  }
}

function addCondition(map: Map<string, { s: ConditionStats; times: number[] }>, r: LogRecord): void {
  const name = r.condition as string;
  let e = map.get(name);
  if (!e) {
    e = { s: { condition: name, sources: [], calls: 0, denies: 0, asks: 0, rewrites: 0, timeouts: 0, failures: 0, p50: 0, p95: 0, max: 0 }, times: [] };
    map.set(name, e);
  }
  const s = e.s;
  s.calls++;
  if (r.source && !s.sources.includes(r.source)) s.sources.push(r.source);
  if (r.status === "denied" || r.decision === "deny") s.denies++;
  else if (r.decision === "ask") s.asks++;
  if (r.rewrite) s.rewrites++;
  if (r.status === "timeout") s.timeouts++;
  else if (r.status === "crashed" || r.status === "bad-output" || r.status === "skipped") s.failures++;
  if (typeof r.duration_ms === "number") e.times.push(r.duration_ms);
}

/** Returns nearest-rank percentiles: p95 of 20 values is the 19th, never an interpolated value. */
export function latency(values: number[]): Latency {
  if (!values.length) return { p50: 0, p95: 0, max: 0 };
  const v = [...values].sort((a, b) => a - b);
  const at = (p: number) => v[Math.max(0, Math.ceil((p / 100) * v.length) - 1)];
  return { p50: at(50), p95: at(95), max: v[v.length - 1] };
}
