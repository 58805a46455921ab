// Rebuilds e2e/transcripts/copilot.jsonl (camelCase config) and copilot-pascal.jsonl (PascalCase
// config) from a capture of the copilot-transcript live checks:
//   make test-live LIVE_CAPTURE=/tmp/cap    (or only e2e/live/copilot-transcript.live.ts)
//   bun e2e/live/rebuild-copilot-transcripts.ts /tmp/cap
// Every payload is what Copilot sent, verbatim but for the world's paths (placeholders of the
// replay). Each record's expectation comes from the scripted call it belongs to
// (lib/copilot-transcript.ts); the records Copilot sends around the calls must answer nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { appSteps, type Expect, patchSteps, strangerSteps, type TranscriptStep } from "./lib/copilot-transcript";

interface Captured {
  version: string;
  check: string;
  argv: string[];
  payload: Record<string, unknown>;
}

/** Check label -> its steps, the replay placeholder its working folder becomes, and the output file. */
const SESSIONS: Record<string, { steps: TranscriptStep[]; work: string; file: "copilot.jsonl" | "copilot-pascal.jsonl" }> = {
  "transcript app": { steps: appSteps("<WORK>"), work: "${REPO}", file: "copilot.jsonl" },
  "transcript patch": { steps: patchSteps(), work: "${REPO}", file: "copilot.jsonl" },
  "transcript stranger": { steps: strangerSteps("<WORK>"), work: "${STRANGER}", file: "copilot.jsonl" },
  "transcript app pascal": { steps: appSteps("<WORK>"), work: "${REPO}", file: "copilot-pascal.jsonl" },
};

/** Records the real CLI no longer sends but agentihooks still reads (older CLIs sent toolArgs as JSON text). */
const DEFENSIVE = [
  {
    name: "bare git log with toolArgs as a JSON string is rewritten", target: "copilot", argv_event: "preToolUse",
    defensive: true, why: "CLI 1.0.83 sent toolArgs as JSON text; 1.0.102 always sends an object (or apply_patch's raw patch)",
    payload: { sessionId: "c1779e76-9889-419b-ab12-f7bb8a957e15", timestamp: 1788547876869, cwd: "${REPO}", toolName: "bash", toolArgs: '{"command": "git log", "description": "Show history"}' },
    expect: { exit: 0, stdout_json: { permissionDecision: "allow", modifiedArgs: { command: "git log --oneline -20" } } },
  },
  {
    name: "edit .env is denied (toolArgs as a string)", target: "copilot", argv_event: "preToolUse",
    defensive: true, why: "CLI 1.0.83 sent toolArgs as JSON text; 1.0.102 always sends an object",
    payload: { sessionId: "c1779e76-9889-419b-ab12-f7bb8a957e15", timestamp: 1788547890000, cwd: "${REPO}", toolName: "edit", toolArgs: '{"path": "${REPO}/.env", "old_str": "A=1", "new_str": "A=2"}' },
    expect: { exit: 2, stdout_json: { permissionDecision: "deny" }, stderr_contains: "holds secrets" },
  },
];

const CAMEL: Record<string, string> = {
  PreToolUse: "preToolUse", PostToolUse: "postToolUse", PostToolUseFailure: "postToolUseFailure", PermissionRequest: "permissionRequest",
};
const QUIET: Expect = { exit: 0, stdout_empty: true };
/** The events that belong to the scripted call they follow (a preToolUse starts the next one). */
const TOOL_EVENTS = new Set(["preToolUse", "postToolUse", "postToolUseFailure", "permissionRequest"]);

/** Returns the payload with the world's paths as the replay's placeholders; throws on a path it cannot map. */
function placeholders(payload: unknown, work: string): unknown {
  const text = JSON.stringify(payload).replaceAll("<WORK>", work).replaceAll("<HOME>", "${HOME}");
  if (/<WORLD>|<WORK-SLUG>/.test(text)) throw new Error(`a recorded payload names a path outside HOME and the repository: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Turns one session's captured calls, in order, into replay records. */
function recordsOf(calls: Captured[], session: (typeof SESSIONS)[string]): Record<string, unknown>[] {
  let at = -1;
  return calls.map((c) => {
    const argvEvent = c.argv[c.argv.indexOf("--event") + 1];
    const event = CAMEL[argvEvent] ?? argvEvent;
    if (event === "preToolUse") at++;
    const step = TOOL_EVENTS.has(event) && at >= 0 ? session.steps[at] : undefined;
    if (TOOL_EVENTS.has(event) && !step) throw new Error(`${c.check}: a ${event} past the last scripted call`);
    const pascal = session.file === "copilot-pascal.jsonl";
    return {
      name: step ? (event === "preToolUse" ? step.name : `${step.name} (${event})`) : event,
      target: "copilot",
      ...(pascal ? { event: argvEvent } : { argv_event: argvEvent }),
      version: c.version,
      ...(step?.env ? { env: step.env } : {}),
      payload: placeholders(c.payload, session.work),
      expect: step?.expect?.[event as keyof NonNullable<TranscriptStep["expect"]>] ?? QUIET,
    };
  });
}

function main(dir: string | undefined): void {
  if (!dir) throw new Error("usage: bun e2e/live/rebuild-copilot-transcripts.ts CAPTURE_DIR");
  const captured = readFileSync(join(dir, "copilot.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Captured);
  const out: Record<string, string[]> = { "copilot.jsonl": [], "copilot-pascal.jsonl": [] };
  for (const [label, session] of Object.entries(SESSIONS)) {
    const calls = captured.filter((c) => c.check === label);
    if (!calls.length) throw new Error(`the capture holds no "${label}" session: run e2e/live/copilot-transcript.live.ts with LIVE_CAPTURE`);
    out[session.file].push(...recordsOf(calls, session).map((r) => JSON.stringify(r)));
  }
  out["copilot.jsonl"].push(...DEFENSIVE.map((r) => JSON.stringify(r)));
  const transcripts = resolve(import.meta.dir, "../transcripts");
  for (const [file, lines] of Object.entries(out)) writeFileSync(join(transcripts, file), `${lines.join("\n")}\n`);
  console.log(Object.entries(out).map(([f, l]) => `${f}: ${l.length} records`).join("\n"));
}

main(process.argv[2]);
