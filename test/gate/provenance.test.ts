// Only the harness arms the gate (issue 16.1): a typed request arms it when the hook was started the
// way Claude Code, Codex and Copilot start hooks (measured with the real CLIs, SECURITY.md), and
// never when the agent's shell forges the call: a payload piped or redirected into the executable,
// under sh -c, setsid, nohup or a double fork, a tool environment marker, a shell that runs more
// than the hook. Decided by the gate file the hook leaves, through the compiled executable.
import { describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gatePath } from "../../src/gate/gate-file";
import { BIN, FAKE_HARNESS, hook, sandbox } from "../helpers";

const sb = sandbox();
const prompt = (session: string) => ({ session_id: session, cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "add an agentihooks condition that blocks git push --force" });
const armed = (session: string) => existsSync(gatePath(sb.home, session)!);
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Writes the session's payload to a file and returns its path. */
function payloadFile(session: string): string {
  const f = join(sb.root, `${session}.json`);
  writeFileSync(f, JSON.stringify(prompt(session)));
  return f;
}

/** Runs `script` under sh from the test (as the agent's shell tool would), then waits for stray children. */
async function agentShell(script: string) {
  Bun.spawnSync(["sh", "-c", script], { env: sb.env, cwd: sb.repo, stdout: "ignore", stderr: "ignore" });
  await Bun.sleep(50);
}

/** Runs one hook through the stand-in harness; `argv` defaults to the executable itself. */
function viaHarness(session: string, opts: { argv?: string[]; env?: Record<string, string> } = {}) {
  const req = { argv: opts.argv ?? [BIN, "hook"], stdin: JSON.stringify(prompt(session)), env: { ...sb.env, ...(opts.env ?? {}) }, cwd: sb.repo };
  return Bun.spawnSync([process.execPath, FAKE_HARNESS, JSON.stringify(req)], { env: sb.env, stdout: "pipe", stderr: "pipe" });
}

describe("forged from the agent's shell: the gate stays closed", () => {
  const FORGED: [string, (s: string) => string][] = [
    ["piped into the hook", (s) => `cat ${payloadFile(s)} | ${BIN} hook`],
    ["redirected from a file", (s) => `${BIN} hook < ${payloadFile(s)}`],
    ["under bash -c", (s) => `bash -c ${q(`${BIN} hook < ${payloadFile(s)}`)}`],
    ["with a here-string", (s) => `${BIN} hook <<< "$(cat ${payloadFile(s)})"`],
    ["under setsid", (s) => `setsid ${BIN} hook < ${payloadFile(s)}`],
    ["under nohup", (s) => `nohup ${BIN} hook < ${payloadFile(s)} > /dev/null`],
    ["double-forked (reparented)", (s) => `( ${BIN} hook < ${payloadFile(s)} > /dev/null & ); sleep 0.5`],
    ["exec'd by the shell", (s) => `exec ${BIN} hook < ${payloadFile(s)}`],
    ["through env -i", (s) => `env -i PATH="$PATH" HOME="$HOME" AGENTIHOOKS_HOME="$AGENTIHOOKS_HOME" ${BIN} hook < ${payloadFile(s)}`],
    ["from a process substitution", (s) => `${BIN} hook < <(cat ${payloadFile(s)})`],
    ["a renamed copy's link", (s) => `ln -sf ${BIN} /tmp/ah-link-$$ && /tmp/ah-link-$$ hook < ${payloadFile(s)}; rm -f /tmp/ah-link-$$`],
  ];
  FORGED.forEach(([how, script], i) => {
    test(how, async () => {
      const s = `forged-${i}`;
      await agentShell(script(s));
      expect(armed(s)).toBe(false);
    });
  });
  test("the plain test spawn (stdin from a blob) does not arm either", () => {
    hook(prompt("forged-blob"), { env: sb.env });
    expect(armed("forged-blob")).toBe(false);
  });
});

describe("from the harness, but not as the harness starts a hook", () => {
  const MARKERS: [string, Record<string, string>][] = [
    ["Claude Code's tool environment", { AI_AGENT: "claude-code_2-1-328_agent" }],
    ["Codex's tool environment", { CODEX_TOOL_CALL_ID: "call_abc" }],
    ["Codex's thread id", { CODEX_THREAD_ID: "01a2" }],
    ["Copilot's tool environment", { COPILOT_AGENT_SESSION_ID: "9a9d" }],
    ["OpenCode's tool environment", { OPENCODE_PID: "4580" }],
  ];
  MARKERS.forEach(([what, env], i) => {
    test(what, () => {
      viaHarness(`marker-${i}`, { env });
      expect(armed(`marker-${i}`)).toBe(false);
    });
  });
  test("a shell that runs more than the hook command", () => {
    viaHarness("shell-more", { argv: ["sh", "-c", `cat > /dev/null; ${BIN} hook < ${payloadFile("shell-more")}`] });
    expect(armed("shell-more")).toBe(false);
  });
  test("a hook command whose stdin is a file", () => {
    viaHarness("shell-file", { argv: ["sh", "-c", `${BIN} hook < ${payloadFile("shell-file")}`] });
    expect(armed("shell-file")).toBe(false);
  });
});

describe("stdin the harness does not hold alone", () => {
  /** The stand-in harness hands the hook its own stdin: a pipe from `cat` (sh makes a real pipe). */
  function inherited(session: string, holder: boolean) {
    const req = join(sb.root, `${session}.req.json`);
    writeFileSync(req, JSON.stringify({ argv: [BIN, "hook"], stdin: "", env: sb.env, cwd: sb.repo, inheritStdin: true, holder }));
    Bun.spawnSync(["sh", "-c", `cat ${payloadFile(session)} | ${q(process.execPath)} ${q(FAKE_HARNESS)} @${req}`], { env: sb.env });
  }
  test("a pipe only the harness holds arms (the control)", () => {
    inherited("pipe-alone", false);
    expect(armed("pipe-alone")).toBe(true);
  });
  test("a pipe another process near the hook holds too does not", () => {
    inherited("pipe-shared", true);
    expect(armed("pipe-shared")).toBe(false);
  });
  test("a named FIFO does not", () => {
    const fifo = join(sb.root, "fifo");
    Bun.spawnSync(["mkfifo", fifo]);
    const req = { argv: [BIN, "hook"], stdin: JSON.stringify(prompt("fifo")), env: sb.env, cwd: sb.repo, fifo };
    Bun.spawnSync([process.execPath, FAKE_HARNESS, JSON.stringify(req)], { env: sb.env });
    expect(armed("fifo")).toBe(false);
  });
});

describe("started by the harness: the gate opens", () => {
  test("exec form (Claude args, Copilot exec)", () => {
    viaHarness("h-exec");
    expect(armed("h-exec")).toBe(true);
  });
  test("command-string form (sh -c '<executable> hook ...')", () => {
    viaHarness("h-string", { argv: ["sh", "-c", `'${BIN}' hook --target claude --event UserPromptSubmit`] });
    expect(armed("h-string")).toBe(true);
  });
  test("command-string form with exec", () => {
    viaHarness("h-exec-string", { argv: ["sh", "-c", `exec ${BIN} hook`] });
    expect(armed("h-exec-string")).toBe(true);
  });
  test("the reason the gate stayed closed is said on stderr", () => {
    const r = hook(prompt("told"), { env: sb.env });
    expect(r.stderr).toContain("the condition gate stays closed");
  });
});
