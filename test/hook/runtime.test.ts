// The hook runtime against the compiled executable: real conditions (bash, python, TypeScript), real
// payloads of the three harnesses.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, sandbox } from "../helpers";

const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;
const py = (body: string) => `import json, sys\npayload = json.load(sys.stdin)\n${body}\n`;

function setup() {
  const sb = sandbox();
  const runtime = join(sb.home, "conditions");
  return { sb, runtime, add: (file: string, body: string, mode = 0o755) => addCondition(runtime, file, body, mode) };
}

describe("script contract", () => {
  test("exit 2 denies with stderr as the reason (claude)", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh('echo "no force push" >&2; exit 2'));
    const r = hook(claudeBash("git push --force", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("[condition pre-bash.git-guard.sh] no force push");
    expect(r.json.hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
    expect(r.json.hookSpecificOutput.permissionDecisionReason).toContain("no force push");
  });

  test("bash.<cli> sees through wrappers and substitutions; other commands do not fire", () => {
    const { sb, add } = setup();
    add("pre-bash.git-guard.sh", sh("echo blocked >&2; exit 2"));
    for (const cmd of ["sudo -u bob git push", "echo $(git rev-parse HEAD)", "bash -c 'git push'", "ls | xargs git add", "X=$(cat f) && $X"]) {
      expect(hook(claudeBash(cmd, sb.repo), { env: sb.env }).exitCode).toBe(2);
    }
    for (const cmd of ["echo git", "ls -la", "cat notes.txt"]) {
      const r = hook(claudeBash(cmd, sb.repo), { env: sb.env });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toBe("");
    }
  });

  test("plain text stdout is context; the condition sees the normalized payload and AH_* variables", () => {
    const { sb, add } = setup();
    add(
      "pre-bash-env.sh",
      sh('read -r payload; echo "tool=$AH_TOOL_NAME step=$AH_STEP event=$AH_EVENT target=$AH_TARGET cond=$AH_CONDITION src=$AH_CONDITION_SOURCE sid=$AH_SESSION_ID id=$AH_TOOL_USE_ID programs=[$AH_PROGRAMS] dynamic=$AH_DYNAMIC pwd=$(pwd)"; echo "$payload" | grep -q "\\"tool_name\\":\\"Bash\\"" && echo payload-ok'),
    );
    const r = hook(claudeBash("cd x && git status", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx).toContain("[condition pre-bash-env.sh]");
    expect(ctx).toContain(`tool=Bash step=pre event=PreToolUse target=claude cond=pre-bash-env.sh src=runtime sid=s-test id=toolu_test programs=[cd git] dynamic=0 pwd=${sb.repo}`);
    expect(ctx).toContain("payload-ok");
  });

  test("python and TypeScript conditions run (TypeScript with the executable's own Bun)", () => {
    const { sb, add } = setup();
    add("pre-bash-py.py", py('print(json.dumps({"context": "py saw " + payload["tool_input"]["command"]}))'), 0o644);
    add("pre-bash-ts.ts", 'const p = await Bun.stdin.json();\nconsole.log(JSON.stringify({ context: `ts saw ${p.tool_input.command} in ${typeof Bun}` }));\n', 0o644);
    const r = hook(claudeBash("make", sb.repo), { env: { ...sb.env, PATH: "/usr/bin:/bin" } });
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx).toContain("py saw make");
    expect(ctx).toContain("ts saw make in object");
    expect(ctx.indexOf("pre-bash-py.py")).toBeLessThan(ctx.indexOf("pre-bash-ts.ts"));
  });

  test("exit 1, bad JSON, a missing runner and an unknown extension are skipped and named in a note", () => {
    const { sb, add } = setup();
    add("pre-bash-a_crash.sh", sh("exit 1"));
    add("pre-bash-b_badjson.sh", sh("echo '{not json'"));
    add("pre-bash-c_noexec.rb", "puts 1\n", 0o644);
    add("pre-bash-d_py.py", "print('hi')\n");
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, AGENTIHOOKS_PYTHON: "/nonexistent/python9" } });
    expect(r.exitCode).toBe(0);
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx).toContain("[condition pre-bash-a_crash.sh] failed (exit 1) - skipped");
    expect(ctx).toMatch(/\[condition pre-bash-b_badjson.sh\] failed \(stdout starts with \{ but is not a JSON object\)/);
    expect(ctx).toMatch(/\[condition pre-bash-c_noexec.rb\] failed \(no runner for the extension ".rb"/);
    expect(ctx).toMatch(/\[condition pre-bash-d_py.py\] failed \(cannot start \/nonexistent\/python9/);
    expect(r.json.hookSpecificOutput.permissionDecision).toBeUndefined();
  });

  test("a condition deleted between index and run is named, the call goes on", () => {
    const { sb, add } = setup();
    const f = add("pre-bash-gone.sh", sh("echo hi"));
    hook(claudeBash("ls", sb.repo), { env: sb.env }); // builds the index (maybe cached)
    unlinkSync(f);
    // the directory changed, so the index is rebuilt: the deleted file simply is not there any more
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
  });

  test("a timeout kills the whole process group, grandchildren included", () => {
    const { sb, add } = setup();
    const pidFile = join(sb.root, "grandchild.pid");
    add("pre-bash-slow.sh", sh(`sleep 300 & echo $! > ${pidFile}; wait`));
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "0.5" } });
    expect(r.exitCode).toBe(0);
    expect(r.json.hookSpecificOutput.additionalContext).toMatch(/pre-bash-slow.sh\] failed \(timed out after 0.5s\)/);
    const pid = Number(readFileSync(pidFile, "utf8"));
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      try {
        process.kill(pid, 0);
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        alive = !/\) Z /.test(stat); // a zombie is dead; it only waits for its reaper
      } catch {
        alive = false;
      }
      if (alive) Bun.sleepSync(20);
    }
    expect(alive).toBe(false);
  });

  test("six slow conditions run in parallel: all start before any ends", () => {
    const { sb, add } = setup();
    const log = join(sb.root, "events.log");
    for (let i = 0; i < 6; i++) add(`pre-bash-slow${i}.sh`, sh(`echo start >> ${log}; sleep 0.4; echo end >> ${log}`));
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    const events = readFileSync(log, "utf8").trim().split("\n");
    expect(events.slice(0, 6)).toEqual(Array(6).fill("start"));
    expect(events.slice(6)).toEqual(Array(6).fill("end"));
  });

  test("CONDITIONS_MAX_PARALLEL=1 runs them one after another", () => {
    const { sb, add } = setup();
    const log = join(sb.root, "events.log");
    for (let i = 0; i < 3; i++) add(`pre-bash-s${i}.sh`, sh(`echo start >> ${log}; sleep 0.05; echo end >> ${log}`));
    hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_MAX_PARALLEL: "1" } });
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual(["start", "end", "start", "end", "start", "end"]);
  });

  test("an .async condition does not delay the answer and cannot change it", () => {
    const { sb, add } = setup();
    const marker = join(sb.root, "async-done");
    add("pre-bash-audit.async.sh", sh(`read -r p; sleep 1; echo "$p" > ${marker}; echo '{"decision":"deny"}'; exit 2`));
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(existsSync(marker)).toBe(false); // the hook answered before the async condition finished
    for (let i = 0; i < 100 && !existsSync(marker); i++) Bun.sleepSync(50);
    expect(readFileSync(marker, "utf8")).toContain('"tool_name":"Bash"');
  });

  test("stdout floods are capped and the call still answers", () => {
    const { sb, add } = setup();
    add("pre-bash-flood.sh", sh("head -c 104857600 /dev/zero | tr '\\0' 'x'"));
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
    const ctx = r.json.hookSpecificOutput.additionalContext as string;
    expect(ctx.length).toBeLessThanOrEqual(10000);
    expect(ctx).toContain("[truncated]");
  });

  test("CONDITIONS_ENABLED=false: nothing runs, nothing is printed", () => {
    const { sb, add } = setup();
    const marker = join(sb.root, "ran");
    add("pre-bash-x.sh", sh(`touch ${marker}; exit 2`));
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_ENABLED: "false" } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(existsSync(marker)).toBe(false);
  });

  test("a bad CONDITIONS_TIMEOUT_SEC takes the default with a note on stderr", () => {
    const { sb, add } = setup();
    add("pre-bash-x.sh", sh("echo ok"));
    const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, CONDITIONS_TIMEOUT_SEC: "abc" } });
    expect(r.exitCode).toBe(0);
    expect(r.json.hookSpecificOutput.additionalContext).toContain("ok");
    expect(r.stderr).toContain("CONDITIONS_TIMEOUT_SEC");
  });

  test("one JSON log line per hook call, holding each condition's run", () => {
    const { sb, add } = setup();
    add("pre-bash-x.sh", sh("echo ok"));
    add("pre-bash-y.sh", sh("exit 2"));
    hook(claudeBash("ls", sb.repo), { env: sb.env });
    const lines = readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.length).toBe(1);
    const h = lines[0];
    expect(h.conditions.map((c: { name: string; status: string }) => [c.name, c.status])).toEqual([
      ["pre-bash-x.sh", "answered"],
      ["pre-bash-y.sh", "denied"],
    ]);
    expect(h).toMatchObject({ kind: "hook", event: "PreToolUse", harness: "claude", tool: "Bash", matched: 2, decision: "deny", by: "pre-bash-y.sh", exit: 2 });
  });
});

describe("an untrusted working directory cannot inject code", () => {
  test("a repository's bunfig.toml preload and .env do not reach the hook or a TypeScript condition", () => {
    const { sb, add } = setup();
    const marker = join(sb.root, "preloaded");
    writeFileSync(join(sb.repo, "bunfig.toml"), 'preload = ["./evil.ts"]\n');
    writeFileSync(join(sb.repo, "evil.ts"), `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "x");\n`);
    writeFileSync(join(sb.repo, ".env"), "INJECTED=yes\n");
    add("pre-bash-ts.ts", 'console.log(`injected=${process.env.INJECTED ?? "no"}`);\n');
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env, cwd: sb.repo });
    expect(r.json.hookSpecificOutput.additionalContext).toContain("injected=no");
    expect(existsSync(marker)).toBe(false);
  });
});

describe("nothing from a payload reaches a shell line", () => {
  test("payload values with $(...), backticks and ; create no file", () => {
    const { sb, add } = setup();
    add("pre-bash-echo.sh", sh('echo "$AH_SESSION_ID $AH_CWD"'));
    const evil = join(sb.root, "pwned");
    for (const v of [`$(touch ${evil})`, `\`touch ${evil}\``, `; touch ${evil}`, `' ; touch ${evil} ; '`]) {
      hook(claudeBash(`echo ${v}`, sb.repo, { session_id: v, tool_use_id: v, transcript_path: v }), { env: sb.env });
    }
    expect(existsSync(evil)).toBe(false);
  });
});

describe("fail closed on bad input", () => {
  const bad = ["", "not json", "[1,2]", '"str"', "{", '{"hook_event_name":"PreToolUse","tool_name":5,"tool_input":{}}', '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"x"}', '{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/tmp","tool_name":"Bash"}'];
  for (const input of bad) {
    test(`PreToolUse ${JSON.stringify(input).slice(0, 60)} is denied with a one-line reason`, () => {
      const sb = sandbox();
      const r = hook(input, { env: sb.env, event: "PreToolUse" });
      expect(r.exitCode).toBe(2);
      const reason = r.stderr.trim();
      expect(reason.split("\n")).toHaveLength(1);
      expect(reason).toMatch(/denied to fail closed/);
      expect(r.stdout + r.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
    });
  }
  test("a garbled payload that names PreToolUse is denied even without --event", () => {
    const sb = sandbox();
    const r = hook('{"hook_event_name":"PreToolUse","tool_name":', { env: sb.env });
    expect(r.exitCode).toBe(2);
  });
  test("other events with bad input exit 0 with a log line", () => {
    const sb = sandbox();
    const r = hook("garbage", { env: sb.env, event: "PostToolUse" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8")).toContain('"error"');
  });
  test("an unknown hook option denies (a broken registration must not allow)", () => {
    const sb = sandbox();
    const r = hook(claudeBash("ls", sb.repo), { env: sb.env, target: "nope" });
    expect(r.exitCode).not.toBe(0);
  });
});
