import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  countersPath, dropCounters, emptyCounters, pruneSessions, readCounters, sessionDirName, updateCounters,
} from "../../src/enforcement/counters";
import { withLock } from "../../src/enforcement/lock";
import { tempDir } from "../helpers";

describe("session folder names", () => {
  test.each([
    ["abc-123_x.y", "abc-123_x.y"],
    ["a/b", /^a_b-[0-9a-f]{8}$/],
    ["..", /^session-[0-9a-f]{8}$/],
    ["", /^session-[0-9a-f]{8}$/],
    ["x".repeat(200), /^x{96}-[0-9a-f]{8}$/],
  ] as [string, string | RegExp][])("%s", (id, want) => {
    const name = sessionDirName(id);
    if (typeof want === "string") expect(name).toBe(want);
    else expect(name).toMatch(want);
  });
  test("ids that sanitize alike stay apart", () => {
    expect(sessionDirName("a/b")).not.toBe(sessionDirName("a:b"));
  });
});

describe("counters", () => {
  test("update, read back, drop", () => {
    const home = tempDir();
    expect(updateCounters(home, "s1", (c) => ++c.tool_calls)).toBe(1);
    expect(updateCounters(home, "s1", (c) => ++c.tool_calls)).toBe(2);
    const path = countersPath(home, "s1");
    expect(readCounters(path).tool_calls).toBe(2);
    expect(readdirSync(join(home, "sessions", "s1"))).toEqual(["enforcement-counters.json"]); // no temp or lock left
    dropCounters(home, "s1");
    expect(existsSync(path)).toBe(false);
    expect(existsSync(join(home, "sessions", "s1"))).toBe(false);
  });
  test("drop keeps the folder when another feature keeps files there", () => {
    const home = tempDir();
    updateCounters(home, "s1", (c) => ++c.tool_calls);
    writeFileSync(join(home, "sessions", "s1", "gate.json"), "{}");
    dropCounters(home, "s1");
    expect(readdirSync(join(home, "sessions", "s1"))).toEqual(["gate.json"]);
  });
  test("an unreadable counters file restarts the count instead of failing", () => {
    const home = tempDir();
    mkdirSync(join(home, "sessions", "s"), { recursive: true });
    writeFileSync(countersPath(home, "s"), "{garbage");
    expect(readCounters(countersPath(home, "s"))).toEqual(emptyCounters());
    expect(updateCounters(home, "s", (c) => ++c.tool_calls)).toBe(1);
  });
  test("prune keeps the most recently updated sessions only", () => {
    const home = tempDir();
    for (let i = 0; i < 6; i++) {
      updateCounters(home, `s${i}`, (c) => ++c.tool_calls);
      utimesSync(countersPath(home, `s${i}`), 1000 + i, 1000 + i);
    }
    expect(pruneSessions(home, 4)).toBe(2);
    expect(readdirSync(join(home, "sessions")).sort()).toEqual(["s2", "s3", "s4", "s5"]);
  });
  test("at most 500 sessions are kept: a new session prunes the oldest", () => {
    const home = tempDir();
    for (let i = 0; i < 500; i++) {
      mkdirSync(join(home, "sessions", `old${i}`), { recursive: true });
      writeFileSync(countersPath(home, `old${i}`), JSON.stringify(emptyCounters()));
      utimesSync(countersPath(home, `old${i}`), 1000 + i, 1000 + i);
    }
    updateCounters(home, "new", (c) => ++c.tool_calls);
    const left = readdirSync(join(home, "sessions"));
    expect(left).toHaveLength(500);
    expect(left).toContain("new");
    expect(left).not.toContain("old0");
    expect(left).toContain("old1");
  });
});

describe("lock", () => {
  test("a stale lock (its holder died) is broken", () => {
    const dir = tempDir();
    const file = join(dir, "f.json");
    writeFileSync(`${file}.lock`, "99999999\n");
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(withLock(file, () => "ran")).toBe("ran");
    expect(readdirSync(dir)).toEqual([]);
  });
  test("a fresh lock is waited for, not broken", () => {
    const dir = tempDir();
    const file = join(dir, "f.json");
    writeFileSync(`${file}.lock`, "1\n");
    // Another process releases the lock after 300 ms while withLock (synchronous) waits for it.
    Bun.spawn(["sh", "-c", `sleep 0.3; rm -f '${file}.lock'`]);
    const started = Date.now();
    expect(withLock(file, () => "ran")).toBe("ran");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
