import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readConfig } from "../../src/config";
import { type CatalogOptions, loadCatalog } from "../../src/conditions/catalog";
import { addCondition, sandbox, tempDir } from "../helpers";
import { giveSharedGroup } from "../state/groups";

const past = (path: string) => utimesSync(path, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

function setup() {
  const sb = sandbox();
  const bundle = join(sb.root, "bundle");
  const profile = join(sb.root, "prof-a");
  mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
  mkdirSync(join(profile, ".claude", "conditions"), { recursive: true });
  writeFileSync(join(sb.home, "state.json"), JSON.stringify({ bundle: { path: bundle }, targets: { claude: { profiles: ["a"] } }, linked_profiles: { a: profile } }));
  const opts: CatalogOptions = { target: "claude", cwd: sb.repo, home: sb.home, config: { ...readConfig({}).config, strictModes: false } };
  return { sb, bundle, profile, opts, dirs: { bundle: join(bundle, ".claude", "conditions"), profile: join(profile, ".claude", "conditions"), runtime: join(sb.home, "conditions"), directory: join(sb.repo, ".agentihooks", "conditions") } };
}

/** Ages every file and folder of the sandbox so the 2 s anti-race rule allows caching. */
function ageAll(s: ReturnType<typeof setup>) {
  const walk = (p: string) => {
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const full = join(p, e.name);
      if (e.isDirectory()) walk(full);
      past(full);
    }
  };
  walk(s.sb.root);
}

describe("layers and order", () => {
  test("bundle, profile, runtime, directory; a later layer replaces the same key", () => {
    const s = setup();
    addCondition(s.dirs.bundle, "pre-bash-b.sh", "");
    addCondition(s.dirs.bundle, "pre-bash-shared.sh", "");
    addCondition(s.dirs.profile, "pre-bash-a.sh", "");
    addCondition(s.dirs.runtime, "pre-bash-r.sh", "");
    addCondition(s.dirs.directory, "pre-BASH-shared.py", "");
    addCondition(s.dirs.directory, "not-a-condition.sh", "");
    addCondition(s.dirs.directory, "README.md", "");
    const c = loadCatalog(s.opts);
    expect(c.layers.map((l) => l.source)).toEqual(["bundle", "profile:a", "runtime", "directory"]);
    expect(c.conditions.map((x) => `${x.source}:${x.file}`)).toEqual([
      "bundle:pre-bash-b.sh",
      "profile:a:pre-bash-a.sh",
      "runtime:pre-bash-r.sh",
      "directory:pre-BASH-shared.py",
    ]);
    expect(c.conditions.map((x) => x.order)).toEqual([0, 1, 2, 3]);
    expect(c.invalid.map((i) => i.path)).toEqual([join(s.dirs.directory, "not-a-condition.sh")]);
    expect(c.invalid[0].error).toMatch(/unknown step/);
  });

  test("an untrusted repository's layer is skipped with its owner", () => {
    const s = setup();
    writeFileSync(join(s.sb.repo, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/Stranger/repo.git\n');
    addCondition(s.dirs.directory, "pre-bash-evil.sh", "");
    const c = loadCatalog(s.opts);
    const dir = c.layers.find((l) => l.source === "directory")!;
    expect(dir.skipped).toBe(true);
    expect(dir.untrusted_owner).toBe("github.com/stranger");
    expect(c.conditions.some((x) => x.file === "pre-bash-evil.sh")).toBe(false);
    const trusted = loadCatalog({ ...s.opts, config: { ...s.opts.config, trustedOwners: ["stranger"] } });
    expect(trusted.conditions.some((x) => x.file === "pre-bash-evil.sh")).toBe(true);
  });

  test("the bundle's owner is trusted for directory layers", () => {
    const s = setup();
    mkdirSync(join(s.bundle, ".git"));
    writeFileSync(join(s.bundle, ".git", "config"), '[remote "origin"]\n\turl = git@github.com:acme/bundle.git\n');
    writeFileSync(join(s.sb.repo, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/ACME/app\n');
    addCondition(s.dirs.directory, "pre-bash-ok.sh", "");
    expect(loadCatalog(s.opts).conditions.some((x) => x.file === "pre-bash-ok.sh")).toBe(true);
  });

  test("hostile entries are invalid with a reason, never a crash", () => {
    const s = setup();
    addCondition(s.dirs.runtime, "pre-bash-has space.sh", "");
    addCondition(s.dirs.runtime, "pre-bash-new\nline.sh", "");
    symlinkSync("/etc/passwd", join(s.dirs.runtime, "pre-bash-link.sh"));
    mkdirSync(join(s.dirs.runtime, "pre-bash-dir.sh"));
    writeFileSync(Buffer.from([...Buffer.from(join(s.dirs.runtime, "/pre-bash-")), 0xff, 0xfe, ...Buffer.from(".sh")]) as unknown as string, "");
    const c = loadCatalog(s.opts);
    const errors = c.invalid.map((i) => i.error).join("\n");
    expect(errors).toMatch(/whitespace/);
    expect(errors).toMatch(/symbolic link/);
    expect(errors).toMatch(/is a directory/);
    expect(errors).toMatch(/not valid UTF-8/);
    expect(c.conditions).toHaveLength(0);
  });

  test("a layer directory that is a file is reported", () => {
    const s = setup();
    mkdirSync(join(s.sb.repo, ".agentihooks"), { recursive: true });
    writeFileSync(s.dirs.directory, "oops");
    const c = loadCatalog(s.opts);
    expect(c.invalid.find((i) => i.path === s.dirs.directory)?.error).toMatch(/is a file/);
  });

  test("strict modes refuse group-writable files and layer folders", () => {
    const s = setup();
    const f = addCondition(s.dirs.runtime, "pre-bash-gw.sh", "");
    chmodSync(f, 0o775);
    // a group others share (a runner with no such group writes the file world-writable instead)
    if (!giveSharedGroup(f)) chmodSync(f, 0o777);
    addCondition(s.dirs.bundle, "pre-bash-fine.sh", "", 0o755);
    chmodSync(s.dirs.profile, 0o777);
    addCondition(s.dirs.profile, "pre-bash-p.sh", "", 0o755);
    const c = loadCatalog({ ...s.opts, config: { ...s.opts.config, strictModes: true } });
    expect(c.conditions.map((x) => x.file)).toEqual(["pre-bash-fine.sh"]);
    expect(c.invalid.find((i) => i.path === f)?.error).toMatch(/writable by group or others/);
    expect(c.invalid.find((i) => i.path === s.dirs.profile)?.error).toMatch(/layer directory is writable/);
    const lax = loadCatalog(s.opts);
    expect(lax.conditions).toHaveLength(3);
  });

  test("an unknown profile is a problem, not a crash", () => {
    const s = setup();
    writeFileSync(join(s.sb.home, "state.json"), JSON.stringify({ targets: { claude: { profiles: ["nope"] } } }));
    const c = loadCatalog(s.opts);
    expect(c.problems.join()).toMatch(/profile "nope" not found/);
  });
});

describe("the cached index", () => {
  test("hit after an aged rebuild; each invalidation rebuilds", () => {
    const s = setup();
    addCondition(s.dirs.bundle, "pre-bash-b.sh", "");
    ageAll(s);
    const first = loadCatalog(s.opts);
    expect(first.fromCache).toBe(false);
    const cacheFiles = readdirSync(join(s.sb.home, "cache"));
    expect(cacheFiles.filter((f) => f.startsWith("conditions-index.claude."))).toHaveLength(1);
    expect(loadCatalog(s.opts).fromCache).toBe(true);

    // a file added in a layer
    addCondition(s.dirs.runtime, "pre-bash-new.sh", "");
    const second = loadCatalog(s.opts);
    expect(second.fromCache).toBe(false);
    expect(second.conditions.map((c) => c.file)).toContain("pre-bash-new.sh");
    ageAll(s);
    loadCatalog(s.opts);
    expect(loadCatalog(s.opts).fromCache).toBe(true);

    // state.json changes
    writeFileSync(join(s.sb.home, "state.json"), JSON.stringify({ bundle: { path: s.bundle } }));
    const third = loadCatalog(s.opts);
    expect(third.fromCache).toBe(false);
    expect(third.layers.map((l) => l.source)).toEqual(["bundle", "runtime", "directory"]);
  });

  test("a candidate profile directory appearing invalidates", () => {
    const s = setup();
    writeFileSync(join(s.sb.home, "state.json"), JSON.stringify({ bundle: { path: s.bundle }, targets: { claude: { profiles: ["late"] } } }));
    ageAll(s);
    // a configured profile that is not found is a broken layer: never cached, PreToolUse denied
    expect(loadCatalog(s.opts).broken?.[0]).toContain('profile "late" not found');
    expect(loadCatalog(s.opts).fromCache).toBe(false);
    mkdirSync(join(s.bundle, "profiles", "late", ".claude", "conditions"), { recursive: true });
    const c = loadCatalog(s.opts);
    expect(c.fromCache).toBe(false);
    expect(c.broken).toBeUndefined();
    expect(c.layers.map((l) => l.source)).toContain("profile:late");
  });

  test("fresh directories are not cached (anti-race)", () => {
    const s = setup();
    addCondition(s.dirs.bundle, "pre-bash-b.sh", "");
    loadCatalog(s.opts);
    expect(loadCatalog(s.opts).fromCache).toBe(false);
  });

  test("a corrupt or truncated cache file is ignored and rebuilt", () => {
    const s = setup();
    addCondition(s.dirs.bundle, "pre-bash-b.sh", "");
    ageAll(s);
    const c = loadCatalog(s.opts);
    const good = readFileSync(c.cachePath, "utf8");
    for (const bad of [good.slice(0, good.length / 2), "{}", "null", '{"version":2}', "\u0000\u0001"]) {
      writeFileSync(c.cachePath, bad);
      const again = loadCatalog(s.opts);
      expect(again.fromCache).toBe(false);
      expect(again.conditions.map((x) => x.file)).toEqual(["pre-bash-b.sh"]);
    }
  });

  test("a malformed state.json is named and skipped, never trusted into the cache", () => {
    const s = setup();
    writeFileSync(join(s.sb.home, "state.json"), '{"bundle": 5}');
    const notes: string[] = [];
    const c = loadCatalog({ ...s.opts, onNote: (n) => notes.push(n) });
    expect(notes.join()).toContain("state.json");
    expect(c.layers.map((l) => l.source)).toEqual(["runtime", "directory"]);
  });

  // skipped as root: root writes anywhere; the executable test covers a missing cache dir
  test.skipIf(process.getuid?.() === 0)("a read-only home degrades to no cache with a note", () => {
    const s = setup();
    chmodSync(s.sb.home, 0o555);
    const notes: string[] = [];
    ageAll(s);
    loadCatalog({ ...s.opts, onNote: (n) => notes.push(n) });
    expect(notes.join()).toMatch(/cannot write the condition cache/);
  });

  test("targets and repositories get separate cache files", () => {
    const s = setup();
    ageAll(s);
    const a = loadCatalog(s.opts);
    const b = loadCatalog({ ...s.opts, target: "codex" });
    const other = tempDir();
    const c = loadCatalog({ ...s.opts, cwd: other });
    expect(new Set([a.cachePath, b.cachePath, c.cachePath]).size).toBe(3);
  });
});
