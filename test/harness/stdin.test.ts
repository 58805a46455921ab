import { describe, expect, test } from "bun:test";
import { PassThrough, Readable } from "node:stream";
import { JsonScanner, readPayload } from "../../src/harness/stdin";

const enc = new TextEncoder();

/** A stream fed the given chunks, then ended (or left open, like Copilot 1.0.64-1.0.68). */
function feed(chunks: (string | Uint8Array)[], end = true): PassThrough {
  const stream = new PassThrough();
  for (const chunk of chunks) stream.write(typeof chunk === "string" ? enc.encode(chunk) : chunk);
  if (end) stream.end();
  return stream;
}

describe("readPayload", () => {
  const ok: [string, (string | Uint8Array)[], unknown][] = [
    ["one chunk", ['{"a":1}'], { a: 1 }],
    ["split mid-string and mid-escape", ['{"a":"x\\', '"}"', ',"b":[1,{"c":"}"}]}'], { a: 'x"}', b: [1, { c: "}" }] }],
    ["leading whitespace and BOM", ["\ufeff \n{\"a\":true}"], { a: true }],
    ["trailing bytes after the value are ignored", ['{"a":1}\n{"b":2}'], { a: 1 }],
    ["brackets inside strings", ['{"s":"[[{{\\\\"}'], { s: "[[{{\\" }],
    ["byte-at-a-time", [...'{"k":["v"]}'].map((c) => enc.encode(c)), { k: ["v"] }],
    ["a top-level array", ["[1,2]"], [1, 2]],
    ["a scalar at EOF", ["42"], 42],
  ];
  test.each(ok)("%s", async (_name, chunks, value) => {
    expect(await readPayload(feed(chunks))).toEqual({ value });
  });

  test("a complete value on a stdin that never closes answers at once", async () => {
    // with a 60 s deadline, only stopping at the value's end can answer before the test times out
    const result = await readPayload(feed(['{"toolName":"bash"}'], false), { deadlineMs: 60_000 });
    expect(result).toEqual({ value: { toolName: "bash" } });
  });

  const bad: [string, (string | Uint8Array)[], RegExp][] = [
    ["empty", [], /^stdin is empty$/],
    ["whitespace only", ["  \n"], /^stdin is empty$/],
    ["not JSON", ["hello"], /^stdin is not JSON: /],
    ["truncated at EOF", ['{"a":'], /^stdin is not JSON: /],
    ["invalid UTF-8", [new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])], /^stdin is not valid UTF-8$/],
  ];
  test.each(bad)("%s -> one-line error", async (_name, chunks, message) => {
    const result = await readPayload(feed(chunks));
    expect(result.value).toBeUndefined();
    expect(result.error).toMatch(message);
    expect(result.error).not.toContain("\n");
  });

  test("nothing before the deadline", async () => {
    const result = await readPayload(feed([], false), { deadlineMs: 50 });
    expect(result.error).toBe("no payload on stdin within 50 ms");
  });

  test("an unfinished value at the deadline", async () => {
    const result = await readPayload(feed(['{"a":'], false), { deadlineMs: 50 });
    expect(result.error).toBe("stdin did not complete a JSON value within 50 ms (5 bytes read, then nothing)");
  });

  test("a payload still streaming past the stall deadline is not a stalled one", async () => {
    // ten chunks 30 ms apart: 300 ms in all, six times the 50 ms stall deadline
    const stream = new PassThrough();
    const parts = ['{"tool_input":', '{"command":', '"echo', " a", " b", " c", " d", " e", '"}', "}"];
    let i = 0;
    const timer = setInterval(() => (i < parts.length ? stream.write(enc.encode(parts[i++])) : clearInterval(timer)), 30);
    const result = await readPayload(stream, { deadlineMs: 50 });
    expect(result).toEqual({ value: { tool_input: { command: "echo a b c d e" } } });
  });

  test("the overall cap ends a payload that keeps trickling in", async () => {
    const stream = new PassThrough();
    stream.write(enc.encode('{"a":"'));
    const timer = setInterval(() => stream.write(enc.encode("x")), 10);
    const result = await readPayload(stream, { deadlineMs: 50, totalMs: 200 });
    clearInterval(timer);
    expect(result.error).toMatch(/^stdin did not complete a JSON value within 200 ms \(\d+ bytes read, still arriving\)$/);
  });

  test("larger than maxBytes", async () => {
    const result = await readPayload(feed(['{"a":"', "x".repeat(2000), '"}']), { maxBytes: 1000 });
    expect(result.error).toBe("payload is larger than 1000 bytes");
  });

  test("10,000 levels of nesting is an error, not a crash", async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const result = await readPayload(feed([deep]));
    expect(result.error).toBe("payload nests deeper than 512 levels");
  });

  test("deep nesting allowed by maxDepth still never throws", async () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    const result = await readPayload(feed([deep]), { maxDepth: 1_000_000 });
    expect(result.value !== undefined || /nests too deeply/.test(result.error ?? "")).toBe(true);
  });

  test("a stream error is an error line", async () => {
    const stream = new PassThrough();
    const pending = readPayload(stream);
    stream.destroy(new Error("EIO: broken\nsecond line"));
    expect(await pending).toEqual({ error: "cannot read stdin: EIO: broken second line" });
  });

  test("something that is not a stream never throws", async () => {
    const result = await readPayload({} as unknown as Readable, { deadlineMs: 20 });
    expect(result.error).toMatch(/^cannot read stdin: /);
  });

  test("the rest of stdin is drained after the value (no EPIPE for the writer)", async () => {
    const stream = feed(['{"a":1}'], false);
    await readPayload(stream);
    const tail = "x".repeat(1024 * 1024); // beyond any pipe buffer
    const flushed = stream.write(tail);
    stream.end();
    await new Promise((r) => stream.once("end", r));
    expect(flushed || stream.readableEnded).toBe(true);
  });

  test("a 50 MiB payload with escapes is read and parsed in one pass", async () => {
    const body = 'line "quoted" \\ {[}] '.repeat(2_500_000);
    const text = JSON.stringify({ tool_input: { content: body } });
    expect(text.length).toBeGreaterThan(50 * 1024 * 1024);
    const bytes = enc.encode(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 65_536) chunks.push(bytes.subarray(i, i + 65_536));
    const result = await readPayload(Readable.from(chunks), { deadlineMs: 60_000 });
    expect((result.value as { tool_input: { content: string } }).tool_input.content.length).toBe(body.length);
  });
});

describe("JsonScanner", () => {
  test("end index is just past the closing byte of the first value", () => {
    expect(new JsonScanner(10).feed(enc.encode('  {"a":[]}  {}'))).toBe(10);
  });
  test("a scalar never ends before EOF", () => {
    const scanner = new JsonScanner(10);
    expect(scanner.feed(enc.encode("true"))).toBe(-1);
    expect(scanner.scalar).toBe(true);
  });
});
