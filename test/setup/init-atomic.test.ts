// init and uninit change every file or none (issue 24 part 5), through the compiled executable: a
// target that cannot be written stops everything before the first write, a write that fails mid-way
// is rolled back, CRLF and BOM files keep their form, and project scope writes only into a repository
// of its own whose path can be named.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, RUN_ROOT, run, sandbox, tempDir, writeFile, type Sandbox } from "../helpers";
import { CLAUDE_EXISTING, CODEX_EXISTING, paths, readJson, snapshot } from "./fixtures";

const ah = (sb: Sandbox, args: string[], cwd = sb.repo, env = sb.env) => run(args, { env, cwd });

/** Runs the executable from a bash line (for limits and folder names a spawn cannot give). */
function viaBash(sb: Sandbox, line: string, cwd = sb.root) {
  const p = Bun.spawnSync(["bash", "-c", line], { env: { ...sb.env, BIN }, cwd, stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

const immutable: string[] = [];
afterEach(() => {
  for (const p of immutable.splice(0)) Bun.spawnSync(["chattr", "-i", p]);
});

/** Makes `path` immutable (root cannot write it either); false where chattr does not work. */
function makeImmutable(path: string): boolean {
  const r = Bun.spawnSync(["chattr", "+i", path], { stdout: "ignore", stderr: "ignore" });
  if (r.exitCode !== 0) return false;
  immutable.push(path);
  return true;
}

const everyLineCrlf = (text: string) => text.split("\n").slice(0, -1).every((l) => l.endsWith("\r"));

describe("a target that cannot be written: nothing is written", () => {
  test("a read-only ~/.copilot: Claude's and Codex's files stay as they were, no state.json", () => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.claude, CLAUDE_EXISTING, 0o600);
    const before = snapshot(sb.root);
    if (!makeImmutable(join(sb.userHome, ".copilot"))) return void console.warn("chattr unavailable: skipped");
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`cannot write in ${join(sb.userHome, ".copilot")} (EPERM)`);
    expect(r.stderr.trim().split("\n").at(-1)).toBe("agentihooks: init: nothing was written");
    expect(r.stdout).toBe("");
    expect(snapshot(sb.root)).toEqual(before);
  });

  test("as an ordinary user, a ~/.copilot of mode 0500 (root runs it as nobody)", () => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.claude, CLAUDE_EXISTING, 0o600);
    chmodSync(join(sb.userHome, ".copilot"), 0o500);
    let argv = [BIN, "init"];
    const rootMode = statSync(RUN_ROOT).mode & 0o777;
    if (process.getuid?.() === 0) {
      // chmod does not stop root: the same run as nobody, who may pass through the run's folder
      if (Bun.spawnSync(["chown", "-R", "65534:65534", sb.root]).exitCode !== 0) return;
      chmodSync(RUN_ROOT, rootMode | 0o711);
      argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", ...argv];
    }
    try {
      const before = snapshot(sb.root);
      const r = Bun.spawnSync(argv, { env: sb.env, cwd: sb.repo, stdout: "pipe", stderr: "pipe" });
      const stderr = r.stderr.toString();
      expect(stderr).toContain(`cannot write in ${join(sb.userHome, ".copilot")} (EACCES)`);
      expect(r.exitCode).toBe(1);
      expect(snapshot(sb.root)).toEqual(before);
    } finally {
      chmodSync(RUN_ROOT, rootMode);
    }
  });

  test("--dry-run says a real run would stop, and why", () => {
    const sb = sandbox();
    const before = snapshot(sb.root);
    if (!makeImmutable(join(sb.userHome, ".copilot"))) return;
    const r = ah(sb, ["init", "--dry-run"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`would stop before writing: cannot write in ${join(sb.userHome, ".copilot")} (EPERM), so ${paths(sb).copilot} cannot be created`);
    expect(snapshot(sb.root)).toEqual(before);
  });

  test("a file where a folder is expected is named, and nothing is written", () => {
    const sb = sandbox();
    rmSync(join(sb.userHome, ".copilot"), { recursive: true });
    writeFileSync(join(sb.userHome, ".copilot"), "not a folder");
    const before = snapshot(sb.root);
    const r = ah(sb, ["init", "--target", "all"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${join(sb.userHome, ".copilot")} is not a folder, so ${paths(sb).copilot} cannot be created`);
    expect(snapshot(sb.root)).toEqual(before);
  });

  test("an immutable settings.json is refused before Codex's files are written", () => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.claude, CLAUDE_EXISTING, 0o600);
    const before = snapshot(sb.root);
    if (!makeImmutable(p.claude)) return;
    const r = ah(sb, ["init", "--target", "codex,claude"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${p.claude} is not writable (EPERM)`);
    expect(snapshot(sb.root)).toEqual(before);
  });
});

describe("a write that fails mid-way is rolled back", () => {
  // A file size limit (with SIGXFSZ ignored, so write(2) fails with EFBIG) passes every check and fails
  // the first write of a large file: here the backup of a 40 kB hooks.json, after smaller files.
  const bigCodex = JSON.stringify({ note: "x".repeat(40_000), hooks: {} }, null, 2);

  test("a file init created is removed, with the folders it made; one line per step", () => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.codex, bigCodex);
    const before = snapshot(sb.root);
    const r = viaBash(sb, `trap '' XFSZ; ulimit -f 16; exec "$BIN" init --target copilot,codex --no-mcp`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split("\n").filter(Boolean)).toEqual([
      `agentihooks: init: writing ${p.codex}.agentihooks.bak failed (EFBIG: file too large, write)`,
      `agentihooks: rolled back: removed ${p.copilot} (this run created it)`,
      "agentihooks: nothing was changed",
    ]);
    expect(snapshot(sb.root)).toEqual(before);
    expect(existsSync(join(sb.userHome, ".copilot", "hooks"))).toBe(false);
  });

  test("a file init changed gets its exact previous bytes back, and its new backup goes", () => {
    const sb = sandbox();
    const p = paths(sb);
    writeFile(p.claude, CLAUDE_EXISTING.replace(/\n/g, "\r\n"), 0o600);
    writeFile(p.codex, bigCodex);
    const before = snapshot(sb.root);
    const r = viaBash(sb, `trap '' XFSZ; ulimit -f 16; exec "$BIN" init --target claude,codex --no-mcp`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`rolled back: ${p.claude} has its previous bytes again`);
    expect(r.stderr).toContain(`rolled back: removed ${p.claude}.agentihooks.bak (this run created it)`);
    expect(snapshot(sb.root)).toEqual(before);
  });
});

describe("line endings and BOM", () => {
  test("a CRLF config.toml and settings.json: init keeps CRLF, uninit of an edited file keeps the edit and CRLF", () => {
    const sb = sandbox();
    const p = paths(sb);
    const toml = join(sb.userHome, ".codex", "config.toml");
    const original = 'model = "o3"\r\n\r\n[mcp_servers.db]\r\ncommand = "db-mcp"\r\n';
    writeFile(toml, original);
    writeFile(p.claude, CLAUDE_EXISTING.replace(/\n/g, "\r\n"), 0o600);
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    const afterInit = readFileSync(toml, "utf8");
    expect(afterInit).toContain("[mcp_servers.agentihooks]\r\n");
    expect(everyLineCrlf(afterInit)).toBe(true);
    expect(everyLineCrlf(readFileSync(p.claude, "utf8"))).toBe(true);
    writeFileSync(toml, `${afterInit}\r\n[profiles.fast]\r\nmodel = "o4-mini"\r\n`); // the person edits it after init
    const r = ah(sb, ["uninit"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    const left = readFileSync(toml, "utf8");
    expect(left).not.toContain("agentihooks");
    expect(left).toStartWith(original);
    expect(left).toContain('[profiles.fast]\r\nmodel = "o4-mini"\r\n');
    expect(everyLineCrlf(left)).toBe(true);
    expect(readFileSync(p.claude, "utf8")).toBe(CLAUDE_EXISTING.replace(/\n/g, "\r\n"));
  });

  test("CRLF configs round-trip: init then uninit gives the same bytes back", () => {
    const sb = sandbox();
    const p = paths(sb);
    const toml = join(sb.userHome, ".codex", "config.toml");
    writeFile(toml, '# mine\r\nmodel = "o3"\r\n');
    writeFile(p.codex, CODEX_EXISTING.replace(/\n/g, "\r\n"));
    const before = snapshot(sb.userHome);
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    expect(ah(sb, ["uninit"]).exitCode).toBe(0);
    expect(snapshot(sb.userHome)).toEqual(before);
  });

  test("a BOM in settings.json is accepted and kept; uninit restores the exact bytes", () => {
    const sb = sandbox();
    const p = paths(sb);
    const withBom = `\uFEFF${CLAUDE_EXISTING}`;
    writeFile(p.claude, withBom, 0o600);
    writeFile(join(sb.userHome, ".claude.json"), '\uFEFF{\r\n  "numStartups": 3\r\n}\r\n');
    const r = ah(sb, ["init"]);
    expect(r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
    const text = readFileSync(p.claude, "utf8");
    expect(text.startsWith("\uFEFF{")).toBe(true);
    expect(JSON.parse(text.slice(1)).model).toBe("opus");
    expect(readFileSync(join(sb.userHome, ".claude.json"), "utf8")).toStartWith('\uFEFF{\r\n  "numStartups": 3,\r\n');
    expect(ah(sb, ["uninit"]).exitCode).toBe(0);
    expect(readFileSync(p.claude, "utf8")).toBe(withBom);
    expect(readFileSync(join(sb.userHome, ".claude.json"), "utf8")).toBe('\uFEFF{\r\n  "numStartups": 3\r\n}\r\n');
  });
});

describe("where project scope may write", () => {
  test("a repository whose folder name is not valid UTF-8 is refused; no lookalike folder is made", () => {
    const sb = sandbox();
    const r = viaBash(sb, `mkdir $'\\xff' && cd $'\\xff' && mkdir .git && exec "$BIN" init --scope project`);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("the current folder's path is not valid UTF-8");
    const names = readdirSync(sb.root, { encoding: "buffer" }).map((n) => n.toString("latin1")).sort();
    expect(names).toEqual(["ahome", "home", "repo", "\xff"]);
    expect(readdirSync(Buffer.from(join(sb.root, "\xff"), "latin1"))).toEqual([".git"]);
    expect(existsSync(join(sb.home, "state.json"))).toBe(false);
  });

  test("outside a git repository: refused, nothing written in the folder", () => {
    const sb = sandbox();
    const dir = tempDir("plain-");
    for (const verb of ["init", "uninit"]) {
      const r = ah(sb, [verb, "--scope", "project"], dir);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(`--scope project works inside a git repository, and ${dir} is in none`);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a repository rooted in $HOME: project scope is refused, the user hooks stay", () => {
    const sb = sandbox();
    mkdirSync(join(sb.userHome, ".git"));
    expect(ah(sb, ["init"], sb.userHome).exitCode).toBe(0);
    const before = snapshot(sb.root);
    for (const verb of ["uninit", "init"]) {
      const r = ah(sb, [verb, "--scope", "project"], join(sb.userHome, ".claude"));
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(`the repository root is your home (${sb.userHome})`);
    }
    expect(snapshot(sb.root)).toEqual(before);
    expect(readJson(paths(sb).claude).hooks.PreToolUse).toHaveLength(1);
  });

  test("a project config that is the user config (CLAUDE_CONFIG_DIR in the repository) is refused", () => {
    const sb = sandbox();
    const env = { ...sb.env, CLAUDE_CONFIG_DIR: join(sb.repo, ".claude") };
    const r = ah(sb, ["init", "--scope", "project", "--target", "claude"], sb.repo, env);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`claude: the project config ${join(sb.repo, ".claude", "settings.json")} is the user config`);
    expect(existsSync(join(sb.repo, ".claude"))).toBe(false);
  });
});

describe("a harness folder whose path is not valid UTF-8", () => {
  const names = (dir: string) => readdirSync(dir, { encoding: "buffer" }).map((n) => n.toString("latin1")).sort();
  test.each(["CLAUDE_CONFIG_DIR", "CODEX_HOME", "COPILOT_HOME", "GEMINI_CLI_HOME", "AGENTIHOOKS_HOME"])("%s: init and uninit refuse in one line, nothing written", (name) => {
    const sb = sandbox();
    expect(ah(sb, ["init", "--no-mcp"]).exitCode).toBe(0);
    mkdirSync(Buffer.from(join(sb.root, "\xff"), "latin1") as unknown as string);
    const all = () => [sb.home, sb.userHome, sb.repo].map(snapshot);
    const before = all();
    const tops = names(sb.root);
    for (const verb of ["init", "uninit"]) {
      const r = viaBash(sb, `${name}=$'${sb.root}/\\xff' exec "$BIN" ${verb}`, sb.repo);
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain(`${name}'s path is not valid UTF-8`);
      expect(r.stdout).toBe("");
    }
    expect(all()).toEqual(before);
    expect(names(sb.root)).toEqual(tops);
    expect(readdirSync(Buffer.from(join(sb.root, "\xff"), "latin1") as unknown as string)).toEqual([]);
  });
});

describe("symlinked configs", () => {
  test("a settings.json linked into a dotfiles folder is written through; the link stays", () => {
    const sb = sandbox();
    const p = paths(sb);
    const real = writeFile(join(sb.root, "dotfiles", "claude-settings.json"), CLAUDE_EXISTING, 0o600);
    symlinkSync(real, p.claude);
    expect(ah(sb, ["init", "--target", "claude"]).exitCode).toBe(0);
    expect(lstatSync(p.claude).isSymbolicLink()).toBe(true);
    expect(readlinkSync(p.claude)).toBe(real);
    expect(readJson(real).hooks.PreToolUse).toHaveLength(2);
    expect(ah(sb, ["uninit", "--target", "claude"]).exitCode).toBe(0);
    expect(readFileSync(real, "utf8")).toBe(CLAUDE_EXISTING);
    expect(lstatSync(p.claude).isSymbolicLink()).toBe(true);
  });

  test("a dangling symlink is refused, nothing written", () => {
    const sb = sandbox();
    const p = paths(sb);
    symlinkSync(join(sb.root, "gone.json"), p.claude);
    const before = snapshot(sb.home);
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`${p.claude} is a symlink to a file that does not exist`);
    expect(snapshot(sb.home)).toEqual(before);
    expect(existsSync(paths(sb).codex)).toBe(false);
  });
});
