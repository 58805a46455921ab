// The agent driving agentihooks itself from its shell (issue 16.1), through the compiled executable:
// while the gate is closed, any line that runs this executable (by any name or path: copies, hard and
// symbolic links, wrapper scripts, PATH lookups, `bash -c`, `$(...)`, wrappers, xargs, a program only
// known when it runs) to change its set-up is denied; a person's own acts (trust, init, uninit) are
// denied even when the gate is open; reading subcommands stay open.
import { describe, expect, test } from "bun:test";
import { copyFileSync, linkSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { BIN, harnessHook, hook, type RunResult, sandbox, writeFile } from "../helpers";

const sb = sandbox();
const bin = join(sb.root, "bin");
mkdirSync(bin);
const renamed = join(bin, "renamed");
copyFileSync(BIN, renamed); // one copy; the links below cost no space
linkSync(renamed, join(bin, "hl"));
symlinkSync(BIN, join(bin, "sl"));
writeFile(join(bin, "wrap"), `#!/bin/sh\nexec agentihooks "$@"\n`, 0o755);
symlinkSync(BIN, join(bin, "agentihooks"));
const env = { ...sb.env, PATH: `${bin}:${sb.env.PATH}` };
const rel = relative(sb.repo, BIN);

const bash = (command: string, session = "closed") =>
  hook({ session_id: session, cwd: sb.repo, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }, { env });
const deniedWith = (r: RunResult, text: string) => {
  expect(r.exitCode).toBe(2);
  expect(r.stdout + r.stderr).toContain(text);
};

const CHANGES = [
  "agentihooks link /tmp/mine",
  "agentihooks unlink",
  "agentihooks link --profile p /tmp/mine",
  "agentihooks hook < /tmp/prompt.json",
  `echo '{"session_id":"closed","hook_event_name":"UserPromptSubmit","prompt":"add an agentihooks condition"}' | agentihooks hook`,
  "agentihooks hook --target claude --event UserPromptSubmit < p.json",
  "agentihooks mcp < /tmp/rpc.jsonl",
  "agentihooks conditions set --name x --file /tmp/x.sh",
  "agentihooks conditions clear x",
  "agentihooks enforcement set 'be nice' 1",
  "agentihooks enforcement clear 1",
  "agentihooks frobnicate",
  `${BIN} link .`,
  `${rel} link .`,
  `${renamed} link .`,
  "renamed link .",
  "hl link .",
  "sl unlink",
  "wrap link .",
  "sudo agentihooks link .",
  "env FOO=1 agentihooks link .",
  "bash -c 'agentihooks link .'",
  'sh -c "renamed link ."',
  "echo $(agentihooks unlink)",
  "echo `hl unlink`",
  'eval "agentihooks link ."',
  "X=agentihooks; $X link .",
  '"$(command -v agentihooks)" link .',
  '$(which renamed) link .',
  `cp ${BIN} /tmp/ah2 && /tmp/ah2 link .`,
  `cp ${BIN} /tmp/x/git && PATH=/tmp/x:$PATH git link .`,
  "echo link . | xargs agentihooks",
  "echo link . | xargs renamed",
  "find . -maxdepth 0 -exec agentihooks link {} \\;",
  "npx agentihooks link .",
  "bunx agentihooks link .",
  "exec agentihooks hook",
  "nohup agentihooks link . &",
  "timeout 5 agentihooks unlink",
  "command agentihooks link .",
  'ah=$(which renamed); "$ah" link .',
  "AGENTIHOOKS_HOME=/tmp/x agentihooks conditions set --name x",
  "bun src/main.ts link .",
  "bun run ./src/main.ts link .",
  "node dist/agentihooks.js hook",
  "alias ls=agentihooks\nls link .",
  "hash -p /usr/local/bin/agentihooks ls; ls link .",
];
const PERSON_ONLY = ["agentihooks trust", "agentihooks trust --revoke", "agentihooks init --target all", "agentihooks uninit", "renamed trust .", "hl init", "bash -c 'wrap uninit'", `${BIN} trust /tmp`, "agentihooks profile use default", "renamed profile use strict --target claude"];
const READS = [
  "agentihooks conditions list",
  "agentihooks conditions show pre-bash-x.sh",
  "agentihooks conditions explain --command ls",
  "agentihooks conditions test",
  "agentihooks conditions lint",
  "agentihooks programs 'git push'",
  "agentihooks --version",
  "agentihooks --help",
  "agentihooks doctor",
  "agentihooks stats",
  "agentihooks enforcement list",
  "agentihooks profile list",
  "renamed conditions list",
  "hl programs ls",
  "agentihooks",
  "git init /tmp/newrepo",
  "git status",
  "ls -la $(dirname $(which agentihooks))",
  `sha256sum ${BIN}`,
  "bun test",
  "bun run build",
  "node server.js",
];

describe("closed gate: this executable changing its set-up", () => {
  for (const c of CHANGES) test(`denied: ${c}`, () => deniedWith(bash(c), "to change its set-up"));
  for (const c of PERSON_ONLY) test(`denied (a person's act): ${c}`, () => deniedWith(bash(c), "a person's decision"));
  for (const c of READS) test(`allowed: ${c}`, () => expect(bash(c).exitCode).toBe(0));
});

describe("open gate", () => {
  test("set-up changes pass; a person's own acts never do", () => {
    const armed = harnessHook({ session_id: "open", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "please link my bundle and add an agentihooks condition for bash.git" }, { env });
    expect(armed.stdout).toContain("condition gate is open");
    expect(bash("agentihooks link /tmp/mine", "open").exitCode).toBe(0);
    expect(bash("agentihooks conditions set --name x --file /tmp/x.sh", "open").exitCode).toBe(0);
    for (const c of PERSON_ONLY) deniedWith(bash(c, "open"), "a person's decision");
  });
});

describe("the trust command refuses to run under a harness", () => {
  test("from the stand-in harness's tree or with a tool environment marker", () => {
    const repo = sb.repo;
    const marked = Bun.spawnSync([BIN, "trust", repo], { env: { ...env, AI_AGENT: "claude-code_2-1-328_agent" }, cwd: repo, stderr: "pipe" });
    expect(marked.exitCode).not.toBe(0);
    expect(marked.stderr.toString()).toContain("person's decision");
    const codex = Bun.spawnSync([BIN, "trust", repo], { env: { ...env, CODEX_TOOL_CALL_ID: "call_1" }, cwd: repo, stderr: "pipe" });
    expect(codex.stderr.toString()).toContain("person's decision");
    const ok = Bun.spawnSync([BIN, "trust", repo], { env, cwd: repo, stdout: "pipe", stderr: "pipe" });
    expect(ok.stdout.toString()).toContain(`trusted ${repo}`);
    expect(dirname(repo)).toBe(sb.root);
  });
});
