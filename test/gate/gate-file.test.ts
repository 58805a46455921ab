// The per-session gate file: armed, expired, closed, corrupt.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { GATE_TTL_MS, armGate, closeGate, gateFileName, gatePath, isGateOpen, openGate } from "../../src/gate/gate-file";
import { tempDir } from "../helpers";

describe("gate file", () => {
  test("arming writes {session_id, armed_at, source, prompt_excerpt}; it is open", () => {
    const home = tempDir();
    const path = armGate(home, "s-1", "please add a condition");
    const rec = JSON.parse(readFileSync(path, "utf8"));
    expect(rec).toMatchObject({ session_id: "s-1", source: "typed", prompt_excerpt: "please add a condition" });
    expect(typeof rec.armed_at).toBe("number");
    expect(isGateOpen(home, "s-1")).toBe(true);
    expect(isGateOpen(home, "s-2")).toBe(false);
  });
  test("expires after one hour", () => {
    const home = tempDir();
    const t = Date.now();
    armGate(home, "s", "x", "typed", t);
    expect(isGateOpen(home, "s", t + GATE_TTL_MS - 1000)).toBe(true);
    expect(isGateOpen(home, "s", t + GATE_TTL_MS)).toBe(false);
    expect(isGateOpen(home, "s", t + 2 * GATE_TTL_MS)).toBe(false);
  });
  test("a timestamp from the future is not trusted", () => {
    const home = tempDir();
    armGate(home, "s", "x", "typed", Date.now() + 10 * 60 * 1000);
    expect(isGateOpen(home, "s")).toBe(false);
  });
  test("closing deletes the file; closing twice is fine", () => {
    const home = tempDir();
    const path = armGate(home, "s", "x");
    closeGate(home, "s");
    expect(existsSync(path)).toBe(false);
    closeGate(home, "s");
    expect(isGateOpen(home, "s")).toBe(false);
  });
  test("corrupt, foreign or wrong-session files count as closed", () => {
    const home = tempDir();
    const path = armGate(home, "s", "x");
    for (const body of ["", "{", "null", "[]", '{"session_id":"s"}', '{"session_id":"s","armed_at":"now"}', `{"session_id":"other","armed_at":${Date.now()}}`]) {
      writeFileSync(path, body);
      expect(openGate(home, "s")).toBeUndefined();
    }
  });
  test("session ids are sanitized and never collide or escape the folder", () => {
    expect(gateFileName("abc-DEF_1")).toBe("abc-DEF_1.json");
    expect(gateFileName("")).toBeUndefined();
    const a = gateFileName("a.b")!;
    const b = gateFileName("a/b")!;
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+\.json$/);
    expect(gatePath("/h", "../../etc/passwd")).toMatch(/^\/h\/gates\/[A-Za-z0-9_-]+\.json$/);
    expect(() => armGate(tempDir(), "", "x")).toThrow(/session_id/);
  });
});
