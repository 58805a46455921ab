// Claude Code, live: the example conditions in real sessions (lib/claude-traffic.ts), each world laid
// out like the e2e replay's repository it stands for. The denials the live world can decide are
// checked by what reached the model; with LIVE_CAPTURE the sessions' hook payloads and transcripts
// are recorded, and `bun e2e/live/lib/claude-records.ts <capture dir>` rebuilds
// e2e/transcripts/claude.jsonl from them.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resultOf } from "./lib/claude";
import { transcriptCapture } from "./lib/claude-records";
import { REPOS, SESSIONS, type TrafficSession } from "./lib/claude-traffic";
import { describeRun, placeholders, runCli } from "./lib/clis";
import { BIN, makeWorld, type World } from "./lib/world";

const EXAMPLES = join(import.meta.dir, "..", "..", "conditions-examples");
// The built-in default profile already holds these guards (init turns it on): the .env guard, and the
// git guard as its git pack (pre-bash-git.rules.toml).
const BUILT_IN = new Set(["pre-bash.git-guard.ts", "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts"]);
const GH_TOKEN = "ghp_R2d9XvQ7LmN4pT8kZs3WbY6cH1fJ0aE51jK2";

/** Stand-ins for the programs the model runs, so their output is the same on every machine. */
const FAKES: Record<string, string> = {
  pytest: `case "$*" in
  *test_module_042*) echo "FAILED tests/unit/test_module_042.py::test_login_expired - AssertionError"; echo "1 failed in 0.4s"; exit 1;;
  "-q") for i in $(seq -w 1 80); do echo "tests/unit/test_module_0$i.py ....."; done; echo "400 passed in 3.1s";;
  *) echo "tests/unit ..... 5 passed in 0.2s";;
esac`,
  kubectl: 'case "$*" in *get*) echo "NAME READY STATUS"; echo "api-7c9 1/1 Running";; *) echo "deployment.apps/api configured (server dry run)";; esac',
  make: 'echo "make: target $* is up to date"',
  pnpm: 'echo "pnpm: done"',
  npm: 'echo "npm: done"',
  yarn: 'echo "yarn: done"',
};

/** Lays the world out like the replay's repository and installs the examples in the runtime layer. */
function prepare(w: World, s: TrafficSession): Record<string, string> {
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", w.work, ...args], { env: w.env, stdout: "ignore", stderr: "ignore" });
  const repo = REPOS[s.repo];
  git("checkout", "-q", "-b", repo.branch);
  if (repo.origin) git("remote", "add", "origin", repo.origin);
  for (const f of readdirSync(EXAMPLES).filter((f) => !f.startsWith("_") && !f.endsWith(".md") && !BUILT_IN.has(f))) {
    w.condition(f, readFileSync(join(EXAMPLES, f), "utf8"));
  }
  w.condition("pre-bash.gh-ci_token_note.sh", `#!/usr/bin/env bash\n# CI uses the token ${GH_TOKEN}\ncat >/dev/null\n`);
  const at = (p: string) => join(w.work, p);
  w.write(at(".env"), "DATABASE_URL=postgres://app:secret@db/app\n");
  w.write(at(".env.example"), "DATABASE_URL=\n");
  w.write(at("src/auth/login.py"), "def login(user, password):\n    return issue_token(user)\n");
  w.write(at("db/migrations/0001_init.sql"), "CREATE TABLE users (id int);\n");
  w.write(at("pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
  w.write(at("package.json"), '{"name": "app", "private": true}\n');
  w.write(at("build.log"), Array.from({ length: 90 }, (_, i) => `step ${i + 1} ok`).join("\n") + "\n");
  w.write(at("deploy/id_ed25519"), "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n");
  Bun.spawnSync(["ln", "-s", ".env", at("settings.cfg")]);
  w.write(join(w.home, ".config/gh/hosts.yml"), `github.com:\n    oauth_token: ${GH_TOKEN}\n    user: dev\n`);
  if (s.repo === "REPO") w.condition("pre-bash.make-repo_note.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "repo note: run make ci before pushing"\n', at(".agentihooks/conditions"));
  if (s.repo === "STRANGER") w.condition("pre-any-stranger.sh", '#!/usr/bin/env bash\ncat >/dev/null\necho "stranger condition ran" >&2\nexit 2\n', at(".agentihooks/conditions"));
  git("add", "-A");
  git("-c", "user.name=dev", "-c", "user.email=dev@example.com", "commit", "-q", "-m", "start");
  const bin = join(w.home, "..", "bin");
  for (const [name, body] of Object.entries(FAKES)) w.write(join(bin, name), `#!/usr/bin/env bash\n${body}\n`, 0o755);
  // The audited MCP server (`gateway-tools`) is agentihooks' own, under a second name.
  const state = join(w.home, ".claude.json");
  const cfg = JSON.parse(readFileSync(state, "utf8"));
  cfg.mcpServers["gateway-tools"] = { type: "stdio", command: BIN, args: ["mcp", "--target", "claude"] };
  w.write(state, JSON.stringify(cfg, null, 2), 0o600);
  return {
    PATH: `${bin}:${w.env.PATH}`,
    AWS_ACCESS_KEY_ID: "AKIAQ3EGRK7LZN4XW2PD",
    GIT_AUTHOR_NAME: "dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "dev", GIT_COMMITTER_EMAIL: "dev@example.com",
  };
}

/** Fills <WORK> and <HOME> in a step's input with the world's paths. */
function fill<T>(value: T, w: World): T {
  return JSON.parse(JSON.stringify(value).replaceAll("<WORK>", w.work).replaceAll("<HOME>", w.home));
}

/** With LIVE_CAPTURE: keeps the session's transcript, its paths as placeholders, for the record builder. */
function keepTranscript(w: World, sid: string, s: TrafficSession): void {
  const out = process.env.LIVE_CAPTURE;
  if (!out) return;
  const slug = w.work.replace(/[/.]/g, "-");
  const from = join(w.home, ".claude", "projects", slug, `${sid}.jsonl`);
  writeFileSync(join(out, transcriptCapture(s)), placeholders(w)(readFileSync(from, "utf8")));
}

describe("claude: the example conditions in real sessions", () => {
  for (const s of SESSIONS) {
    test(s.label, async () => {
      const w = makeWorld("claude");
      const env = prepare(w, s);
      const sid = crypto.randomUUID();
      const r = await runCli(w, {
        label: s.label,
        prompt: s.prompt,
        permissionMode: s.mode,
        env,
        args: ["--session-id", sid, ...(s.mode === "default" ? ["--allowedTools", "Bash Read Edit Write mcp__gateway-tools mcp__agentihooks"] : [])],
        script: s.steps.map((step) => fill(step.call, w)),
        timeoutSec: 120,
      });
      keepTranscript(w, sid, s);
      expect(r.exitCode, describeRun(r)).toBe(0);
      for (const step of s.steps) {
        const input = fill(step.call, w) as { tool: string; input: Record<string, string> };
        const marker = Object.values(input.input).find((v) => typeof v === "string" && v) ?? "";
        const got = resultOf(r, input.tool, marker);
        expect(got, `${step.name}: the model got no result`).toBeDefined();
        // Every denial the live world can decide reached the model with its reason.
        if (step.live !== false && step.pre?.exit === 2) {
          expect(got?.isError, step.name).toBe(true);
          // The default profile's git pack denies what the example git guard denies, and may answer first
          // in its own words (git.push-force, git.push-protected, ...).
          const want = step.pre.stderr_contains ?? "";
          const words = [want, "[condition pre-bash-git.rules.toml] git."];
          expect({ step: step.name, named: words.some((w) => got?.text?.includes(w)) }, got?.text).toEqual({ step: step.name, named: true });
        }
      }
      expect(r.seen).not.toContain("stranger condition ran"); // an untrusted repository's layer never runs
    }, 150_000);
  }
});

