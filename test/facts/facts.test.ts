// The command facts (src/facts/, docs/typescript-conditions.md) through the compiled executable:
// `agentihooks programs --facts` prints what a condition gets in AH_FACTS. Many spellings, one answer:
// the program after wrappers, the argument values after quote removal, the folder a static cd leads to,
// the carriers that reached it, and what is only known when the line runs.
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { run, sandbox } from "../helpers";

const sb = sandbox();
const work = join(sb.root, "work");
mkdirSync(work);

function facts(command: string) {
  const r = run(["programs", "--facts", "-"], { env: sb.env, cwd: work, stdin: command });
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout);
}

/** The commands of a line as [program, values of its args, cwd, via]. */
const brief = (command: string) => facts(command).commands.map((c: any) => [c.program, c.args.map((a: any) => a.value), c.cwd, c.via]);

describe("one simple command, many spellings", () => {
  const SPELLINGS = ["git push --force", "git push $'--force'", "git push '--force'", 'git "push" --for"ce"', "git push --for\\\nce", "\\git push --force", "g\\it push --force", "command git push --force", "sudo -u me env A=1 timeout 5 git push --force", "/usr/bin/git push --force", "/usr/lib/git-core/git-push --force"];
  for (const line of SPELLINGS) {
    test(JSON.stringify(line), () => {
      const [c] = facts(line).commands.filter((x: any) => x.program === "git");
      expect(c.args.map((a: any) => a.value)).toEqual(["push", "--force"]);
      expect(c.cwd).toBe(work);
      expect(c.dynamic).toBe(false);
    });
  }
  test("the wrappers and the program word as written are kept", () => {
    const c = facts("sudo env A=1 /usr/bin/Git push").commands[0];
    expect(c).toMatchObject({ program: "git", path: "/usr/bin/Git", wrappers: ["sudo", "env"] });
    expect(facts("/usr/lib/git-core/git-push -f").commands[0]).toMatchObject({ program: "git", path: "/usr/lib/git-core/git-push" });
  });
});

describe("the carrier path", () => {
  const CASES: [string, string[]][] = [
    ["bash -c 'git push -f'", ["bash -c"]],
    ["bash -c 'xargs git push -f'", ["bash -c", "xargs"]],
    ["sh -c \"find . -exec git push -f {} \\;\"", ["sh -c", "find -exec"]],
    ["git -c alias.p='!git push -f' p", ["git config alias.p"]],
    ["git -c alias.p='push -f' p", ["git config alias.p"]],
    ["bash -c \"git -c alias.p='push -f' p\"", ["bash -c", "git config alias.p"]],
    ["python3 -c 'import os; os.system(\"git push -f\")'", ["python3 -c system"]],
  ];
  for (const [line, via] of CASES) {
    test(`${JSON.stringify(line)}: ${via.join(" -> ")}`, () => {
      const git = facts(line).commands.find((c: any) => c.program === "git" && c.args[0]?.value === "push");
      expect(git.via).toEqual(via);
    });
  }
});

describe("the folder each command runs in", () => {
  test("a static cd moves the commands after it; a subshell's cd ends with it; ~ and .. resolve", () => {
    expect(brief("cd sub && git push")[1][2]).toBe(join(work, "sub"));
    expect(brief("cd ~/x; ls")[1][2]).toBe(join(sb.userHome, "x"));
    expect(brief("cd .. && cd /tmp/a && ls")[2][2]).toBe("/tmp/a");
    const sub = brief("(cd a && ls); ls");
    expect(sub[1][2]).toBe(join(work, "a"));
    expect(sub[2][2]).toBe(work);
    expect(brief("cd && ls")[1][2]).toBe(sb.userHome);
  });
  test("a cd only known when it runs makes it unknown (null)", () => {
    for (const line of ['cd "$DIR" && ls', "cd - && ls", "popd && ls", "cd $(mktemp -d) && ls"]) {
      const rows = brief(line);
      expect(rows[rows.length - 1][2]).toBeNull();
    }
  });
});

describe("what is only known when the line runs", () => {
  test("an argument made by an expansion has no value, its text is kept; a glob keeps its pattern", () => {
    const c = facts('rm -rf "$X" /tmp/*.log').commands[0];
    expect(c.args).toEqual([{ value: "-rf", raw: "-rf" }, { value: null, raw: '"$X"' }, { value: "/tmp/*.log", raw: "/tmp/*.log", glob: true }]);
    expect(c.dynamic).toBe(true);
  });
  test("redirections: op, fd and target", () => {
    expect(facts("git push 2>&1 > out.log").commands[0].redirects).toEqual([
      { op: ">&", fd: "2", target: { value: "1", raw: "1" } },
      { op: ">", target: { value: "out.log", raw: "out.log" } },
    ]);
  });
  test("a program only known when it runs: no program, the line dynamic, and why", () => {
    const f = facts("$GIT push -f");
    expect(f.dynamic).toBe(true);
    expect(f.commands[0].program).toBeNull();
    expect(f.commands[0].dynamic).toBe(true);
    expect(f.why[0].construct).toBe("program-not-static");
    expect(f.why[0].text).toBe("$GIT");
  });
});

describe("the facts a condition gets in AH_FACTS are the same", () => {
  test("a runtime condition prints its AH_FACTS; it equals programs --facts for the line in the session's folder", () => {
    const layer = join(sb.home, "conditions");
    mkdirSync(layer, { recursive: true });
    const script = join(layer, "pre-bash-facts_probe.sh");
    require("node:fs").writeFileSync(script, '#!/bin/sh\ncat >/dev/null\nprintf "facts: %s" "$AH_FACTS"\n', { mode: 0o755 });
    const line = "cd sub && bash -c 'git status' | grep -c \"$X\"";
    const r = run(["hook", "--target", "claude", "--event", "PreToolUse"], {
      env: sb.env,
      stdin: JSON.stringify({ session_id: "s", cwd: work, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: line } }),
    });
    const context = r.json.hookSpecificOutput.additionalContext as string;
    const got = JSON.parse(context.slice(context.indexOf("{")));
    expect(got).toEqual(facts(line));
    require("node:fs").rmSync(script);
  });
});
