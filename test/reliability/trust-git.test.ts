// Remotes only advise (issue 23.6): a repository's layer runs the content a person approved, whoever
// owns it. What the advice says is still read with care (issues 16.6-16.8), through the executable: the
// bundle's owner recorded at link is compared with host and owner, remotes are read as git reads them
// (case of remote names, old section syntax, includes, insteadOf rewrites, push URLs, other remotes,
// the clone origin), and no remote, owner or CONDITIONS_TRUSTED_OWNERS makes a layer run by itself.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, run, sandbox, type Sandbox, trustInTerminal, writeFile } from "../helpers";

const GUARD = "#!/bin/sh\necho 'repo guard' >&2\nexit 2\n";

/** A sandbox whose bundle is owned by github.com/alice, and whose repository holds a guard. */
function world(config: string, extra: (sb: Sandbox) => void = () => {}): Sandbox {
  const sb = sandbox();
  const bundle = join(sb.root, "bundle");
  writeFile(join(bundle, ".git", "config"), '[remote "origin"]\n\turl = git@github.com:alice/bundle.git\n');
  mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ bundle: { path: bundle, owner: "github.com/alice" } }));
  writeFileSync(join(sb.repo, ".git", "config"), config);
  addCondition(join(sb.repo, ".agentihooks", "conditions"), "pre-bash-guard.sh", GUARD);
  extra(sb);
  return sb;
}
const guardRuns = (sb: Sandbox, env: Record<string, string> = {}) => {
  const r = hook(claudeBash("ls", sb.repo), { env: { ...sb.env, ...env } });
  expect([0, 2]).toContain(r.exitCode);
  return r.stderr.includes("repo guard");
};
/** What `conditions list` says of the repository's layer. */
const advice = (sb: Sandbox, env: Record<string, string> = {}): string =>
  run(["conditions", "list", "--json"], { env: { ...sb.env, ...env }, cwd: sb.repo }).json.layers.find((l: { source: string }) => l.source === "directory").note;

const UNTRUSTED: [string, string, ((sb: Sandbox) => void)?][] = [
  ["the bundle owner's name on another host", '[remote "origin"]\n\turl = https://evil.example/alice/x.git\n'],
  ["a path climbing out of the owner", '[remote "origin"]\n\turl = https://github.com/alice/../evil/x\n'],
  ["an encoded climb", '[remote "origin"]\n\turl = https://github.com/alice%2F..%2Fevil/x\n'],
  ['an uppercase [remote "ORIGIN"] before the real one', '[remote "ORIGIN"]\n\turl = https://github.com/alice/x\n[remote "origin"]\n\turl = https://github.com/evil/x\n'],
  ["the old [remote.origin] syntax", "[remote.origin]\n\turl = https://github.com/evil/x\n"],
  ["section and key in any case", '[Remote "origin"]\n\tURL = https://github.com/evil/x\n'],
  ["a quoted value", '[remote "origin"]\n\turl = "https://github.com/evil/x"\n'],
  [
    "an [include] path",
    "[include]\n\tpath = extra.cfg\n",
    (sb) => writeFileSync(join(sb.repo, ".git", "extra.cfg"), '[remote "origin"]\n\turl = https://github.com/evil/x\n'),
  ],
  [
    "an includeIf gitdir",
    '[includeIf "gitdir:/"]\n\tpath = extra.cfg\n',
    (sb) => writeFileSync(join(sb.repo, ".git", "extra.cfg"), '[remote "origin"]\n\turl = https://github.com/evil/x\n'),
  ],
  ["an insteadOf rewrite to a stranger", '[url "https://github.com/evil/"]\n\tinsteadOf = https://github.com/alice/\n[remote "origin"]\n\turl = https://github.com/alice/x\n'],
  ["a second remote of a stranger", '[remote "origin"]\n\turl = https://github.com/alice/x\n[remote "upstream"]\n\turl = https://github.com/evil/x\n'],
  ["a stranger's push URL", '[remote "origin"]\n\turl = https://github.com/alice/x\n\tpushurl = https://github.com/evil/x\n'],
  ["a local path remote", '[remote "origin"]\n\turl = /tmp/somewhere/x\n'],
  [
    "no remote, but cloned from a stranger (reflog)",
    "[core]\n\tbare = false\n",
    (sb) => writeFile(join(sb.repo, ".git", "logs", "HEAD"), "0000000000000000000000000000000000000000 1111111111111111111111111111111111111111 A <a@b> 1 +0000\tclone: from https://github.com/evil/x\n"),
  ],
];
const TRUSTED: [string, string, Record<string, string>?][] = [
  ["the bundle's owner", '[remote "origin"]\n\turl = https://github.com/alice/x\n'],
  ["the bundle's owner, scp form, any case", '[remote "origin"]\n\turl = git@github.com:Alice/x.git\n'],
  ["no remote (local work)", "[core]\n\tbare = false\n"],
  ["a listed owner with its host", '[remote "origin"]\n\turl = https://git.corp.example/team/x\n', { CONDITIONS_TRUSTED_OWNERS: "git.corp.example/team" }],
];

describe("remotes as git reads them: the advice, never a run", () => {
  for (const [what, config, extra] of UNTRUSTED) {
    test(`not the person's: ${what}`, () => {
      const sb = world(config, extra);
      expect(guardRuns(sb)).toBe(false);
      expect(advice(sb)).not.toContain("matches your bundle");
      expect(advice(sb)).toContain("never trusted");
    });
  }
  for (const [what, config, env] of TRUSTED) {
    test(`suggested, not run: ${what}`, () => {
      const sb = world(config);
      expect(guardRuns(sb, env)).toBe(false);
      expect(advice(sb, env)).toContain(config.includes("remote") ? "matches your bundle" : "no origin remote");
      expect(trustInTerminal(sb.env, [sb.repo]).exitCode).toBe(0);
      expect(guardRuns(sb, env)).toBe(true);
    });
  }
});

describe("trust does not change under the agent's hands", () => {
  const stranger = '[remote "origin"]\n\turl = https://github.com/evil/x\n';
  test("removing, renaming or re-pointing the remote changes nothing; a person trusts it at a terminal", () => {
    const sb = world(stranger);
    expect(guardRuns(sb)).toBe(false);
    writeFileSync(join(sb.repo, ".git", "config"), "[core]\n\tbare = false\n"); // remote removed
    expect(guardRuns(sb)).toBe(false);
    writeFileSync(join(sb.repo, ".git", "config"), '[remote "upstream"]\n\turl = https://github.com/alice/x\n'); // renamed, re-pointed to the bundle's owner
    expect(guardRuns(sb)).toBe(false);
    const explained = run(["conditions", "explain", "--command", "ls", "--no-run"], { env: sb.env, cwd: sb.repo }).stdout;
    expect(explained).toContain("never trusted");
    expect(explained).toContain(`agentihooks trust ${sb.repo}`);
    expect(run(["trust"], { env: sb.env, cwd: sb.repo }).exitCode).toBe(2); // not at a terminal
    const t = trustInTerminal(sb.env, [], sb.repo);
    expect(t.stdout).toContain(`trusted ${sb.repo}`);
    expect(t.stdout).toContain("pre-bash-guard.sh");
    expect(guardRuns(sb)).toBe(true);
    trustInTerminal(sb.env, ["--revoke"], sb.repo);
    expect(guardRuns(sb)).toBe(false);
    expect(run(["trust", "--list"], { env: sb.env }).stdout).toContain(`untrusted  ${sb.repo}`);
  });
  test("trusting the owner (CONDITIONS_TRUSTED_OWNERS, even *) only suggests", () => {
    const sb = world(stranger);
    for (const owners of ["github.com/evil", "*"]) {
      expect(guardRuns(sb, { CONDITIONS_TRUSTED_OWNERS: owners })).toBe(false);
      expect(advice(sb, { CONDITIONS_TRUSTED_OWNERS: owners })).toContain("run agentihooks trust");
    }
  });
  test("a clone of a stranger is remembered before it exists, so the advice names it after the line strips it", () => {
    const sb = world("[core]\n\tbare = false\n");
    const line = "git clone https://github.com/evil/tools.git && cd tools && git remote remove origin";
    hook({ ...claudeBash(line, sb.root) }, { env: sb.env });
    const clone = join(sb.root, "tools");
    writeFile(join(clone, ".git", "config"), "[core]\n\tbare = false\n"); // what the line leaves behind
    addCondition(join(clone, ".agentihooks", "conditions"), "pre-bash-guard.sh", GUARD);
    expect(hook(claudeBash("ls", clone), { env: sb.env }).stderr).not.toContain("repo guard");
    expect(run(["trust", "--list"], { env: sb.env }).stdout).toMatch(/untrusted\s+.*tools\s+\(clone/);
    const note = run(["conditions", "list", "--json"], { env: sb.env, cwd: clone }).json.layers.find((l: { source: string }) => l.source === "directory").note;
    expect(note).toContain("github.com/evil");
  });
  test("the agent cannot trust, forget or re-point from its shell", () => {
    const sb = world(stranger);
    for (const c of ["agentihooks trust", `${BIN} trust --forget .`, "echo {} > ~/.agentihooks/trust.json"]) {
      expect(hook(claudeBash(c, sb.repo), { env: sb.env }).exitCode).toBe(2);
    }
    expect(hook(claudeBash(`echo {} > ${join(sb.home, "trust.json")}`, sb.repo), { env: sb.env }).exitCode).toBe(2);
  });
});
