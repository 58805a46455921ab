// The same operations for people: `agentihooks conditions set|show|clear` (not gated), through the executable.
import { describe, expect, test } from "bun:test";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run, sandbox, writeFile } from "../helpers";

describe("conditions set / show / clear", () => {
  test("set from stdin, then show and clear it; a person at a terminal is not gated", () => {
    const sb = sandbox();
    const set = run(["conditions", "set", "--step", "pre", "--matcher", "bash.kubectl", "--name", "gitops", "--json"], { env: sb.env, cwd: sb.repo, stdin: "echo 'kubectl writes go through GitOps'\n" });
    expect(set.exitCode).toBe(0);
    const path = join(sb.home, "conditions", "pre-bash.kubectl-gitops.sh");
    expect(set.json).toMatchObject({ success: true, path, layer: "runtime", active: true });
    expect(statSync(path).mode & 0o777).toBe(0o755);
    const show = run(["conditions", "show", "gitops"], { env: sb.env, cwd: sb.repo });
    expect(show.stdout).toBe("#!/usr/bin/env bash\necho 'kubectl writes go through GitOps'\n");
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo });
    expect(list.json.conditions.map((c: { file: string }) => c.file)).toEqual(["pre-bash.kubectl-gitops.sh"]);
    const clear = run(["conditions", "clear", "pre-bash.kubectl-gitops.sh"], { env: sb.env, cwd: sb.repo });
    expect(clear.exitCode).toBe(0);
    expect(clear.stdout).toContain(`removed ${path}`);
  });

  test("set --file, scope directory and profile; refusing to overwrite; one-line errors", () => {
    const sb = sandbox();
    const team = join(sb.root, "team-profile");
    mkdirSync(team, { recursive: true });
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, linked_profiles: { team }, targets: { claude: { profiles: ["team"] } } }));
    const script = writeFile(join(sb.root, "s.py"), "print('hi')\n");
    const dir = run(["conditions", "set", "--matcher", "edit", "--name", "fmt", "--language", "python", "--scope", "directory", "--file", script], { env: sb.env, cwd: sb.repo });
    expect(dir.exitCode).toBe(0);
    expect(dir.stdout).toContain(join(sb.repo, ".agentihooks", "conditions", "pre-edit-fmt.py"));
    const prof = run(["conditions", "set", "--matcher", "any", "--name", "hello", "--scope", "profile", "--json"], { env: sb.env, cwd: sb.repo, stdin: "echo hi" });
    expect(prof.json).toMatchObject({ layer: "profile:team", path: join(team, ".claude", "conditions", "pre-any-hello.sh"), active: true });
    const again = run(["conditions", "set", "--matcher", "any", "--name", "hello", "--scope", "profile"], { env: sb.env, cwd: sb.repo, stdin: "echo hi" });
    expect(again.exitCode).toBe(1);
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(again.stderr).toContain("already exists");
    const bad = run(["conditions", "set", "--matcher", "any", "--name", "../evil"], { env: sb.env, cwd: sb.repo, stdin: "echo" });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toMatch(/^agentihooks: .*slash/);
    expect(bad.stderr).not.toContain("    at ");
    const missing = run(["conditions", "show", "nope"], { env: sb.env, cwd: sb.repo });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("no active condition");
  });

  test("clear needs a scope when the name is in several layers", () => {
    const sb = sandbox();
    for (const scope of ["global", "directory"]) run(["conditions", "set", "--matcher", "bash", "--name", "dup", "--scope", scope], { env: sb.env, cwd: sb.repo, stdin: "true" });
    const ambiguous = run(["conditions", "clear", "dup"], { env: sb.env, cwd: sb.repo });
    expect(ambiguous.exitCode).toBe(1);
    expect(ambiguous.stderr).toContain("pass scope");
    const cleared = run(["conditions", "clear", "dup", "--scope", "directory", "--json"], { env: sb.env, cwd: sb.repo });
    expect(cleared.json).toMatchObject({ success: true, layer: "directory" });
  });
});
