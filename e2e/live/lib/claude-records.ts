// Rebuilds e2e/transcripts/claude.jsonl (and the Claude transcripts push_intent reads) from what the
// real CLI sent in the traffic sessions (claude-traffic.live.ts run with LIVE_CAPTURE=DIR):
//   bun e2e/live/lib/claude-records.ts DIR
// Each captured payload is kept verbatim but for its paths, which become the replay's placeholders;
// its expectation comes from the session table (claude-traffic.ts). A payload the table has no
// answer for, or an answer no payload came for, stops the build: the table and what Claude really
// sends must agree.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Expect, LIFECYCLE, SESSIONS, type TrafficSession, type TrafficStep } from "./claude-traffic";

/** One line of LIVE_CAPTURE's claude.jsonl (clis.ts keepCaptures). */
export interface Captured {
  harness: string;
  version?: string;
  check: string;
  argv: string[];
  payload: Record<string, unknown>;
}

/** One replay record (e2e/replay.test.ts), with the CLI version and the live check that recorded it. */
export interface ReplayRecord {
  name: string;
  target: "claude";
  event: string;
  version?: string;
  check: string;
  env?: Record<string, string>;
  payload: unknown;
  expect: Expect;
}

const TOOL_EVENTS: Record<string, "pre" | "post" | "fail"> = { PreToolUse: "pre", PostToolUse: "post", PostToolUseFailure: "fail" };
const SUFFIX = { pre: "", post: " (output)", fail: " (PostToolUseFailure)" };
export const TRANSCRIPT_PATH = /<HOME>\/\.claude\/projects\/<WORK-SLUG>\/[0-9a-f-]+\.jsonl/g;

/** Returns a capture's text with the replay world's placeholders for the session's paths. */
export function replayPaths(text: string, s: TrafficSession): string {
  const transcript = s.transcript === "claude-conversation.transcript.jsonl" ? "${TRANSCRIPT}" : `\${TRANSCRIPTS}/${s.transcript}`;
  return text.replaceAll("<HOME>/.agentihooks", "${AHOME}").replace(TRANSCRIPT_PATH, transcript).replaceAll("<WORK>", `\${${s.repo}}`).replaceAll("<HOME>", "${HOME}");
}

/** true when every key of `want` is in `got` with the same value (Claude adds keys such as replace_all). */
function subset(want: Record<string, unknown>, got: unknown): boolean {
  if (!got || typeof got !== "object") return false;
  return Object.entries(want).every(([k, v]) => JSON.stringify((got as Record<string, unknown>)[k]) === JSON.stringify(v));
}

/** Builds the records of one session from its captured lines, in the order Claude sent them. */
function sessionRecords(s: TrafficSession, lines: Captured[]): ReplayRecord[] {
  const byId = new Map<string, TrafficStep>();
  const used = new Set<string>();
  const records: ReplayRecord[] = [];
  for (const line of lines) {
    const p = line.payload;
    const event = String(p.hook_event_name);
    const kind = TOOL_EVENTS[event];
    let name: string;
    let expect: Expect | undefined;
    let env: Record<string, string> | undefined;
    if (kind) {
      const id = String(p.tool_use_id);
      const step = kind === "pre"
        ? s.steps.find((st) => "tool" in st.call && st.call.tool === p.tool_name && subset(st.call.input as Record<string, unknown>, p.tool_input) && !used.has(`${st.name}/pre`))
        : byId.get(id);
      if (!step) throw new Error(`${s.label}: Claude sent ${event} for ${p.tool_name} ${JSON.stringify(p.tool_input)}, which no step of the table calls`);
      if (kind === "pre") byId.set(id, step);
      expect = step[kind];
      if (!expect) throw new Error(`${s.label} / ${step.name}: Claude sent ${event}, and the table has no answer for it (add \`${kind}\`)`);
      used.add(`${step.name}/${kind}`);
      name = step.name + SUFFIX[kind];
      env = step.env;
    } else {
      expect = LIFECYCLE[event];
      if (!expect) throw new Error(`${s.label}: Claude sent ${event}, and LIFECYCLE has no answer for it`);
      name = `${s.label.replace(/^traffic: /, "")}: ${event}`;
    }
    const payload = JSON.parse(replayPaths(JSON.stringify(p), s));
    records.push({ name, target: "claude", event, version: line.version, check: line.check, ...(env ? { env } : {}), payload, expect });
  }
  for (const step of s.steps) {
    for (const kind of ["pre", "post", "fail"] as const) {
      if (step[kind] && !used.has(`${step.name}/${kind}`)) throw new Error(`${s.label} / ${step.name}: the table answers ${kind}, but Claude never sent it`);
    }
  }
  return records;
}

/** Returns every traffic session's records, in table order; other checks' captures are ignored. */
export function buildRecords(captured: Captured[], sessions: readonly TrafficSession[] = SESSIONS): ReplayRecord[] {
  return sessions.flatMap((s) => {
    const lines = captured.filter((c) => c.harness === "claude" && c.check === s.label);
    if (!lines.length) throw new Error(`${s.label}: nothing captured (run claude-traffic.live.ts with LIVE_CAPTURE)`);
    return sessionRecords(s, lines);
  });
}

/** The file a session's transcript is kept under in LIVE_CAPTURE's folder (claude-traffic.live.ts). */
export const transcriptCapture = (s: TrafficSession) => `claude-${s.label.replace(/\W+/g, "_")}.transcript.jsonl`;

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: bun e2e/live/lib/claude-records.ts CAPTURE_DIR");
    process.exit(2);
  }
  const out = join(import.meta.dir, "..", "..", "transcripts");
  const captured = readFileSync(join(dir, "claude.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Captured);
  const records = buildRecords(captured);
  writeFileSync(join(out, "claude.jsonl"), records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  for (const s of SESSIONS.filter((x, i, all) => all.findIndex((y) => y.transcript === x.transcript) === i)) {
    // The conversation only: Claude's transcript also logs API requests and attachments, which no
    // transcript reader looks at and which would make the file ten times larger.
    const lines = readFileSync(join(dir, transcriptCapture(s)), "utf8").split("\n").filter((l) => l && ["user", "assistant"].includes(JSON.parse(l).type));
    writeFileSync(join(out, s.transcript), replayPaths(`${lines.join("\n")}\n`, s));
  }
  console.log(`wrote ${records.length} records (${[...new Set(records.map((r) => r.version))].join(", ")}) to ${join(out, "claude.jsonl")}`);
}
