// Two versions installed one after the other, as docs/install.md says to upgrade: by npm, and by
// replacing a release executable in place. What must survive: the absolute path init registered
// (the harness configs are not touched again), the recorded profile chain, and the built-in profile,
// which each version writes out under its own `<version>-<content hash>` folder.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { npmPack } from "../../scripts/npm-pack";
import { packageVersion, release } from "../../scripts/release";
import { pickTargets, releaseFile } from "../../scripts/release-targets";
import { BIN, tempDir } from "../helpers";
import { npmAt, pathWithoutBun } from "./install-env";
import { startRegistry, type Registry } from "./registry";

const V1 = packageVersion();
const V2 = V1.replace(/\d+$/, (n) => String(Number(n) + 1));
const linux = pickTargets("linux-x64");
let root: string;
let v2: string;
let registry: Registry;

beforeAll(async () => {
  root = tempDir("ah-upgrade-");
  release(join(root, "release"), linux, { version: V2, commit: "upgradetest" });
  v2 = join(root, "release", releaseFile(linux[0]));
  await npmPack({ out: join(root, "tarballs"), version: V1, targets: linux, bins: { "linux-x64": BIN } });
  await npmPack({ out: join(root, "tarballs"), version: V2, targets: linux, bins: { "linux-x64": v2 } });
  registry = startRegistry(join(root, "tarballs"));
}, 180_000);

afterAll(() => {
  registry?.stop();
  rmSync(root, { recursive: true, force: true });
});

interface Box {
  home: string;
  ahome: string;
  env: Record<string, string>;
}

function box(name: string): Box {
  const home = join(root, name, "home");
  const ahome = join(root, name, "ahome");
  mkdirSync(home, { recursive: true });
  return { home, ahome, env: { PATH: pathWithoutBun(), HOME: home, AGENTIHOOKS_HOME: ahome, NO_COLOR: "1" } };
}

function sh(argv: string[], b: Box, stdin?: string) {
  const p = Bun.spawnSync(argv, { env: b.env, cwd: b.home, stdin: stdin === undefined ? "ignore" : new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode ?? -1, out: `${p.stdout.toString()}${p.stderr.toString()}` };
}

const settingsPath = (b: Box) => join(b.home, ".claude/settings.json");

/** A force push through the command Claude's settings register for PreToolUse, as Claude runs it. */
function forcePush(b: Box) {
  const h = JSON.parse(readFileSync(settingsPath(b), "utf8")).hooks.PreToolUse[0].hooks[0];
  const payload = { session_id: "s", transcript_path: "", cwd: b.home, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git push --force origin feature" }, tool_use_id: "t" };
  return { command: h.command as string, ...sh([h.command, ...h.args], b, JSON.stringify(payload)) };
}

/** Upgrades with `upgrade()` after init with version 1, then checks everything that must hold. */
function expectSurvivesUpgrade(b: Box, bin: string, upgrade: () => Promise<void> | void) {
  return async () => {
    expect(sh([bin, "init", "--target", "claude"], b).exitCode).toBe(0);
    const before = readFileSync(settingsPath(b), "utf8");
    const first = forcePush(b);
    expect(first.exitCode).toBe(2);
    expect(first.out).toContain("force push");
    await upgrade();
    expect(sh([bin, "--version"], b).out).toStartWith(`${V2} (commit upgradetest, linux-x64)`);
    const after = forcePush(b);
    expect(after.command).toBe(first.command); // the same registered path, now version 2
    expect(sh([after.command, "--version"], b).out).toStartWith(`${V2} `);
    expect(after.exitCode).toBe(2); // the built-in default profile still guards, with version 2's own code
    expect(after.out).toContain("force push");
    expect(existsSync(join(b.ahome, "builtin"))).toBe(false); // built-ins run inside the hook: nothing written out
    expect(sh([bin, "init", "--target", "claude"], b).out).toContain("already set up: nothing changed");
    expect(readFileSync(settingsPath(b), "utf8")).toBe(before);
    const doctor = sh([bin, "doctor"], b);
    expect(doctor.out).toContain("no problems found");
    expect(doctor.exitCode).toBe(0);
  };
}

describe("upgrading", () => {
  test(`npm install -g agentihooks@${V1}, init, then npm install -g agentihooks@latest (${V2})`, async () => {
    const b = box("npm");
    const prefix = join(root, "npm", "prefix");
    const npm = npmAt(registry.url, join(root, "npm", "cache"), b.home);
    const install = async (spec: string) => expect((await npm(["install", "-g", "--prefix", prefix, "--allow-scripts=agentihooks", spec])).exitCode).toBe(0);
    await install(`agentihooks@${V1}`);
    await expectSurvivesUpgrade(b, join(prefix, "bin/agentihooks"), () => install("agentihooks@latest"))();
  }, 120_000);

  test("a release executable, installed and then replaced in place with the commands docs/install.md gives", async () => {
    const b = box("file");
    const bin = join(root, "file", "bin", "agentihooks");
    mkdirSync(join(root, "file", "bin"));
    const sh = (line: string, file: string) => expect(Bun.spawnSync(["sh", "-c", line, "sh", file, bin]).exitCode).toBe(0);
    sh('install -m 755 "$1" "$2"', BIN);
    // beside it, then a rename: a hook starting meanwhile runs the old file or the new one, never half of one
    await expectSurvivesUpgrade(b, bin, () => sh('install -m 755 "$1" "$2.new" && mv "$2.new" "$2"', v2))();
  }, 120_000);
});
