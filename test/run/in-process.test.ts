// runBuiltin's contract with the function it calls, module-level (no built-in throws or hangs on any
// input found, so these paths are driven with functions made to): a throw is a crash (exit 1, as a
// script's uncaught exception), an answer later than the deadline is a timeout, every result shape maps
// to the script contract's outcome.
import { describe, expect, test } from "bun:test";
import type { Call, Result } from "../../conditions-examples/_src/condition";
import { runBuiltin } from "../../src/run/builtin";
import type { Condition } from "../../src/types";

const cond: Condition = { file: "pre-any-x.ts", step: "pre", matcher: "any", name: "x", async: false, ext: "ts", key: "pre-any-x", path: "builtin:default/pre-any-x.ts", source: "profile:default", order: 0 };
const opts = (timeoutMs = 1000) => ({ stdin: '{"tool_name":"Bash"}', cwd: "/", env: { AH_CONDITION: "pre-any-x.ts" }, timeoutMs, argv: [] });
const runIt = (fn: (call: Call) => Result | Promise<Result>, timeoutMs?: number) => runBuiltin(cond, fn, opts(timeoutMs));

describe("runBuiltin", () => {
  test("a throw is a crashed outcome with exit 1 and the message on stderr", async () => {
    const o = await runIt(() => {
      throw new TypeError("boom");
    });
    expect(o).toMatchObject({ status: "crashed", exitCode: 1, error: "exit 1" });
    expect(o.stderr).toContain("TypeError: boom");
  });

  test("a rejected promise is a crash too", async () => {
    expect(await runIt(async () => Promise.reject(new Error("late boom")))).toMatchObject({ status: "crashed", exitCode: 1 });
  });

  test("a result that is no Result (a number) is a crash, not an allow", async () => {
    expect(await runIt(() => 5 as unknown as Result)).toMatchObject({ status: "crashed", exitCode: 1 });
  });

  test("synchronous work past the deadline: a timeout, its answer dropped", async () => {
    const o = await runIt(() => {
      const end = Date.now() + 80;
      while (Date.now() < end);
      return { deny: "too late" };
    }, 20);
    expect(o).toMatchObject({ status: "timeout", error: "timed out after 0.02s" });
  });

  test("an asynchronous answer that never comes: a timeout at the deadline", async () => {
    expect(await runIt(() => new Promise<Result>(() => {}), 30)).toMatchObject({ status: "timeout" });
  });

  test("each result shape is the script contract's outcome", async () => {
    expect(await runIt(() => undefined)).toMatchObject({ status: "answered", exitCode: 0, stdout: "" });
    expect(await runIt(() => "some context")).toMatchObject({ status: "answered", exitCode: 0, stdout: "some context" });
    expect(await runIt(() => ({ deny: "no" }))).toMatchObject({ status: "denied", exitCode: 2, stderr: "no\n" });
    expect(await runIt(() => ({ decision: "ask", reason: "sure?" }))).toMatchObject({ status: "answered", json: { decision: "ask", reason: "sure?" } });
    expect(await runIt(async () => ({ tool_input: { command: "ls -l" } }))).toMatchObject({ status: "answered", json: { tool_input: { command: "ls -l" } } });
  });

  test("the call it gets: stdin's bytes, the environment, the working directory and a deadline", async () => {
    let seen: Call | undefined;
    await runIt((call) => void (seen = call), 5000);
    expect(new TextDecoder().decode(seen!.stdin)).toBe('{"tool_name":"Bash"}');
    expect(seen!.env.AH_CONDITION).toBe("pre-any-x.ts");
    expect(seen!.cwd).toBe("/");
    expect(seen!.deadline - Date.now()).toBeGreaterThan(4000);
  });
});

describe("the sweep's pid range (reaper.ts)", () => {
  const { pidsSince } = require("../../src/run/reaper") as typeof import("../../src/run/reaper");
  test("the pids handed out after the leader, up to the newest", () => {
    expect(pidsSince(100, 104)).toEqual([101, 102, 103, 104]);
    expect(pidsSince(100, 100)).toEqual([]);
  });

  test("past pid_max the kernel starts again from the bottom", () => {
    const max = Number(require("node:fs").readFileSync("/proc/sys/kernel/pid_max", "utf8"));
    const wrapped = pidsSince(max - 3, 4);
    expect(wrapped).toEqual([max - 2, max - 1, 2, 3, 4]);
  });

  test("never more than the limit", () => {
    expect(pidsSince(1, 100_000, 4096).length).toBe(4096);
  });
});
