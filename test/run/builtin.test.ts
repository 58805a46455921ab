// The built-in guards run inside the hook (src/run/builtin.ts) and answer exactly as their scripts do:
// every case of their cases files and a table of adversarial calls, through the compiled executable,
// in both homes (parity.ts), for the three harnesses; explain and stats show them as process conditions.
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, run, sandbox } from "../helpers";
import { EXAMPLE_OF, GIT_PACK, GIT_PACK_PATH, GUARDS, PACKS, addGuardScripts, answer, casePayload, makeWorld, parityHomes } from "./parity";

const homes = parityHomes();
const cases = (file: string): Record<string, any>[] =>
  JSON.parse(readFileSync(join(REPO, "conditions-examples", `_${EXAMPLE_OF[file].replace(/\.ts$/, "")}.cases.json`), "utf8")).cases;

/** Asserts that both homes answer `payload` alike, and returns the in-process answer. */
function same(payload: unknown, w = makeWorld(), target = "claude", env: Record<string, string> = {}) {
  const a = answer(homes.inProcess, w, payload, target, env);
  const b = answer(homes.asScripts, w, payload, target, env);
  expect({ exit: a.result.exitCode, stdout: a.result.stdout, stderr: a.result.stderr }).toEqual({ exit: b.result.exitCode, stdout: b.result.stdout, stderr: b.result.stderr });
  expect(a.records).toEqual(b.records);
  return a;
}

describe("every case of the guards' cases files: the same answer in the hook's process as in a script's", () => {
  for (const file of GUARDS) {
    for (const c of cases(file).filter((c) => c.stdin === undefined)) {
      test(`${file}: ${c.name}`, () => {
        const w = makeWorld(c.files, c.git_branch);
        same(casePayload(c, w), w, "claude", c.env ?? {});
      });
    }
  }
});

const bash = (command: unknown, w: { cwd: string }) => ({ session_id: "p", cwd: w.cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
const tool = (name: string, input: Record<string, unknown>, w: { cwd: string }) => ({ session_id: "p", cwd: w.cwd, hook_event_name: "PreToolUse", tool_name: name, tool_input: input });

// Many spellings of the calls the guards judge; each must come out the same both ways (deny or not).
const COMMANDS = [
  "git push --force", "git push -uf origin x", "git push origin +main", "bash -c 'git push origin :main'", "git -C . push origin HEAD:master",
  "sudo git push --force-with-lease=main", "git push --mirror", "git push origin feature", "git status", "ls -la", "git push origin main # c",
  "`git push -f`", "$(git push -f)", "echo 'unclosed", "git push \\", "git push\u0000 --force", "\ud800 git push", "cat .env", "cat .e''nv",
  "cat ./x/../.env", "source ~/.env.local", "cp .env.example .env", "cat <.env", "docker run --env-file=.env x", "ls .env*", "ls .env.exampl?",
  "git push; cat .env", "cat PROD.Env", "cat ~root/.env", "X=.env true", "cat .env.example", "cat src/.env/", "printf %s \"$(cat .ENV.local)\"",
];

const FILE_INPUTS: Record<string, unknown>[] = [
  { file_path: ".env" }, { file_path: "./.env" }, { file_path: "/abs/.env.production" }, { file_path: ".env.example" }, { file_path: "PROD.Env" },
  { file_path: "~/.env" }, { file_path: "~nobody/.env" }, { file_path: "dir/.env/" }, { path: "a/b/.env.local" }, { notebook_path: "n/.env" },
  { file_paths: ["ok.txt", "x/.env"] }, { file_paths: ".env" }, { file_paths: { ".env": 1 } }, { file_paths: 5 }, { file_path: 5 }, {},
  { file_path: "link" }, { file_path: " .env " }, { file_path: "secrets.env" }, { file_path: "a.example.env" },
];

describe("a table of adversarial calls: the same answer both ways", () => {
  const w = makeWorld({ "link": { symlink: ".env.production" }, ".env.production": "A=1\n", "src/.env/x": "" });
  for (const command of COMMANDS) test(`Bash ${JSON.stringify(command)}`, () => void same(bash(command, w), w));
  for (const command of [5, null, ["git", "push", "-f"], { x: 1 }]) test(`Bash command ${JSON.stringify(command)}`, () => void same(bash(command, w), w));
  for (const input of FILE_INPUTS) for (const name of ["Read", "Edit", "Write"]) test(`${name} ${JSON.stringify(input)}`, () => void same(tool(name, input, w), w));
});

describe("the .env guard covers Codex's apply_patch and Copilot's view, create, edit and apply_patch", () => {
  const w = makeWorld({ ".env": "A=1\n", "ok.txt": "" });
  const patch = (header: string) => `*** Begin Patch\n${header}\n+X=1\n*** End Patch\n`;
  const codex = (body: string) => ({ session_id: "c", cwd: w.cwd, hook_event_name: "PreToolUse", turn_id: "t", tool_name: "apply_patch", tool_input: { command: body }, tool_use_id: "call_1" });
  const copilot = (toolName: string, toolArgs: unknown) => ({ sessionId: "k", timestamp: 1, cwd: w.cwd, toolName, toolArgs });
  const denied: [string, unknown, string][] = [
    ["codex", codex(patch("*** Update File: .env")), "codex apply_patch Update .env"],
    ["codex", codex(patch("*** Add File: config/.env.local")), "codex apply_patch Add config/.env.local"],
    ["codex", codex(`${patch("*** Update File: ok.txt")}*** Move to: .env\n`), "codex apply_patch Move to .env"],
    ["codex", codex(patch("*** Delete File: prod.env")), "codex apply_patch Delete prod.env"],
    ["copilot", copilot("view", { path: join(w.cwd, ".env") }), "copilot view .env"],
    ["copilot", copilot("create", { path: join(w.cwd, ".env.local"), file_text: "S=1\n" }), "copilot create .env.local"],
    ["copilot", copilot("edit", { path: join(w.cwd, ".env"), old_str: "A", new_str: "B" }), "copilot edit .env"],
    ["copilot", copilot("apply_patch", patch("*** Update File: .env")), "copilot apply_patch (raw string)"],
  ];
  for (const [target, payload, name] of denied) {
    test(`${name}: denied, as the script denies it`, () => {
      const a = same(payload, w, target);
      expect(a.result.exitCode).toBe(2);
      expect(a.result.stderr).toContain("holds secrets");
    });
  }
  for (const [target, payload, name] of [
    ["codex", codex(patch("*** Update File: ok.txt")), "codex apply_patch ok.txt"],
    ["copilot", copilot("view", { path: join(w.cwd, "ok.txt") }), "copilot view ok.txt"],
    ["copilot", copilot("create", { path: join(w.cwd, ".env.example"), file_text: "S=\n" }), "copilot create .env.example"],
  ] as const) {
    test(`${name}: allowed both ways`, () => expect(same(payload, w, target).result.exitCode).toBe(0));
  }
});

describe("explain, stats and the log show a built-in as a process condition", () => {
  test("explain --json: the same outcomes (status, exit, output) in both homes", () => {
    const w = makeWorld();
    const explain = (sb: typeof homes.inProcess, command: string) =>
      run(["conditions", "explain", "--command", command, "--json"], { env: { ...sb.env, HOME: w.home }, cwd: w.cwd }).json.calls[0].outcomes.map(
        ({ duration_ms, source, path, ...o }: Record<string, unknown>) => o,
      );
    for (const command of ["git push --force", "cat .env", "git status"]) expect(explain(homes.inProcess, command)).toEqual(explain(homes.asScripts, command));
  });

  test("stats --json: the same counts per condition after the same calls", () => {
    const a = sandbox();
    const b = sandbox();
    writeFileSync(join(a.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    addGuardScripts(join(b.home, "conditions"));
    const w = makeWorld();
    for (const sb of [a, b]) for (const c of ["git push -f", "git log", "cat .env", "ls"]) answer(sb, w, bash(c, w));
    const stats = (sb: typeof a) =>
      run(["stats", "--json"], { env: sb.env })
        .json.conditions.map(({ p50, p95, max, sources, ...rest }: Record<string, unknown>) => rest)
        .sort((x: any, y: any) => x.condition.localeCompare(y.condition)); // by name: the order is by latency
    expect(stats(a)).toEqual(stats(b));
    expect(stats(a).find((c: any) => c.condition === GIT_PACK)).toMatchObject({ calls: 4, denies: 1 });
  });
});

describe("the built-in profile runs without writing anything", () => {
  for (const how of ["read-only", "full"] as const) {
    test(`a ${how} home: the guards still deny, and the home is unchanged`, () => {
      const sb = sandbox();
      writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
      // Root ignores modes, so "cannot write" is made of things no process can write into.
      for (const name of ["builtin", "cache", "logs"]) {
        if (how === "full") symlinkSync("/dev/full", join(sb.home, name));
        else writeFileSync(join(sb.home, name), "not a folder\n");
      }
      chmodSync(sb.home, 0o555);
      const listing = () => readdirSync(sb.home).map((f) => `${f}:${statSync(join(sb.home, f)).mtimeMs}`);
      const before = listing();
      const w = makeWorld();
      const push = answer(sb, w, bash("git push --force", w));
      expect(push.result.exitCode).toBe(2);
      expect(push.result.stderr).toContain(`[condition ${GIT_PACK}] git.push-force: force push blocked`);
      const env = answer(sb, w, tool("Read", { file_path: join(w.cwd, ".env") }, w));
      expect(env.result.exitCode).toBe(2);
      expect(env.result.stderr).toContain("holds secrets");
      expect(listing()).toEqual(before);
      chmodSync(sb.home, 0o755);
    });
  }

  test("conditions list, show and doctor see the built-in conditions without a file", () => {
    const sb = sandbox();
    writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));
    const list = run(["conditions", "list", "--json"], { env: sb.env, cwd: sb.repo }).json;
    expect(list.conditions.map((c: any) => [c.file, c.source, c.path])).toEqual([...PACKS, ...GUARDS].sort().map((f) => [f, "profile:default", `builtin:default/${f}`]));
    const show = run(["conditions", "show", GIT_PACK], { env: sb.env, cwd: sb.repo });
    expect(show.stdout).toBe(readFileSync(GIT_PACK_PATH, "utf8"));
    const guard = run(["conditions", "show", GUARDS[0]], { env: sb.env, cwd: sb.repo });
    expect(guard.stdout).toBe(readFileSync(join(REPO, "conditions-examples", GUARDS[0]), "utf8"));
    expect(readdirSync(sb.home).sort()).not.toContain("builtin");
    mkdirSync(join(sb.home, "conditions"), { recursive: true });
  });
});
