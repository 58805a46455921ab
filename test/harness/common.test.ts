import { describe, expect, test } from "bun:test";
import {
  addAliases, capContext, joinArgv, liftPatch, parseArgs, patchPaths, resolveEvent, TRUNCATED, validatePayload,
} from "../../src/harness/common";
import { EVENT_NAMES } from "../../src/harness/detect";
import { PayloadError } from "../../src/errors";

describe("joinArgv: an argv list becomes one shell-quoted string", () => {
  const cases: [string[], string][] = [
    [["ls", "-la"], "ls -la"],
    [["bash", "-lc", "git status && ls"], "bash -lc 'git status && ls'"],
    [["echo", "a b", "c'd"], `echo 'a b' "c'd"`],
    [["rm", "$HOME"], "rm \\$HOME"],
    [[], ""],
  ];
  test.each(cases)("%j -> %s", (argv, expected) => expect(joinArgv(argv)).toBe(expected));
});

describe("parseArgs: toolArgs as object, JSON text, or raw text", () => {
  const cases: [string, unknown, unknown][] = [
    ["object stays", { command: "ls" }, { command: "ls" }],
    ["JSON text parsed", '{"command":"rm -rf dist"}', { command: "rm -rf dist" }],
    ["raw patch text kept", "*** Begin Patch", { command: "*** Begin Patch", content: "*** Begin Patch" }],
    ["JSON scalar text is raw", '"ls"', { command: '"ls"', content: '"ls"' }],
    ["blank text is empty args", "  ", {}],
    ["undefined stays", undefined, undefined],
  ];
  test.each(cases)("%s", (_name, input, expected) => expect(parseArgs(input)).toEqual(expected));
});

const PATCH = [
  "*** Begin Patch",
  "*** Add File: src/new.ts",
  "+export const x = 1;",
  "*** Update File: src/old.ts",
  "*** Move to: src/renamed.ts",
  "@@",
  "-a",
  "+b",
  "*** Delete File: .claude/conditions/pre-bash-x.sh",
  "*** Update File: src/old.ts",
  "*** End Patch",
].join("\n");

describe("apply_patch path lifting", () => {
  test("every header path, in order, once", () => {
    expect(patchPaths(PATCH)).toEqual(["src/new.ts", "src/old.ts", "src/renamed.ts", ".claude/conditions/pre-bash-x.sh"]);
  });
  test("CRLF line ends do not leak into paths", () => {
    expect(patchPaths("*** Begin Patch\r\n*** Add File: a.txt\r\n+x\r\n*** End Patch\r\n")).toEqual(["a.txt"]);
  });
  const bodies: [string, Record<string, unknown>][] = [
    ["command", { command: PATCH }],
    ["patch", { patch: PATCH }],
    ["input", { input: PATCH }],
    ["argv list", { command: ["apply_patch", PATCH] }],
  ];
  test.each(bodies)("body from %s is lifted into Edit fields", (_name, input) => {
    liftPatch(input, "/repo");
    expect(input.file_path).toBe("/repo/src/new.ts");
    expect(input.file_paths).toEqual([
      "/repo/src/new.ts", "/repo/src/old.ts", "/repo/src/renamed.ts", "/repo/.claude/conditions/pre-bash-x.sh",
    ]);
    expect(input.content).toContain("*** Add File: src/new.ts");
    expect(input.new_string).toBe(input.content);
    expect(typeof input.command).toBe("string");
  });
  test("absolute paths stay, a given file_path is kept", () => {
    const input: Record<string, unknown> = { command: "*** Update File: /etc/hosts\n", file_path: "/keep" };
    liftPatch(input, "/repo");
    expect(input.file_path).toBe("/keep");
    expect(input.file_paths).toEqual(["/etc/hosts"]);
  });
  test("no body: nothing added", () => {
    const input: Record<string, unknown> = { other: 1 };
    liftPatch(input, "/repo");
    expect(input).toEqual({ other: 1 });
  });
});

describe("addAliases: originals kept, a blank target overwritten, a set one kept", () => {
  const table = { path: "file_path", old_str: "old_string" };
  const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["added", { path: "/a" }, { path: "/a", file_path: "/a" }],
    ["blank target overwritten", { path: "/a", file_path: "" }, { path: "/a", file_path: "/a" }],
    ["set target kept", { path: "/a", file_path: "/b" }, { path: "/a", file_path: "/b" }],
    ["blank source fills an absent target", { old_str: "" }, { old_str: "", old_string: "" }],
    ["blank source never replaces a blank target", { path: {}, file_path: "" }, { path: {}, file_path: "" }],
  ];
  test.each(cases)("%s", (_name, obj, expected) => {
    addAliases(obj, table, false);
    expect(obj).toEqual(expected);
  });
  test("dropSource removes the camelCase key", () => {
    const obj: Record<string, unknown> = { sessionId: "s", session_id: "" };
    addAliases(obj, { sessionId: "session_id" }, true);
    expect(obj).toEqual({ session_id: "s" });
  });
});

describe("capContext", () => {
  test("short text unchanged", () => expect(capContext("abc", 10)).toBe("abc"));
  test("exactly the limit unchanged", () => expect(capContext("x".repeat(50), 50)).toBe("x".repeat(50)));
  test("long text cut to the limit with a visible marker", () => {
    const out = capContext("x".repeat(20_000), 10_000);
    expect(out.length).toBe(10_000);
    expect(out.endsWith(TRUNCATED)).toBe(true);
  });
  test("a surrogate pair is never split", () => {
    const out = capContext(`${"x".repeat(87)}😀${"y".repeat(50)}`, 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe("resolveEvent: name > hint > shape", () => {
  const table = EVENT_NAMES.copilot;
  test("payload name wins over hint", () => expect(resolveEvent(table, "PostToolUse", "preToolUse")).toBe("PostToolUse"));
  test("hint mapped through the table", () => expect(resolveEvent(table, undefined, "agentStop")).toBe("Stop"));
  test("inferred last", () => expect(resolveEvent(table, undefined, undefined, () => "SessionStart")).toBe("SessionStart"));
  test("unknown name", () => expect(() => resolveEvent(table, "PostToolBatch")).toThrow(/unknown hook event "PostToolBatch"/));
  test("prototype keys are not events", () => expect(() => resolveEvent(table, "constructor")).toThrow(PayloadError));
  test("nothing at all", () => expect(() => resolveEvent(table, undefined)).toThrow(/pass --event/));
  test("non-string name", () => expect(() => resolveEvent(table, 7)).toThrow(/hook_event_name must be a string/));
});

describe("validatePayload", () => {
  test("defaults session_id and cwd; null optional fields dropped", () => {
    const p = validatePayload({ transcript_path: null }, "Stop");
    expect(p.session_id).toBe("");
    expect(p.cwd).toBe(process.cwd());
    expect("transcript_path" in p).toBe(false);
    expect(p.hook_event_name).toBe("Stop");
  });
  const bad: [string, Record<string, unknown>, string, RegExp][] = [
    ["PreToolUse without tool_input", { tool_name: "Bash" }, "PreToolUse", /^PreToolUse payload has no tool_input object$/],
    ["PreToolUse with string tool_input", { tool_name: "Bash", tool_input: "ls" }, "PreToolUse", /no tool_input object/],
    ["PreToolUse with array tool_input", { tool_name: "Bash", tool_input: [] }, "PreToolUse", /no tool_input object/],
    ["empty tool_name", { tool_name: "", tool_input: {} }, "PreToolUse", /PreToolUse payload has no tool_name/],
    ["numeric tool_name", { tool_name: 3, tool_input: {} }, "PostToolUse", /tool_name must be a string/],
    ["session_id object", { session_id: {} }, "Stop", /Stop payload: session_id must be a string, got object/],
    ["cwd number", { cwd: 1 }, "SessionStart", /cwd must be a string, got number/],
    ["post tool_input string", { tool_name: "Bash", tool_input: "x" }, "PostToolUse", /tool_input must be an object/],
    ["stop_hook_active string", { stop_hook_active: "yes" }, "Stop", /stop_hook_active must be a boolean/],
  ];
  test.each(bad)("%s -> PayloadError", (_name, obj, event, message) => {
    expect(() => validatePayload(obj, event as never)).toThrow(message);
    expect(() => validatePayload(obj, event as never)).toThrow(PayloadError);
  });
  test("missing tool_input on a non-Pre tool event becomes {}", () => {
    expect(validatePayload({ tool_name: "Bash" }, "PostToolUseFailure").tool_input).toEqual({});
  });
  test("the raw tool_input is not mutated by later edits", () => {
    const input = { command: "ls" };
    const p = validatePayload({ tool_name: "Bash", tool_input: input }, "PreToolUse");
    (p.tool_input as Record<string, unknown>).command = "changed";
    expect(input.command).toBe("ls");
  });
});
