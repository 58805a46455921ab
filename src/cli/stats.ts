import { defineCommand } from "citty";
import { type ConditionStats, type StatsDocument, parseDuration, readStats } from "../explain/log-stats";
import { shortBy } from "../decisions/read";
import { homePaths } from "../state/home";
import { paint } from "./paint";
import { visible } from "./safe-text";

// `agentihooks stats [--since DURATION] [--json]`: what each condition answered and what it cost, from
// the hook's own log, with a latency bar per condition so the guard that slows every call stands out.

export default defineCommand({
  meta: {
    name: "stats",
    description: "Per-condition calls, denies, asks, rewrites, timeouts, failures and latency from the hook log",
    examples: [
      ["agentihooks stats --since 1d", "the last day's calls and the slowest conditions"],
      ["agentihooks stats --json", "one JSON document"],
    ],
    docs: ["docs/dry-runs.md"],
  },
  args: {
    since: { type: "string", description: "Only records newer than this (90s, 30m, 2h, 7d, 1w)" },
    json: { type: "boolean", description: "Print one JSON document" },
  },
  run({ args }) {
    const since = args.since ? parseDuration(args.since) : undefined;
    const doc: StatsDocument = { ...readStats(homePaths().logs, since), since: args.since };
    process.stdout.write(args.json ? `${JSON.stringify(doc, null, 2)}\n` : render(doc));
  },
});

// --- internal ---

const BAR = 28;
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}s` : `${Math.round(n)}ms`);
const columns = () => process.stdout.columns || Number(process.env.COLUMNS) || 100;

/** A time in the person's own zone: the date only when it is not today. */
function local(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return d.toDateString() === new Date().toDateString() ? hm : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${hm}`;
}

/** The condition's short name: its matcher and name, without step and extension (the table's step column says). */
const short = (file: string) => visible(shortBy(file));

function render(doc: StatsDocument): string {
  const p = paint();
  if (!doc.files.length) return `${p.dim(`no hook log yet (${homePaths().logs}/hook.jsonl): nothing has called the hook`)}\n`;
  const span = doc.from && doc.to ? `${local(doc.from)} .. ${local(doc.to)}, local time` : "no records";
  const out = [p.bold(`Hook calls${doc.since ? ` in the last ${doc.since}` : ""}: ${doc.hooks.calls}`) + p.dim(`  (${span})`)];
  const asks = doc.rules.reduce((n, r) => n + r.asks, 0);
  if (doc.hooks.calls) out.push(`  latency p50 ${ms(doc.hooks.p50)}  p95 ${ms(doc.hooks.p95)}  max ${ms(doc.hooks.max)}   denies ${doc.hooks.denies}   asks ${asks}   errors ${doc.hooks.errors}`);
  if (doc.unreadable) out.push(p.yellow(`  ${doc.unreadable} log line${doc.unreadable === 1 ? "" : "s"} could not be read and were skipped`));
  out.push("", p.bold(`Conditions (${doc.conditions.length}), slowest p95 first`));
  if (!doc.conditions.length) out.push(p.dim("  no condition ran in this period"));
  else out.push(...table(doc.conditions, p), "", ...chart(doc.conditions, p));
  if (doc.rules.length) {
    out.push("", p.bold("Denials and asks by rule or condition"));
    const w = nameWidth(doc.rules.map((r) => short(r.rule)), 24);
    for (const r of doc.rules) out.push(`  ${fit(short(r.rule), w)}  ${p.red(`deny ${r.denies}`)}  ${p.yellow(`ask ${r.asks}`)}`);
  }
  if (doc.denials.length) {
    out.push("", p.bold(`Latest denials and asks (${doc.denials.length})`) + p.dim("  agentihooks log --decision deny shows all"));
    for (const d of doc.denials) out.push(line(`${local(d.t)}  ${d.decision === "deny" ? p.red("deny") : p.yellow("ask ")} ${p.cyan(short(d.by ?? ""))} `, `${visible(d.input ?? d.tool ?? "")} — ${visible(d.reason ?? "")}`));
  }
  if (doc.errors.length) {
    out.push("", p.bold(`Latest errors (${doc.errors.length})`));
    for (const e of doc.errors) out.push(line(`${local(e.t)}  ${p.yellow(visible(e.event ?? "hook"))} `, visible(e.error)));
  }
  return `${out.join("\n")}\n`;
}

/** One line that fits the terminal: `head` whole, `tail` cut to what is left. */
function line(head: string, tail: string): string {
  const room = Math.max(16, columns() - 2 - head.replace(/\x1b\[[0-9;]*m/g, "").length);
  return `  ${head}${tail.length > room ? `${tail.slice(0, room - 1)}…` : tail}`;
}

/** The name column: as wide as the longest name, but leaving `rest` columns for the figures. */
function nameWidth(names: string[], rest: number): number {
  return Math.max(9, Math.min(Math.max(9, ...names.map((n) => n.length)), columns() - 4 - rest));
}

function table(rows: ConditionStats[], p: ReturnType<typeof paint>): string[] {
  const head = ["calls", "deny", "ask", "rewrite", "timeout", "fail", "p50", "p95", "max"];
  const w = nameWidth(rows.map((r) => short(r.condition)), head.length * 8);
  const lines = [p.dim(`  ${"condition".padEnd(w)}  ${head.map((h) => h.padStart(8)).join("")}`)];
  for (const r of rows) {
    const cells = [r.calls, r.denies, r.asks, r.rewrites, r.timeouts, r.failures].map((n) => String(n).padStart(8));
    const bad = r.timeouts + r.failures > 0 ? p.yellow : (s: string) => s;
    lines.push(`  ${fit(short(r.condition), w)}  ${bad(cells.join(""))}${[r.p50, r.p95, r.max].map((n) => ms(n).padStart(8)).join("")}`);
  }
  return lines;
}

/** One bar per condition: solid up to p50, shaded from p50 to p95, scaled to the slowest p95; never empty. */
function chart(rows: ConditionStats[], p: ReturnType<typeof paint>): string[] {
  const top = Math.max(...rows.map((r) => r.p95), 1);
  const w = nameWidth(rows.map((r) => short(r.condition)), BAR + 10);
  const lines = [p.dim(`  latency per condition (█ p50, ▒ up to p95; full width = ${ms(top)})`)];
  for (const r of rows) {
    const solid = Math.round((r.p50 / top) * BAR);
    const shade = Math.max(0, Math.round((r.p95 / top) * BAR) - solid);
    const bar = "█".repeat(solid) + "▒".repeat(shade) || "▏";
    lines.push(`  ${fit(short(r.condition), w)}  ${p.cyan(bar.padEnd(BAR))} ${ms(r.p95)}`);
  }
  return lines;
}

function fit(s: string, w: number): string {
  return s.length > w ? `${s.slice(0, w - 1)}…` : s.padEnd(w);
}
