// Issue 23.7: text for the person's terminal is escaped. Escape sequences (OSC 52 sets the clipboard,
// CSI clears the screen), C1 controls and bidi overrides read from the hook log, a payload, a
// condition's output or a file reach stdout and stderr of every command as visible text (`\x1b`,
// `\u202e`), JSON output stays valid JSON that means the same, and our own colours still work.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, hook, run, sandbox, writeFile } from "../helpers";

/** A raw control character of the kinds a terminal acts on (tab and newline are text). */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const EVIL = "x\x1b]52;c;ZXZpbA==\x07y\x1b[2J\u009b31m\u202egnp.exe\x7f";

const sb = sandbox();
const { repo, home } = sb;
const t = new Date().toISOString();
mkdirSync(join(home, "logs"), { recursive: true });
writeFileSync(
  join(home, "logs", "hook.jsonl"),
  [
    { t, kind: "hook", decision: "deny", duration_ms: 12, error: EVIL },
    { t, kind: "condition", condition: `pre-bash-${EVIL}.sh`, source: EVIL, status: "answered", decision: "deny", duration_ms: 7, error: EVIL },
    { t, kind: "condition", condition: "pre-bash-plain.sh", status: "answered", duration_ms: 3 },
  ]
    .map((r) => JSON.stringify(r))
    .join("\n") + "\n",
);
// a condition whose answer carries escape sequences, and a file whose text does
writeFile(join(home, "conditions", "pre-bash-loud.sh"), `#!/bin/sh\nprintf '%s' '${EVIL.replace(/'/g, "")}' >&2\nexit 2\n`, 0o755);
const payloadFile = writeFile(join(sb.root, "payload.json"), JSON.stringify({ session_id: "s", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: `ls ${EVIL}` } }));

const cli = (args: string[]) => run(args, { env: sb.env, cwd: repo });

function clean(text: string) {
  expect(text).not.toMatch(RAW);
}

describe("no control character reaches the terminal", () => {
  test("stats: names, sources and errors from the hook log", () => {
    const r = cli(["stats"]);
    expect(r.exitCode).toBe(0);
    clean(r.stdout);
    expect(r.stdout).toContain("\\x1b]52;c;ZXZpbA==\\x07");
  });
  test("stats --json: valid JSON, the same text, no raw C1 or bidi", () => {
    const r = cli(["stats", "--json"]);
    clean(r.stdout);
    expect(JSON.stringify(r.json)).toContain(JSON.stringify(`pre-bash-${EVIL}.sh`).slice(1, -1));
  });
  test("conditions explain: the payload's command and the condition's reason", () => {
    const r = cli(["conditions", "explain", "--payload", payloadFile]);
    clean(r.stdout);
    clean(r.stderr);
    expect(r.stdout + r.stderr).toContain("\\x1b");
  });
  test("conditions explain --json stays valid", () => {
    const r = cli(["conditions", "explain", "--payload", payloadFile, "--json"]);
    clean(r.stdout);
    expect(r.json).toBeDefined();
  });
  test("conditions show: a condition's file text", () => {
    const r = cli(["conditions", "show", "pre-bash-loud"]);
    clean(r.stdout);
    expect(r.stdout).toContain("\\x1b]52");
  });
  test("conditions list and lint", () => {
    for (const args of [["conditions", "list"], ["conditions", "lint"]]) {
      const r = cli(args);
      clean(r.stdout);
      clean(r.stderr);
    }
  });
  test("programs: the command line given", () => {
    for (const args of [["programs", `cat ${EVIL}`], ["programs", "--json", `cat ${EVIL}`]]) {
      const r = cli(args);
      clean(r.stdout);
      clean(r.stderr);
    }
  });
  test("doctor, with a home whose path holds an escape", () => {
    const odd = join(sb.root, "odd\x1b[2Jhome");
    mkdirSync(join(odd, "conditions"), { recursive: true });
    const r = run(["doctor"], { env: { ...sb.env, AGENTIHOOKS_HOME: odd }, cwd: repo });
    clean(r.stdout);
    clean(r.stderr);
  });
  test("an error message quoting a path", () => {
    const r = cli(["conditions", "explain", "--payload", join(sb.root, `missing\x1b]52;c;x\x07.json`)]);
    expect(r.exitCode).not.toBe(0);
    clean(r.stderr);
  });
  test("the hook's reason, as a harness shows it (stderr and JSON)", () => {
    const payload = { session_id: "s", cwd: repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
    const plain = hook(payload, { env: sb.env });
    expect(plain.exitCode).toBe(2);
    clean(plain.stderr);
    const claude = hook(payload, { env: sb.env, target: "claude" });
    clean(claude.stdout);
    expect(claude.json?.hookSpecificOutput?.permissionDecisionReason).toContain("\x1b]52"); // the harness decodes it: only escaped on the wire
  });
});

test("our own colours still work on a terminal", () => {
  // `script` gives the command a pseudo-terminal, so colours are on
  const { NO_COLOR: _, ...env } = sb.env;
  const p = Bun.spawnSync(["script", "-qec", `${BIN} stats`, "/dev/null"], { env: { ...env, TERM: "xterm" }, stdout: "pipe", stderr: "pipe" });
  const out = p.stdout.toString();
  expect(out).toMatch(/\x1b\[1m/); // bold, from paint.ts
  expect(out).toContain("\\x1b]52"); // the log's escape, shown
  expect(out).not.toMatch(/\x1b\]52/);
});
