// Copilot CLI, live: the sessions e2e/transcripts/copilot.jsonl and copilot-pascal.jsonl are recorded
// from (run with LIVE_CAPTURE, then `bun e2e/live/rebuild-copilot-transcripts.ts DIR`). The checks
// here prove the sessions did what the records say: every scripted call reached the hook, the
// denied ones never ran, the allowed ones did.
import { describe, expect, test } from "bun:test";
import { describeRun } from "./lib/clis";
import { RESPONSES, saw, session, usePascalCase } from "./lib/copilot";
import { appSteps, fakePath, patchSteps, strangerSteps, transcriptWorld, type TranscriptStep } from "./lib/copilot-transcript";
import { hookLog, type World } from "./lib/world";

const preCalls = (world: World) => hookLog(world).filter((r) => r.kind === "hook" && r.event === "PreToolUse").length;

function appSession(label: string, pascal: boolean) {
  return session(() => {
    const world = transcriptWorld("app");
    if (pascal) usePascalCase(world);
    const steps = appSteps(world.work);
    return { world, run: { label, prompt: "Rotate the session secret handling in login.py, run tests, commit and push.", env: { PATH: fakePath(world) }, script: steps.map((s) => s.call) } };
  });
}

function checksFor(s: ReturnType<typeof appSession>, steps: (work: string) => TranscriptStep[]) {
  test("every scripted call reached the hook", () => {
    expect(preCalls(s.world()), describeRun(s.result())).toBe(steps(s.world().work).length);
  });
  test("the denied calls did not run: .env unchanged, no .env.local", () => {
    expect(s.world().read(`${s.world().work}/.env`)).toBe("DATABASE_URL=postgres://app:secret@db/app\n");
    expect(s.world().exists(`${s.world().work}/.env.local`)).toBe(false);
    expect(saw(s.result(), "postgres://app:secret")).toBe(false);
  });
  test("the allowed calls ran: the source edit and the new migration are there", () => {
    expect(s.world().read(`${s.world().work}/src/auth/login.py`)).toContain("issue_token(user, ttl=900)");
    expect(s.world().exists(`${s.world().work}/db/migrations/0003_rotate.sql`)).toBe(true);
    expect(saw(s.result(), "lines trimmed by post-bash.pytest-trim.py")).toBe(true);
  });
}

describe("copilot transcript: the app session (camelCase config)", () => checksFor(appSession("transcript app", false), appSteps));
describe("copilot transcript: the app session (PascalCase config)", () => checksFor(appSession("transcript app pascal", true), appSteps));

describe("copilot transcript: apply_patch (Responses wire)", () => {
  const s = session(() => {
    const world = transcriptWorld("app");
    return { world, run: { label: "transcript patch", env: { ...RESPONSES, PATH: fakePath(world) }, script: patchSteps().map((x) => x.call) } };
  });
  test("every patch reached the hook; the .env one was refused, the others applied", () => {
    expect(preCalls(s.world()), describeRun(s.result())).toBe(patchSteps().length);
    expect(s.world().read(`${s.world().work}/.env`)).toBe("DATABASE_URL=postgres://app:secret@db/app\n");
    expect(s.world().read(`${s.world().work}/db/migrations/0001_init.sql`)).toContain("bigint");
    expect(s.world().exists(`${s.world().work}/src/auth/ttl.py`)).toBe(true);
  });
});

describe("copilot transcript: an untrusted repository", () => {
  const s = session(() => {
    const world = transcriptWorld("stranger");
    return { world, run: { label: "transcript stranger", script: strangerSteps(world.work).map((x) => x.call) } };
  });
  test("every call reached the hook; the .env view was refused", () => {
    expect(preCalls(s.world()), describeRun(s.result())).toBe(strangerSteps(s.world().work).length);
    expect(saw(s.result(), "holds secrets")).toBe(true);
  });
});
