// Which harnesses a bare `init` sets up (the installed ones: config folder or CLI on PATH), and the
// backups init leaves: listed by `backups`, removed by `backups --remove` or `uninit --remove-backups`.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { targetHint } from "../../src/types";
import { run, sandbox, writeFile, type Sandbox } from "../helpers";
import { CLAUDE_EXISTING, CODEX_EXISTING, COPILOT_EXISTING, paths, snapshot } from "./fixtures";

const ah = (sb: Sandbox, args: string[], env = sb.env) => run(args, { env, cwd: sb.repo });

describe("init without --target: only the harnesses installed here", () => {
  test("only ~/.codex exists: Codex is set up, the others are skipped with the reason", () => {
    const sb = sandbox();
    rmSync(join(sb.userHome, ".claude"), { recursive: true });
    rmSync(join(sb.userHome, ".copilot"), { recursive: true });
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(0);
    const p = paths(sb);
    expect(existsSync(p.codex)).toBe(true);
    expect(existsSync(p.claude)).toBe(false);
    expect(existsSync(join(sb.userHome, ".claude.json"))).toBe(false);
    expect(existsSync(join(sb.userHome, ".copilot"))).toBe(false);
    expect(r.stdout).toContain(`skipped claude: not installed (no ${join(sb.userHome, ".claude")} and no claude on PATH); to set it up anyway: agentihooks init --target claude`);
    expect(r.stdout).toContain("skipped copilot: not installed");
    expect(JSON.parse(readFileSync(join(sb.home, "state.json"), "utf8")).targets).toEqual({ codex: { profiles: ["default"] } });
  });

  test("a CLI on PATH counts as installed; --target names one that is not", () => {
    const sb = sandbox();
    for (const dir of [".claude", ".codex", ".copilot"]) rmSync(join(sb.userHome, dir), { recursive: true });
    const bin = join(sb.root, "bin");
    writeFile(join(bin, "copilot"), "#!/bin/sh\nexit 0\n", 0o755);
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}` };
    expect(ah(sb, ["init"], env).exitCode).toBe(0);
    expect(existsSync(paths(sb).copilot)).toBe(true);
    expect(existsSync(paths(sb).codex)).toBe(false);
    expect(ah(sb, ["init", "--target", "claude"], env).exitCode).toBe(0);
    expect(existsSync(paths(sb).claude)).toBe(true);
  });

  test("nothing installed: a one-line error, exit 1, nothing written", () => {
    const sb = sandbox();
    for (const dir of [".claude", ".codex", ".copilot"]) rmSync(join(sb.userHome, dir), { recursive: true });
    const before = snapshot(sb.root);
    const r = ah(sb, ["init"], { ...sb.env, PATH: "/usr/bin:/bin" });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toStartWith("agentihooks: no harness is installed here (");
    expect(r.stderr).toContain(`name one with --target ${targetHint("all")}`);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(snapshot(sb.root)).toEqual(before);
  });
});

describe("backups", () => {
  function initOnExisting(sb: Sandbox) {
    const p = paths(sb);
    writeFile(p.claude, CLAUDE_EXISTING, 0o600);
    writeFile(p.codex, CODEX_EXISTING);
    writeFile(p.copilot, COPILOT_EXISTING);
    expect(ah(sb, ["init", "--no-mcp"]).exitCode).toBe(0);
    return p;
  }

  test("listed by `backups`; uninit keeps the ones it cannot restore and says so; --remove deletes them", () => {
    const sb = sandbox();
    const p = initOnExisting(sb);
    const listed = ah(sb, ["backups"]);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout.trim().split("\n").sort()).toEqual([p.claude, p.codex, p.copilot].map((f) => `${f}.agentihooks.bak`).sort());
    // The person changes a setting after init: the backup no longer matches, so uninit keeps it.
    writeFileSync(p.claude, readFileSync(p.claude, "utf8").replace('"opus"', '"sonnet"'));
    const un = ah(sb, ["uninit", "--no-mcp"]);
    expect(un.exitCode).toBe(0);
    expect(un.stdout).toContain(`kept the backup ${p.claude}.agentihooks.bak (remove it with: agentihooks uninit --remove-backups)`);
    expect(ah(sb, ["backups"]).stdout.trim()).toBe(`${p.claude}.agentihooks.bak`);
    const removed = ah(sb, ["backups", "--remove"]);
    expect(removed.stdout.trim()).toBe(`removed ${p.claude}.agentihooks.bak`);
    expect(existsSync(`${p.claude}.agentihooks.bak`)).toBe(false);
    expect(JSON.parse(readFileSync(p.claude, "utf8")).model).toBe("sonnet");
    expect(ah(sb, ["backups"]).stdout).toStartWith("no backups");
  });

  test("uninit --remove-backups leaves none behind", () => {
    const sb = sandbox();
    const p = initOnExisting(sb);
    writeFileSync(p.codex, readFileSync(p.codex, "utf8").replace("log.py", "log2.py"));
    const un = ah(sb, ["uninit", "--no-mcp", "--remove-backups"]);
    expect(un.exitCode).toBe(0);
    expect(un.stdout).toContain(`removed the backup ${p.codex}.agentihooks.bak`);
    for (const f of Object.values(p)) expect(existsSync(`${f}.agentihooks.bak`)).toBe(false);
    expect(readFileSync(p.copilot, "utf8")).toBe(COPILOT_EXISTING);
  });
});
