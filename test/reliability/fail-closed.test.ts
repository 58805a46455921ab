// No fault allows a PreToolUse call (issues 16.10, 16.11, 16.13), through the compiled executable:
// the event of a payload that cannot be parsed is found wherever it is named, or the call is denied;
// layers that cannot be read as configured deny with the reason; a Bash command that is not a string
// or holds a NUL byte is denied.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, hook, sandbox } from "../helpers";

const sb = sandbox();
const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
const pad = "x".repeat(2000);

describe("registered without --event: the event is found however the payload is shaped", () => {
  const DENIED: [string, string][] = [
    ["event after 512 bytes, too deep to parse", `{"pad":"${pad}","n":${deep(600)},"hook_event_name":"PreToolUse","tool_name":"Bash"}`],
    ["event after 512 bytes, truncated", `{"pad":"${pad}","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"`],
    ["Copilot's camelCase, garbled", `{"pad":"${pad}","toolName":"bash","toolArgs":{"command":"ls"`],
    ["a PermissionRequest, garbled", `{"pad":"${pad}","hook_event_name":"PermissionRequest",`],
    ["no event named anywhere, garbled", `{"pad":"${pad}","tool_name":"Bash"`],
    ["no event named anywhere, parsed", `{"session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}`],
    ["empty stdin", ""],
    ["invalid UTF-8 with no event", "\xff\xfe\xfd"],
    ["a non-pre event next to a PreToolUse one", `{"hook_event_name":"Stop","x":{"hook_event_name":"PreToolUse"},"n":${deep(600)}}`],
  ];
  for (const [what, stdin] of DENIED) {
    test(`denied: ${what}`, () => {
      const r = hook(stdin, { env: sb.env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("denied to fail closed");
    });
  }
  const ANSWERED: [string, string][] = [
    ["a Stop named after 512 bytes, too deep", `{"pad":"${pad}","n":${deep(600)},"hook_event_name":"Stop"}`],
    ["a SessionStart, truncated", `{"pad":"${pad}","hook_event_name":"SessionStart","source":"startup"`],
    ["a Stop with a field of the wrong type", '{"hook_event_name":"Stop","session_id":5}'],
  ];
  for (const [what, stdin] of ANSWERED) test(`exit 0: ${what}`, () => expect(hook(stdin, { env: sb.env }).exitCode).toBe(0));
  test("with --event, that event decides", () => {
    expect(hook("", { env: sb.env, event: "Stop" }).exitCode).toBe(0);
    expect(hook("", { env: sb.env, event: "PreToolUse" }).exitCode).toBe(2);
  });
  test("larger than 64 MiB with the event at the end: denied", () => {
    const big = `{"pad":"${"a".repeat(65 * 1024 * 1024)}","hook_event_name":"Stop"}`;
    expect(hook(big, { env: sb.env }).exitCode).toBe(2);
  }, 60_000);
});

describe("layers that cannot be read as configured deny PreToolUse with the reason", () => {
  const STATES: [string, string, RegExp][] = [
    ["an empty state.json", "", /state.json: is empty/],
    ["a state.json of blanks", "  \n", /state.json: is empty/],
    ["a corrupt state.json", "{not json", /state.json: not valid JSON/],
    ["a state.json of the wrong shape", '{"bundle": 5}', /state.json: \/bundle/],
    ["a linked bundle that is gone", JSON.stringify({ bundle: { path: "/nonexistent/bundle" } }), /linked bundle \/nonexistent\/bundle does not exist/],
    ["a profile that is not found", JSON.stringify({ targets: { claude: { profiles: ["nowhere"] } } }), /profile "nowhere" not found/],
  ];
  for (const [what, body, reason] of STATES) {
    test(what, () => {
      const s = sandbox();
      writeFileSync(join(s.home, "state.json"), body);
      const r = hook(claudeBash("ls", s.repo), { env: s.env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(reason);
      // other events go on, with the problem on stderr
      const stop = hook({ session_id: "s", cwd: s.repo, hook_event_name: "Stop", stop_hook_active: false }, { env: s.env });
      expect(stop.exitCode).toBe(0);
      expect(stop.stderr).toMatch(reason);
    });
  }
  // skipped as root: root lists any folder
  test.skipIf(process.getuid?.() === 0)("a layer folder that cannot be listed", () => {
    const s = sandbox();
    mkdirSync(join(s.repo, ".agentihooks", "conditions"), { recursive: true, mode: 0o000 });
    expect(hook(claudeBash("ls", s.repo), { env: s.env }).exitCode).toBe(2);
  });
});

describe("a Bash command that is not a string, or holds a NUL byte, is denied", () => {
  const COMMANDS: [string, unknown][] = [
    ["an array", ["rm", "-rf", "/"]],
    ["a number", 42],
    ["an object", { cmd: "ls" }],
    ["null", null],
    ["missing", undefined],
    ["a NUL byte", "ls\u0000; rm -rf .agentihooks/conditions"],
    ["a NUL byte at the end", "ls\u0000"],
  ];
  for (const [what, command] of COMMANDS) {
    test(`claude: ${what}`, () => {
      const input = command === undefined ? { description: "x" } : { command };
      const r = hook({ ...claudeBash("", sb.repo), tool_input: input }, { env: sb.env });
      expect(r.exitCode).toBe(2);
      expect(r.stdout + r.stderr).toMatch(/the Bash command (is missing|is not a string|holds a NUL byte)/);
    });
    test(`copilot: ${what}`, () => {
      const args = command === undefined ? { description: "x" } : { command };
      const r = hook({ sessionId: "s", timestamp: 1, cwd: sb.repo, toolName: "bash", toolArgs: args }, { env: sb.env, event: "preToolUse" });
      expect(r.exitCode).toBe(2);
    });
  }
  test("a NUL byte in a file tool's path", () => {
    const r = hook({ ...claudeBash("", sb.repo), tool_name: "Write", tool_input: { file_path: "notes\u0000.md", content: "x" } }, { env: sb.env });
    expect(r.exitCode).toBe(2);
  });
});
