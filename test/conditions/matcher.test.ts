import { describe, expect, test } from "bun:test";
import { matches, parseMatcher } from "../../src/conditions/matcher";

const m = (s: string) => {
  const p = parseMatcher(s);
  if (typeof p === "string") throw new Error(p);
  return p;
};
const bash = (programs: string[], dynamic = false) => ({ name: "Bash", programs: () => ({ programs, dynamic }) });

describe("matcher grammar", () => {
  test.each(["", "a++b", "+bash", "bash+", "mcp__", "mcp__srv__", "bash.", "a b", "a*", "a|b", "a/b", "mcp____x"])("rejects %p", (s) => {
    expect(typeof parseMatcher(s)).toBe("string");
  });

  const table: [string, { name: string; programs?: () => { programs: string[]; dynamic: boolean } }, boolean][] = [
    ["any", { name: "Read" }, true],
    ["bash", { name: "Bash" }, true],
    ["BASH", { name: "bash" }, true],
    ["read", { name: "Bash" }, false],
    ["edit+write", { name: "Write" }, true],
    ["edit+write", { name: "Read" }, false],
    ["mcp", { name: "mcp__github__create_issue" }, true],
    ["mcp", { name: "Bash" }, false],
    ["mcp__github", { name: "mcp__github__create_issue" }, true],
    ["mcp__github", { name: "mcp__githubx__create_issue" }, false],
    ["mcp__gateway-tools", { name: "mcp__gateway-tools__github-create_pull_request" }, true],
    // Codex sanitizes MCP names (- and . become _): the configured spelling still matches
    ["mcp__gateway-tools", { name: "mcp__gateway_tools__github_create_pull_request" }, true],
    ["mcp__gateway.tools", { name: "mcp__gateway_tools__x" }, true],
    ["mcp__gateway-tools", { name: "mcp__gatewaytools__x" }, false],
    ["mcp__gateway-tools__github-create_pull_request", { name: "mcp__gateway_tools__github_create_pull_request" }, true],
    ["mcp__gateway-tools__github-create_pull_request", { name: "mcp__gateway_tools__github_merge_pull_request" }, false],
    ["gateway-tools", { name: "gateway_tools" }, false], // only MCP names are sanitized
    ["mcp__github__create_issue", { name: "mcp__github__create_issue" }, true],
    ["mcp__github__create_issue", { name: "mcp__github__list_issues" }, false],
    ["bash.git", bash(["cd", "git"]), true],
    ["bash.git", bash(["echo"]), false],
    ["bash.git", bash(["git-push"]), true], // git's dashed form runs git
    ["bash.git", bash(["echo"], true), true],
    ["bash.git", { name: "Read" }, false],
    ["bash.git+bash.gh", bash(["gh"]), true],
    ["webfetch", { name: "WebFetch" }, true],
  ];
  for (const [matcher, subject, want] of table) {
    test(`${matcher} on ${subject.name}${subject.programs ? ` ${JSON.stringify(subject.programs())}` : ""} -> ${want}`, () => {
      expect(matches(m(matcher), subject)).toBe(want);
    });
  }

  test("normalized form is lowercase with sorted, unique alternatives", () => {
    expect(m("Write+Edit+write").normalized).toBe("edit+write");
  });
});
