// Codex, live: a working session with every example condition installed, the calls of
// e2e/transcripts/codex.jsonl made for real (git, .env, apply_patch on migrations, pytest, kubectl,
// package managers, pushes, an MCP server's tools). It checks that the shipped guards hold in a real
// session; with LIVE_CAPTURE it is also what e2e/transcripts/codex.jsonl is rebuilt from
// (e2e/live/codex-transcript.ts), so it also saves each session's rollout (Codex's own transcript).
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun, placeholders, type RunResult } from "./lib/clis";
import { patch, runCodex, shell, toolOutputs, toolSearch } from "./lib/codex";
import type { Step } from "./lib/mock-model";
import { hookLog, makeWorld, recorder, type World, waitForText } from "./lib/world";

const EXAMPLES = join(import.meta.dir, "..", "..", "conditions-examples");
/** The examples the built-in default profile does not already run. */
const INSTALLED = [
  "pre-bash.kubectl-readonly.sh", "post-any-secret_scan.py", "post-mcp__gateway-tools-audit.async.sh", "pre-bash.git-short_log.py",
  "post-bash.pytest-trim.py", "pre-bash.npm+bash.pnpm+bash.yarn+bash.bun-package_manager.ts", "pre-bash.git-push_intent.py", "pre-edit+write-migrations.sh",
];

/** Programs the session calls that this machine lacks (or must not really run): tools/<name> in the repository. */
const FAKES: Record<string, string> = {
  pytest: 'if [ "$1" = -q ]; then echo "============================= test session starts =============================="; for i in $(seq 1 125); do echo "tests/unit/test_module_$i.py ....                                  [ $i%]"; done; echo "======================== 500 passed in 12.34s ========================="; else echo F; echo "FAILED $1::test_login_expired"; echo "1 failed in 0.12s"; exit 1; fi',
  aws: 'echo "export AWS_ACCESS_KEY_ID=AKIAQ3EGRK7LZN4XW2PD"; echo "export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY"',
  printenv: 'echo "xoxb-2087403321-5590188723414-Qw9ErTy"',
  kubectl: 'echo "NAMESPACE   NAME   READY"; echo "prod        api    3/3"',
  pnpm: 'echo "Lockfile is up to date"',
  yarn: 'echo "Done in 1.2s."',
};

/** A stdio MCP server named gateway-tools with two tools; merging fails (isError), as a real gateway's would. */
const GATEWAY = `import json, sys
TOOLS = [{"name": n, "description": d, "inputSchema": {"type": "object"}} for n, d in
         [("github-create_pull_request", "Open a pull request"), ("github-merge_pull_request", "Merge a pull request")]]
for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m: continue
    if m["method"] == "initialize":
        r = {"protocolVersion": m["params"].get("protocolVersion", "2025-06-18"), "capabilities": {"tools": {}}, "serverInfo": {"name": "gateway-tools", "version": "1"}}
    elif m["method"] == "tools/list":
        r = {"tools": TOOLS}
    elif m["method"] == "tools/call" and m["params"]["name"].endswith("merge_pull_request"):
        r = {"content": [{"type": "text", "text": "merge blocked: checks failing"}], "isError": True}
    elif m["method"] == "tools/call":
        r = {"content": [{"type": "text", "text": "Created pull request #129"}]}
    else:
        r = {}
    print(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}), flush=True)
`;

function git(w: World, cwd: string, ...args: string[]): void {
  const p = Bun.spawnSync(["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], { cwd, env: w.env, stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${p.stderr}`);
}

/** The world of the replay (e2e/replay.test.ts): the app repository and three more beside it. */
function sessionWorld(): World {
  const w = makeWorld("codex");
  for (const file of INSTALLED) w.condition(file, readFileSync(join(EXAMPLES, file), "utf8"));
  w.condition("pre-bash.make-repo_note.sh", "#!/usr/bin/env bash\ncat >/dev/null\necho 'repo note: run make ci before pushing'\n", join(w.work, ".agentihooks", "conditions"));
  w.condition("prompt-rec.sh", recorder(w, "prompt")); // its payload names the session's rollout
  w.write(join(w.work, "db", "migrations", "0001_init.sql"), "CREATE TABLE users (\n  id int\n);\n");
  w.write(join(w.work, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n");
  w.write(join(w.work, "package.json"), '{"name": "app", "private": true}\n');
  w.write(join(w.work, ".env"), "DATABASE_URL=postgres://app:secret@db/app\nDEBUG=0\n");
  w.write(join(w.work, ".env.example"), "DATABASE_URL=\n");
  w.write(join(w.work, "src", "auth", "login.py"), "def login(user, password):\n    token = issue_token(user)\n    return token\n");
  w.write(join(w.work, "Makefile"), "ci:\n\t@echo ci ok\ntest:\n\t@echo ok\n");
  for (const [name, body] of Object.entries(FAKES)) w.write(join(w.work, "tools", name), `#!/usr/bin/env bash\n${body}\n`, 0o755);
  git(w, w.work, "checkout", "-q", "-b", "feature/login");
  git(w, w.work, "add", "-A");
  git(w, w.work, "commit", "-qm", "Refactor token issuing");
  w.write(join(w.work, "src", "auth", "login.py"), "def login(user, password):\n    token = issue_token(user)\n    return token\n# wip\n");
  for (const repo of ["cloned-tool", "acme-service"]) {
    Bun.spawnSync(["git", "init", "-q", "-b", "main", join(w.home, "..", repo)], { env: w.env });
    w.write(join(w.home, "..", repo, "README.md"), "hello\n");
    w.write(join(w.home, "..", repo, "Makefile"), "test:\n\t@echo ok\n");
  }
  const gateway = w.write(join(w.home, "..", "gateway.py"), GATEWAY);
  w.write(join(w.home, ".codex", "config.toml"), `${readFileSync(join(w.home, ".codex", "config.toml"), "utf8")}\n[mcp_servers.gateway-tools]\ncommand = "python3"\nargs = [${JSON.stringify(gateway)}]\n`, 0o600);
  return w;
}

/** Calls the gateway tool whose name ends in `tool`, in the namespace Codex's tool_search gave it. */
const gatewayCall = (tool: string, args: Record<string, unknown>) => (body: Record<string, unknown>): Step => {
  const text = JSON.stringify(body);
  const ns = /"name":"(mcp__gateway[^"]*)"/.exec(text)?.[1] ?? "mcp__gateway_tools";
  const name = new RegExp(`"name":"([^"]*${tool})"`).exec(text)?.[1] ?? tool;
  return { tool: name, namespace: ns, input: args };
};

/** With LIVE_CAPTURE: keeps the session's rollout beside the captured payloads, paths as placeholders. */
function keepRollout(w: World, label: string): void {
  if (!process.env.LIVE_CAPTURE) return;
  const payload = JSON.parse(readFileSync(`${w.marker("prompt")}.payload.json`, "utf8"));
  const text = readFileSync(payload.transcript_path, "utf8");
  mkdirSync(process.env.LIVE_CAPTURE, { recursive: true });
  writeFileSync(join(process.env.LIVE_CAPTURE, `codex-${label}.rollout.jsonl`), placeholders(w)(text));
}

const SESSION: (Step | ((b: Record<string, unknown>) => Step))[] = [
  shell("git status --short"),
  shell("git log"),
  shell("cat .env"),
  shell("grep -n DATABASE_URL .env*"),
  shell("docker compose run --env-file=.env.local api pytest"),
  shell("cat .env.example"),
  patch("*** Add File: db/migrations/0002_add_last_login.sql\n+ALTER TABLE users ADD COLUMN last_login timestamptz;"),
  patch("*** Update File: db/migrations/0001_init.sql\n@@\n-  id int\n+  id bigint"),
  patch("*** Update File: src/auth/login.py\n@@\n-    return token\n+    return token  # issued\n*** Update File: .env\n@@\n-DEBUG=0\n+DEBUG=1"),
  patch("*** Add File: deploy/prod.env\n+API_KEY=x"),
  patch("*** Update File: src/auth/login.py\n@@\n-    token = issue_token(user)\n+    token = issue_token(user, ttl=3600)"),
  shell("./tools/pytest -q"),
  shell("./tools/pytest tests/unit/test_module_042.py"),
  shell("./tools/aws configure export-credentials --format env"),
  shell("./tools/printenv SLACK_BOT_TOKEN"),
  shell("./tools/kubectl get deploy -A"),
  shell("kubectl apply -f k8s/deploy.yaml"),
  shell("sudo /usr/local/bin/kubectl -n prod scale deploy api --replicas=0"),
  shell("./tools/kubectl diff -f k8s/"),
  shell("npm ci"),
  shell("./tools/pnpm install --frozen-lockfile"),
  shell("./tools/yarn build"),
  shell("make ci"),
  shell("git commit -qam 'Add last_login'"),
  shell("git push -f"),
  shell("git push origin main"),
  shell("git push origin :master"),
  shell("git push origin feature/login"),
  toolSearch("gateway pull request"),
  gatewayCall("create_pull_request", { repo: "acme/app", head: "feature/login", base: "main", title: "Add last_login" }),
  gatewayCall("merge_pull_request", { repo: "acme/app", number: 129 }),
  shell("sleep 1"),
];

describe("codex: a working session with every example installed", () => {
  test("the guards hold for real, nothing errs; the payloads are recorded with LIVE_CAPTURE", async () => {
    const w = sessionWorld();
    const r: RunResult = await runCodex(w, SESSION, { prompt: "Add a last_login column, run the tests, commit and push the branch.", label: "session", timeoutSec: 150 });
    const out = toolOutputs(r);
    expect(out, describeRun(r)).not.toContain("postgres://app:secret"); // .env never read
    expect(readFileSync(join(w.work, ".env"), "utf8")).toContain("DEBUG=0"); // nor changed
    expect(existsSync(join(w.work, "deploy", "prod.env"))).toBe(false);
    expect(readFileSync(join(w.work, "db", "migrations", "0002_add_last_login.sql"), "utf8")).toContain("last_login");
    expect(readFileSync(join(w.work, "src", "auth", "login.py"), "utf8")).toContain("ttl=3600");
    expect(out).toContain("lines trimmed by post-bash.pytest-trim.py");
    expect(r.seen).toContain("AWS access key id");
    expect(out).toContain("GitOps");
    expect(out).toContain("force push blocked");
    expect(out).toContain("Created pull request #129"); // the MCP calls ran
    // Codex names the tools mcp__gateway_tools__github_*: the audit's mcp__gateway-tools matcher still fires (async)
    const audit = join(w.ahome, "logs", "mcp-audit.jsonl");
    expect(await waitForText(audit, "create_pull_request")).toContain("create_pull_request");
    // A failed MCP call (isError) fires no PostToolUse on Codex 0.169: nothing to audit for it
    const posts = hookLog(w).filter((l) => l.kind === "hook" && l.event === "PostToolUse").map((l) => String(l.tool ?? ""));
    expect(posts.some((t) => t.includes("merge_pull_request"))).toBe(false);
    expect(hookLog(w).filter((l) => l.kind === "hook" && l.error !== undefined)).toEqual([]);
    keepRollout(w, "session");
    // a second session in the same repository, asking for no push: its push is stopped
    const again = await runCodex(w, [shell("git push origin feature/login")], { prompt: "Now tidy the imports.", label: "no-push" });
    expect(toolOutputs(again), describeRun(again)).toContain("no prompt in this session asked for a push");
    keepRollout(w, "no-push");
    for (const [repo, cmd] of [["cloned-tool", "ls"], ["acme-service", "make test"]]) {
      const other = await runCodex(w, [shell(cmd)], { args: ["-C", join(w.home, "..", repo)], label: repo });
      expect(other.exitCode, describeRun(other)).toBe(0);
    }
  }, 240_000);
});

