// The guards' shared pieces against what they imitate: random strings split into code points as
// Array.from does, and random payload bytes (valid and invalid UTF-8, broken JSON) denied by the git guard
// with the very message Python's json.load gives (the guard was ported from a Python one).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { codePoints, shlexWords } from "../../conditions-examples/_src/shlex";
import gitGuard from "../../conditions-examples/_src/pre-bash.git-guard";

const call = (stdin: Uint8Array) => ({ stdin, env: { AH_PROGRAMS: "git", AH_DYNAMIC: "0" }, cwd: "/", deadline: Number.POSITIVE_INFINITY });

/** Python's message for each payload, as json.load(sys.stdin) fails on it ("" when it parses). */
function pythonMessages(payloads: Uint8Array[]): string[] {
  const script = [
    "import json, sys",
    "out = []",
    "for h in sys.stdin.read().split():",
    "    try:",
    "        json.loads(bytes.fromhex(h).decode('utf-8'))",
    "        out.append('')",
    "    except Exception as e:",
    "        out.append(str(e))",
    "print(json.dumps(out))",
  ].join("\n");
  const hex = payloads.map((p) => Buffer.from(p).toString("hex") || "00").join("\n");
  const p = Bun.spawnSync([process.env.AGENTIHOOKS_PYTHON || "python3", "-c", script], { stdin: new Blob([hex]), stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`python3 failed: ${p.stderr.toString()}`);
  return JSON.parse(p.stdout.toString());
}

describe("shared word splitting", () => {
  test("codePoints is Array.from, lone surrogates included", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom("\ud800", "\udc00", "\ud83d\ude00", "a\ud800b")), { maxLength: 6 }).map((a) => a.join("")), (s) => {
      expect(codePoints(s)).toEqual(Array.from(s));
    }), { numRuns: 500 });
  });

  test("shlexWords on the same text twice gives the same words (no state leaks between calls)", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      let a: string[] | string;
      let b: string[] | string;
      try {
        a = shlexWords(s);
      } catch (e) {
        a = String(e);
      }
      try {
        b = shlexWords(s);
      } catch (e) {
        b = String(e);
      }
      expect(a).toEqual(b);
    }), { numRuns: 300 });
  });
});

describe("the git guard reads a payload as Python's json.load does", () => {
  test("random bytes: a payload Python cannot read is denied with Python's own message", () => {
    const utf8 = new TextEncoder();
    const samples = fc.sample(
      fc.oneof(
        fc.uint8Array({ maxLength: 12 }),
        fc.string().map((s) => utf8.encode(`{"tool_input": {"command": ${JSON.stringify(s)}}`).slice(0, 20)),
        fc.constantFrom(new Uint8Array([0xff]), new Uint8Array([0xc3]), new Uint8Array([0xed, 0xa0, 0x80]), new Uint8Array([0xf4, 0x90, 0x80, 0x80]), new Uint8Array([0xe0, 0x80])),
      ),
      { numRuns: 300, seed: 18 },
    ).filter((b) => b.length > 0 && !b.every((x) => x === 0));
    const messages = pythonMessages(samples);
    expect(messages.filter((m) => m.includes("utf-8")).length).toBeGreaterThan(20); // not vacuous: invalid UTF-8
    expect(messages.filter((m) => m.includes("line 1")).length).toBeGreaterThan(20); // and broken JSON
    samples.forEach((bytes, i) => {
      const result = gitGuard(call(bytes));
      if (messages[i] === "") return; // Python reads it: a value without tool_input is judged further on
      expect({ bytes: [...bytes], result }).toEqual({ bytes: [...bytes], result: { deny: `git-guard: cannot read the payload (${messages[i]}); denied to fail closed` } });
    });
  });
});
