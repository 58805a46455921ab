// An MCP tool's replacement output reaches the model as content, whichever way a condition spells it.
// Claude hands hooks (and takes back) a bare list of content blocks and shows a `{content: [...]}`
// object to the model as JSON text (measured, 2.1.328), so the object is unwrapped for it; Copilot's
// textResultForLlm gets the blocks' text, never their JSON.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { addCondition, hook, sandbox } from "../helpers";

const BLOCKS = [{ type: "text", text: "replaced by the condition" }];

/** Many spellings of one replacement -> what Claude's updatedToolOutput must be. */
const CLAUDE: { name: string; output: unknown; want: unknown }[] = [
  { name: "{content: [...]}", output: { content: BLOCKS }, want: BLOCKS },
  { name: "a bare list of blocks", output: BLOCKS, want: BLOCKS },
  { name: "a string", output: "replaced by the condition", want: "replaced by the condition" },
  { name: "{content, isError}", output: { content: BLOCKS, isError: false }, want: BLOCKS },
  { name: "two text blocks", output: { content: [...BLOCKS, { type: "text", text: "more" }] }, want: [...BLOCKS, { type: "text", text: "more" }] },
];

function setup(output: unknown, matcher = "mcp__gateway") {
  const sb = sandbox();
  addCondition(join(sb.home, "conditions"), `post-${matcher}-replace.sh`, `#!/usr/bin/env bash\ncat >/dev/null\necho '${JSON.stringify({ tool_output: output })}'\n`);
  return sb;
}

const claudePost = (cwd: string, response: unknown) => ({
  session_id: "s1", cwd, hook_event_name: "PostToolUse", permission_mode: "bypassPermissions",
  tool_name: "mcp__gateway__search", tool_input: { q: "x" }, tool_use_id: "toolu_mcp1", tool_response: response,
  mcp_server: { name: "gateway", source: "user" },
});

describe("claude: MCP output replacement in the list shape Claude sent", () => {
  for (const c of CLAUDE) {
    test(c.name, () => {
      const sb = setup(c.output);
      const r = hook(claudePost(sb.repo, [{ type: "text", text: "original" }]), { env: sb.env });
      expect(r.exitCode).toBe(0);
      expect(r.json.hookSpecificOutput.updatedToolOutput).toEqual(c.want);
    });
  }

  test("a response of the {content} shape (another harness's, or an older Claude) keeps that shape", () => {
    const sb = setup(BLOCKS);
    const r = hook(claudePost(sb.repo, { content: [{ type: "text", text: "original" }] }), { env: sb.env });
    expect(r.json.hookSpecificOutput.updatedToolOutput).toEqual({ content: BLOCKS });
  });
});

// Copilot names MCP tools <server>-<tool> (mapping them to mcp__ is the Copilot adapter's), so `any` here.
describe("copilot: the blocks' text, not their JSON", () => {
  for (const output of [{ content: BLOCKS }, { content: [{ type: "text", text: "replaced by" }, { type: "text", text: "the condition" }] }]) {
    test(JSON.stringify(output), () => {
      const sb = setup(output, "any");
      const payload = { sessionId: "p1", timestamp: 1, cwd: sb.repo, toolName: "gateway-search", toolArgs: { q: "x" }, toolResult: { resultType: "success", textResultForLlm: "original" } };
      const r = hook(payload, { env: sb.env, event: "postToolUse" });
      expect(r.exitCode).toBe(0);
      expect(r.json.modifiedResult.textResultForLlm.replace("\n", " ")).toBe("replaced by the condition");
    });
  }
});
