// Cline CLI's set-up, against the compiled executable: init writes one PreToolUse.sh hook script
// (user ~/.cline/hooks or $CLINE_DIR/hooks, project .clinerules/hooks), uninit removes exactly it,
// doctor agrees, a person's own script of that name is never overwritten, and the script itself
// answers a cancel when the executable is gone (Cline lets a call run when a hook prints nothing).
import { describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const script = (sb: Sandbox) => join(sb.userHome, ".cline", "hooks", "PreToolUse.sh");
const fails = (sb: Sandbox) => ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string; text: string }) => c.level === "fail" && c.text.startsWith("cline:"));

describe("cline init / uninit / doctor", () => {
  test("init writes an executable hook script that calls this executable; again changes nothing; doctor is clean; uninit removes it", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "cline"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`cline: created ${script(sb)}`);
    const text = readFileSync(script(sb), "utf8");
    expect(text.startsWith("#!/bin/sh\n")).toBe(true);
    expect(text).toContain(`exec ${BIN} hook --target cline --event PreToolUse\n`);
    expect(statSync(script(sb)).mode & 0o777).toBe(0o755);
    expect(ah(sb, ["init", "--target", "cline"]).stdout).toContain("already set up: nothing changed");
    expect(fails(sb)).toEqual([]);
    expect(ah(sb, ["doctor", "--json"]).json.checks.some((c: { level: string; text: string }) => c.level === "ok" && c.text === `cline: ${script(sb)} calls this executable on 1 events`)).toBe(true);
    const un = ah(sb, ["uninit", "--target", "cline"]);
    expect(un.stdout).toContain(`cline: removed ${script(sb)}`);
    expect(existsSync(script(sb))).toBe(false);
    expect(ah(sb, ["uninit", "--target", "cline"]).stdout).toContain("nothing to remove");
  });

  test("--scope project writes .clinerules/hooks/PreToolUse.sh in the repository; CLINE_DIR moves the user scope", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "cline", "--scope", "project"]).exitCode).toBe(0);
    expect(readFileSync(join(sb.repo, ".clinerules", "hooks", "PreToolUse.sh"), "utf8")).toContain("--target cline");
    expect(existsSync(script(sb))).toBe(false);
    expect(ah(sb, ["uninit", "--target", "cline", "--scope", "project"]).exitCode).toBe(0);
    expect(existsSync(join(sb.repo, ".clinerules"))).toBe(false);
    const dir = join(sb.root, "cline-dir");
    expect(ah(sb, ["init", "--target", "cline"], { CLINE_DIR: dir }).exitCode).toBe(0);
    expect(existsSync(join(dir, "hooks", "PreToolUse.sh"))).toBe(true);
  });

  test("a person's own PreToolUse.sh is not overwritten: init stops with one line and writes nothing", () => {
    const sb = sandbox();
    writeFile(script(sb), "#!/bin/sh\necho mine\n");
    const r = ah(sb, ["init", "--target", "cline"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("is not agentihooks' hook script");
    expect(readFileSync(script(sb), "utf8")).toBe("#!/bin/sh\necho mine\n");
    expect(existsSync(join(sb.home, "state.json"))).toBe(false);
    expect(ah(sb, ["uninit", "--target", "cline"]).stdout).toContain("nothing to remove");
    expect(readFileSync(script(sb), "utf8")).toBe("#!/bin/sh\necho mine\n");
  });

  test("doctor warns of another PreToolUse hook file Cline runs beside ours (it could rewrite a call after we judged it)", () => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--target", "cline"]).exitCode).toBe(0);
    const warns = () => ah(sb, ["doctor", "--json"]).json.checks.filter((c: { level: string; text: string }) => c.level === "warn" && c.text.startsWith("cline:"));
    expect(warns()).toEqual([]);
    const other = writeFile(join(sb.userHome, "Documents", "Cline", "Hooks", "pretooluse.py"), "print('{}')\n");
    writeFile(join(sb.repo, ".clinerules", "hooks", "PostToolUse"), "#!/bin/sh\n"); // another event: fine
    expect(warns().map((c: { text: string }) => c.text)).toEqual([expect.stringContaining(`cline: ${other} is another PreToolUse hook`)]);
  });

  test("with the executable gone, the script answers a cancel (fail closed) and doctor names the fix", () => {
    const sb = sandbox();
    const exe = join(sb.root, "agentihooks");
    copyFileSync(BIN, exe);
    chmodSync(exe, 0o755);
    expect(Bun.spawnSync([exe, "init", "--target", "cline"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(0);
    renameSync(exe, `${exe}.moved`);
    const p = Bun.spawnSync(["sh", script(sb)], { env: sb.env, stdin: new Blob(["{}"]), stdout: "pipe" });
    const answer = JSON.parse(p.stdout.toString());
    expect(answer.cancel).toBe(true);
    expect(answer.errorMessage).toContain(`${exe} is missing`);
    const f = fails(sb);
    expect(f.length).toBeGreaterThan(0);
    expect(f[0].fix).toContain("agentihooks init --target cline");
  });
});
