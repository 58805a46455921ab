// `agentihooks programs`: argv and stdin input, JSON and readable output, errors as one line.
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import path from "node:path";

const BIN = process.env.AGENTIHOOKS_BIN || path.resolve(import.meta.dir, "../../dist/agentihooks");
const run = (args: string[], stdin?: string) => {
  const r = Bun.spawnSync([BIN, "programs", ...args], { stdin: stdin === undefined ? "ignore" : Buffer.from(stdin), env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
};

describe.skipIf(!existsSync(BIN) && !process.env.AGENTIHOOKS_BIN)("agentihooks programs", () => {
  test("--json prints programs, dynamic, commands with depth, via and redirections", () => {
    const r = run(["--json", "sudo bash -c 'rm -rf x' > log 2>&1"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.programs).toEqual(["bash", "rm"]);
    expect(doc.dynamic).toBe(false);
    expect(doc.commands[0]).toMatchObject({ program: "bash", depth: 0, redirects: [{ op: ">", target: "log" }, { op: ">&", fd: "2", target: "1" }] });
    expect(doc.commands[1]).toMatchObject({ program: "rm", args: ["-rf", "x"], depth: 1, via: "bash -c" });
  });

  test("- reads the command line from stdin (heredocs survive)", () => {
    const doc = JSON.parse(run(["--json", "-"], "bash <<'EOF'\ngit push\nEOF\n").out);
    expect(doc.programs).toEqual(["bash", "git"]);
  });

  test("several words are joined, the command's own options are kept", () => {
    const doc = JSON.parse(run(["--json", "git", "push", "--force"]).out);
    expect(doc.commands[0].args).toEqual(["push", "--force"]);
  });

  test("readable summary", () => {
    const r = run(["X=rm; $X -rf ~"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("programs: (none)");
    expect(r.out).toContain("dynamic:  yes");
  });

  test("unparseable input reports an issue, not an error", () => {
    const doc = JSON.parse(run(["--json", "echo 'unterminated"]).out);
    expect(doc).toMatchObject({ programs: ["echo"], dynamic: true, issues: [{ code: "unterminated" }] });
  });

  test("a missing command is a usage error: one line on stderr and exit 2", () => {
    const r = run([]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).not.toContain("    at ");
  });
});
