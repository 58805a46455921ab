// Claude Code, live: the real CLI against the mock model, agentihooks wired in by `init`. This file:
// deny (direct, `bash -c`, `$(...)`, exit 2 and JSON), rewrite with `allow` and without a decision and
// `ask` in every permission mode, pre and post context, output replacement, post block, a crashing and
// a timed-out condition. Every check is decided by a side effect (a marker file) or by what reached
// the model; output tokens are made by the shell ($((...))) so the command text cannot supply them.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { bash, resultOf } from "./lib/claude";
import { describeRun, runCli } from "./lib/clis";
import { makeWorld, recorder } from "./lib/world";

describe("claude: deny", () => {
  test("with nothing matching, the command runs (the marker method works)", async () => {
    const w = makeWorld("claude");
    const r = await runCli(w, { label: "deny control", script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  });

  test("a pre-bash condition that exits 2 stops the command, and its reason reaches the model", async () => {
    const w = makeWorld("claude");
    w.condition("pre-bash.touch-deny.sh", recorder(w, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    const r = await runCli(w, { label: "deny exit 2", script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(resultOf(r, "Bash")?.text).toContain("touch is not allowed here");
  });

  test("nested in bash -c, in $(...), in backticks and behind sudo-style wrappers; a JSON deny too", async () => {
    const w = makeWorld("claude");
    w.condition("pre-bash.touch-deny.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "touch is not allowed here" >&2\nexit 2\n');
    w.condition("pre-bash.mkdir-deny.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho \'{"decision":"deny","reason":"mkdir is not allowed here"}\'\n');
    const m = (n: string) => w.marker(n);
    const calls = {
      nested: `bash -c "touch '${m("nested")}'"`,
      substitution: `echo $(touch '${m("substitution")}')`,
      backticks: `echo \`touch '${m("backticks")}'\``,
      wrapped: `env X=1 timeout 5 touch '${m("wrapped")}'`,
      json: `mkdir '${m("json")}'`,
    };
    const r = await runCli(w, { label: "deny nested", script: Object.values(calls).map(bash) });
    for (const [name, command] of Object.entries(calls)) {
      expect(w.exists(m(name)), `${name}: ${command}\n${describeRun(r)}`).toBe(false);
      expect(resultOf(r, "Bash", command)?.isError, name).toBe(true);
    }
    expect(resultOf(r, "Bash", calls.nested)?.text).toContain("touch is not allowed here");
    expect(resultOf(r, "Bash", calls.json)?.text).toContain("mkdir is not allowed here");
  });
});

// What Claude 2.1.328 offers: --permission-mode acceptEdits, auto, bypassPermissions, manual (the
// default, sent as "default"), dontAsk, plan.
const MODES = ["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"] as const;

/** One condition for the three answers, chosen by a tag in the command. */
const REWRITER = (work: string) => `#!/usr/bin/env bash
p=$(cat)
case "$p" in
  *tag-allow*) echo '{"tool_input":{"command":"echo REWA$((20+1))"},"decision":"allow"}';;
  *tag-none*) echo '{"tool_input":{"command":"echo REWN$((20+2))"}}';;
  *tag-ask*) echo '{"decision":"ask","reason":"ASK-REASON-TOKEN"}';;
  *tag-write*) echo '{"tool_input":{"command":"touch ${work}/rewritten-write"},"decision":"allow"}';;
esac
`;

describe("claude: rewrite and ask in each permission mode", () => {
  for (const mode of MODES) {
    test(mode, async () => {
      const w = makeWorld("claude");
      w.condition("pre-bash.echo+bash.touch-rewrite.sh", REWRITER(w.work));
      const r = await runCli(w, {
        label: `rewrite ${mode}`,
        permissionMode: mode,
        script: [
          bash("echo ORIGA$((10+1)) # tag-allow"),
          bash("echo ORIGN$((10+2)) # tag-none"),
          bash("echo ASKED$((10+3)) # tag-ask"),
          bash(`touch '${w.work}/original-write' # tag-write`),
        ],
      });
      const seen = (tag: string) => resultOf(r, "Bash", tag)?.text ?? "";
      // allow: the rewritten command runs in every mode, and the original never does.
      expect(seen("tag-allow"), describeRun(r)).toContain("REWA21");
      expect(r.seen).not.toContain("ORIGA11");
      // no decision: applied (with an allow) only in bypassPermissions; elsewhere dropped with a note,
      // and the original command runs as Claude's own permissions decide (echo is read-only: it runs).
      if (mode === "bypassPermissions") {
        expect(seen("tag-none")).toContain("REWN22");
        expect(r.seen).not.toContain("ORIGN12");
      } else {
        expect(seen("tag-none")).toContain("ORIGN12");
        expect(r.seen).not.toContain("REWN22");
        expect(r.seen).toContain("input rewrite by pre-bash.echo+bash.touch-rewrite.sh dropped");
      }
      // ask: Claude asks; in -p nobody can answer, so the call is denied with the reason.
      expect(seen("tag-ask")).toContain("ASK-REASON-TOKEN");
      expect(r.seen).not.toContain("ASKED13");
      // A rewrite that writes: applied with allow, except in plan mode, which refuses any command
      // that changes files whatever a hook answers (measured: "Bash was not run").
      expect(w.exists(`${w.work}/original-write`)).toBe(false);
      expect(w.exists(`${w.work}/rewritten-write`), describeRun(r)).toBe(mode !== "plan");
    });
  }
});

describe("claude: context, output replacement, post block", () => {
  test("pre and post context reach the model; a replaced Bash output is all the model sees; a post block adds its reason", async () => {
    const w = makeWorld("claude");
    const onTag = (tag: string, body: string) => `#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *${tag}*) ${body};; esac\n`;
    w.condition("pre-bash.echo-context.sh", onTag("tag-context", "echo PRE-CONTEXT-TOKEN"));
    w.condition("post-bash.echo-context.sh", onTag("tag-context", `echo '{"context":"POST-CONTEXT-TOKEN"}'`));
    w.condition("post-bash.echo-replace.sh", onTag("tag-replace", `echo '{"tool_output":"REPLACED-OUTPUT-TOKEN"}'`));
    w.condition("post-bash.echo-replace_object.sh", onTag("tag-object", `echo '{"tool_output":{"stdout":"OBJECT-OUTPUT-TOKEN","stderr":"","interrupted":false,"isImage":false}}'`));
    w.condition("post-bash.echo-block.sh", onTag("tag-block", 'echo "POST-BLOCK-REASON" >&2; exit 2'));
    const r = await runCli(w, {
      label: "context and output",
      script: [
        bash("echo CTX$((30+1)) # tag-context"),
        bash("echo ORIG$((30+2)) # tag-replace"),
        bash("echo ORIG$((30+3)) # tag-object"),
        bash("echo BLOCKED$((30+4)) # tag-block"),
      ],
    });
    expect(r.seen, describeRun(r)).toContain("PRE-CONTEXT-TOKEN");
    expect(r.seen).toContain("POST-CONTEXT-TOKEN");
    expect(resultOf(r, "Bash", "tag-context")?.text).toContain("CTX31");
    // A string tool_output becomes Claude's Bash shape (stdout replaced, stderr cleared).
    expect(resultOf(r, "Bash", "tag-replace")?.text).toContain("REPLACED-OUTPUT-TOKEN");
    expect(r.seen).not.toContain("ORIG32");
    expect(resultOf(r, "Bash", "tag-object")?.text).toContain("OBJECT-OUTPUT-TOKEN");
    expect(r.seen).not.toContain("ORIG33");
    // A post block cannot undo the call: Claude keeps the output and adds the reason.
    expect(r.seen).toContain("POST-BLOCK-REASON");
    expect(r.seen).toContain("BLOCKED34");
  });
});

describe("claude: a condition that crashes or times out", () => {
  test("the call proceeds, the model is told which condition failed, and the timed-out one's process group is gone", async () => {
    const w = makeWorld("claude");
    const pidFile = w.marker("slow.pid");
    w.condition("pre-bash.touch-crash.sh", '#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *tag-crash*) echo "about to crash" >&2; kill -ABRT $$;; esac\n');
    w.condition("pre-bash.touch-slow.sh", `#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *tag-slow*) echo $$ > '${pidFile}'; sleep 60 & wait;; esac\n`);
    const r = await runCli(w, {
      label: "crash and timeout",
      env: { CONDITIONS_TIMEOUT_SEC: "1" },
      script: [bash(`touch '${w.marker("after-crash")}' # tag-crash`), bash(`touch '${w.marker("after-timeout")}' # tag-slow`)],
    });
    expect(w.exists(w.marker("after-crash")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("after-timeout")), describeRun(r)).toBe(true);
    expect(r.seen).toContain("[condition pre-bash.touch-crash.sh] failed");
    expect(r.seen).toMatch(/\[condition pre-bash\.touch-slow\.sh\] failed \([^)]*tim/);
    // The whole group was killed: the condition's shell (and its sleep) no longer runs.
    const stat = `/proc/${Number(readFileSync(pidFile, "utf8"))}/stat`;
    const running = existsSync(stat) && !/^\d+ \(.*\) Z/.test(readFileSync(stat, "utf8")); // a zombie has ended
    expect(running).toBe(false);
  });
});
