// approve-readonly's answer on PermissionRequest (permission-bash-approve_readonly.ts), through the
// compiled executable: Codex lets a hook approve only there (e2e/live/approve-readonly.live.ts), so a
// line that only reads is allowed on Codex's PermissionRequest; a line that writes is not, and no other
// harness gets the allow there (Claude Code asks after a PreToolUse ask: an allow would lift it).
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hook, run, sandbox } from "../helpers";

/** A sandbox whose chain is default + approve-readonly. */
function withApproveReadonly() {
  const sb = sandbox();
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default", "approve-readonly"] } } }));
  return sb;
}

/** A PermissionRequest for a Bash line, as Codex 0.169 sends it (measured live). */
const permission = (cwd: string, command: string) => ({
  session_id: "01a235aa-5bb0-7d40-af17-7867221370c4", turn_id: "01a235aa-5c95-7171-9b49-62da24983c38", cwd,
  hook_event_name: "PermissionRequest", model: "gpt-5.5", permission_mode: "default", tool_name: "Bash", tool_input: { command, description: "x" },
});

describe("approve-readonly on PermissionRequest", () => {
  const sb = withApproveReadonly();
  const answer = (target: string, command: string) => hook(permission(sb.repo, command), { env: sb.env, cwd: sb.repo, target });

  test("Codex: a line that only reads is allowed", () => {
    for (const command of ["tac /etc/hostname", "git log --oneline -3", "grep -rn TODO src | head -5"]) {
      const r = answer("codex", command);
      expect([command, r.exitCode, r.json?.hookSpecificOutput?.decision?.behavior]).toEqual([command, 0, "allow"]);
      expect(r.json.hookSpecificOutput.decision.message).toContain("approve-readonly");
    }
  });

  test("Codex: a line that writes, runs a writer or is dynamic gets no answer", () => {
    for (const command of ["tac a > b", "rm keep.txt", "git commit -m x", 'ls "$(cat list)" | sh']) {
      const r = answer("codex", command);
      expect([command, r.exitCode, r.stdout]).toEqual([command, 0, ""]);
    }
  });

  test("Claude Code and Copilot get no allow there (their PreToolUse allow already skips the question)", () => {
    expect([answer("claude", "tac /etc/hostname").stdout, answer("claude", "git log").exitCode]).toEqual(["", 0]);
    const copilot = hook({ hookName: "permissionRequest", sessionId: "s", timestamp: 1, cwd: sb.repo, toolName: "bash", toolInput: { command: "tac /etc/hostname" }, permissionSuggestions: [] }, { env: sb.env, cwd: sb.repo, target: "copilot", event: "permissionRequest" });
    expect([copilot.exitCode, copilot.stdout]).toEqual([0, ""]);
  });

  test("conditions list shows it in the approve-readonly profile, on the permission step", () => {
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    const mine = list.conditions.filter((c: any) => c.source === "profile:approve-readonly").map((c: any) => [c.file, c.step]);
    expect(mine).toContainEqual(["permission-bash-approve_readonly.ts", "permission"]);
  });
});
