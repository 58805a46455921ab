// Bad input, fuzzed: random bytes, truncated JSON, deep nesting, huge strings, wrong types and invalid
// UTF-8, for every target and event. The hook always answers, never prints a stack trace, and a
// PreToolUse it cannot understand is denied with a one-line reason.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { BIN, claudeBash, sandbox } from "../helpers";

const sb = sandbox();
// A stack frame ("    at f (file.ts:1)") or Bun's crash banner; a quoted token in a parse error is not one.
const STACK = /\n\s+at .+:\d+|\nBun v\d+\.\d+\.\d+ \(/;

interface Answer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs one hook call; a hang is a failure (killed after 20 s), not a timing measurement. */
async function call(args: string[], stdin: Uint8Array | string): Promise<Answer> {
  const p = Bun.spawn([BIN, "hook", ...args], { env: sb.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  const killer = setTimeout(() => p.kill("SIGKILL"), 20_000);
  try {
    p.stdin.write(stdin);
    await p.stdin.end();
  } catch {}
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  clearTimeout(killer);
  return { exitCode, stdout, stderr };
}

function expectSane(a: Answer) {
  expect(a.exitCode === 0 || a.exitCode === 2).toBe(true);
  expect(a.stdout + a.stderr).not.toMatch(STACK);
  if (a.stdout.trim()) JSON.parse(a.stdout); // stdout is one JSON object or nothing
}

function expectDenied(a: Answer) {
  expect(a.exitCode).toBe(2);
  expect(a.stderr.trim().split("\n")).toHaveLength(1);
  expect(a.stderr).toMatch(/denied to fail closed/);
}

const TARGETS: [string, string][] = [
  ["claude", "PreToolUse"],
  ["codex", "PreToolUse"],
  ["copilot", "preToolUse"],
  ["opencode", "tool.execute.before"],
  ["droid", "PreToolUse"],
  ["cline", "PreToolUse"],
  ["kimi", "PreToolUse"],
];
const OTHER_EVENTS = ["PostToolUse", "SessionStart", "UserPromptSubmit", "Stop", "Notification", "postToolUse", "agentStop", "sessionStart"];

describe("random bytes and truncated JSON", () => {
  test("PreToolUse: random bytes are always denied (every target)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...TARGETS), async (bytes, [target, event]) => {
        const a = await call(["--target", target, "--event", event], bytes);
        expectSane(a);
        // random bytes that happen to be a valid, complete PreToolUse payload are vanishingly unlikely
        expectDenied(a);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  test("PreToolUse: every truncation of a valid payload is denied", async () => {
    const full = JSON.stringify(claudeBash("git status", sb.repo));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: full.length - 1 }), fc.constantFrom(...TARGETS), async (cut, [target, event]) => {
        const a = await call(["--target", target, "--event", event], full.slice(0, cut));
        expectSane(a);
        expectDenied(a);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  test("other events: bad input exits 0 without output", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...OTHER_EVENTS), async (bytes, event) => {
        const a = await call(["--event", event], bytes);
        expectSane(a);
        expect(a.exitCode).toBe(0);
        expect(a.stdout).toBe("");
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe("wrong types in every field", () => {
  const base = claudeBash("ls", "/tmp") as Record<string, unknown>;
  const wrong = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 }));
  test("claude PreToolUse with a mistyped field is denied or answered, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("session_id", "cwd", "tool_name", "tool_input", "permission_mode", "tool_use_id", "transcript_path", "hook_event_name"), wrong, async (field, value) => {
        const a = await call(["--event", "PreToolUse"], JSON.stringify({ ...base, [field]: value }));
        expectSane(a);
        if (["tool_name", "tool_input", "session_id", "cwd"].includes(field) && typeof value !== "object") expectDenied(a);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
  test("copilot camelCase with mistyped toolArgs/toolName is denied or answered", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("toolName", "toolArgs", "sessionId", "cwd", "toolCalls"), wrong, async (field, value) => {
        const payload = { sessionId: "p", timestamp: 1, cwd: "/tmp", toolName: "bash", toolArgs: { command: "ls" }, [field]: value };
        const a = await call(["--target", "copilot", "--event", "preToolUse"], JSON.stringify(payload));
        expectSane(a);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe("extremes", () => {
  test("10,000 levels of nesting: denied, no stack overflow", async () => {
    const deep = `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    for (const [target, event] of TARGETS) expectDenied(await call(["--target", target, "--event", event], deep));
  });
  test("a 50 MiB command string is judged, not dropped", async () => {
    const big = JSON.stringify(claudeBash(`echo ${"a".repeat(50 * 1024 * 1024)}`, sb.repo));
    const a = await call(["--event", "PreToolUse"], big);
    expectSane(a);
    expect(a.exitCode).toBe(0); // no condition matches: an allowed call, and nothing crashed on the size
  }, 60_000);
  test("invalid UTF-8 is denied on PreToolUse", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"'), 0xff, 0xfe, 0xc3, ...new TextEncoder().encode('"}}')]);
    for (const [target, event] of TARGETS) expectDenied(await call(["--target", target, "--event", event], bytes));
  });
});
