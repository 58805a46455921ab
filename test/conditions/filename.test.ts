import { describe, expect, test } from "bun:test";
import { isIgnored, parseFilename } from "../../src/conditions/filename";

describe("filename grammar", () => {
  const ok: [string, { step: string; matcher: string; name: string; async?: boolean; ext: string }][] = [
    ["pre-bash.git-guard.sh", { step: "pre", matcher: "bash.git", name: "guard", ext: "sh" }],
    ["pre-edit+write-lint.sh", { step: "pre", matcher: "edit+write", name: "lint", ext: "sh" }],
    ["post-mcp-audit.async.py", { step: "post", matcher: "mcp", name: "audit", async: true, ext: "py" }],
    ["stop-idle.sh", { step: "stop", matcher: "any", name: "idle", ext: "sh" }],
    ["prompt-remind.py", { step: "prompt", matcher: "any", name: "remind", ext: "py" }],
    ["pre-mcp__gateway-tools__github-create_pull_request-audit.py", { step: "pre", matcher: "mcp__gateway-tools__github-create_pull_request", name: "audit", ext: "py" }],
    ["post-mcp__gateway-tools-audit.async.sh", { step: "post", matcher: "mcp__gateway-tools", name: "audit", async: true, ext: "sh" }],
    ["pre-bash.git-short_log.py", { step: "pre", matcher: "bash.git", name: "short_log", ext: "py" }],
    ["PRE-Bash-Upper.SH", { step: "pre", matcher: "bash", name: "Upper", ext: "sh" }],
    ["start-startup-banner.sh", { step: "start", matcher: "startup", name: "banner", ext: "sh" }],
    ["end-any-cleanup.sh", { step: "end", matcher: "any", name: "cleanup", ext: "sh" }],
    ["fail-bash-explain.ts", { step: "fail", matcher: "bash", name: "explain", ext: "ts" }],
    ["permission-bash-auto.sh", { step: "permission", matcher: "bash", name: "auto", ext: "sh" }],
    ["substart-any-x.sh", { step: "substart", matcher: "any", name: "x", ext: "sh" }],
    ["substop-general_purpose-x.sh", { step: "substop", matcher: "general_purpose", name: "x", ext: "sh" }],
    ["compact-manual-x.sh", { step: "compact", matcher: "manual", name: "x", ext: "sh" }],
    ["notify-permission_prompt-x.sh", { step: "notify", matcher: "permission_prompt", name: "x", ext: "sh" }],
    ["pre-write+edit-x.rb", { step: "pre", matcher: "edit+write", name: "x", ext: "rb" }],
  ];
  for (const [file, want] of ok) {
    test(`parses ${file}`, () => {
      const p = parseFilename(file);
      if (typeof p === "string") throw new Error(p);
      expect(p.step).toBe(want.step as never);
      expect(p.matcher.normalized).toBe(want.matcher);
      expect(p.name).toBe(want.name);
      expect(p.async).toBe(want.async ?? false);
      expect(p.ext).toBe(want.ext);
    });
  }

  const bad: [string, RegExp][] = [
    ["pre-bash.git-audit", /extension/],
    ["pre-bash.sh", /too few parts/],
    ["start-x.sh", /too few parts/],
    ["begin-any-x.sh", /unknown step/],
    ["pre-bad*-x.sh", /invalid characters/],
    ["pre--x.sh", /empty matcher/],
    ["stop-bash-x.sh", /expected stop-<name>\.<ext>: Stop has no tool to match/],
    ["prompt-any-x.sh", /expected prompt-<name>/],
    ["pre-bash-x.s-h", /invalid extension/],
    ["pre-bash-my name.sh", /whitespace/],
    ["pre-bash-a\nb.sh", /whitespace/],
    ["pre-a++b-x.sh", /empty alternative/],
    ["pre-+bash-x.sh", /empty alternative/],
    ["pre-mcp__-x.sh", /names no MCP server/],
    ["pre-mcp____srv-x.sh", /names no MCP server/],
    ["pre-bash.-x.sh", /names no program/],
    ["pre-a|b-x.sh", /invalid characters/],
    ["pre-bash-x.y.sh", /invalid name/],
    ["start-bash.git-x.sh", /only to tool steps/],
    [`pre-bash-${"x".repeat(300)}.sh`, /longer than 255/],
  ];
  for (const [file, why] of bad) {
    test(`rejects ${JSON.stringify(file).slice(0, 60)}`, () => {
      const p = parseFilename(file);
      expect(typeof p).toBe("string");
      expect(p as string).toMatch(why);
    });
  }

  test("the dedup key ignores case and alternative order", () => {
    const a = parseFilename("pre-Edit+Write-Lint.sh");
    const b = parseFilename("pre-write+edit-lint.py");
    if (typeof a === "string" || typeof b === "string") throw new Error("parse");
    expect(a.key).toBe(b.key);
  });

  test.each([".hidden.sh", "_pre-bash-x.cases.json", "pre-bash-x.sh~", "README.md", "notes.MD"])("ignores %s silently", (f) => {
    expect(isIgnored(f)).toBe(true);
  });
  test("does not ignore ordinary names", () => expect(isIgnored("pre-bash-x.sh")).toBe(false));
});
