// Copilot CLI, live: what each registered command form does when the executable is gone after
// init (user scope `exec`: every call denied; project scope guarded `bash`: calls go through), and
// that Copilot loads repository hooks only in a trusted folder (what `init --scope project` says).
import { describe, expect, test } from "bun:test";
import { renameSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import { bash, hookProblems, saw } from "./lib/copilot";
import { BIN, makeWorld, recorder, worldWithCopy } from "./lib/world";

describe("copilot: an entry with both exec and bash (what init wrote before issue 15)", () => {
  test("Copilot skips it and says so only in its log; doctor reports it", async () => {
    const world = makeWorld("copilot");
    const path = join(world.home, ".copilot", "hooks", "agentihooks.json");
    const file = JSON.parse(world.read(path));
    for (const list of Object.values(file.hooks) as Record<string, unknown>[][]) list[0].bash = `exec '${BIN}' hook --target copilot`;
    world.write(path, JSON.stringify(file, null, 2));
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", "exit 2"));
    const r = await runCli(world, { label: "both forms", script: [bash(`touch '${world.marker("ran")}'`)] });
    expect([world.exists(world.marker("ran")), world.exists(world.marker("cond"))], describeRun(r)).toEqual([true, false]);
    expect(hookProblems(world).filter((l) => l.includes("but not both — hook will be skipped")).length).toBe(Object.keys(file.hooks).length); // one per event init registered
    const doctor = world.agentihooks(["doctor"], { allowFail: true });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain("hooks.preToolUse[0] has both exec and bash: Copilot skips it");
  });
});

describe("copilot: the executable moved away after init", () => {
  test("user scope (exec form): every tool call is denied, fail-closed, until init runs again", async () => {
    const { world, exe } = worldWithCopy("copilot");
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(world, { label: "missing exec", script: [bash(`touch '${world.marker("ran")}'`)] });
    expect(world.exists(world.marker("ran")), describeRun(r)).toBe(false);
    expect(saw(r, "Denied by preToolUse hook from")).toBe(true);
    expect(saw(r, "(hook errored)")).toBe(true);
    expect(hookProblems(world).some((l) => l.includes("(fail-closed)") && l.includes("ENOENT"))).toBe(true);
    // doctor names it, with the fix
    const doctor = Bun.spawnSync([BIN, "doctor"], { env: world.env, cwd: world.work, stdout: "pipe" });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout.toString()).toContain(`calls ${exe}, which does not exist`);
  });

  test("project scope (guarded bash form): calls go through without the hook", async () => {
    const { world, exe } = worldWithCopy("copilot", ["--scope", "project"]);
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", "exit 2"));
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(world, { label: "missing guarded", args: ["--trust-folder"], script: [bash(`touch '${world.marker("ran")}'`)] });
    expect(world.exists(world.marker("ran")), describeRun(r)).toBe(true);
    expect(world.exists(world.marker("cond"))).toBe(false);
    expect(hookProblems(world)).toEqual([]);
  });
});

describe("copilot: repository hooks (init --scope project) need a trusted folder", () => {
  const projectWorld = () => {
    const world = makeWorld("copilot", { initArgs: ["--scope", "project"] });
    world.condition("pre-bash.touch-deny.sh", recorder(world, "cond", 'echo "project hooks ran" >&2; exit 2'));
    return world;
  };

  test("in a folder nobody trusted, Copilot -p does not load them: the deny condition never runs", async () => {
    const world = projectWorld();
    const r = await runCli(world, { label: "project untrusted", script: [bash(`touch '${world.marker("ran")}'`)] });
    expect(world.exists(world.marker("ran")), describeRun(r)).toBe(true);
    expect(world.exists(world.marker("cond"))).toBe(false);
  });

  test("with --trust-folder they load and the condition denies", async () => {
    const world = projectWorld();
    const r = await runCli(world, { label: "project trusted", args: ["--trust-folder"], script: [bash(`touch '${world.marker("ran")}'`)] });
    expect(world.exists(world.marker("cond")), describeRun(r)).toBe(true);
    expect(world.exists(world.marker("ran"))).toBe(false);
    expect(saw(r, "project hooks ran")).toBe(true);
  });

  test("a folder in Copilot's trustedFolders loads them too, and doctor stops warning", async () => {
    const world = projectWorld();
    const warned = () => world.agentihooks(["doctor"], { allowFail: true }).stdout.includes("is not a trusted folder");
    expect(warned()).toBe(true);
    world.write(join(world.home, ".copilot", "config.json"), JSON.stringify({ trustedFolders: [world.work] }));
    expect(warned()).toBe(false);
    const r = await runCli(world, { label: "project trustedFolders", script: [bash(`touch '${world.marker("ran")}'`)] });
    expect(world.exists(world.marker("cond")), describeRun(r)).toBe(true);
    expect(world.exists(world.marker("ran"))).toBe(false);
  });
});
