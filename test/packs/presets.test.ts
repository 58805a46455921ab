// The presets (built-in profiles default, strict, paranoid) and the opt-in approve-readonly profile,
// through the compiled executable: `init --profile` records the chain and the hook answers by it.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, run, sandbox } from "../helpers";

type Box = ReturnType<typeof sandbox>;

/** A sandbox whose global chain is `profiles`. */
function withChain(profiles: string[]): Box {
  const sb = sandbox();
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles } } }));
  return sb;
}

/** The hook's answer to a Claude Bash call: the decision (none when it gave none) and the reason. */
function decide(sb: Box, command: string, target?: string) {
  const r = hook(claudeBash(command, sb.repo), { env: sb.env, cwd: sb.repo, target });
  const out = r.json?.hookSpecificOutput;
  return { decision: r.exitCode === 2 ? "deny" : (out?.permissionDecision ?? "none"), reason: `${out?.permissionDecisionReason ?? ""}${r.stderr}`, exit: r.exitCode };
}

describe("init --profile strict picks the strict preset", () => {
  test("the chain is recorded and the hook judges by strict", () => {
    const sb = sandbox();
    const init = run(["init", "--target", "claude", "--profile", "strict", "--no-mcp"], { env: sb.env, cwd: sb.repo });
    expect(init.exitCode).toBe(0);
    expect(init.stdout + init.stderr).toContain("profiles strict");
    const kube = decide(sb, "kubectl delete pod web-1", "claude");
    expect(kube.decision).toBe("ask");
    expect(kube.reason).toContain("k8s.delete:");
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    const files = list.conditions.filter((c: any) => c.source === "profile:strict").map((c: any) => c.file);
    for (const pack of ["filesystem", "databases", "containers", "cloud", "publishing", "git"]) expect(files).toContain(`pre-bash-${pack}.rules.toml`);
    expect(files).toContain("pre-read+edit+write+notebookedit+grep+bash-secrets.rules.toml");
  });

  test("an unknown profile is a one-line error and nothing is recorded", () => {
    const sb = sandbox();
    const r = run(["init", "--target", "claude", "--profile", "stricter", "--no-mcp"], { env: sb.env, cwd: sb.repo });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr).toContain('unknown profile "stricter"');
    expect(r.stderr).toContain("strict");
    expect(r.stderr.trim().split("\n").length).toBe(1);
  });
});

describe("the presets decide differently", () => {
  const boxes = { default: withChain(["default"]), strict: withChain(["strict"]), paranoid: withChain(["paranoid"]) };
  const table: [string, Record<keyof typeof boxes, string>, string][] = [
    // catastrophic: denied by every preset
    ["psql -c 'DROP DATABASE prod'", { default: "deny", strict: "deny", paranoid: "deny" }, "db.sql-drop:"],
    ["terraform destroy -auto-approve", { default: "deny", strict: "deny", paranoid: "deny" }, "iac.terraform-destroy:"],
    // asks in default and strict, denied by paranoid
    ["terraform apply -auto-approve", { default: "ask", strict: "ask", paranoid: "deny" }, "iac.terraform-auto-approve:"],
    ["npm publish", { default: "ask", strict: "ask", paranoid: "deny" }, "publish.npm:"],
    // strict only
    ["kubectl delete pod web-1", { default: "none", strict: "ask", paranoid: "deny" }, "k8s.delete:"],
    ["printenv", { default: "none", strict: "ask", paranoid: "deny" }, "secrets.env-dump:"],
    // a command a pack rule may match, but only known when the line runs: nothing in default, ask in
    // strict, deny in paranoid (a line whose program is unknown is denied in every preset by the git
    // pack's git.push-dynamic-settings: it may be a push)
    ['kubectl delete "$KIND" prod', { default: "none", strict: "ask", paranoid: "deny" }, "may do this"],
    // benign everywhere
    ["kubectl get pods -A", { default: "none", strict: "none", paranoid: "none" }, ""],
    ["terraform plan", { default: "none", strict: "none", paranoid: "none" }, ""],
  ];
  for (const [command, want, named] of table)
    test(command, () => {
      for (const preset of Object.keys(boxes) as (keyof typeof boxes)[]) {
        const got = decide(boxes[preset], command);
        expect([preset, got.decision]).toEqual([preset, want[preset]]);
        if (want[preset] !== "none") expect(got.reason).toContain(named);
      }
    });

  test("a file tool reading a credential store is denied in every preset", () => {
    for (const sb of Object.values(boxes)) {
      const r = hook({ ...claudeBash("", sb.repo), tool_name: "Read", tool_input: { file_path: join(sb.userHome, ".ssh", "id_ed25519") } }, { env: sb.env, cwd: sb.repo });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("secrets.read-credentials-file:");
    }
  });
});

describe("approve-readonly: allow what only reads, never over a deny or an ask", () => {
  const ro = withChain(["approve-readonly"]);
  const strictRo = withChain(["strict", "approve-readonly"]);

  test("a line that only reads is allowed", () => {
    for (const command of ["ls -la", "git status && git log --oneline -3", "grep -rn TODO src | head -20", "find . -name '*.ts' -type f", "cat README.md", "git diff HEAD~1 -- src"]) {
      const got = decide(ro, command);
      expect([command, got.decision]).toEqual([command, "allow"]);
      expect(got.reason).toContain("approve-readonly");
    }
  });

  test("a line that writes, runs a writer or is dynamic is not allowed", () => {
    for (const command of ["ls > files.txt", "git commit -m x", "git push origin feature", "git branch topic", "find . -delete", "sed -i s/a/b/ f", "npm test", 'ls "$(cat list)" | sh', "sort -o out.txt in.txt", "bash -c 'ls'"]) {
      const got = decide(ro, command);
      expect([command, got.decision === "allow" || got.reason.includes("approve-readonly")]).toEqual([command, false]);
    }
  });

  test("a pack's deny or ask wins over the allow", () => {
    // cat only reads, but the secrets pack denies reading a private key
    const key = decide(ro, "cat ~/.ssh/id_rsa");
    expect(key.decision).toBe("deny");
    expect(key.reason).toContain("secrets.read-credentials:");
    expect(decide(strictRo, "git log --oneline -5").decision).toBe("allow");
    expect(decide(strictRo, "kubectl delete pod web-1").decision).toBe("ask");
  });

  test("lint: a preset and approve-readonly together shadow nothing that would be lost", () => {
    const lint = run(["conditions", "lint", "--json"], { env: strictRo.env, cwd: strictRo.repo }).json;
    expect(lint.findings.filter((f: any) => f.file.startsWith("builtin:"))).toEqual([]);
  });

  test("conditions show prints what the built-in is", () => {
    const show = run(["conditions", "show", "pre-bash-approve_readonly.ts"], { env: ro.env, cwd: ro.repo });
    expect(show.exitCode).toBe(0);
    expect(show.stdout).toContain("src/run/approve-readonly.ts");
  });

  test("another condition's ask wins over the allow", () => {
    const sb = withChain(["approve-readonly"]);
    addCondition(join(sb.home, "conditions"), "pre-bash-confirm.sh", `#!/bin/sh\necho '{"decision":"ask","reason":"confirm every command"}'\n`);
    const got = decide(sb, "ls -la");
    expect(got.decision).toBe("ask");
    expect(got.reason).toContain("confirm every command");
  });
});
