// `make npm`'s packages, installed the way a user installs them: from a registry (a local one that
// serves the tarballs), into a temporary prefix, with Node.js and npm on PATH but no Bun. In `make
// test` the executable under test (AGENTIHOOKS_BIN) is packed as the linux-x64 platform package; `make
// npm` runs this file on its own tarballs (AGENTIHOOKS_NPM_DIR), all four platforms.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { npmPack } from "../../scripts/npm-pack";
import { packageVersion } from "../../scripts/release";
import { pickTargets } from "../../scripts/release-targets";
import { smokeHook } from "../../scripts/smoke";
import { BIN, REPO, tempDir } from "../helpers";
import { isNative, isScript, npmAt, pathWithoutBun, type Npm } from "./install-env";
import { startRegistry, type Registry } from "./registry";

const VERSION = packageVersion();
const PREBUILT = process.env.AGENTIHOOKS_NPM_DIR;
const packed = PREBUILT ? pickTargets(undefined) : pickTargets("linux-x64");
let root: string;
let registry: Registry;
let npm: Npm;

beforeAll(async () => {
  root = tempDir("ah-npm-");
  mkdirSync(join(root, "home"));
  if (PREBUILT) cpSync(PREBUILT, join(root, "tarballs"), { recursive: true });
  else await npmPack({ out: join(root, "tarballs"), version: VERSION, targets: packed, bins: { "linux-x64": BIN } });
  registry = startRegistry(join(root, "tarballs"));
  npm = npmAt(registry.url, join(root, "cache"), join(root, "home"));
}, 120_000);

afterAll(() => {
  registry?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Runs an installed command with no Bun on PATH and a HOME of its own. */
function ah(bin: string, args: string[], extra: Record<string, string> = {}, stdin?: string) {
  const env = { PATH: pathWithoutBun(), HOME: join(root, "home"), AGENTIHOOKS_HOME: join(root, "ahome"), NO_COLOR: "1", ...extra };
  const p = Bun.spawnSync([bin, ...args], { env, stdin: stdin === undefined ? "ignore" : new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
  return { exitCode: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** The absolute path init would register for Claude's PreToolUse, read from its --dry-run diff. */
function registeredPath(bin: string): string {
  const home = tempDir("ah-npm-home-");
  const r = ah(bin, ["init", "--dry-run", "--target", "claude"], { HOME: home });
  rmSync(home, { recursive: true, force: true });
  expect(r.exitCode).toBe(0);
  const m = r.stdout.match(/^\+\s+"command": "([^"]+)"/m);
  if (!m) throw new Error(`no command in: ${r.stdout.slice(0, 400)}`);
  return m[1];
}

const installed = (prefix: string) => join(prefix, "lib/node_modules/agentihooks");

/** Every file under the repository's conditions-examples/, relative to it. */
function exampleFiles(dir = join(REPO, "conditions-examples")): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(join(REPO, "conditions-examples"), join(e.parentPath, e.name)))
    .sort();
}
const platformExe = (prefix: string) => join(installed(prefix), "node_modules/agentihooks-linux-x64/bin/agentihooks");

describe("the tarballs", () => {
  test("a main package with every platform as an aliased optional dependency, and platform packages with os/cpu", () => {
    const want = [`agentihooks-${VERSION}.tgz`, ...packed.map((t) => `agentihooks-${VERSION}-${t.name}.tgz`)];
    expect(readdirSync(join(root, "tarballs")).sort()).toEqual(want.sort());
    const manifest = (file: string) => JSON.parse(Bun.spawnSync(["tar", "-xzOf", join(root, "tarballs", file), "package/package.json"]).stdout.toString());
    const main = manifest(`agentihooks-${VERSION}.tgz`);
    expect(main.bin).toEqual({ agentihooks: "bin/agentihooks" });
    expect(main.scripts).toEqual({ postinstall: "node install.cjs" });
    expect(main.optionalDependencies).toEqual({
      "agentihooks-linux-x64": `npm:agentihooks@${VERSION}-linux-x64`,
      "agentihooks-linux-arm64": `npm:agentihooks@${VERSION}-linux-arm64`,
      "agentihooks-darwin-x64": `npm:agentihooks@${VERSION}-darwin-x64`,
      "agentihooks-darwin-arm64": `npm:agentihooks@${VERSION}-darwin-arm64`,
    });
    for (const t of packed) {
      const platform = manifest(`agentihooks-${VERSION}-${t.name}.tgz`);
      expect(platform).toMatchObject({ name: "agentihooks", version: `${VERSION}-${t.name}`, os: [t.os], cpu: [t.cpu] });
      expect(platform.libc).toEqual(t.os === "linux" ? ["glibc"] : undefined);
      expect(platform.bin).toBeUndefined(); // only the main package puts a command on PATH
    }
  });
  test("the main package ships conditions-examples/: every example and cases file, scripts executable", () => {
    const listing = Bun.spawnSync(["tar", "-tvzf", join(root, "tarballs", `agentihooks-${VERSION}.tgz`)]).stdout.toString().trim().split("\n");
    const shipped = new Map(listing.map((l) => [l.split(/\s+/).at(-1) ?? "", l.slice(0, 10)]));
    const want = exampleFiles();
    expect(want).toContain("pre-bash.git-guard.ts");
    expect(want).toContain("_pre-bash.git-guard.cases.json");
    for (const f of want) expect({ f, shipped: shipped.has(`package/conditions-examples/${f}`) }).toEqual({ f, shipped: true });
    expect(shipped.get("package/conditions-examples/pre-bash.kubectl-readonly.sh")).toMatch(/^-rwx/);
  });
});

describe("npm install -g, with no Bun on PATH", () => {
  const prefix = () => join(root, "global");
  test("installs the main package and the linux-x64 platform package only; bin/agentihooks is the native executable", async () => {
    const r = await npm(["install", "-g", "--prefix", prefix(), "--allow-scripts=agentihooks", "agentihooks"]);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain("added 2 packages");
    expect(r.out).not.toContain("install-scripts"); // the script was allowed, not merely tolerated
    expect(readdirSync(join(installed(prefix()), "node_modules"))).toEqual(["agentihooks-linux-x64"]);
    expect(isNative(join(prefix(), "bin/agentihooks"))).toBe(true);
    expect(realpathSync(join(prefix(), "bin/agentihooks"))).toBe(join(installed(prefix()), "bin/agentihooks"));
    const guard = join(installed(prefix()), "conditions-examples/pre-bash.git-guard.ts");
    expect(readFileSync(guard, "utf8")).toBe(readFileSync(join(REPO, "conditions-examples/pre-bash.git-guard.ts"), "utf8"));
    expect(statSync(guard).mode & 0o111).not.toBe(0);
  }, 60_000);
  test("--version prints the version, the commit and the target", () => {
    const r = ah(join(prefix(), "bin/agentihooks"), ["--version"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toMatch(new RegExp(`^${VERSION.replaceAll(".", "\\.")} \\(commit [\\w-]+, linux-x64\\)$`));
  });
  test("init --dry-run registers the absolute path of the native executable, not a script", () => {
    const path = registeredPath(join(prefix(), "bin/agentihooks"));
    expect(path).toBe(join(installed(prefix()), "bin/agentihooks"));
    expect(path).not.toMatch(/\.[cm]?js$/);
    expect(isNative(path)).toBe(true);
  });
  test("a hook call through the installed command answers (deny and pass, a TypeScript condition on the embedded Bun)", () => {
    expect(smokeHook([join(prefix(), "bin/agentihooks")], { typescript: true, env: { PATH: pathWithoutBun() } })).toEqual([]);
  });
});

describe("npx agentihooks, with no Bun on PATH", () => {
  test("init --dry-run registers the native executable in npx's cache", async () => {
    const home = tempDir("ah-npx-home-");
    const r = await npm(["exec", "--yes", "--allow-scripts=agentihooks", "--", "agentihooks", "init", "--dry-run", "--target", "claude"], { env: { HOME: home, AGENTIHOOKS_HOME: join(home, "ah") } });
    rmSync(home, { recursive: true, force: true });
    expect(r.exitCode).toBe(0);
    const path = r.out.match(/^\+\s+"command": "([^"]+)"/m)?.[1] ?? "";
    expect(path).toMatch(/\/_npx\/[0-9a-f]+\/node_modules\/agentihooks\/bin\/agentihooks$/);
    expect(isNative(path)).toBe(true);
    expect(r.out).toContain(`note: ${path} is in npx's cache`); // a cache can be cleaned: init says how to keep it
  }, 60_000);
});

describe("without the install script", () => {
  const prefix = () => join(root, "noscripts");
  test("--ignore-scripts: bin/agentihooks is a shell launcher that execs the platform executable, and init registers that", async () => {
    expect((await npm(["install", "-g", "--prefix", prefix(), "--ignore-scripts", "agentihooks"])).exitCode).toBe(0);
    const bin = join(prefix(), "bin/agentihooks");
    expect(isScript(bin)).toBe(true);
    expect(ah(bin, ["--version"]).stdout).toStartWith(`${VERSION} (commit `);
    const path = registeredPath(bin);
    expect(path).toBe(platformExe(prefix()));
    expect(isNative(path)).toBe(true);
    expect(smokeHook([bin], { env: { PATH: pathWithoutBun() } })).toEqual([]);
  }, 60_000);
  test("npm rebuild puts the native executable in place", async () => {
    expect((await npm(["rebuild", "-g", "--prefix", prefix(), "--allow-scripts=agentihooks", "agentihooks"])).exitCode).toBe(0);
    expect(isNative(join(prefix(), "bin/agentihooks"))).toBe(true);
  }, 60_000);
});

describe("no executable for this machine", () => {
  test("the install fails and says why when npm installed no platform package that fits (--cpu=arm64 here)", async () => {
    const r = await npm(["install", "-g", "--prefix", join(root, "wrongcpu"), "--cpu=arm64", "--allow-scripts=agentihooks", "agentihooks"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.out).toContain("[agentihooks postinstall] the platform package agentihooks-linux-x64 is not installed");
    expect(existsSync(join(root, "wrongcpu/bin/agentihooks"))).toBe(false);
  }, 60_000);

  // A launcher whose platform package is gone (an install without scripts, then a removed folder).
  const prefix = () => join(root, "noexe");
  const bin = () => join(prefix(), "bin/agentihooks");
  const payload = JSON.stringify({ session_id: "s", cwd: "/", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
  test("the launcher says what is missing and how to reinstall", async () => {
    expect((await npm(["install", "-g", "--prefix", prefix(), "--ignore-scripts", "agentihooks"])).exitCode).toBe(0);
    rmSync(join(installed(prefix()), "node_modules"), { recursive: true });
    const v = ah(bin(), ["--version"]);
    expect(v.exitCode).toBe(1);
    expect(v.stderr).toContain("no native executable for linux-x64 is installed");
    expect(v.stderr).toContain("npm install -g --allow-scripts=agentihooks agentihooks");
  }, 60_000);
  // Every spelling a registration can use for a guarded event: each is denied, with the reason.
  for (const args of [
    ["hook", "--target", "claude", "--event", "PreToolUse"],
    ["hook", "--event=PreToolUse"],
    ["hook", "--target", "codex", "--event", "PermissionRequest"],
    ["hook", "--agent=copilot", "--event", "preToolUse"],
    ["hook", "--target=copilot", "--event=preMcpToolCall"],
    ["hook"], // no --event: the payload says PreToolUse
  ]) {
    test(`guarded call denied: ${args.join(" ")}`, () => {
      const r = ah(bin(), args, {}, payload);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("denied to fail closed");
      if (args.some((a) => a.includes("copilot"))) expect(JSON.parse(r.stdout).permissionDecision).toBe("deny");
      else expect(r.stdout).toBe("");
    });
  }
  test("other events are let through with the reason on stderr", () => {
    for (const args of [["hook", "--target", "claude", "--event", "PostToolUse"], ["hook", "--event", "Stop"], ["hook"]]) {
      const r = ah(bin(), args, {}, payload.replace("PreToolUse", "PostToolUse"));
      expect({ args, exit: r.exitCode }).toEqual({ args, exit: 0 });
      expect(r.stderr).toContain("no native executable");
    }
  });
});
