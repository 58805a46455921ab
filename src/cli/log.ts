import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { defineCommand } from "citty";
import { type DecisionRecord, type Filter, inputText, matches, readLog, readRecords, shortBy } from "../decisions/read";
import { buildReport, type Report } from "../decisions/report";
import { verifyLog } from "../decisions/verify";
import { AgentihooksError } from "../errors";
import { parseDuration } from "../explain/log-stats";
import { writeFileAtomic } from "../state/atomic";
import { homePaths } from "../state/home";
import { LOG_FILE } from "../state/hook-log";
import { paint } from "./paint";
import { visible } from "./safe-text";

// `agentihooks log`: the decision log. With no action, the decisions that match the filters, newest
// last; `verify` checks the hash chain; `export` writes a time range as JSONL; `report` sums up several
// machines' exports.
const ACTIONS = ["verify", "export", "report", "ship"] as const;

export default defineCommand({
  meta: {
    name: "log",
    description:
      "The decision log: every hook call with its decision, the rule or condition that made it and why. " +
      "Actions: verify (the hash chain), export (JSONL of a time range), report FILE... (several machines' exports), " +
      "ship (send what is not yet sent to the OTLP endpoint of OTEL_EXPORTER_OTLP_ENDPOINT)",
    variadic: true,
    examples: [
      ["agentihooks log --decision deny --since 1d", "the last day's denials, with the rule and the reason"],
      ["agentihooks log --session S --limit 0", "one session's every call, oldest first"],
      ["agentihooks log --follow", "decisions as they happen"],
      ["agentihooks log verify", "check that no line was edited, inserted or deleted"],
      ["agentihooks log export --since 7d --out week.jsonl", "a week of records, for a report over several machines"],
      ["agentihooks log report a.jsonl b.jsonl", "per host, per rule, top denials, false-positive candidates"],
      ["OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 agentihooks log ship", "send what is not yet sent to an OpenTelemetry Collector"],
    ],
    docs: ["docs/decision-log.md"],
  },
  args: {
    action: { type: "positional", required: false, description: "verify, export, report FILE... or ship (default: show decisions)" },
    decision: { type: "string", description: "Only this decision: deny, ask, allow, block or none" },
    tool: { type: "string", description: "Only this tool (Bash, Read, mcp__server__tool...)" },
    rule: { type: "string", description: "Only calls this rule or condition decided or ran in (a short name is enough)" },
    session: { type: "string", description: "Only this session id" },
    since: { type: "string", description: "Only records newer than this: a duration (90s, 30m, 2h, 7d) or a date (2026-12-01T10:00)" },
    until: { type: "string", description: "Only records older than this: a duration ago or a date" },
    grep: { type: "string", description: "Only records whose text contains this (case-insensitive)" },
    limit: { type: "string", description: "Show at most this many of the newest matches (default 50; 0: all)" },
    follow: { type: "boolean", description: "Keep printing new decisions as they are logged (Ctrl-C ends)" },
    json: { type: "boolean", description: "One JSON document" },
    jsonl: { type: "boolean", description: "One JSON record per line" },
    out: { type: "string", description: "export: write to this file (private, atomic) instead of stdout" },
    watch: { type: "string", description: "ship: after catching up, keep sending new records for this many seconds" },
    "max-time": { type: "string", description: "ship: stop retrying after this many seconds (default 60; nothing is lost)" },
    quiet: { type: "boolean", description: "ship: print nothing" },
  },
  async run({ args }) {
    const action = args.action as string | undefined;
    const rest = (args._ as string[]).filter((w) => w !== action);
    if (action !== undefined && !(ACTIONS as readonly string[]).includes(action) && !action.endsWith(".jsonl")) {
      throw new AgentihooksError("E_USAGE", `unknown log action "${action}" (verify, export or report FILE...)`);
    }
    if (action !== "report" && rest.length) throw new AgentihooksError("E_USAGE", `unexpected word "${rest[0]}"`);
    const logs = homePaths().logs;
    if (action === "verify") return verify(logs, !!args.json);
    if (action === "ship") return shipNow(logs, args);
    const filter = filterOf(args);
    if (action === "export") return exportRange(logs, filter, args.out as string | undefined);
    if (action === "report") {
      if (!rest.length) throw new AgentihooksError("E_USAGE", "log report needs one or more exported files (agentihooks log export --out FILE)");
      return report(rest, filter, !!args.json);
    }
    return show(logs, filter, args);
  },
});

function seconds(text: unknown, flag: string, fallback: number): number {
  if (text === undefined) return fallback; // in ms
  if (typeof text !== "string" || !/^\d+(\.\d+)?$/.test(text)) throw new AgentihooksError("E_USAGE", `--${flag} "${text}" is not a number of seconds`);
  return Number(text) * 1000;
}

async function shipNow(logs: string, args: Record<string, unknown>): Promise<void> {
  const { otlpTarget } = await import("../export/otlp-config");
  const target = otlpTarget();
  if (!target) throw new AgentihooksError("E_USAGE", "no OTLP endpoint: set OTEL_EXPORTER_OTLP_ENDPOINT (or AGENTIHOOKS_OTLP_ENDPOINT), and AGENTIHOOKS_OTLP is not off");
  const opts = { maxTimeMs: seconds(args["max-time"], "max-time", 60_000), idleMs: seconds(args.watch, "watch", 0) };
  const { releaseShipLock, ship, takeShipLock } = await import("../export/shipper");
  const say = args.quiet ? undefined : (line: string) => process.stderr.write(`agentihooks: ${line}\n`);
  if (target.warning) say?.(target.warning);
  if (!takeShipLock(logs)) {
    say?.("another shipper is running; it sends what is pending");
    return;
  }
  try {
    const r = await ship(logs, target, { ...opts, say });
    if (!args.quiet) process.stdout.write(`sent ${r.sent} record${r.sent === 1 ? "" : "s"}${r.pending ? `, ${r.pending} still pending` : ""}\n`);
    if (r.pending) {
      say?.(`could not send everything (${r.error}); the rest stays in the log for the next run`);
      process.exitCode = 1;
    }
  } finally {
    releaseShipLock(logs);
  }
}

function when(text: string, flag: string, now: number): number {
  if (/^\d+(\.\d+)?[smhdw]$/.test(text.trim())) return now - parseDuration(text);
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new AgentihooksError("E_USAGE", `--${flag} "${text}" is neither a duration (2h, 7d) nor a date (2026-12-01T10:00)`);
  return t;
}

function filterOf(args: Record<string, unknown>): Filter {
  const now = Date.now();
  const s = (k: string) => (typeof args[k] === "string" ? (args[k] as string) : undefined);
  const decision = s("decision");
  if (decision && !["deny", "ask", "allow", "block", "none"].includes(decision)) {
    throw new AgentihooksError("E_USAGE", `--decision "${decision}" is not deny, ask, allow, block or none`);
  }
  return {
    decision,
    tool: s("tool"),
    rule: s("rule"),
    session: s("session"),
    grep: s("grep"),
    since: s("since") ? when(s("since") as string, "since", now) : undefined,
    until: s("until") ? when(s("until") as string, "until", now) : undefined,
  };
}

function verify(logs: string, json: boolean): void {
  const r = verifyLog(logs);
  if (json) process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
  else if (r.ok) {
    const extra = [r.unchained ? `${r.unchained} written without the lock (not chained)` : "", r.prunedBefore ? "older files were rotated away" : ""].filter(Boolean);
    process.stdout.write(`ok: ${r.lines} lines in ${r.files} file${r.files === 1 ? "" : "s"} follow one chain${extra.length ? ` (${extra.join("; ")})` : ""}\n`);
  } else process.stderr.write(`agentihooks: the log was changed: ${r.problem?.file} line ${r.problem?.line} ${r.problem?.why}\n`);
  if (!r.ok) process.exitCode = 1;
}

function exportRange(logs: string, filter: Filter, out?: string): void {
  const { records } = readLog(logs);
  const text = records.filter((r) => matches(r, filter)).map((r) => JSON.stringify(r)).join("\n");
  const body = text ? `${text}\n` : "";
  if (out) writeFileAtomic(out, body, 0o600);
  else process.stdout.write(body);
}

function report(files: string[], filter: Filter, json: boolean): void {
  const { records } = readRecords(files);
  const doc = buildReport(records.filter((r) => (r.kind === undefined || r.kind === "hook") && matches(r, filter)));
  process.stdout.write(json ? `${JSON.stringify(doc, null, 2)}\n` : renderReport(doc));
}

function renderReport(doc: Report): string {
  const p = paint();
  const out = [p.bold(`${doc.records} decisions from ${doc.hosts.length} host${doc.hosts.length === 1 ? "" : "s"}`)];
  out.push("", p.bold("Per host"), p.dim(`  ${"host".padEnd(24)}${["calls", "deny", "ask", "errors"].map((h) => h.padStart(8)).join("")}`));
  for (const h of doc.hosts) out.push(`  ${visible(h.host).padEnd(24)}${[h.calls, h.denies, h.asks, h.errors].map((n) => String(n).padStart(8)).join("")}`);
  out.push("", p.bold("Per rule"), p.dim(`  ${"rule".padEnd(40)}${["deny", "ask", "let later"].map((h) => h.padStart(10)).join("")}`));
  for (const r of doc.rules) out.push(`  ${visible(r.rule).padEnd(40)}${[r.denies, r.asks, r.allowed_after].map((n) => String(n).padStart(10)).join("")}`);
  out.push("", p.bold("Top denials"));
  for (const d of doc.top_denials) out.push(`  ${String(d.count).padStart(5)}  ${visible(d.rule)}: ${visible(d.reason).slice(0, 120)}`);
  if (doc.false_positive_candidates.length) {
    out.push("", p.bold("False-positive candidates (denied, then the same call went through)"));
    for (const f of doc.false_positive_candidates) out.push(`  ${visible(f.rule)}: ${f.allowed_after} of ${f.denies}`);
  }
  return `${out.join("\n")}\n`;
}

function show(logs: string, filter: Filter, args: Record<string, unknown>): Promise<void> | void {
  const limitText = typeof args.limit === "string" ? args.limit : "50";
  if (!/^\d+$/.test(limitText)) throw new AgentihooksError("E_USAGE", `--limit "${limitText}" is not a whole number`);
  const limit = Number(limitText);
  const { records, unreadable } = readLog(logs);
  const picked = records.filter((r) => matches(r, filter));
  const shown = limit > 0 ? picked.slice(-limit) : picked;
  if (args.json) process.stdout.write(`${JSON.stringify({ records: shown, matched: picked.length, unreadable }, null, 2)}\n`);
  else if (args.jsonl) process.stdout.write(shown.map((r) => `${JSON.stringify(r)}\n`).join(""));
  else {
    const p = paint();
    if (!records.length) process.stdout.write(`${p.dim(`no decisions logged yet (${join(logs, LOG_FILE)})`)}\n`);
    else if (!shown.length) process.stdout.write(`${p.dim("no decision matches")}\n`);
    else process.stdout.write(`${shown.map((r) => row(r)).join("\n")}\n`);
    if (picked.length > shown.length) process.stdout.write(`${p.dim(`(${picked.length - shown.length} older matches not shown: --limit 0 shows all)`)}\n`);
  }
  if (args.follow) return follow(logs, filter, args);
}

/** Columns that fit the terminal: time, decision, tool, by, what, why. */
function row(r: DecisionRecord): string {
  const p = paint();
  const width = process.stdout.columns || Number(process.env.COLUMNS) || 120;
  const d = new Date(r.t);
  const today = new Date().toDateString() === d.toDateString();
  const time = today ? d.toLocaleTimeString("en-GB", { hour12: false }) : `${d.toLocaleDateString("en-CA")} ${d.toLocaleTimeString("en-GB", { hour12: false })}`;
  const decision = r.error ? "error" : (r.decision ?? "-");
  const color = decision === "deny" || decision === "block" || decision === "error" ? p.red : decision === "ask" ? p.yellow : decision === "allow" ? p.green : p.dim;
  const ran = r.ran ? (r.ran.status === "failed" ? " ran:failed" : r.ran.exit !== undefined ? ` ran:${r.ran.exit}` : " ran") : "";
  const head = `${time}  ${color(decision.padEnd(6))} ${visible(r.tool ?? r.event ?? "").padEnd(10).slice(0, 10)} `;
  const by = shortBy(r.by);
  const what = visible(inputText(r) || r.event || "");
  const why = visible(r.error ?? r.reason ?? "");
  const room = Math.max(20, width - time.length - 20 - by.length - ran.length);
  const whatRoom = why ? Math.min(what.length, Math.max(12, Math.floor(room / 2))) : room;
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, Math.max(1, n - 1))}…` : s);
  const tail = [cut(what, whatRoom), why ? p.dim(cut(why, Math.max(8, room - whatRoom - 3))) : ""].filter(Boolean).join(p.dim(" — "));
  return `${head}${by ? `${p.cyan(by)} ` : ""}${tail}${p.dim(ran)}`;
}

/** Polls the current log file and prints each new matching record; ends on SIGINT or SIGTERM. */
async function follow(logs: string, filter: Filter, args: Record<string, unknown>): Promise<void> {
  const path = join(logs, LOG_FILE);
  let offset = size(path);
  let partial = "";
  for (;;) {
    await Bun.sleep(250);
    const now = size(path);
    if (now < offset) offset = 0; // rotated: the new file starts over
    if (now === offset) continue;
    const fd = openSync(path, "r");
    const buf = Buffer.alloc(now - offset);
    readSync(fd, buf, 0, buf.length, offset);
    closeSync(fd);
    offset = now;
    const lines = (partial + buf.toString("utf8")).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      let r: DecisionRecord;
      try {
        r = JSON.parse(line);
      } catch {
        continue;
      }
      if (r.kind !== undefined && r.kind !== "hook") continue;
      if (!matches(r, filter)) continue;
      process.stdout.write(args.json || args.jsonl ? `${JSON.stringify(r)}\n` : `${row(r)}\n`);
    }
  }
}

function size(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

