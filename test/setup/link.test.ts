// `agentihooks link` / `unlink`: bundles and extra profiles in state.json.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run, sandbox, writeFile, type Sandbox } from "../helpers";
import { paths, readJson, replayClaude } from "./fixtures";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });
const state = (sb: Sandbox) => readJson(join(sb.home, "state.json"));

function bundle(sb: Sandbox, origin?: string): string {
  const dir = join(sb.root, "bundle");
  writeFile(join(dir, ".claude", "conditions", "pre-bash-no_curl.sh"), "echo 'no curl' >&2; exit 2\n", 0o755);
  mkdirSync(join(dir, "profiles", "ops", ".claude", "conditions"), { recursive: true });
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git", "config"), origin ? `[remote "origin"]\n\turl = ${origin}\n` : "[core]\n");
  return dir;
}

describe("link a bundle", () => {
  test("records the path, names its profiles and the owner it makes trusted; its conditions run", () => {
    const sb = sandbox();
    const dir = bundle(sb, "git@github.com:Acme/agent-bundle.git");
    const r = ah(sb, ["link", dir]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`linked bundle ${dir}`);
    expect(r.stdout).toContain("profiles: ops");
    expect(r.stdout).toContain("repositories owned by github.com/acme");
    expect(state(sb).bundle.path).toBe(dir);
    ah(sb, ["init", "--target", "claude", "--profile", "default,ops"]);
    expect(state(sb).targets.claude.profiles).toEqual(["default", "ops"]);
    expect(replayClaude(readJson(paths(sb).claude), "curl x", sb).exitCode).toBe(2);
  });

  test("unlink refuses while a chain needs the bundle's profile; --force unlinks and says what is denied", () => {
    const sb = sandbox();
    const dir = bundle(sb);
    ah(sb, ["link", dir]);
    ah(sb, ["init", "--target", "codex", "--profile", "ops"]);
    const before = state(sb);
    const refused = ah(sb, ["unlink"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("refused: codex runs profile ops");
    expect(refused.stderr).toContain("Switch first: agentihooks profile use default --target codex (or pass --force)");
    expect(state(sb)).toEqual(before);
    const r = ah(sb, ["unlink", "--force"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`unlinked bundle ${dir}`);
    expect(r.stdout).toContain("denied: every tool call of codex: the profile chain names ops, which no longer resolves");
    expect(r.stdout).toContain("fix: agentihooks profile use default --target codex");
    expect(state(sb).bundle).toBeUndefined();
    expect(ah(sb, ["unlink"]).stderr.trim()).toBe("agentihooks: no bundle is linked");
  });

  test("a missing directory is named", () => {
    const sb = sandbox();
    const r = ah(sb, ["link", join(sb.root, "nope")]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.trim()).toBe(`agentihooks: bundle directory not found: ${join(sb.root, "nope")}`);
  });
});

describe("link --profile", () => {
  test("a linked profile resolves in the chain; per target with --target; unlink --profile", () => {
    const sb = sandbox();
    const prof = join(sb.root, "extra");
    writeFile(join(prof, ".claude", "conditions", "pre-bash-no_wget.sh"), "echo 'no wget' >&2; exit 2\n", 0o755);
    expect(ah(sb, ["init", "--target", "claude", "--profile", "extra"]).stderr).toContain('unknown profile "extra"');
    expect(ah(sb, ["link", "--profile", "extra", prof]).exitCode).toBe(0);
    expect(state(sb).linked_profiles).toEqual({ extra: prof });
    expect(ah(sb, ["init", "--target", "claude", "--profile", "default,extra"]).exitCode).toBe(0);
    expect(replayClaude(readJson(paths(sb).claude), "wget x", sb).exitCode).toBe(2);
    expect(ah(sb, ["link", "--profile", "codexonly", prof, "--target", "codex"]).exitCode).toBe(0);
    expect(state(sb).targets.codex.linked_profiles).toEqual({ codexonly: prof });
    expect(ah(sb, ["unlink", "--profile", "extra"]).stderr).toContain("refused: claude runs profile extra");
    expect(state(sb).linked_profiles).toEqual({ extra: prof });
    const u = ah(sb, ["unlink", "--profile", "extra", "--force"]);
    expect(u.stdout).toContain(`unlinked profile extra (${prof})`);
    expect(u.stdout).toContain("denied: every tool call of claude: the profile chain names extra");
    expect(state(sb).linked_profiles).toEqual({});
    expect(ah(sb, ["unlink", "--profile", "extra"]).stderr.trim()).toBe('agentihooks: profile "extra" is not linked');
    expect(ah(sb, ["link", "--profile", "bad name", prof]).stderr).toContain('invalid profile name "bad name"');
    expect(ah(sb, ["link", "--profile", "default", prof]).stdout).toContain('a built-in profile also has a profile "default" and resolves first');
  });
});
