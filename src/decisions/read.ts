// Reading the decision log: every record of every log file in order, filtered, with each pre
// decision joined to what then ran (the post or failure record of the same tool_use_id).
import { readFileSync } from "node:fs";
import { AgentihooksError } from "../errors";
import { logFiles } from "../state/hook-log";

export interface DecisionRecord {
  t: string;
  host?: string;
  user?: string;
  kind?: string;
  harness?: string;
  target?: string;
  session?: string;
  tool_use_id?: string;
  event?: string;
  tool?: string;
  input?: unknown;
  decision?: string;
  by?: string;
  reason?: string;
  conditions?: { name: string; source?: string; status?: string; exit?: number | null; ms?: number; decision?: string; error?: string }[];
  dynamic?: string[];
  ran?: { status: string; exit?: number; interrupted?: boolean };
  exit?: number;
  duration_ms?: number;
  error?: string;
  notes?: string[];
  prev?: string;
  [key: string]: unknown;
}

export interface Filter {
  decision?: string;
  tool?: string;
  rule?: string;
  session?: string;
  since?: number;
  until?: number;
  grep?: string;
}

/** Returns the records of the given files (default: the log's), with a count of lines that were not records. */
export function readRecords(files: string[]): { records: DecisionRecord[]; unreadable: number } {
  const records: DecisionRecord[] = [];
  let unreadable = 0;
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
        if (v && typeof v === "object" && !Array.isArray(v) && typeof v.t === "string") records.push(v);
        else unreadable++;
      } catch {
        unreadable++;
      }
    }
  }
  return { records, unreadable };
}

/** The log's own records: one per hook call (older logs' per-condition lines are folded away). */
export function readLog(logsDir: string): { records: DecisionRecord[]; unreadable: number; files: string[] } {
  const files = logFiles(logsDir);
  const { records, unreadable } = readRecords(files);
  return { records: joinRuns(records.filter((r) => r.kind === undefined || r.kind === "hook")), unreadable, files };
}

/** Gives each pre record the `ran` of the post record with the same tool_use_id, when there is one. */
export function joinRuns(records: DecisionRecord[]): DecisionRecord[] {
  const pre = new Map<string, DecisionRecord>();
  for (const r of records) {
    if (!r.tool_use_id) continue;
    if (/^pre/i.test(r.event ?? "")) pre.set(`${r.session}|${r.tool_use_id}`, r);
    else if (r.ran) {
      const p = pre.get(`${r.session}|${r.tool_use_id}`);
      if (p && !p.ran) p.ran = r.ran;
    }
  }
  return records;
}

/** The rule or condition a record names as deciding, in its short form. */
export function shortBy(by: string | undefined): string {
  if (!by) return "";
  return by.replace(/^(pre|post|fail|permission)-/, "").replace(/\.(sh|bash|py|ts|js|rules\.toml)$/, "");
}

/** Returns whether a record passes the filter. */
export function matches(r: DecisionRecord, f: Filter): boolean {
  const t = Date.parse(r.t);
  if (f.since !== undefined && !(t >= f.since)) return false;
  if (f.until !== undefined && !(t <= f.until)) return false;
  if (f.decision && (r.decision ?? "none") !== f.decision) return false;
  if (f.tool && (r.tool ?? "").toLowerCase() !== f.tool.toLowerCase()) return false;
  if (f.session && r.session !== f.session) return false;
  if (f.rule) {
    const names = [r.by ?? "", shortBy(r.by), ...(r.conditions ?? []).flatMap((c) => [c.name, shortBy(c.name)])];
    if (!names.some((n) => n === f.rule || n.includes(f.rule as string))) return false;
  }
  if (f.grep && !JSON.stringify(r).toLowerCase().includes(f.grep.toLowerCase())) return false;
  return true;
}

/** A short text of what the call was: a Bash command, a file path, or the input's first string. */
export function inputText(r: DecisionRecord): string {
  const i = r.input as Record<string, unknown> | undefined;
  if (!i || typeof i !== "object") return "";
  if (typeof i.sha256 === "string" && Object.keys(i).length === 1) return `sha256:${i.sha256.slice(0, 12)}`;
  for (const k of ["command", "file_path", "path", "notebook_path", "pattern", "url", "prompt"]) if (typeof i[k] === "string") return i[k] as string;
  const first = Object.values(i).find((v) => typeof v === "string");
  return typeof first === "string" ? first : JSON.stringify(i);
}
