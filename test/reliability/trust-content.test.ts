// Trust by what the person approved (issue 23 part 6), through the compiled executable: a
// repository's condition layer runs only when its files and their sha256 equal what the person
// approved with `agentihooks trust` at their own terminal. Each attack of the second round is spelled
// out: the layer's condition (it makes a marker file) must not run until the person trusts it again.
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, run, sandbox, type Sandbox, trustInTerminal } from "../helpers";

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A sandbox whose git reads no config of the machine's user. */
function world(): Sandbox & { marker: string; git: (cwd: string, ...args: string[]) => string } {
  const sb = sandbox();
  made.push(sb.root);
  sb.env.GIT_CONFIG_GLOBAL = join(sb.root, "gitconfig");
  sb.env.GIT_CONFIG_NOSYSTEM = "1";
  writeFileSync(sb.env.GIT_CONFIG_GLOBAL, "[user]\n\tname = t\n\temail = t@example.com\n[init]\n\tdefaultBranch = main\n[protocol \"file\"]\n\tallow = always\n");
  const marker = join(sb.root, "MARKER");
  const git = (cwd: string, ...args: string[]) => {
    const p = Bun.spawnSync(["git", ...args], { cwd, env: sb.env, stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${p.stderr.toString()}`);
    return p.stdout.toString();
  };
  return { ...sb, marker, git };
}

/** The condition a stranger (or the person) put in a layer: it leaves a marker when it runs. */
const markerScript = (marker: string) => `#!/usr/bin/env bash\ntouch '${marker}'\nexit 0\n`;

/** Runs one PreToolUse Bash call in `cwd`; returns whether the layer's condition ran. */
function ran(w: ReturnType<typeof world>, cwd: string): boolean {
  rmSync(w.marker, { force: true });
  const r = hook(claudeBash("ls", cwd), { env: w.env });
  expect(r.exitCode).toBe(0);
  return existsSync(w.marker);
}

/** A stranger's repository with a layer, committed, with an origin on github.com/stranger. */
function strangerRepo(w: ReturnType<typeof world>): string {
  const dir = join(w.root, "stranger");
  mkdirSync(dir);
  w.git(dir, "init", "-q");
  addCondition(join(dir, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
  w.git(dir, "add", "-A");
  w.git(dir, "commit", "-qm", "theirs");
  w.git(dir, "remote", "add", "origin", "https://github.com/stranger/x.git");
  return dir;
}

function directoryLayer(w: Sandbox, cwd: string) {
  const list = run(["conditions", "list", "--json"], { env: w.env, cwd });
  return list.json.layers.find((l: { source: string }) => l.source === "directory");
}

describe("files that arrive without the person wait for the person", () => {
  test("cp -a of a stranger's clone, its remote and reflog removed (no origin is no longer trusted)", () => {
    const w = world();
    const theirs = strangerRepo(w);
    const clone = join(w.root, "clone");
    w.git(w.root, "clone", "-q", theirs, clone);
    const copy = join(w.root, "copy");
    expect(Bun.spawnSync(["cp", "-a", clone, copy]).exitCode).toBe(0);
    w.git(copy, "remote", "remove", "origin");
    rmSync(join(copy, ".git", "logs"), { recursive: true, force: true });
    expect(ran(w, copy)).toBe(false);
    expect(directoryLayer(w, copy)).toMatchObject({ skipped: true, count: 1 });
    expect(directoryLayer(w, copy).note).toContain("never trusted (no origin remote");
    const t = trustInTerminal(w.env, [copy]);
    expect(t.exitCode).toBe(0);
    expect(t.stdout).toContain(`trusted ${copy}`);
    expect(ran(w, copy)).toBe(true);
  });

  test("git init, git fetch from a stranger, git checkout FETCH_HEAD", () => {
    const w = world();
    const theirs = strangerRepo(w);
    const mine = join(w.root, "mine");
    mkdirSync(mine);
    w.git(mine, "init", "-q");
    w.git(mine, "fetch", "-q", theirs);
    w.git(mine, "checkout", "-q", "FETCH_HEAD");
    expect(existsSync(join(mine, ".agentihooks", "conditions", "pre-bash-mark.sh"))).toBe(true);
    expect(ran(w, mine)).toBe(false);
    expect(trustInTerminal(w.env, [mine]).exitCode).toBe(0);
    expect(ran(w, mine)).toBe(true);
  });

  test("a clone through a git alias", () => {
    const w = world();
    const theirs = strangerRepo(w);
    appendFileSync(w.env.GIT_CONFIG_GLOBAL, "[alias]\n\tgrab = clone -q\n");
    const got = join(w.root, "got");
    w.git(w.root, "grab", theirs, got);
    expect(ran(w, got)).toBe(false);
  });

  test("the bundle's origin re-pointed after link: the owner recorded at link still decides the advice, and nothing runs", () => {
    const w = world();
    const bundle = join(w.root, "bundle");
    mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
    w.git(bundle, "init", "-q");
    w.git(bundle, "remote", "add", "origin", "https://github.com/me/bundle.git");
    expect(run(["link", bundle], { env: w.env }).exitCode).toBe(0);
    const state = JSON.parse(readFileSync(join(w.home, "state.json"), "utf8"));
    expect(state.bundle.owner).toBe("github.com/me");
    const theirs = strangerRepo(w);
    const clone = join(w.root, "clone");
    w.git(w.root, "clone", "-q", theirs, clone);
    w.git(clone, "remote", "set-url", "origin", "https://github.com/stranger/x.git");
    expect(ran(w, clone)).toBe(false);
    // the agent re-points the bundle's origin to the stranger (GIT_DIR=<bundle>/.git git remote set-url ...)
    w.git(bundle, "remote", "set-url", "origin", "https://github.com/stranger/bundle.git");
    expect(ran(w, clone)).toBe(false);
    const layer = directoryLayer(w, clone);
    expect(layer.skipped).toBe(true);
    expect(layer.note).toContain("github.com/stranger");
    expect(layer.note).toContain("is not trusted");
  });

  test("a bundle linked by an older version (no owner recorded) is read from its remote, and list and doctor say so", () => {
    const w = world();
    const bundle = join(w.root, "bundle");
    mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
    w.git(bundle, "init", "-q");
    expect(run(["init", "--target", "claude"], { env: w.env, cwd: w.repo }).exitCode).toBe(0);
    const state = JSON.parse(readFileSync(join(w.home, "state.json"), "utf8"));
    writeFileSync(join(w.home, "state.json"), JSON.stringify({ ...state, bundle: { path: bundle } }));
    addCondition(join(w.repo, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
    const list = run(["conditions", "list"], { env: w.env, cwd: w.repo });
    expect(list.stdout).toContain("read from its current origin");
    expect(list.stdout).toContain("never trusted");
    const warnings = run(["doctor", "--json"], { env: w.env, cwd: w.repo }).json.checks.filter((c: { level: string }) => c.level === "warn").map((c: { text: string }) => c.text);
    expect(warnings).toContainEqual(expect.stringContaining("the bundle's owner was not recorded at link"));
    expect(warnings).toContainEqual(expect.stringContaining(`run agentihooks trust ${w.repo} in your terminal`));
  });
});

describe("a trusted layer changed by anyone but the person waits for the person", () => {
  function trusted(): { w: ReturnType<typeof world>; layer: string; file: string } {
    const w = world();
    const layer = join(w.repo, ".agentihooks", "conditions");
    const file = addCondition(layer, "pre-bash-mark.sh", markerScript(w.marker));
    expect(ran(w, w.repo)).toBe(false); // never trusted: local work waits too
    expect(trustInTerminal(w.env, [w.repo]).exitCode).toBe(0);
    expect(ran(w, w.repo)).toBe(true);
    return { w, layer, file };
  }

  const attacks: [string, (t: ReturnType<typeof trusted>) => void][] = [
    ["the file edited by the agent's shell (size kept, mtime restored)", ({ file }) => {
      const st = statSync(file);
      const text = readFileSync(file, "utf8").replace("exit 0", "exit 1");
      writeFileSync(file, text);
      Bun.spawnSync(["touch", "-d", `@${st.mtimeMs / 1000}`, file]);
    }],
    ["a file added", ({ w, layer }) => void addCondition(layer, "post-bash-more.sh", markerScript(w.marker))],
    ["a helper with an ignored name added", ({ layer }) => void writeFileSync(join(layer, "_lib.sh"), "echo hi\n")],
    ["a file in a subfolder added", ({ layer }) => {
      mkdirSync(join(layer, "lib"));
      writeFileSync(join(layer, "lib", "x.sh"), "echo hi\n");
    }],
    ["the file renamed", ({ layer, file }) => renameSync(file, join(layer, "pre-any-mark.sh"))],
    ["the file replaced by a hard link to another file", ({ w, file }) => {
      const other = join(w.root, "other.sh");
      writeFileSync(other, readFileSync(file, "utf8"), { mode: 0o755 });
      unlinkSync(file);
      linkSync(other, file);
    }],
    ["the file given a second name outside the layer (a hard link)", ({ w, file }) => linkSync(file, join(w.root, "alias.sh"))],
  ];
  for (const [what, attack] of attacks) {
    test(what, () => {
      const t = trusted();
      attack(t);
      // the renamed file matches `any`, the added ones `bash`: every spelling would run if trusted
      expect(ran(t.w, t.w.repo)).toBe(false);
      expect(directoryLayer(t.w, t.w.repo).note).toContain("untrusted");
      if (existsSync(join(t.w.root, "alias.sh")) || existsSync(join(t.w.root, "other.sh"))) {
        // a file with another name can change through it: trust refuses until the extra name is gone
        const refused = trustInTerminal(t.w.env, [t.w.repo]);
        expect(refused.exitCode).not.toBe(0);
        expect(refused.stdout).toContain("hard link");
        rmSync(join(t.w.root, "alias.sh"), { force: true });
        rmSync(join(t.w.root, "other.sh"), { force: true });
      }
      expect(trustInTerminal(t.w.env, [t.w.repo]).exitCode).toBe(0);
      expect(ran(t.w, t.w.repo)).toBe(true);
    });
  }

  test("a hot call hashes nothing: the hashes are kept beside the index and a second call rewrites neither", () => {
    const { w, file } = trusted();
    const cache = join(w.home, "cache");
    const indexPath = () => join(cache, (Bun.spawnSync(["ls", cache]).stdout.toString().split("\n").find((f) => f.startsWith("conditions-index.claude.")) ?? "none"));
    // the index is not cached while a folder changed in the last two seconds (it may be mid-edit)
    const old = Date.now() / 1000 - 10;
    Bun.spawnSync(["touch", "-c", "-d", `@${old}`, join(w.repo, ".agentihooks", "conditions"), join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
    expect(ran(w, w.repo)).toBe(true);
    const path = indexPath();
    const lines = readFileSync(path, "utf8").split("\n");
    const head = JSON.parse(lines[0]);
    const content = JSON.parse(lines[lines.length - 2]); // the last line: the directory layer's content
    const sha = new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");
    // the hashes file beside the index, named on that line by its digest
    const hashesFile = path.replace("conditions-index.", "conditions-hashes.");
    const hashesText = readFileSync(hashesFile, "utf8");
    expect(JSON.parse(hashesText)).toEqual([["pre-bash-mark.sh", expect.any(String), sha]]);
    expect(content).toEqual({ count: 1, hashes: new Bun.CryptoHasher("sha256").update(hashesText).digest("hex").slice(0, 32) });
    expect(statSync(hashesFile).mode & 0o777).toBe(0o600);
    // a trusted layer's file is checked before its condition runs, not on every call: not in the header
    expect(head.fileChecks).toBe("before run"); // the hashes' signatures are what confirm() checks
    expect(head.watched.map((x: string[]) => x[0])).not.toContain(file);
    expect(head.hashes).toBeUndefined();
    const before = statSync(path);
    const hashesBefore = statSync(hashesFile);
    expect(ran(w, w.repo)).toBe(true);
    const after = statSync(path);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(statSync(hashesFile).mtimeMs).toBe(hashesBefore.mtimeMs);
    // an edit in place (size and mtime kept): a call that runs none of the layer's conditions leaves the
    // index as it is; the next call that would run one sees the edit, and the layer waits for the person
    const st = statSync(file);
    writeFileSync(file, readFileSync(file, "utf8").replace("exit 0", "exit 1"));
    Bun.spawnSync(["touch", "-d", `@${st.mtimeMs / 1000}`, file]);
    const read = hook({ session_id: "s", cwd: w.repo, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(w.repo, "x") } }, { env: w.env });
    expect(read.exitCode).toBe(0);
    expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
    expect(ran(w, w.repo)).toBe(false);
    expect(directoryLayer(w, w.repo).note).toContain("untrusted");
    // and stays refused on the calls after it (the rebuilt index records the layer as untrusted)
    expect(ran(w, w.repo)).toBe(false);
  });

  test("an edit in place, then a rebuild for another layer's change: the edit is still found before the layer runs", () => {
    const { w, file } = trusted();
    const old = Date.now() / 1000 - 10;
    const age = () => Bun.spawnSync(["touch", "-c", "-d", `@${old}`, join(w.repo, ".agentihooks", "conditions"), join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
    age();
    expect(ran(w, w.repo)).toBe(true);
    const cache = join(w.home, "cache");
    const deferred = () => {
      const name = Bun.spawnSync(["ls", cache]).stdout.toString().split("\n").find((f) => f.startsWith("conditions-index.claude.")) ?? "none";
      const lines = readFileSync(join(cache, name), "utf8").split("\n");
      return JSON.parse(lines[0]).fileChecks === "before run" ? [JSON.parse(lines[lines.length - 2]).hashes, readFileSync(join(cache, name.replace("conditions-index.", "conditions-hashes.")), "utf8")] : undefined;
    };
    const before = deferred();
    expect(before?.[0]).toMatch(/^[0-9a-f]{32}$/);
    const st = statSync(file);
    writeFileSync(file, readFileSync(file, "utf8").replace("exit 0", "exit 1"));
    Bun.spawnSync(["touch", "-d", `@${st.mtimeMs / 1000}`, file]);
    // a condition added to the runtime layer: the next call (a Read, which runs nothing of the layer) rebuilds the index
    addCondition(join(w.home, "conditions"), "pre-Write-other.sh", "#!/bin/sh\nexit 0\n");
    Bun.spawnSync(["touch", "-d", `@${old}`, join(w.home, "conditions")]); // that folder only: a touch changes a folder's ctime
    const read = hook({ session_id: "s", cwd: w.repo, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(w.repo, "x") } }, { env: w.env });
    expect(read.exitCode).toBe(0);
    // the rebuild took the layer's files over unchecked: the signature left to check is the one before the edit
    expect(deferred()).toEqual(before);
    expect(ran(w, w.repo)).toBe(false);
    expect(directoryLayer(w, w.repo).note).toContain("1 file changed since you trusted it (pre-bash-mark.sh changed)");
  });

  test("the hashes file beside the index: one rewritten to match an edited file, or removed, is not this index's, so the edit is found", () => {
    for (const tamper of ["rewrite", "remove"] as const) {
      const { w, file } = trusted();
      const old = Date.now() / 1000 - 10;
      Bun.spawnSync(["touch", "-c", "-d", `@${old}`, join(w.repo, ".agentihooks", "conditions"), join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
      expect(ran(w, w.repo)).toBe(true);
      const cache = join(w.home, "cache");
      const name = Bun.spawnSync(["ls", cache]).stdout.toString().split("\n").find((f) => f.startsWith("conditions-hashes.claude.")) ?? "none";
      const hashesFile = join(cache, name);
      const kept = JSON.parse(readFileSync(hashesFile, "utf8"));
      writeFileSync(file, readFileSync(file, "utf8").replace("exit 0", "exit 1"));
      if (tamper === "remove") rmSync(hashesFile);
      else {
        // the edited file's signature and hash, as a forger would write them
        const st = statSync(file);
        const sig = `f:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.size}`;
        writeFileSync(hashesFile, JSON.stringify([[kept[0][0], sig, new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex")]]));
      }
      expect(ran(w, w.repo)).toBe(false);
      expect(directoryLayer(w, w.repo).note).toContain("pre-bash-mark.sh changed");
    }
  });

  test("a file changed and then restored in place: the layer runs again without the person (its record matches)", () => {
    const { w, file } = trusted();
    const original = readFileSync(file, "utf8");
    const old = Date.now() / 1000 - 10;
    const age = () => Bun.spawnSync(["touch", "-c", "-d", `@${old}`, join(w.repo, ".agentihooks", "conditions"), join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
    age();
    writeFileSync(file, original.replace("exit 0", "exit 1"));
    expect(ran(w, w.repo)).toBe(false);
    // the untrusted layer's files are checked on every call now: the record could match them again
    writeFileSync(file, original);
    age();
    expect(ran(w, w.repo)).toBe(true);
    expect(directoryLayer(w, w.repo).skipped).toBe(false);
  });

  test("a layer never trusted: its files are not read or watched, and trusting it later runs it", () => {
    const w = world();
    const layer = join(w.repo, ".agentihooks", "conditions");
    addCondition(layer, "pre-bash-mark.sh", markerScript(w.marker));
    const old = Date.now() / 1000 - 10;
    Bun.spawnSync(["touch", "-c", "-d", `@${old}`, layer, join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
    expect(ran(w, w.repo)).toBe(false);
    const cache = join(w.home, "cache");
    const name = Bun.spawnSync(["ls", cache]).stdout.toString().split("\n").find((f) => f.startsWith("conditions-index.claude.")) ?? "none";
    const lines = readFileSync(join(cache, name), "utf8").split("\n");
    expect(JSON.parse(lines[0]).watched.map((x: string[]) => x[0])).not.toContain(join(layer, "pre-bash-mark.sh"));
    expect(JSON.parse(lines[lines.length - 2])).toEqual({ count: 1 }); // counted, not hashed
    expect(trustInTerminal(w.env, [w.repo]).exitCode).toBe(0);
    expect(ran(w, w.repo)).toBe(true);
  });

  test("an enforcements.json beside a trusted layer keeps its files checked on every call", () => {
    const { w, file } = trusted();
    writeFileSync(join(w.repo, ".agentihooks", "enforcements.json"), "[]\n");
    expect(trustInTerminal(w.env, [w.repo]).exitCode).toBe(0);
    const old = Date.now() / 1000 - 10;
    Bun.spawnSync(["touch", "-c", "-d", `@${old}`, join(w.repo, ".agentihooks", "conditions"), join(w.repo, ".agentihooks"), join(w.home, "conditions"), join(w.home, "state.json")]);
    expect(ran(w, w.repo)).toBe(true);
    const cache = join(w.home, "cache");
    const name = Bun.spawnSync(["ls", cache]).stdout.toString().split("\n").find((f) => f.startsWith("conditions-index.claude.")) ?? "none";
    const lines = readFileSync(join(cache, name), "utf8").split("\n");
    expect(JSON.parse(lines[0]).watched.map((x: string[]) => x[0])).toContain(file);
    expect(JSON.parse(lines[0]).fileChecks).toBe("every call");
  });
});

describe("`agentihooks trust` runs only at the person's own terminal", () => {
  test("refused without a terminal, under a harness's tool environment, or detached from its terminal (exit 2, one line)", () => {
    const w = world();
    addCondition(join(w.repo, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
    const piped = run(["trust", w.repo], { env: w.env, cwd: w.repo });
    expect(piped.exitCode).toBe(2);
    expect(piped.stderr).toContain("not a terminal");
    expect(piped.stderr.trim().split("\n")).toHaveLength(1);
    const agent = trustInTerminal({ ...w.env, AI_AGENT: "claude-code_2_agent" }, [w.repo]);
    expect(agent.exitCode).toBe(2);
    expect(agent.stdout).toContain("AI_AGENT is set");
    const codex = trustInTerminal({ ...w.env, CODEX_THREAD_ID: "t1" }, [w.repo]);
    expect(codex.exitCode).toBe(2);
    // setsid: a new session with no controlling terminal, though its input and output are still a terminal
    const quote = (s: string) => `'${s}'`;
    const detached = Bun.spawnSync(["script", "-qec", `setsid -w ${quote(process.env.AGENTIHOOKS_BIN ?? "")} trust ${quote(w.repo)}`, "/dev/null"], { env: w.env, stdin: "ignore", stdout: "pipe" });
    expect(detached.stdout.toString()).toContain("no controlling terminal");
    expect(existsSync(join(w.home, "trust.json"))).toBe(false);
    expect(ran(w, w.repo)).toBe(false);
  });

  test("--list is read-only and allowed anywhere", () => {
    const w = world();
    addCondition(join(w.repo, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
    expect(trustInTerminal(w.env, [w.repo]).exitCode).toBe(0);
    const list = run(["trust", "--list", "--json"], { env: { ...w.env, AI_AGENT: "claude-code_2_agent" } });
    expect(list.exitCode).toBe(0);
    const record = Object.values(list.json.repositories)[0] as { files: Record<string, string> };
    expect(Object.keys(record.files)).toEqual(["pre-bash-mark.sh"]);
  });

  test("--revoke stops it; --forget makes it never-trusted again", () => {
    const w = world();
    addCondition(join(w.repo, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
    expect(trustInTerminal(w.env, [w.repo]).exitCode).toBe(0);
    expect(ran(w, w.repo)).toBe(true);
    expect(trustInTerminal(w.env, ["--revoke", w.repo]).exitCode).toBe(0);
    expect(ran(w, w.repo)).toBe(false);
    expect(directoryLayer(w, w.repo).note).toContain("revoked");
    expect(trustInTerminal(w.env, ["--forget", w.repo]).exitCode).toBe(0);
    expect(directoryLayer(w, w.repo).note).toContain("never trusted");
  });

  test("conditions set --scope directory approves its file only when the person runs it at a terminal", () => {
    const w = world();
    const script = join(w.root, "guard.sh");
    writeFileSync(script, markerScript(w.marker));
    // from a pipe or a script: written, not approved
    const piped = run(["conditions", "set", "--scope", "directory", "--matcher", "bash", "--name", "piped", "--file", script], { env: w.env, cwd: w.repo });
    expect(piped.exitCode).toBe(0);
    expect(piped.stdout).toContain("not active");
    expect(ran(w, w.repo)).toBe(false);
    rmSync(join(w.repo, ".agentihooks", "conditions", "pre-bash-piped.sh"));
    // at the person's terminal: the file is approved as written
    const quote = (s: string) => `'${s}'`;
    const cmd = [process.env.AGENTIHOOKS_BIN ?? "", "conditions", "set", "--scope", "directory", "--matcher", "bash", "--name", "mine", "--file", script].map(quote).join(" ");
    const typed = Bun.spawnSync(["script", "-qec", cmd, "/dev/null"], { env: w.env, cwd: w.repo, stdin: "ignore", stdout: "pipe" });
    expect(typed.exitCode).toBe(0);
    expect(ran(w, w.repo)).toBe(true);
  });

  test("a record from before content trust (trusted, no files) runs nothing and says why", () => {
    const w = world();
    addCondition(join(w.repo, ".agentihooks", "conditions"), "pre-bash-mark.sh", markerScript(w.marker));
    writeFileSync(join(w.home, "trust.json"), JSON.stringify({ version: 1, repositories: { [w.repo]: { trusted: true, by: "person", since: "2026-01-01T00:00:00Z", why: "trusted by a person" } } }), { mode: 0o600 });
    expect(ran(w, w.repo)).toBe(false);
    expect(directoryLayer(w, w.repo).note).toContain("before agentihooks recorded what it approved");
  });
});
