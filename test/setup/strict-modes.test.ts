// Strict modes that fit real accounts (issue 24, part 1), through the compiled executable:
// - an ordinary user with umask 002 (a user-private-group account) follows the README's steps
//   (mkdir -p ~/.agentihooks/conditions, a condition, init) and gets a working guard: `ls` allowed,
//   the guarded command denied. Before: every call denied ("... is writable by its group");
// - the same home once its group has another member is refused with the reason; `doctor`, `conditions
//   list` and `init` say so first, in one red line, with a fix that, run as printed, ends the denial;
// - init, link and conditions set make the folders they create private whatever the umask and repair
//   (chmod) what they find.
// The other-user cases need root (useradd, setpriv) and are skipped otherwise.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { BIN, claudeBash, hook, run, sandbox, writeFile } from "../helpers";
import { giveSharedGroup } from "../state/groups";

const isRoot = process.getuid?.() === 0;
const mode = (p: string) => statSync(p).mode & 0o777;

/** A fail-closed guard: denies `kubectl delete`, and a payload it cannot read. */
const GUARD = `#!/usr/bin/env bash
payload=$(cat) || { echo "cannot read the payload" >&2; exit 2; }
case $payload in
  *'"command"'*) ;;
  *) echo "no command in the payload" >&2; exit 2 ;;
esac
case $payload in
  *'kubectl delete'*) echo "kubectl writes go through GitOps" >&2; exit 2 ;;
esac
exit 0
`;

describe.skipIf(!isRoot)("an ordinary user with umask 002 (needs root to create the users)", () => {
  const tag = `ah${process.pid % 100000}`;
  const owner = `${tag}a`;
  const other = `${tag}b`;
  const dir = mkdtempSync("/tmp/ah-strict-");
  const sh = (cmd: string[]) => Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  afterAll(() => {
    sh(["userdel", other]);
    sh(["userdel", owner]);
    sh(["groupdel", owner]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000); // userdel takes a while on a loaded machine

  // One user with its private group (useradd -U), its home in the test's folder.
  expect(sh(["useradd", "-M", "-U", "-s", "/bin/sh", "-d", join(dir, "home"), owner]).exitCode).toBe(0);
  const uid = Number(sh(["id", "-u", owner]).stdout.toString());
  const gid = Number(sh(["id", "-g", owner]).stdout.toString());
  mkdirSync(join(dir, "home"), { mode: 0o755 });
  mkdirSync(join(dir, "repo", ".git"), { recursive: true });
  writeFile(join(dir, "repo", ".git", "config"), "[core]\n\tbare = false\n");
  for (const p of [dir, join(dir, "home"), join(dir, "repo"), join(dir, "repo", ".git"), join(dir, "repo", ".git", "config")]) chownSync(p, uid, gid);
  const home = join(dir, "home");
  const ahome = join(home, ".agentihooks");
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, NO_COLOR: "1", AGENTIHOOKS_STRICT_MODES: "1", TMPDIR: dir };

  /** Runs a shell line as the owner, umask 002, in the repository; stdin optional. */
  function asOwner(line: string, stdin = "") {
    const p = Bun.spawnSync(["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--init-groups", "--", "sh", "-c", `umask 002; ${line}`], {
      env,
      cwd: join(dir, "repo"),
      stdin: new Blob([stdin]),
      stdout: "pipe",
      stderr: "pipe",
    });
    return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
  }
  const hookAs = (command: string) => asOwner(`exec '${BIN}' hook --target claude`, JSON.stringify(claudeBash(command, join(dir, "repo"))));

  test("the README's steps give a working guard: ls allowed, the guarded command denied", () => {
    expect(asOwner("mkdir -p ~/.agentihooks/conditions").exitCode).toBe(0);
    expect(mode(ahome)).toBe(0o775); // what umask 002 makes: writable by the owner's private group
    const write = asOwner("cat > ~/.agentihooks/conditions/pre-bash.kubectl-readonly.sh && chmod +x ~/.agentihooks/conditions/pre-bash.kubectl-readonly.sh", GUARD);
    expect(write.exitCode).toBe(0);
    const init = asOwner(`'${BIN}' init --target claude --no-mcp`);
    expect(init.stderr).toBe("");
    expect(init.exitCode).toBe(0);
    const ls = hookAs("ls");
    expect(`${ls.exitCode} ${ls.stdout}${ls.stderr}`).toBe("0 ");
    const del = hookAs("kubectl delete pod x");
    expect(del.exitCode).toBe(2);
    expect(del.stderr).toContain("kubectl writes go through GitOps");
    const doctor = asOwner(`'${BIN}' doctor`);
    expect(doctor.stdout).not.toContain("every tool call is denied");
    expect(doctor.stdout).not.toContain("writable by its group");
  });

  test("once the group has another member the home is refused, said first in red, and the printed fix ends it", () => {
    expect(sh(["useradd", "-M", "-N", "-s", "/bin/sh", "-G", owner, other]).exitCode).toBe(0);
    const denied = hookAs("ls");
    expect(denied.exitCode).toBe(2);
    expect(denied.stderr).toContain(`${ahome} is writable by its group ${owner} (mode 775; group ${owner} has other members (${other}))`);
    const list = asOwner(`'${BIN}' conditions list`);
    expect(list.stdout.split("\n")[0]).toStartWith(`every tool call is denied (claude): the condition index cannot be trusted: ${ahome} is writable by its group`);
    const doctor = asOwner(`'${BIN}' doctor`);
    expect(doctor.exitCode).toBe(1);
    const first = doctor.stdout.split("\n")[0];
    expect(first).toStartWith("every tool call is denied (claude): ");
    expect(doctor.stdout).not.toMatch(/^ok {2}home/m);
    const fix = /; fix: (.*)$/.exec(first)?.[1];
    expect(fix).toContain(`chmod g-w ${ahome}`);
    // the fix exactly as printed, run by the owner
    expect(asOwner(fix!).exitCode).toBe(0);
    expect(hookAs("ls").exitCode).toBe(0);
    expect(hookAs("kubectl delete pod x").exitCode).toBe(2);
    expect(asOwner(`'${BIN}' doctor`).stdout).not.toContain("every tool call is denied");
  });

  test("init repairs a home whose shared group could write it, and says so", () => {
    chmodSync(ahome, 0o775);
    expect(hookAs("ls").exitCode).toBe(2);
    const init = asOwner(`'${BIN}' init --target claude --no-mcp`);
    expect(init.exitCode).toBe(0);
    expect(init.stdout).toContain(`repaired ${ahome}: chmod g-w (it was writable by its group ${owner}, and group ${owner} has other members (${other}); mode 775)`);
    expect(init.stdout).toContain(`chmod g-w`);
    expect(mode(ahome)).toBe(0o755);
    expect(hookAs("ls").exitCode).toBe(0);
  });
});

describe("every call denied: said first, in red, with a fix that works (as the current user)", () => {
  const setup = () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    chmodSync(sb.home, 0o700);
    chmodSync(join(sb.home, "conditions"), 0o700);
    expect(run(["init", "--target", "claude", "--no-mcp"], { env, cwd: sb.repo }).exitCode).toBe(0);
    return { sb, env };
  };

  test("doctor: the red line first, not ok, the fix ends the denial; before the change it said ok", () => {
    const { sb, env } = setup();
    chmodSync(sb.home, 0o777);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(2);
    const doctor = run(["doctor"], { env, cwd: sb.repo });
    expect(doctor.exitCode).toBe(1);
    const lines = doctor.stdout.split("\n");
    expect(lines[0]).toBe(`every tool call is denied (claude): the condition index cannot be trusted: ${sb.home} is writable by every user (mode 777); fix: chmod go-w ${sb.home}`);
    expect(doctor.stdout).toContain(`FAIL  home ${sb.home} is writable by every user`);
    // one fix line per distinct fix: the red line's fix is not repeated under the checks that share it
    expect(doctor.stdout.split("\n").filter((l) => l.includes(`fix: chmod go-w ${sb.home}`))).toHaveLength(1);
    expect(doctor.stdout).toMatch(/\d+ problems? (and \d+ warnings? )?found\n$/);
    const json = run(["doctor", "--json"], { env, cwd: sb.repo }).json;
    expect(json.checks[0]).toMatchObject({ level: "fail", first: true, fix: `chmod go-w ${sb.home}` });
    expect(Bun.spawnSync(["sh", "-c", json.checks[0].fix]).exitCode).toBe(0);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
    const after = run(["doctor"], { env, cwd: sb.repo });
    expect(after.stdout).not.toContain("every tool call is denied");
    expect(after.exitCode).toBe(0);
  });

  test("a shared group on the home, the runtime layer and a condition: one fix line that ends it all", () => {
    const { sb, env } = setup();
    const cond = writeFile(join(sb.home, "conditions", "pre-bash-ok.sh"), "#!/bin/sh\nexit 0\n", 0o775);
    for (const p of [sb.home, join(sb.home, "conditions")]) chmodSync(p, 0o770);
    if (![sb.home, join(sb.home, "conditions"), cond].every(giveSharedGroup)) return; // no group to share: nothing to show
    const r = hook(claudeBash("ls", sb.repo), { env });
    expect(r.exitCode).toBe(2);
    const doctor = run(["doctor", "--json"], { env, cwd: sb.repo });
    const fix: string = doctor.json.checks[0].fix;
    expect(fix).toBe(`chmod g-w ${sb.home} ${join(sb.home, "conditions")} ${cond}`);
    expect(Bun.spawnSync(["sh", "-c", fix]).exitCode).toBe(0);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
  });

  test("a refused condition file: its doctor line's fix is the chmod, not a rename", () => {
    const { sb, env } = setup();
    const cond = writeFile(join(sb.home, "conditions", "pre-bash-ok.sh"), "#!/bin/sh\nexit 0\n", 0o777);
    const checks = run(["doctor", "--json"], { env, cwd: sb.repo }).json.checks;
    expect(checks.find((c: any) => c.level === "warn" && c.text.startsWith(`claude: ${cond}: `)).fix).toBe(`chmod go-w ${cond}`);
    expect(checks[0].fix).toBe(`chmod go-w ${cond}`);
  });

  test("conditions list: the red line is the first line, and in --json", () => {
    const { sb, env } = setup();
    chmodSync(sb.home, 0o777);
    const list = run(["conditions", "list"], { env, cwd: sb.repo });
    expect(list.stdout.split("\n")[0]).toStartWith("every tool call is denied (claude): ");
    const json = run(["conditions", "list", "--json"], { env, cwd: sb.repo }).json;
    expect(json.denied).toMatchObject({ targets: ["claude"], fix: `chmod go-w ${sb.home}` });
    chmodSync(sb.home, 0o700);
    expect(run(["conditions", "list", "--json"], { env, cwd: sb.repo }).json.denied).toBeUndefined();
  });

  test("init: repairs what is its own, and says first (stderr) what it cannot end", () => {
    const { sb, env } = setup();
    chmodSync(sb.home, 0o777);
    const init = run(["init", "--target", "claude", "--no-mcp"], { env, cwd: sb.repo });
    expect(init.exitCode).toBe(0);
    expect(init.stdout.split("\n")[0]).toBe(`repaired ${sb.home}: chmod go-w (it was writable by every user; mode 777)`);
    expect(init.stderr).toBe("");
    expect(mode(sb.home)).toBe(0o755);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
    // a profile chain that resolves nowhere: init cannot end that; it says so first, with the fix
    const state = join(sb.home, "state.json");
    writeFile(state, JSON.stringify({ targets: { claude: { profiles: ["default", "gone"] } } }), 0o600);
    const again = run(["init", "--target", "codex", "--no-mcp"], { env, cwd: sb.repo });
    expect(again.stderr.split("\n")[0]).toBe(`every tool call is denied (claude): profile "gone" not found (looked in: built-in profiles); fix: agentihooks profile use default --target claude`);
    expect(again.exitCode).toBe(1);
    expect(run(["profile", "use", "default", "--target", "claude"], { env, cwd: sb.repo }).exitCode).toBe(0);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(state, "utf8")).targets.claude.profiles).toEqual(["default"]);
  });
});

describe("folders made private whatever the umask, and repaired", () => {
  const umask = (mask: string, args: string[], env: Record<string, string>, cwd: string, stdin = "") =>
    Bun.spawnSync(["sh", "-c", `umask ${mask}; exec "$@"`, "sh", BIN, ...args], { env, cwd, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });

  test("conditions set under umask 000 into a fresh home: home and layer 0700", () => {
    const sb = sandbox();
    const home = join(sb.root, "fresh");
    const env = { ...sb.env, AGENTIHOOKS_HOME: home, AGENTIHOOKS_STRICT_MODES: "1" };
    const r = umask("000", ["conditions", "set", "--name", "x", "--matcher", "bash"], env, sb.repo, "exit 0\n");
    expect(r.stderr.toString()).toBe("");
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, "conditions"))).toBe(0o700);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
  });

  test("init under umask 000 creates the runtime conditions folder 0700: the first condition needs no mkdir", () => {
    const sb = sandbox();
    const env: Record<string, string> = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    delete env.AGENTIHOOKS_HOME; // the README's home: ~/.agentihooks
    const home = join(sb.userHome, ".agentihooks");
    const dry = umask("000", ["init", "--target", "claude", "--no-mcp", "--dry-run"], env, sb.repo);
    expect(dry.exitCode).toBe(0);
    expect(existsSync(join(home, "conditions"))).toBe(false);
    const r = umask("000", ["init", "--target", "claude", "--no-mcp"], env, sb.repo);
    expect(r.stderr.toString()).toBe("");
    expect(r.exitCode).toBe(0);
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, "conditions"))).toBe(0o700);
    // The README's next step, as a shell runs it: the file written straight into the folder.
    const write = Bun.spawnSync(["sh", "-c", "cat > ~/.agentihooks/conditions/pre-bash.kubectl-readonly.sh && chmod +x ~/.agentihooks/conditions/pre-bash.kubectl-readonly.sh"], { env, cwd: sb.repo, stdin: new Blob([GUARD]), stderr: "pipe" });
    expect(write.stderr.toString()).toBe("");
    expect(write.exitCode).toBe(0);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
    const del = hook(claudeBash("kubectl delete pod x", sb.repo), { env });
    expect(del.exitCode).toBe(2);
    expect(del.stderr).toContain("kubectl writes go through GitOps");
  });

  test("conditions set repairs a world-writable runtime layer; link repairs a bundle's layer", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    chmodSync(sb.home, 0o700);
    chmodSync(join(sb.home, "conditions"), 0o777);
    const set = run(["conditions", "set", "--name", "x", "--matcher", "bash"], { env, cwd: sb.repo, stdin: "exit 0\n" });
    expect(set.stdout).toContain(`repaired ${join(sb.home, "conditions")}: chmod go-w (it was writable by every user; mode 777)`);
    expect(mode(join(sb.home, "conditions"))).toBe(0o755);
    const bundle = join(sb.root, "bundle");
    writeFile(join(bundle, ".claude", "conditions", "pre-bash-b.sh"), "#!/bin/sh\nexit 0\n", 0o777);
    const link = run(["link", bundle], { env, cwd: sb.repo });
    expect(link.exitCode).toBe(0);
    expect(link.stdout).toContain(`repaired ${join(bundle, ".claude", "conditions", "pre-bash-b.sh")}: chmod go-w (it was writable by every user; mode 777)`);
    expect(mode(join(bundle, ".claude", "conditions", "pre-bash-b.sh"))).toBe(0o755);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0);
  });

  test("init repairs only what the hook checks: other files of the home folder are left as they are", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    const notes = writeFile(join(sb.home, "notes.txt"), "mine\n", 0o666);
    const shared = join(sb.home, "shared");
    mkdirSync(shared, { mode: 0o777 });
    chmodSync(shared, 0o777);
    chmodSync(sb.home, 0o777);
    expect(run(["init", "--target", "claude", "--no-mcp"], { env, cwd: sb.repo }).exitCode).toBe(0);
    expect(mode(sb.home)).toBe(0o755);
    expect(mode(join(sb.home, "conditions"))).toBe(0o755);
    expect(mode(notes)).toBe(0o666);
    expect(mode(shared)).toBe(0o777);
  });

  // only root can give a folder away
  test.skipIf(!isRoot)("link refuses, writing nothing, a layer owned by another user", () => {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
    chownSync(join(bundle, ".claude", "conditions"), 12345, 12345);
    const link = run(["link", bundle], { env, cwd: sb.repo });
    expect(link.exitCode).toBe(1);
    expect(link.stderr).toContain(`cannot link ${bundle}: ${join(bundle, ".claude", "conditions")} is owned by another user (uid 12345)`);
    expect(link.stderr).toContain("so every tool call would be denied; fix: sudo chown");
    expect(() => statSync(join(sb.home, "state.json"))).toThrow();
  });
});
