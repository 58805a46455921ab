// Codex, live: the real CLI (codex exec) against the mock model, agentihooks wired in by `init` and
// nothing else (no --dangerously-bypass-hook-trust: init's trust is what lets the hooks run).
// Every check is decided by a side effect (a marker file) or by what reached the model.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun } from "./lib/clis";
import { runCodex, shell } from "./lib/codex";
import { makeWorld, recorder, sandboxedCodexWorld, type World } from "./lib/world";

/** A bash condition body: reads the payload, then runs `body` with $CMD set to the shell command. */
const onCommand = (body: string) => `#!/usr/bin/env bash\nCMD=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["tool_input"]["command"])')\n${body}\n`;
const countCalls = (w: World, name: string) => `echo x >> '${w.marker(name)}'`;
const lines = (path: string) => (existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean).length : 0);

describe("codex: deny", () => {
  test("with nothing matching, the command runs (the marker method works)", async () => {
    const w = makeWorld("codex");
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'`)]);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  });

  test("a pre-bash condition that exits 2 stops the command, with the hooks init wrote, and its reason reaches the model", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash.touch-deny.sh", recorder(w, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'`)]);
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(r.seen).toContain("touch is not allowed here");
  });

  test("bash.touch sees touch nested in bash -c and $(...): each is stopped; a command without touch runs", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash.touch-deny.sh", `#!/usr/bin/env bash\ncat >/dev/null\n${countCalls(w, "calls")}\necho "no touch" >&2\nexit 2\n`);
    const r = await runCodex(w, [
      shell(`touch '${w.marker("direct")}'`),
      shell(`bash -c "touch '${w.marker("bash-c")}'"`),
      shell(`echo "$(touch '${w.marker("subst")}')"`),
      shell(`echo ok > '${w.marker("control")}'`),
    ]);
    for (const m of ["direct", "bash-c", "subst"]) expect({ m, exists: w.exists(w.marker(m)) }, describeRun(r)).toEqual({ m, exists: false });
    expect(w.exists(w.marker("control")), describeRun(r)).toBe(true);
    expect(lines(w.marker("calls"))).toBe(3);
  });

  test("ask: Codex would let the call run (it fails open on ask), so agentihooks denies it", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash.touch-ask.sh", recorder(w, "cond", `echo '{"decision":"ask","reason":"touching files needs a yes"}'`));
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'`)]);
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(r.seen).toContain("touching files needs a yes");
  });
});

/** A condition that rewrites `touch <...>/original` into `touch <...>/rewritten`, with or without a decision. */
const rewriter = (decision: string) =>
  onCommand(`case "$CMD" in *original*) python3 -c 'import json,sys; d={"tool_input":{"command":sys.argv[1].replace("original","rewritten")}}; d.update(json.loads(sys.argv[2])); print(json.dumps(d))' "$CMD" '${decision}';; esac`);

describe("codex: rewrite", () => {
  const modes: [string, string][] = [["bypassPermissions (--dangerously-bypass-approvals-and-sandbox)", "bypass"], ["default (--approve-for-me, workspace-write sandbox)", "default"]];
  test.each(modes)("with allow, in %s: the rewritten command runs instead", async (_name, mode) => {
    const w = mode === "default" ? sandboxedCodexWorld() : makeWorld("codex");
    w.condition("pre-bash.touch-rewrite.sh", rewriter('{"decision":"allow"}'));
    const r = await runCodex(w, [shell(`touch '${w.marker("original")}'`)], { permissionMode: mode });
    expect(w.exists(w.marker("rewritten")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("original")), describeRun(r)).toBe(false);
  });

  test("without a decision, in bypassPermissions: applied (the rewrite needs no approval there)", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash.touch-rewrite.sh", rewriter("{}"));
    const r = await runCodex(w, [shell(`touch '${w.marker("original")}'`)]);
    expect(w.exists(w.marker("rewritten")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("original")), describeRun(r)).toBe(false);
  });

  test("without a decision, in default mode: dropped, the original runs, and the model is told why", async () => {
    const w = sandboxedCodexWorld();
    w.condition("pre-bash.touch-rewrite.sh", rewriter("{}"));
    const r = await runCodex(w, [shell(`touch '${w.marker("original")}'`)], { permissionMode: "default" });
    expect(w.exists(w.marker("original")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("rewritten")), describeRun(r)).toBe(false);
    expect(r.seen).toContain("input rewrite by pre-bash.touch-rewrite.sh dropped");
  });
});

describe("codex: context and output", () => {
  test("pre and post additionalContext both reach the model", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash-hint.sh", "#!/usr/bin/env bash\ncat >/dev/null\necho 'PRE-HINT-7f3a'\n");
    w.condition("post-bash-hint.sh", "#!/usr/bin/env bash\ncat >/dev/null\necho 'POST-HINT-91bc'\n");
    const r = await runCodex(w, [shell("echo hello")]);
    expect(r.seen, describeRun(r)).toContain("PRE-HINT-7f3a");
    expect(r.seen).toContain("POST-HINT-91bc");
  });

  test("output replacement: the model sees the replacement, never the tool's own output", async () => {
    const w = makeWorld("codex");
    w.condition("post-bash-trim.sh", `#!/usr/bin/env bash\ncat >/dev/null\necho '{"tool_output":"REPLACED-OUTPUT-5d1e"}'\n`);
    // printf builds the output, so the text the model must not see is not in its own call either
    const r = await runCodex(w, [shell("printf 'ORIGINAL-%s\\n' OUTPUT-c0de")]);
    expect(r.seen, describeRun(r)).toContain("REPLACED-OUTPUT-5d1e");
    expect(r.seen).not.toContain("ORIGINAL-OUTPUT-c0de");
  });

  test("post block (exit 2): the command ran, the model sees the reason instead of its output", async () => {
    const w = makeWorld("codex");
    w.condition("post-bash-secret.sh", `#!/usr/bin/env bash\ncat >/dev/null\necho 'the output looked like a secret' >&2\nexit 2\n`);
    const r = await runCodex(w, [shell(`touch '${w.marker("ran")}'; printf 'AKIA%s\\n' SECRETVALUE`)]);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
    expect(r.seen).toContain("the output looked like a secret");
    expect(r.seen).not.toContain("AKIASECRETVALUE");
  });
});

describe("codex: failing conditions never stop the work", () => {
  test("a crashing condition and a timed-out one: both calls run, the slow condition is killed", async () => {
    const w = makeWorld("codex");
    w.condition("pre-bash-crash.sh", onCommand(`case "$CMD" in *crash*) kill -SEGV $$;; esac`));
    w.condition("pre-bash-slow.sh", onCommand(`case "$CMD" in *slow*) sleep 6; touch '${w.marker("late")}';; esac`));
    const started = Date.now();
    const r = await runCodex(w, [shell(`touch '${w.marker("crash")}'`), shell(`touch '${w.marker("slow")}'`)], { env: { CONDITIONS_TIMEOUT_SEC: "2" } });
    expect(w.exists(w.marker("crash")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("slow")), describeRun(r)).toBe(true);
    expect(r.seen).toContain("pre-bash-crash.sh] failed");
    expect(r.seen).toContain("pre-bash-slow.sh] failed (timed out");
    await Bun.sleep(Math.max(0, 7000 - (Date.now() - started))); // past the sleep: a survivor would have touched it
    expect(w.exists(w.marker("late"))).toBe(false);
  });
});

// The shell command a condition reads: keeps onCommand honest (a payload without a command would make
// every case above pass by matching nothing).
test("codex: conditions read the command Codex sent", async () => {
  const w = makeWorld("codex");
  w.condition("pre-bash-echo.sh", onCommand(`printf '%s\\n' "$CMD" >> '${w.marker("seen")}'`));
  await runCodex(w, [shell("echo one-two-three")]);
  expect(readFileSync(w.marker("seen"), "utf8")).toBe("echo one-two-three\n");
});

describe("codex: conditions-examples/pre-bash.git-push_intent.py reads Codex's session log", () => {
  const example = readFileSync(join(import.meta.dir, "..", "..", "conditions-examples", "pre-bash.git-push_intent.py"), "utf8");
  const cases: [string, string, boolean][] = [
    ["a prompt that asks for a push: the push runs", "Fix the login test, commit, and push the branch.", true],
    ["a prompt that does not: the push is stopped (ask, sent to Codex as a deny)", "Fix the login test and commit it.", false],
  ];
  test.each(cases)("%s", async (_name, prompt, runs) => {
    const w = makeWorld("codex");
    w.condition("pre-bash.git-push_intent.py", example);
    // on a feature branch, so the default profile's guard (no pushes to main) has no say
    Bun.spawnSync(["git", "checkout", "-q", "-b", "feature/login"], { cwd: w.work, env: w.env });
    const r = await runCodex(w, [shell(`git push origin feature/login 2>/dev/null; touch '${w.marker("after")}'`)], { prompt });
    expect(w.exists(w.marker("after")), describeRun(r)).toBe(runs);
    expect(r.seen.includes("no prompt in this session asked for a push")).toBe(!runs);
  });
});
