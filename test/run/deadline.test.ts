// The timeout is a hard deadline for the answer, and what a condition started ends with it (issue 16.12):
// grandchildren that left the condition's process group (setsid, double forks, nohup, os.setsid) are
// found by their AH_RUN_ID and killed (src/run/reaper.ts); one that cannot be found (a cleared
// environment) no longer holds the answer back past the deadline.
// A hang shows as the hook itself being killed by the test's outer limit, not as a timing assertion.
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, harnessHook, sandbox } from "../helpers";
import { PACKS } from "./parity";

const OUTER_LIMIT_MS = 20_000; // what a harness would wait before killing the hook (CONDITIONS_TIMEOUT_SEC is 2)

/** Runs the hook on `ls` with the conditions given; returns its answer (exit null: the outer limit killed it). */
function runHook(conditions: Record<string, string>, env: Record<string, string> = {}) {
  const sb = sandbox();
  for (const [file, body] of Object.entries(conditions)) addCondition(join(sb.home, "conditions"), file, `#!/usr/bin/env bash\n${body}\n`);
  const p = Bun.spawnSync([BIN, "hook"], {
    env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "2", ...env },
    stdin: new Blob([JSON.stringify(claudeBash("ls", sb.repo))]),
    stdout: "pipe",
    stderr: "pipe",
    timeout: OUTER_LIMIT_MS,
    killSignal: "SIGKILL",
  });
  return { sb, exitCode: p.exitCode, stderr: p.stderr.toString(), stdout: p.stdout.toString(), pids: join(sb.root, "pids") };
}

/** Pids written to `file` that still run (zombies count as gone). */
function alive(file: string): number[] {
  Bun.sleepSync(100);
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {}
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
      } catch {
        return false;
      }
    });
}

const kill = (pids: number[]) => pids.forEach((pid) => process.kill(pid, "SIGKILL"));

// Ways for a grandchild to leave the group, each writing its pid to $P; the condition then denies at once.
const ESCAPES: [string, string][] = [
  ["setsid, holding stdout", "setsid sh -c 'echo $$ >> $P; exec sleep 600' &"],
  ["setsid, holding stderr only", "setsid sh -c 'echo $$ >> $P; exec sleep 600' >/dev/null &"],
  ["setsid, holding no pipe", "setsid sh -c 'echo $$ >> $P; exec sleep 600' >/dev/null 2>&1 &"],
  ["setsid --fork", "setsid -f sh -c 'echo $$ >> $P; exec sleep 600'"],
  ["a double fork through a subshell", "( setsid sh -c 'echo $$ >> $P; exec sleep 600' & )"],
  ["a setsid grandchild with a child of its own", "setsid bash -c 'sleep 600 & echo $! >> $P; echo $$ >> $P; wait' &"],
  ["nohup and setsid", "nohup setsid sh -c 'echo $$ >> $P; exec sleep 600' >/dev/null 2>&1 &"],
  ["python's os.setsid after a fork", "python3 -c 'import os,sys,time\nif os.fork()==0:\n os.setsid(); open(sys.argv[1],\"a\").write(str(os.getpid())+\"\\n\"); time.sleep(600)' $P &"],
];

describe("a condition's grandchild that left its group: the deny arrives, the grandchild ends", () => {
  for (const [name, escape] of ESCAPES) {
    test(name, () => {
      // The condition waits until its grandchild has written its pid (python3 may take a while to start).
      const wait = 'for i in $(seq 100); do [ -s "$P" ] && break; sleep 0.05; done; sleep 0.1';
      const r = runHook({ "pre-bash-escape.sh": `export P=$AGENTIHOOKS_HOME/../pids\n${escape}\n${wait}\necho "no: escaped" >&2\nexit 2` });
      const left = alive(r.pids);
      kill(left);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("[condition pre-bash-escape.sh] no: escaped");
      expect(readFileSync(r.pids, "utf8").trim()).not.toBe("");
      expect(left).toEqual([]);
    });
  }
});

describe("what cannot be found does not hold the answer past the deadline", () => {
  test("a cleared environment (env -i) holding the pipe: not findable, but the deny still arrives at the deadline", () => {
    const r = runHook({
      "pre-bash-a_escape.sh": "env -i setsid sh -c 'echo $$ >> '$AGENTIHOOKS_HOME/../pids'; exec sleep 600' &\nsleep 0.3\necho no >&2\nexit 2",
      "pre-bash-b_slow.sh": "sleep 1\necho slow",
    });
    kill(alive(r.pids)); // documented as what remains: the test ends it itself
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("[condition pre-bash-a_escape.sh] no");
  });

  test("a condition that never exits and whose grandchild holds the pipe: timeout, group and grandchild gone", () => {
    const r = runHook({ "pre-bash-hang.sh": "setsid sh -c 'echo $$ >> '$AGENTIHOOKS_HOME/../pids'; exec sleep 600' &\necho $$ >> $AGENTIHOOKS_HOME/../pids\nwhile :; do sleep 1; done" });
    const left = alive(r.pids);
    kill(left);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toContain("[condition pre-bash-hang.sh] failed (timed out after 2s)");
    expect(left).toEqual([]);
  });

  test("an .async condition's own processes are left to its own timeout", () => {
    const r = runHook({
      "pre-bash-a_bg.async.sh": "echo $$ >> $AGENTIHOOKS_HOME/../pids; sleep 5",
      "pre-bash-b_escape.sh": "setsid sh -c 'echo $$ >> '$AGENTIHOOKS_HOME/../async-pids'; exec sleep 600' &\nsleep 0.3\nexit 0",
    });
    const bg = alive(r.pids);
    const escaped = alive(join(r.sb.root, "async-pids"));
    kill([...bg, ...escaped]);
    expect(r.exitCode).toBe(0);
    expect(bg.length).toBe(1);
    expect(escaped).toEqual([]);
  });
});

describe("the git pack never waits on git", () => {
  test("a git that hangs changes nothing: the branch is read from .git/HEAD, and a push on main is denied at once", () => {
    const sb = sandbox();
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    writeFileSync(join(sb.repo, ".git", "HEAD"), "ref: refs/heads/main\n");
    const bin = join(sb.root, "bin");
    mkdirSync(bin);
    // Any git the hook started would hang and leave its pid behind.
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho $$ >> ${sb.root}/pids; exec sleep 600\n`);
    chmodSync(join(bin, "git"), 0o755);
    const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}`, CONDITIONS_TIMEOUT_SEC: "2" };
    const started = performance.now();
    const p = Bun.spawnSync([BIN, "hook"], { env, stdin: new Blob([JSON.stringify(claudeBash("git push", sb.repo))]), stdout: "pipe", stderr: "pipe", timeout: OUTER_LIMIT_MS, killSignal: "SIGKILL" });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(p.exitCode).toBe(2);
    expect(p.stderr.toString()).toContain("git.push-current-protected");
    expect(alive(join(sb.root, "pids"))).toEqual([]);
  });
});

describe("a built-in on a huge command gives up at the call's deadline", () => {
  test("a 10 MB Bash command through the default profile: answered, the guards' time-out logged, long before the harness's limit", () => {
    const sb = sandbox();
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    // ~2.5 million words: the .env guard alone would take many seconds over it (a stat per word)
    const command = `git status ${"[x] ".repeat(2_500_000)}`;
    // the closed gate denies a line past the analysis' length limit (issue 23.3): the person opens it,
    // so the call reaches the built-in guards
    const armed = harnessHook({ session_id: "s-test", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "add an agentihooks condition that blocks git push --force" }, { env: sb.env });
    expect(armed.stdout).toContain("condition gate is open");
    const p = Bun.spawnSync([BIN, "hook"], {
      env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "1" },
      stdin: new Blob([JSON.stringify(claudeBash(command, sb.repo))]),
      stdout: "pipe",
      stderr: "pipe",
      timeout: OUTER_LIMIT_MS,
      killSignal: "SIGKILL",
    });
    // answered: allowed, or denied by the git pack's git.push-dynamic-settings (on_dynamic deny: a line
    // too long to analyze is dynamic) when the packs answer before the deadline
    expect([0, 2]).toContain(p.exitCode);
    const records = readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const guards = records.flatMap((r) => r.conditions ?? []);
    expect(guards.map((r: { name: string }) => r.name).sort()).toEqual([...PACKS, "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts"].sort());
    expect(guards.some((r: { status: string }) => r.status === "timeout")).toBe(true);
    // Both ran within one deadline from the start of the call, not one each after the other.
    expect(guards.reduce((n: number, r: { ms: number }) => n + r.ms, 0)).toBeLessThan(1000 + 500);
  });
});
