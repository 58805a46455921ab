// `log report FILE...`: several machines' exports summed up: per host, per rule, the top denials, and
// the rules whose denials were followed by the same call going through later in the session (the
// person allowed it, or the rule was disabled): the false-positive candidates.
import { type DecisionRecord, shortBy } from "./read";

export interface Report {
  records: number;
  hosts: { host: string; calls: number; denies: number; asks: number; errors: number; from?: string; to?: string }[];
  rules: { rule: string; denies: number; asks: number; allowed_after: number }[];
  top_denials: { rule: string; reason: string; count: number }[];
  false_positive_candidates: { rule: string; allowed_after: number; denies: number }[];
}

const key = (r: DecisionRecord) => `${r.host}|${r.session}|${r.tool}|${JSON.stringify(r.input ?? null)}`;

export function buildReport(records: DecisionRecord[]): Report {
  const hosts = new Map<string, Report["hosts"][number]>();
  const rules = new Map<string, Report["rules"][number]>();
  const denials = new Map<string, Report["top_denials"][number]>();
  const deniedBy = new Map<string, string>(); // call key -> rule that denied it
  const sorted = [...records].sort((a, b) => a.t.localeCompare(b.t));
  for (const r of sorted) {
    const host = r.host ?? "(unknown)";
    let h = hosts.get(host);
    if (!h) hosts.set(host, (h = { host, calls: 0, denies: 0, asks: 0, errors: 0 }));
    h.calls++;
    if (r.decision === "deny") h.denies++;
    if (r.decision === "ask") h.asks++;
    if (r.error) h.errors++;
    if (!h.from || r.t < h.from) h.from = r.t;
    if (!h.to || r.t > h.to) h.to = r.t;
    if (!/^pre/i.test(r.event ?? "")) continue;
    const rule = shortBy(r.by) || (r.decision ? "(unnamed)" : "");
    if (r.decision === "deny" || r.decision === "ask") {
      let e = rules.get(rule);
      if (!e) rules.set(rule, (e = { rule, denies: 0, asks: 0, allowed_after: 0 }));
      if (r.decision === "deny") e.denies++;
      else e.asks++;
      const dk = `${rule}|${r.reason ?? ""}`;
      const d = denials.get(dk) ?? { rule, reason: r.reason ?? "", count: 0 };
      d.count++;
      denials.set(dk, d);
      deniedBy.set(key(r), rule);
    } else {
      const was = deniedBy.get(key(r));
      if (was !== undefined) {
        const e = rules.get(was);
        if (e) e.allowed_after++;
        deniedBy.delete(key(r));
      }
    }
  }
  const ruleList = [...rules.values()].sort((a, b) => b.denies + b.asks - (a.denies + a.asks) || a.rule.localeCompare(b.rule));
  return {
    records: records.length,
    hosts: [...hosts.values()].sort((a, b) => a.host.localeCompare(b.host)),
    rules: ruleList,
    top_denials: [...denials.values()].sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule)).slice(0, 20),
    false_positive_candidates: ruleList
      .filter((r) => r.allowed_after > 0)
      .map((r) => ({ rule: r.rule, allowed_after: r.allowed_after, denies: r.denies + r.asks }))
      .sort((a, b) => b.allowed_after / b.denies - a.allowed_after / a.denies || b.allowed_after - a.allowed_after),
  };
}
