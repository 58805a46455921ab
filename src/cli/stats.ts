import { defineCommand } from "citty";
import { type ConditionStats, type StatsDocument, parseDuration, readStats } from "../explain/log-stats";
import { homePaths } from "../state/home";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks stats [--since DURATION] [--json]`: what each condition answered and what it cost, from
// the hook's own log, with a latency bar per condition so the guard that slows every call stands out.

export default defineCommand({
  meta: { name: "stats", description: "Per-condition calls, denies, asks, rewrites, timeouts, failures and latency from the hook log" },
  args: {
    since: { type: "string", description: "Only records newer than this (90s, 30m, 2h, 7d, 1w)" },
    json: { type: "boolean", description: "Print one JSON document" },
  },
  run({ args }) {
    const since = args.since ? parseDuration(args.since) : undefined;
    const doc: StatsDocument = { ...readStats(homePaths().logs, since), since: args.since };
    if (args.json) writeJson(doc);
    else writeOut(render(doc));
  },
});

// --- internal ---

const BAR = 28;
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}s` : `${Math.round(n)}ms`);

function render(doc: StatsDocument): string {
  const p = paint();
  if (!doc.files.length) return `${p.dim(`no hook log yet (${homePaths().logs}/hook.jsonl): nothing has called the hook`)}\n`;
  const span = doc.from ? `${doc.from} .. ${doc.to}` : "no records";
  const out = [p.bold(`Hook calls${doc.since ? ` in the last ${doc.since}` : ""}: ${doc.hooks.calls}`) + p.dim(`  (${span})`)];
  if (doc.hooks.calls) out.push(`  latency p50 ${ms(doc.hooks.p50)}  p95 ${ms(doc.hooks.p95)}  max ${ms(doc.hooks.max)}   denies ${doc.hooks.denies}   errors ${doc.hooks.errors}`);
  if (doc.unreadable) out.push(p.yellow(`  ${doc.unreadable} log line${doc.unreadable === 1 ? "" : "s"} could not be read and were skipped`));
  out.push("", p.bold(`Conditions (${doc.conditions.length}), slowest p95 first`));
  if (!doc.conditions.length) out.push(p.dim("  no condition ran in this period"));
  else out.push(...table(doc.conditions, p), "", ...chart(doc.conditions, p));
  return `${out.join("\n")}\n`;
}

function table(rows: ConditionStats[], p: ReturnType<typeof paint>): string[] {
  const w = Math.min(48, Math.max(9, ...rows.map((r) => r.condition.length)));
  const head = ["calls", "deny", "ask", "rewrite", "timeout", "fail", "p50", "p95", "max"];
  const lines = [p.dim(`  ${"condition".padEnd(w)}  ${head.map((h) => h.padStart(8)).join("")}`)];
  for (const r of rows) {
    const cells = [r.calls, r.denies, r.asks, r.rewrites, r.timeouts, r.failures].map((n) => String(n).padStart(8));
    const bad = r.timeouts + r.failures > 0 ? p.yellow : (s: string) => s;
    lines.push(`  ${fit(r.condition, w)}  ${bad(cells.join(""))}${[r.p50, r.p95, r.max].map((n) => ms(n).padStart(8)).join("")}`);
  }
  return lines;
}

/** One bar per condition: solid up to p50, shaded from p50 to p95, scaled to the slowest p95. */
function chart(rows: ConditionStats[], p: ReturnType<typeof paint>): string[] {
  const top = Math.max(...rows.map((r) => r.p95), 1);
  const w = Math.min(48, Math.max(9, ...rows.map((r) => r.condition.length)));
  const lines = [p.dim(`  latency per condition (█ p50, ▒ up to p95; full width = ${ms(top)})`)];
  for (const r of rows) {
    const solid = Math.round((r.p50 / top) * BAR);
    const shade = Math.max(0, Math.round((r.p95 / top) * BAR) - solid);
    const bar = "█".repeat(solid) + "▒".repeat(shade) || "▏";
    lines.push(`  ${fit(r.condition, w)}  ${p.cyan(bar.padEnd(BAR))} ${ms(r.p95)}`);
  }
  return lines;
}

function fit(s: string, w: number): string {
  return s.length > w ? `${s.slice(0, w - 1)}…` : s.padEnd(w);
}
