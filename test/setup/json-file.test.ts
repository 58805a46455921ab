// The JSON error locator and the unified diff, in-process.
import { describe, expect, test } from "bun:test";
import { unifiedDiff } from "../../src/setup/diff";
import { locateJsonError, lineOf } from "../../src/setup/json-file";

describe("locateJsonError: every spelling of a broken file gets a line and a reason", () => {
  const cases: [string, string, number, string][] = [
    ["trailing comma in object", '{"a": 1,\n}', 2, "trailing comma"],
    ["trailing comma in array", '{"a": [1,\n2,\n]}', 3, "trailing comma"],
    ["line comment", '{\n// x\n"a": 1}', 2, "comments are not allowed"],
    ["block comment", '{\n\n/* x */}', 3, "comments are not allowed"],
    ["single quotes", "{\n'a': 1}", 2, "expected a quoted key"],
    ["bare word value", '{"a":\n  yes}', 2, "expected a value"],
    ["unterminated string", '{"a": "b\n}', 1, "unterminated string"],
    ["bad escape", '{"a": "\\q"}', 1, "invalid escape"],
    ["two values", "{}\n{}", 2, "unexpected text after"],
    ["empty", "  \n", 1, "empty file"],
    ["missing colon", '{\n"a" 1}', 2, 'expected ":"'],
    ["leading zero", '{"a": 01}', 1, 'expected "," or "}"'],
  ];
  test.each(cases)("%s", (_name, text, line, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    const found = locateJsonError(text)!;
    expect(lineOf(text, found.pos)).toBe(line);
    expect(found.reason).toContain(reason);
  });

  test.each(['{"a": [1, 2.5e3, -0, true, null], "b": {"c": "\\u00e9\\n"}}', "[]", '"x"', "{}"])("valid JSON has no error: %s", (text) => {
    expect(locateJsonError(text)).toBeUndefined();
  });
});

describe("unifiedDiff", () => {
  test("equal texts give nothing", () => expect(unifiedDiff("a\n", "a\n", "x", "x")).toBe(""));
  test("a new file", () => expect(unifiedDiff("", "a\nb\n", "/dev/null", "f")).toBe("--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+a\n+b\n"));
  test("a deleted file", () => expect(unifiedDiff("a\n", "", "f", "/dev/null")).toBe("--- f\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-a\n"));
  test("hunks with three lines of context, separated when far apart", () => {
    const old = Array.from({ length: 20 }, (_, i) => `l${i}`).join("\n") + "\n";
    const neu = old.replace("l2\n", "L2\n").replace("l17\n", "l17\nnew\n");
    expect(unifiedDiff(old, neu, "a", "b")).toBe(
      ["--- a", "+++ b", "@@ -1,6 +1,6 @@", " l0", " l1", "-l2", "+L2", " l3", " l4", " l5",
        "@@ -16,5 +16,6 @@", " l15", " l16", " l17", "+new", " l18", " l19", ""].join("\n"),
    );
  });
  test("a missing final newline is marked", () => {
    expect(unifiedDiff("a", "a\n", "x", "y")).toBe("--- x\n+++ y\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+a\n");
  });
});
