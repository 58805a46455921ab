import { describe, expect, test } from "bun:test";
import { parseMatcher, type Matcher, type Subject } from "../../src/conditions/matcher";
import { banner, describeCadence } from "../../src/enforcement/banner";
import { emptyCounters } from "../../src/enforcement/counters";
import { countCall, dueCounted, markSeen, matching, promptDue, relevant } from "../../src/enforcement/deliver";
import type { ActiveEnforcement } from "../../src/enforcement/store";

const active = (id: string, cadence: number, matcher?: string): ActiveEnforcement => ({
  entry: { id, message: `m-${id}`, cadence, ...(matcher ? { matcher } : {}) },
  source: "runtime",
  path: "/x",
  matcher: matcher ? (parseMatcher(matcher) as Matcher) : undefined,
});
const bash = (...programs: string[]): Subject => ({ name: "Bash", programs: () => ({ programs, dynamic: false }) });
const tool = (name: string): Subject => ({ name });

/** Runs a session of calls and returns, per call, the ids delivered. */
function session(entries: ActiveEnforcement[], calls: Subject[], seenFirst = true): string[][] {
  const c = emptyCounters();
  if (seenFirst) markSeen(c, promptDue(entries));
  return calls.map((s) => countCall(c, entries, matching(entries, s)));
}

describe("matched enforcement: 1st matching call, then every Nth matching call", () => {
  test("cadence 2 over kubectl calls mixed with others", () => {
    const k = active("k", 2, "bash.kubectl");
    const calls = [bash("kubectl"), bash("ls"), bash("kubectl"), tool("Read"), bash("kubectl"), bash("git"), bash("kubectl"), bash("kubectl")];
    expect(session([k], calls)).toEqual([["k"], [], [], [], ["k"], [], [], ["k"]]);
  });
  test("cadence 1 fires on every matching call and never on others", () => {
    const e = active("e", 1, "edit+write");
    expect(session([e], [tool("Edit"), tool("Read"), tool("Write"), bash("ls")])).toEqual([["e"], [], ["e"], []]);
  });
  test("matched entries are never shown at SessionStart or on a prompt", () => {
    expect(promptDue([active("k", 1, "bash.kubectl"), active("p", 5)]).map((a) => a.entry.id)).toEqual(["p"]);
  });
});

describe("plain enforcement: every Nth tool call, counting all calls", () => {
  test("cadence 3 after SessionStart showed it", () => {
    const p = active("p", 3);
    expect(session([p], Array.from({ length: 7 }, () => tool("Read")))).toEqual([[], [], ["p"], [], [], ["p"], []]);
  });
  test("an entry not yet shown this session comes on the next call, once", () => {
    const p = active("p", 3);
    expect(session([p], Array.from({ length: 4 }, () => tool("Read")), false)).toEqual([["p"], [], ["p"], []]);
  });
  test("plain and matched together count independently", () => {
    const entries = [active("p", 2), active("k", 2, "bash.kubectl")];
    expect(session(entries, [bash("kubectl"), bash("kubectl"), bash("kubectl"), tool("Read")])).toEqual([["k"], ["p"], ["k"], ["p"]]);
  });
});

describe("reading without counting (PostToolUse fallback)", () => {
  test("gives what the counted call gave", () => {
    const entries = [active("p", 2), active("k", 2, "bash.kubectl")];
    const c = emptyCounters();
    markSeen(c, promptDue(entries));
    for (const s of [bash("kubectl"), bash("ls"), bash("kubectl"), bash("kubectl")]) {
      const hit = matching(entries, s);
      const counted = countCall(c, entries, hit);
      expect(dueCounted(c, entries, hit)).toEqual(counted);
    }
  });
  test("nothing is due before the first call", () => {
    expect(dueCounted(emptyCounters(), [active("p", 1)], new Set())).toEqual([]);
  });
});

test("relevant: plain entries always, matched ones only when they match", () => {
  const k = [active("k", 2, "bash.kubectl")];
  expect(relevant(k, matching(k, bash("ls")))).toBe(false);
  expect(relevant(k, matching(k, bash("kubectl")))).toBe(true);
  expect(relevant([active("p", 9)], new Set())).toBe(true);
});

test("dynamic commands match bash.<cli> (the conditions grammar is conservative)", () => {
  const k = [active("k", 1, "bash.kubectl")];
  expect(matching(k, { name: "Bash", programs: () => ({ programs: [], dynamic: true }) }).has("k")).toBe(true);
});

describe("banner", () => {
  test("id, cadence, matcher, tag, message, closing row", () => {
    expect(banner({ id: "ab12cd34", message: "Cluster writes go through GitOps.", cadence: 2, matcher: "bash.kubectl", tag: "k8s" })).toBe(
      [
        "=== ENFORCEMENT [IMPORTANT] ===",
        "ID: ab12cd34  Cadence: every 2 matching tool calls",
        "Matcher: bash.kubectl",
        "Tag: k8s",
        "Cluster writes go through GitOps.",
        "===============================",
      ].join("\n"),
    );
  });
  test("plain entry without tag", () => {
    expect(banner({ id: "x", message: "Be nice.", cadence: 1 }).split("\n")).toEqual([
      "=== ENFORCEMENT [IMPORTANT] ===",
      "ID: x  Cadence: every tool call",
      "Be nice.",
      "===============================",
    ]);
    expect(describeCadence({ cadence: 5 })).toBe("every 5 tool calls");
  });
});
