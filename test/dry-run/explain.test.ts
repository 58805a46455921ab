// `conditions explain` against the compiled executable, on the example conditions.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { writeFile } from "../helpers";
import { ah, examplesSandbox } from "./fixtures";

const s = examplesSandbox();
const explain = (args: string[], stdin?: string) => ah(s, ["conditions", "explain", ...args], stdin);

describe("conditions explain", () => {
  test("a force push: programs, matches with the reason, the deny and each harness's bytes", () => {
    const r = explain(["--command", "git push --force origin main", "--json"]);
    expect(r.exitCode).toBe(0);
    const call = r.json.calls[0];
    expect(call.programs.programs).toEqual(["git"]);
    expect(call.matched.find((m: any) => m.file === "pre-bash.git-guard.ts").why).toBe("bash.git: the command runs git");
    const guard = call.outcomes.find((o: any) => o.file === "pre-bash.git-guard.ts");
    expect(guard).toMatchObject({ status: "denied", exit: 2 });
    expect(guard.stderr).toContain("force push");
    expect(call.merged.decision).toBe("deny");
    const { claude, codex, copilot } = r.json.answers;
    expect(claude.exitCode).toBe(2);
    expect(JSON.parse(claude.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(codex).toMatchObject({ exitCode: 2, stdout: "" });
    expect(codex.stderr).toContain("force push");
    expect(JSON.parse(copilot.stdout).permissionDecision).toBe("deny");
  });

  test("a rewrite reaches all three: Claude's and Codex's updatedInput with allow, Copilot's modifiedArgs", () => {
    const r = explain(["--command", "git log", "--json"]);
    const { claude, codex, copilot } = r.json.answers;
    expect(JSON.parse(claude.stdout).hookSpecificOutput.updatedInput.command).toBe("git log --oneline -20");
    expect(JSON.parse(copilot.stdout).modifiedArgs.command).toBe("git log --oneline -20");
    expect(codex.exitCode).toBe(0);
    expect(JSON.parse(codex.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: "allow", updatedInput: { command: "git log --oneline -20" } });
  });

  test("--no-run matches but runs nothing and answers nothing", () => {
    const r = explain(["--command", "git push --force", "--no-run", "--json"]);
    expect(r.json.ran).toBe(false);
    expect(r.json.calls[0].matched.length).toBeGreaterThan(0);
    expect(r.json.calls[0].outcomes).toEqual([]);
    expect(r.json.answers).toBeUndefined();
    expect(explain(["--command", "git push --force", "--no-run"]).stdout).toContain("nothing (--no-run)");
  });

  test("the readable form shows every step", () => {
    const out = explain(["--command", "git push --force"]).stdout;
    for (const part of ["Layers (lowest to highest priority)", "runtime", "programs  git", "Matched (", "Ran", "denied  exit 2", "Merged", "What each harness would receive", "codex  exit 2"]) {
      expect(out).toContain(part);
    }
  });

  test("a Codex payload from a file is detected and normalized (apply_patch is Edit)", () => {
    const patch = "*** Begin Patch\n*** Update File: db/migrations/0001_init.sql\n@@\n-a\n+b\n*** End Patch";
    const file = writeFile(join(s.root, "codex.json"), JSON.stringify({
      session_id: "c1", turn_id: "t1", cwd: s.repo, hook_event_name: "PreToolUse", tool_name: "apply_patch", tool_input: { command: patch }, tool_use_id: "x",
    }));
    const r = explain(["--payload", file, "--json"]);
    expect(r.json.target).toBe("codex");
    expect(r.json.calls[0].payload.tool_name).toBe("Edit");
    expect(r.json.calls[0].matched.map((m: any) => m.file)).toContain("pre-edit+write-migrations.sh");
  });

  test("a payload on stdin, and a post call with its response", () => {
    const payload = { session_id: "p", cwd: s.repo, hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "env" }, tool_response: { stdout: "K=AKIAIOSFODNN7EXAMPLE", stderr: "" } };
    const r = explain(["--payload", "-", "--json"], JSON.stringify(payload));
    expect(r.json.step).toBe("post");
    expect(r.json.effect.context).toContain("AWS access key id");
  });

  test("errors are one line: no payload, bad JSON, bad target", () => {
    for (const [args, stdin] of [[[], undefined], [["--payload", "-"], "{not json"], [["--command", "ls", "--target", "vim"], undefined]] as const) {
      const r = explain([...args], stdin);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toContain("    at ");
    }
  });
});
