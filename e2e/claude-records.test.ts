// The builder of e2e/transcripts/claude.jsonl (e2e/live/lib/claude-records.ts) keeps what Claude sent
// verbatim but for its paths, and refuses a capture and a table that disagree in either direction.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildRecords, type Captured, replayPaths } from "./live/lib/claude-records";
import { SESSIONS } from "./live/lib/claude-traffic";

const session = SESSIONS.find((s) => s.label === "traffic: mainline")!;
const base = { session_id: "s1", transcript_path: "<HOME>/.claude/projects/<WORK-SLUG>/0b6f3a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.jsonl", cwd: "<WORK>" };
const line = (payload: Record<string, unknown>, check = session.label): Captured => ({ harness: "claude", version: "2.1.328", check, argv: [], payload: { ...base, ...payload } });
const pre = (command: string, id: string) => line({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "Push" }, tool_use_id: id });

function mainline(extra: Captured[] = []): Captured[] {
  return [
    line({ hook_event_name: "SessionStart", source: "startup" }),
    pre("git push", "toolu_1"),
    pre("git push -u origin HEAD", "toolu_2"),
    ...extra,
    line({ hook_event_name: "Stop", stop_hook_active: false }),
  ];
}

/** Builds the mainline session only. */
const build = (captured: Captured[]) => buildRecords(captured, [session]);

describe("claude records from captured traffic", () => {
  test("each payload kept, its paths as the replay's placeholders, its answer from the table", () => {
    const records = build(mainline());
    expect(records.map((r) => r.name)).toEqual(["mainline: SessionStart", "bare push on main is denied", "push -u origin HEAD on main is denied", "mainline: Stop"]);
    expect(records[1]).toMatchObject({ target: "claude", event: "PreToolUse", version: "2.1.328", check: session.label, expect: { exit: 2, stderr_contains: "the checked-out branch is main" } });
    expect(records[1].payload).toMatchObject({ cwd: "${MAIN_REPO}", transcript_path: "${TRANSCRIPT}", tool_input: { command: "git push", description: "Push" } });
  });

  test("a payload no step calls stops the build", () => {
    expect(() => build(mainline([pre("git push --tags", "toolu_3")]))).toThrow("no step of the table calls");
  });

  test("an event the table has no answer for stops the build", () => {
    const post = line({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "git push", description: "Push" }, tool_use_id: "toolu_1", tool_response: {} });
    expect(() => build(mainline([post]))).toThrow("the table has no answer for it (add `post`)");
    expect(() => build(mainline([line({ hook_event_name: "Notification" })]))).toThrow("LIFECYCLE has no answer");
  });

  test("an answer Claude never sent a payload for stops the build", () => {
    expect(() => build(mainline().filter((c) => (c.payload.tool_input as { command?: string } | undefined)?.command !== "git push"))).toThrow("Claude never sent it");
  });

  test("the state folder, the transcript, the repository and HOME map to their placeholders, in that order", () => {
    const text = "<HOME>/.agentihooks/logs <HOME>/.claude/projects/<WORK-SLUG>/0b6f3a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.jsonl <WORK>/x <HOME>/y";
    expect(replayPaths(text, session)).toBe("${AHOME}/logs ${TRANSCRIPT} ${MAIN_REPO}/x ${HOME}/y");
    const noPush = SESSIONS.find((s) => s.transcript === "claude-no-push.transcript.jsonl")!;
    expect(replayPaths(text, noPush)).toBe("${AHOME}/logs ${TRANSCRIPTS}/claude-no-push.transcript.jsonl ${REPO}/x ${HOME}/y");
  });
});

test("the committed claude.jsonl was recorded: every record names the CLI version and the live check", () => {
  const records = readFileSync(join(import.meta.dir, "transcripts", "claude.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  expect(records.length).toBeGreaterThan(100);
  for (const r of records) {
    expect(r.version, r.name).toMatch(/^\d+\.\d+\.\d+$/);
    expect(SESSIONS.map((s) => s.label), r.name).toContain(r.check);
    expect(JSON.stringify(r.payload), r.name).not.toMatch(/<(HOME|WORK|WORLD)>|\/tmp\/ah-live-/);
  }
});
