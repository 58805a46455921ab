// The home is private whatever the umask, and strict modes refuse what another user could have
// written (issue 16.9), through the compiled executable: under umask 000 every folder the tool makes
// is 0700 and every file 0600; a home, cache folder, index, gate, state.json or trust store that is
// writable by others (or owned by another user) denies PreToolUse with the reason, never a silent
// skip, and a forged index in a writable cache never runs.
import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, claudeBash, FAKE_HARNESS, hook, sandbox, writeFile } from "../helpers";
import { giveSharedGroup } from "./groups";

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

/** Runs the executable with umask 000 (args, stdin). */
function umask0(args: string[], env: Record<string, string>, stdin = "", cwd?: string) {
  return Bun.spawnSync(["sh", "-c", 'umask 000; exec "$@"', "sh", BIN, ...args], { env, cwd, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
}

describe("umask 000: folders 0700, files 0600", () => {
  test("every folder and file the tool makes in the home", () => {
    const sb = sandbox();
    const home = join(sb.root, "fresh-home"); // does not exist yet
    const env = { ...sb.env, AGENTIHOOKS_HOME: home, AGENTIHOOKS_STRICT_MODES: "1" };
    writeFile(join(sb.root, "bundle", ".claude", "conditions", "pre-bash-b.sh"), "#!/bin/sh\nexit 0\n", 0o755);
    expect(umask0(["link", join(sb.root, "bundle")], env).exitCode).toBe(0); // state.json
    expect(umask0(["trust", sb.repo], env).exitCode).toBe(0); // trust.json
    age([join(sb.root, "bundle", ".claude", "conditions"), join(home, "state.json")]);
    expect(umask0(["hook"], env, JSON.stringify(claudeBash("ls", sb.repo)), sb.repo).exitCode).toBe(0); // cache, logs
    // the gate, armed from a harness started with umask 000
    const req = { argv: ["sh", "-c", `umask 000; exec ${BIN} hook`], stdin: JSON.stringify({ session_id: "u0", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "add an agentihooks condition for bash.git" }), env, cwd: sb.repo };
    Bun.spawnSync(["sh", "-c", 'umask 000; exec "$@"', "sh", process.execPath, FAKE_HARNESS, JSON.stringify(req)], { env });
    expect(existsSync(join(home, "gates"))).toBe(true);
    const dirs = [home, join(home, "cache"), join(home, "gates"), join(home, "logs")];
    for (const d of dirs) expect(`${d} ${mode(d)}`).toBe(`${d} 700`);
    const files = [join(home, "state.json"), join(home, "trust.json"), join(home, "logs", "hook.jsonl"), ...readdirSync(join(home, "cache")).map((f) => join(home, "cache", f)), ...readdirSync(join(home, "gates")).map((f) => join(home, "gates", f))];
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) expect(`${f} ${mode(f)}`).toBe(`${f} 600`);
  });
});

describe("strict modes: what another user could write is refused, loudly", () => {
  function setup() {
    const sb = sandbox();
    const env = { ...sb.env, AGENTIHOOKS_STRICT_MODES: "1" };
    chmodSync(sb.home, 0o700);
    chmodSync(join(sb.home, "conditions"), 0o700);
    age([join(sb.home, "conditions")]);
    expect(hook(claudeBash("ls", sb.repo), { env }).exitCode).toBe(0); // builds the index
    expect(readdirSync(join(sb.home, "cache")).length).toBeGreaterThan(0);
    return { sb, env };
  }
  const refused = (r: ReturnType<typeof hook>, what: RegExp) => {
    expect(r.exitCode).toBe(2);
    expect(r.stdout + r.stderr).toMatch(what);
  };
  test("a home writable by others", () => {
    const { sb, env } = setup();
    chmodSync(sb.home, 0o777);
    refused(hook(claudeBash("ls", sb.repo), { env }), /writable by every user .*chmod go-w/);
    chmodSync(sb.home, 0o770);
    if (giveSharedGroup(sb.home)) refused(hook(claudeBash("ls", sb.repo), { env }), /writable by its group .*chmod g-w/);
    expect(hook(claudeBash("ls", sb.repo), { env: { ...env, AGENTIHOOKS_STRICT_MODES: "0" } }).exitCode).toBe(0);
  });
  test("a cache folder writable by others, holding a forged index: the forged program never runs", () => {
    const { sb, env } = setup();
    const cache = join(sb.home, "cache");
    chmodSync(cache, 0o777);
    const marker = join(sb.root, "pwned");
    const evil = writeFile(join(sb.root, "evil", "pre-bash-evil.sh"), `#!/bin/sh\ntouch ${marker}\n`, 0o755);
    for (const f of readdirSync(cache)) writeFileSync(join(cache, f), readFileSyncSafe(join(cache, f)).split(join(sb.home, "conditions")).join(join(sb.root, "evil")));
    refused(hook(claudeBash("ls", sb.repo), { env }), /condition index cannot be trusted/);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(evil)).toBe(true);
  });
  test("an index file writable by others", () => {
    const { sb, env } = setup();
    const cache = join(sb.home, "cache");
    for (const f of readdirSync(cache)) chmodSync(join(cache, f), 0o666);
    refused(hook(claudeBash("ls", sb.repo), { env }), /condition index cannot be trusted/);
  });
  test("state.json writable by others", () => {
    const { sb, env } = setup();
    writeFileSync(join(sb.home, "state.json"), "{}\n");
    chmodSync(join(sb.home, "state.json"), 0o666);
    refused(hook(claudeBash("ls", sb.repo), { env }), /state.json is writable by every user/);
  });
  test("trust records writable by others", () => {
    const { sb, env } = setup();
    writeFileSync(join(sb.home, "trust.json"), '{"version":1,"repositories":{}}\n');
    chmodSync(join(sb.home, "trust.json"), 0o666);
    refused(hook(claudeBash("ls", sb.repo), { env }), /trust records cannot be used/);
  });
  test("a gate file or gates folder another user could write keeps the gate closed, and says why", () => {
    const { sb, env } = setup();
    const gates = join(sb.home, "gates");
    mkdirSync(gates, { recursive: true, mode: 0o700 });
    const forged = join(gates, "g1.json");
    writeFileSync(forged, JSON.stringify({ session_id: "g1", armed_at: Date.now(), source: "typed", prompt_excerpt: "" }));
    chmodSync(forged, 0o600);
    const write = { ...claudeBash("", sb.repo), session_id: "g1", tool_name: "Write", tool_input: { file_path: join(sb.repo, ".agentihooks", "conditions", "x.sh"), content: "x" } };
    expect(hook(write, { env }).exitCode).toBe(0); // a private gate file: open
    chmodSync(forged, 0o666);
    refused(hook(write, { env }), /gate file was not trusted: .* writable by every user/);
    chmodSync(forged, 0o600);
    chmodSync(gates, 0o777);
    refused(hook(write, { env }), /gate file was not trusted/);
  });
  // skipped unless root: only root can give a folder away
  test.skipIf(process.getuid?.() !== 0)("a home owned by another user", () => {
    const { sb, env } = setup();
    require("node:fs").chownSync(sb.home, 12345, 12345);
    refused(hook(claudeBash("ls", sb.repo), { env }), /owned by another user \(uid 12345\)/);
  });
});

/** Sets mtimes a minute back: the catalog does not cache what changed in the last 2 s. */
function age(paths: string[]): void {
  const old = new Date(Date.now() - 60_000);
  for (const p of paths) if (existsSync(p)) utimesSync(p, old, old);
}

function readFileSyncSafe(p: string): string {
  try {
    return require("node:fs").readFileSync(p, "utf8");
  } catch {
    return "";
  }
}
