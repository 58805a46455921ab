// canonicalJson replaced two serializers that were copies of it: Codex's hook-trust hash
// (codex-trust.ts) and Copilot's tool-call id (copilot-ids.ts). Codex compares the hash with its own
// and the live suite compares ids across hook processes, so the text must be byte for byte what
// each old copy gave, on every JSON value (the old copies are kept here, verbatim, as references).
import { describe, expect, test } from "bun:test";
import { canonicalJson } from "../src/canonical-json";
import { codexHookHash } from "../src/setup/codex-trust";

const isTable = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** codex-trust.ts's copy, before. */
function codexTrustBefore(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(codexTrustBefore).join(",")}]`;
  if (isTable(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${codexTrustBefore(value[k])}`).join(",")}}`;
  return JSON.stringify(value);
}

/** copilot-ids.ts's copy, before. */
function copilotIdsBefore(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(copilotIdsBefore).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${copilotIdsBefore(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Hand-picked values: nesting, unicode (astral, lone surrogates, controls), numbers at the edges, odd keys. */
const PICKED: unknown[] = [
  null, true, false, 0, -0, 1, -1, 0.1, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 2 ** 53 + 1, 123456789012345680000,
  "", "a", "é", "e\u0301", "日本語", "😀", "\ud83d", "\udc00x", "\u0000\u001f\u007f\u2028\u2029", '"\\/\b\f\n\r\t', "<script>",
  [], {}, [[]], [{}], [[[1, [2, [3, []]]]]], [null, [null], { a: null }],
  { b: 1, a: 2, c: { z: [3, { y: 4, x: 5 }], a: [] } },
  { "10": 1, "9": 2, "1": 3, a: 4, "-1": 5, "01": 6, "4294967295": 7, "4294967294": 8 },
  { "é": 1, e: 2, "E": 3, "😀": 4, "\uffff": 5, "\ue000": 6, "": 7, " ": 8, "\u0000": 9 },
  JSON.parse('{"__proto__": {"x": 1}, "constructor": 2, "toString": 3, "hasOwnProperty": 4}'),
  JSON.parse('{"a": 1, "a": 2}'),
  { hooks: [{ type: "command", command: `'/p a/agentihooks' hook --target codex --event PreToolUse`, timeout: 30, async: false }], event_name: "pre_tool_use", matcher: "^Bash$" },
];

/** A seeded generator of JSON values (as JSON.parse makes them), so a failure can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
  const chars = ["a", "Z", "0", "9", " ", '"', "\\", "\n", "\u0001", "é", "ß", "Ω", "日", "\u2028", "\ufeff", "😀", "\ud800", "\udfff", "{", ":"];
  const str = () => Array.from({ length: Math.floor(next() * 6) }, () => pick(chars)).join("");
  const num = () => pick([() => Math.floor(next() * 1000) - 500, () => next() * 1e6 - 5e5, () => (next() - 0.5) * 10 ** Math.floor(next() * 600 - 300), () => -0])();
  const key = () => pick([str, () => String(Math.floor(next() * 20)), () => pick(["__proto__", "constructor", "hooks", "type"])])();
  const value = (depth: number): unknown => {
    const kinds = depth > 5 ? ["null", "bool", "num", "str"] : ["null", "bool", "num", "str", "arr", "obj", "obj"];
    switch (pick(kinds)) {
      case "null": return null;
      case "bool": return next() < 0.5;
      case "num": return num();
      case "str": return str();
      case "arr": return Array.from({ length: Math.floor(next() * 5) }, () => value(depth + 1));
      default: {
        const text = `{${Array.from({ length: Math.floor(next() * 6) }, () => `${JSON.stringify(key())}:${JSON.stringify(value(depth + 1))}`).join(",")}}`;
        return JSON.parse(text); // as a parsed file holds it: own __proto__ keys, integer-like keys first
      }
    }
  };
  return () => value(0);
}

describe("canonicalJson is what the two copies it replaced gave", () => {
  test.each(PICKED.map((v) => [JSON.stringify(v) ?? String(v), v]))("%s", (_, v) => {
    expect(canonicalJson(v)).toBe(codexTrustBefore(v));
    expect(canonicalJson(v)).toBe(copilotIdsBefore(v));
  });

  test("20,000 generated JSON values, and each text parses back to its value", () => {
    const gen = generator(0x5eed);
    for (let i = 0; i < 20_000; i++) {
      const v = gen();
      const text = canonicalJson(v);
      expect(text).toBe(codexTrustBefore(v));
      expect(text).toBe(copilotIdsBefore(v));
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v))); // -0 is written 0, as JSON.stringify does
    }
  });

  test("deep nesting: 2,000 levels of arrays and objects", () => {
    let v: unknown = "x";
    for (let i = 0; i < 2000; i++) v = i % 2 ? [v, i] : { [`k${i}`]: v, a: i };
    expect(canonicalJson(v)).toBe(codexTrustBefore(v));
  });

  test("keys are sorted by UTF-16 code units, integer-like keys included", () => {
    expect(canonicalJson({ b: 1, "10": 2, "9": 3, a: [{ d: 4, c: 5 }] })).toBe('{"10":2,"9":3,"a":[{"c":5,"d":4}],"b":1}');
    expect(canonicalJson({ "\ue000": 1, "😀": 2 })).toBe('{"😀":2,"\ue000":1}');
  });

  test("the Codex hashes built on it are unchanged for generated handlers", () => {
    const gen = generator(0xc0de);
    for (let i = 0; i < 2_000; i++) {
      const handler = { type: "command", command: String(gen()), timeout: i % 7 ? i % 900 : undefined, async: i % 3 === 0, statusMessage: i % 5 ? undefined : String(gen()) };
      const event = ["PreToolUse", "SessionEnd", "Stop", "UserPromptSubmit"][i % 4];
      const matcher = i % 2 ? "^Bash$" : undefined;
      const before = (() => {
        let timeout = typeof handler.timeout === "number" ? Math.max(1, Math.floor(handler.timeout)) : 600;
        if (event === "SessionEnd") timeout = Math.min(timeout, 3);
        const normalized: Record<string, unknown> = { type: "command", command: handler.command, timeout, async: handler.async === true };
        if (typeof handler.statusMessage === "string") normalized.statusMessage = handler.statusMessage;
        const identity: Record<string, unknown> = { event_name: event.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase(), hooks: [normalized] };
        if (typeof matcher === "string" && event !== "Stop" && event !== "UserPromptSubmit") identity.matcher = matcher;
        return `sha256:${new Bun.CryptoHasher("sha256").update(codexTrustBefore(identity)).digest("hex")}`;
      })();
      expect(codexHookHash(event, handler as never, matcher)).toBe(before);
    }
  });
});
