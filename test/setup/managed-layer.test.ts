// The administrator's tier through the compiled executable (docs/managed.md): a root-owned folder
// named by AGENTIHOOKS_MANAGED_DIR (this machine has no /etc/agentihooks; the variable is honoured only
// then). Nothing in the person's layers lifts a managed deny: not a same-named condition, not
// `conditions disable` (the rule or the file), not an [[allow]] entry, not a rewrite of the input, not
// CONDITIONS_ENABLED=false. A tier someone but root could change is refused, and guarded calls denied.
// Needs root (the tier must be root-owned); skipped otherwise.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { BIN, claudeBash, hook, run, sandbox, tempDir, writeFile } from "../helpers";

const isRoot = process.getuid?.() === 0;

const RULES = `version = 1
[[rule]]
id = "managed.probe"
program = "touch"
operands = { any = ["regex:managed-probe-"] }
decision = "deny"
reason = "MANAGED-REASON-41"
`;

/** A sandbox with a tier holding the probe rule; the hook and the CLI see it through the env. */
function world() {
  const s = sandbox();
  const tier = join(tempDir("ah-tier-"), "agentihooks");
  mkdirSync(join(tier, "conditions"), { recursive: true, mode: 0o755 });
  writeFile(join(tier, "conditions", "pre-bash-managed_probe.rules.toml"), RULES);
  const env = { ...s.env, AGENTIHOOKS_MANAGED_DIR: tier };
  const probe = join(s.root, "managed-probe-1");
  const call = (command: string, extra: Record<string, string> = {}) => hook(claudeBash(command, s.repo), { env: { ...env, ...extra }, target: "claude" });
  return { s, tier, env, probe, call };
}

const cli = (args: string[], env: Record<string, string>) => run(args, { env });

describe.skipIf(!isRoot)("the managed tier holds against every person-level attempt", () => {
  test("the managed rule denies, and the reason names the administrator, not a way to lift it", () => {
    const { probe, call } = world();
    const r = call(`touch ${probe}`);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("MANAGED-REASON-41");
    expect(r.stdout).toContain("administrator");
    expect(r.stdout).not.toContain("conditions disable");
    expect(call("touch elsewhere").exitCode).toBe(0);
  });

  test("a same-named person condition is not run, and list and explain report it", () => {
    const { s, env, probe, call } = world();
    const ran = join(s.root, "person-ran");
    writeFile(join(s.home, "conditions", "pre-bash-managed_probe.sh"), `#!/bin/sh\ntouch '${ran}'\necho '{"decision":"allow"}'\n`, 0o755);
    const r = call(`touch ${probe}`);
    expect(r.exitCode).toBe(2);
    expect(existsSync(ran)).toBe(false);
    const list = cli(["conditions", "list"], env);
    expect(list.stdout).toContain(`${join(s.home, "conditions", "pre-bash-managed_probe.sh")} (runtime) has the name of the managed condition`);
    expect(list.stdout).toMatch(/managed\s+\S+\/conditions\s+1 condition/);
    const explain = cli(["conditions", "explain", "--command", `touch ${probe}`], env);
    expect(explain.stdout).toContain("has the name of the managed condition");
  });

  test("conditions disable (rule id and file), an [[allow]] entry and an allowing condition do not lift it", () => {
    const { s, env, probe, call } = world();
    expect(cli(["conditions", "disable", "managed.probe"], env).exitCode).toBe(0);
    expect(cli(["conditions", "disable", "pre-bash-managed_probe"], env).exitCode).toBe(0);
    writeFile(join(s.home, "conditions", "pre-bash-lift.rules.toml"), `version = 1\n[[allow]]\nrule = "managed.probe"\nreason = "mine"\n`);
    writeFile(join(s.home, "conditions", "pre-bash-yes.sh"), `#!/bin/sh\necho '{"decision":"allow"}'\n`, 0o755);
    const r = call(`touch ${probe}`);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("MANAGED-REASON-41");
    expect(cli(["conditions", "list"], env).stdout).not.toContain("managed.probe disabled");
  });

  test("the tier's own [[allow]] entry does let its rule through (only the administrator can)", () => {
    const { tier, probe, call } = world();
    writeFile(join(tier, "conditions", "pre-bash-admin_allow.rules.toml"), `version = 1\n[[allow]]\nrule = "managed.probe"\nreason = "the release job"\ncommand = "managed-probe-1$"\n`);
    expect(call(`touch ${probe}`).exitCode).toBe(0);
  });

  test("a person's condition that rewrites the input into a managed-denied command is judged again: denied", () => {
    const { s, probe, call } = world();
    writeFile(join(s.home, "conditions", "pre-bash-rewrite.sh"), `#!/bin/sh\necho '{"tool_input":{"command":"touch ${probe}"},"decision":"allow"}'\n`, 0o755);
    const r = call("ls");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("MANAGED-REASON-41");
  });

  test("CONDITIONS_ENABLED=false turns off the person's conditions, not the tier", () => {
    const { s, probe, call } = world();
    const ran = join(s.root, "person-cond");
    writeFile(join(s.home, "conditions", "pre-bash.touch-mine.sh"), `#!/bin/sh\ntouch '${ran}'\n`, 0o755);
    expect(call(`touch ${probe}`, { CONDITIONS_ENABLED: "false" }).exitCode).toBe(2);
    expect(call("touch x", { CONDITIONS_ENABLED: "false" }).exitCode).toBe(0);
    expect(existsSync(ran)).toBe(false);
    expect(call("touch x").exitCode).toBe(0);
    expect(existsSync(ran)).toBe(true); // control: on, the person's condition runs
  });

  test("a managed script that does not answer in the person's CONDITIONS_TIMEOUT_SEC denies; the person's own is skipped", () => {
    const { s, tier, call } = world();
    writeFile(join(tier, "conditions", "pre-bash.sleep-slow.sh"), "#!/bin/sh\nsleep 5\n", 0o755);
    writeFile(join(s.home, "conditions", "pre-bash.true-slow.sh"), "#!/bin/sh\nsleep 5\n", 0o755);
    const r = call("sleep 1", { CONDITIONS_TIMEOUT_SEC: "0.3" });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("the managed condition pre-bash.sleep-slow.sh did not answer (timed out");
    expect(call("true", { CONDITIONS_TIMEOUT_SEC: "0.3" }).exitCode).toBe(0);
  });

  test("a managed Python condition does not run through a Python the person chose (AGENTIHOOKS_PYTHON): denied", () => {
    const { s, tier, call } = world();
    writeFile(join(tier, "conditions", "pre-bash.echo-py.py"), "import sys\nsys.exit(0)\n", 0o755);
    const fake = writeFile(join(s.root, "bin", "python3"), '#!/bin/sh\nexec /usr/bin/python3 "$@"\n', 0o755);
    chownSync(fake, 65534, 65534);
    const r = call("echo hi", { AGENTIHOOKS_PYTHON: fake });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("its runner cannot be trusted for the managed tier");
    expect(call("echo hi").exitCode).toBe(0); // the system's Python runs it
  });

  test("a managed TypeScript condition runs without the transpiler cache in the person's home", () => {
    const { tier, call } = world();
    writeFile(join(tier, "conditions", "pre-bash.echo-ts.ts"), 'await Bun.stdin.text();\nconsole.error(`cache=${process.env.BUN_RUNTIME_TRANSPILER_CACHE_PATH}`);\nprocess.exit(2);\n');
    const r = call("echo hi");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("cache=0");
  });

  test("the tier's profile chain runs its built-in profile, and its preset is a floor", () => {
    const { s, tier, env, call } = world();
    writeFile(join(tier, "profiles.txt"), "# the machine's chain\nstrict\n");
    const list = cli(["conditions", "list"], env);
    expect(list.stdout).toContain("managed:profile:strict");
    expect(list.stdout).toContain("strict preset");
    // the built-in git pack of the tier denies a force push, though the person has no chain at all
    const r = call("git push --force origin main");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("git.push-force");
    // the person's own `default` chain holds the same built-in packs: not reported as overrides
    writeFile(join(s.home, "state.json"), JSON.stringify({ version: 1, targets: { claude: { profiles: ["default"] } } }));
    const both = cli(["conditions", "list"], env).stdout;
    expect(both).toContain("profile:default");
    expect(both).not.toContain("has the name of the managed condition");
    expect(cli(["init", "--target", "claude", "--no-mcp"], env).exitCode).toBe(0);
    expect(cli(["doctor"], env).stdout).not.toContain("is shadowed");
  });
});

describe.skipIf(!isRoot)("a tier someone but root could change is refused, and guarded calls denied", () => {
  test("a group-writable tier: denied with the reason and the fix", () => {
    const { tier, call } = world();
    chmodSync(tier, 0o775);
    const r = call("ls");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain(`${tier} is writable by its group (mode 775)`);
    expect(r.stdout).toContain(`sudo chmod go-w ${tier}`);
    chmodSync(tier, 0o755);
    expect(call("ls").exitCode).toBe(0); // the fix ends it
  });

  test("a folder above it writable by others (not sticky), a file owned by another user: denied", () => {
    const { tier, call } = world();
    const parent = join(tier, "..");
    chmodSync(parent, 0o777);
    expect(call("ls").stdout).toContain(`is writable by every user (mode 777)`);
    chmodSync(parent, 0o700);
    const file = join(tier, "conditions", "pre-bash-managed_probe.rules.toml");
    chownSync(file, 65534, 65534);
    const r = call("ls");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain(`${file} is owned by uid 65534, not root`);
  });

  test("AGENTIHOOKS_MANAGED_DIR naming a relative or missing folder denies (it is never a way out)", () => {
    const { s } = world();
    for (const dir of ["relative/tier", join(s.root, "missing")]) {
      const r = hook(claudeBash("ls", s.repo), { env: { ...s.env, AGENTIHOOKS_MANAGED_DIR: dir }, target: "claude" });
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toContain("AGENTIHOOKS_MANAGED_DIR");
    }
  });
});

describe.skipIf(!isRoot)("the person is not root (the real set-up)", () => {
  const user = `ahl${process.pid % 100000}`;
  const sh = (cmd: string[]) => Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  const dir = mkdtempSync("/tmp/ah-managed-person-");
  chmodSync(dir, 0o755);
  afterAll(() => {
    sh(["userdel", user]);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  test("their hook reads the root-owned tier and denies; their own disable cannot lift it; they cannot write the tier", () => {
    expect(sh(["useradd", "-M", "-N", "-s", "/bin/sh", "-d", join(dir, "home"), user]).exitCode).toBe(0);
    const uid = Number(sh(["id", "-u", user]).stdout.toString());
    const home = join(dir, "home");
    mkdirSync(join(home, "repo", ".git"), { recursive: true });
    sh(["chown", "-R", `${uid}:65534`, home]);
    const tier = join(dir, "tier");
    mkdirSync(join(tier, "conditions"), { recursive: true, mode: 0o755 });
    writeFile(join(tier, "conditions", "pre-bash-managed_probe.rules.toml"), RULES);
    const env = { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1", AGENTIHOOKS_MANAGED_DIR: tier };
    const as = (argv: string[], stdin = "") => {
      const p = Bun.spawnSync(["setpriv", `--reuid=${uid}`, "--regid=65534", "--clear-groups", "--", ...argv], { env, cwd: join(home, "repo"), stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
      return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
    };
    const hookAs = (command: string) => as([BIN, "hook", "--target", "claude"], JSON.stringify(claudeBash(command, join(home, "repo"))));
    expect(hookAs("ls").exitCode).toBe(0);
    expect(as([BIN, "conditions", "disable", "managed.probe"]).exitCode).toBe(0);
    const r = hookAs("touch managed-probe-9");
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toContain("MANAGED-REASON-41");
    expect(as(["sh", "-c", `echo x > '${join(tier, "conditions", "pre-bash-x.sh")}'`]).exitCode).not.toBe(0);
  });
});
