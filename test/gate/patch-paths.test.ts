// apply_patch headers read as Codex's parser reads them (codex-rs/apply-patch/src/parser.rs trims each
// hunk's first line), loosened where a missed header would open a door: many spellings of a header,
// one path each; content lines that look like headers are not headers.
import { describe, expect, test } from "bun:test";
import { patchPaths } from "../../src/harness/common";

const wrap = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

const HEADERS: [string, string[]][] = [
  [wrap("*** Add File: a.sh", "+x"), ["a.sh"]],
  [wrap("   *** Add File: a.sh", "+x"), ["a.sh"]],
  [wrap("\t*** Add File: a.sh", "+x"), ["a.sh"]],
  [wrap("*** Add File:   a.sh   ", "+x"), ["a.sh"]],
  [wrap("*** Delete File: gone.sh"), ["gone.sh"]],
  [wrap("  *** Delete File: gone.sh"), ["gone.sh"]],
  [wrap("*** Update File: src/a.ts", "*** Move to: .agentihooks/conditions/a.sh", "@@", "-a", "+b"), ["src/a.ts", ".agentihooks/conditions/a.sh"]],
  [wrap("*** Update File: src/a.ts", "   *** Move to: b.ts", "@@", "-a", "+b"), ["src/a.ts", "b.ts"]],
  [wrap("*** add file: lower.sh", "+x"), ["lower.sh"]],
  [wrap("***Add File:tight.sh", "+x"), ["tight.sh"]],
  [wrap("*** Add File: crlf.sh", "+x").replace(/\n/g, "\r\n"), ["crlf.sh"]],
  [wrap("*** Add File: cr.sh", "+x").replace(/\n/g, "\r"), ["cr.sh"]],
  [`<<'EOF'\n${wrap("*** Add File: heredoc.sh", "+x")}\nEOF`, ["heredoc.sh"]],
  [wrap("*** Update File: a.ts", "@@", "-x", "+y", "  *** Add File: second.sh", "+z"), ["a.ts", "second.sh"]],
];
const NOT_HEADERS: string[] = [
  wrap("*** Add File: real.sh", "+*** Add File: content.sh", "+x"),
  wrap("*** Update File: real.sh", "@@", "-*** Delete File: old-content", "+*** Add File: new-content"),
];

describe("patch headers, as Codex parses them", () => {
  HEADERS.forEach(([body, paths], i) => test(`${i}: ${JSON.stringify(body.split(/\r?\n|\r/)[1])}`, () => expect(patchPaths(body)).toEqual(paths)));
  test("lines that only look like headers are content", () => {
    expect(patchPaths(NOT_HEADERS[0])).toEqual(["real.sh"]);
    expect(patchPaths(NOT_HEADERS[1])).toEqual(["real.sh"]);
  });
});
