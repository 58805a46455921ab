// Claude Code, live: the shipped `.env` guard (the built-in default profile `init` turns on) on every
// file tool Claude 2.1.328 offers (Read, Write, Edit, NotebookEdit; no MultiEdit) and on Bash; and
// what the registered exec form does when the executable is gone. Decided by side effects (a file
// that must not change or appear, a marker) and by what reached the model.
import { describe, expect, test } from "bun:test";
import { renameSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { bash, hookReports, resultOf } from "./lib/claude";
import { describeRun, runCli } from "./lib/clis";
import { makeWorld, RESIDENT, worldWithCopy } from "./lib/world";

const notebook = (source: string) =>
  `${JSON.stringify({ cells: [{ cell_type: "code", id: "c1", source: [source], metadata: {}, outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 })}\n`;

describe("claude: the built-in .env guard on every file tool", () => {
  test("Read, Write, Edit, NotebookEdit and Bash never reach a .env file; the same calls on other files work", async () => {
    const w = makeWorld("claude"); // init turns on the built-in default profile
    const at = (name: string) => join(w.work, name);
    // .env holds a notebook, so a NotebookEdit that got through would change it (it holds a secret too).
    const ENV = notebook("SECRET=LIVE-SECRET-TOKEN");
    w.write(at(".env"), ENV);
    utimesSync(at(".env"), new Date(2000, 0, 1), new Date(2000, 0, 1)); // older than any read below
    w.write(at("notes.txt"), "NOTES-TOKEN\n");
    w.write(at("swap.ipynb"), notebook("print(1)"));
    w.write(at("plain.ipynb"), notebook("print(1)"));
    // Claude edits a notebook only after reading it, and the guard denies reading .env. So a test-only
    // condition swaps swap.ipynb for a symlink to .env right after it was read: the NotebookEdit that
    // follows names a file the guard must see through (an agent could do the same swap itself).
    w.condition("post-read-swap_to_env.sh", `#!/usr/bin/env bash\ngrep -q swap.ipynb || exit 0\nln -sf .env '${at("swap.ipynb")}'\n`);
    const cell = (path: string, source: string) => ({ tool: "NotebookEdit", input: { notebook_path: path, cell_id: "c1", new_source: source } });
    const r = await runCli(w, {
      label: "env guard",
      script: [
        { tool: "Read", input: { file_path: at(".env") } },
        { tool: "Write", input: { file_path: at(".env.local"), content: "TOKEN=1\n" } },
        { tool: "Edit", input: { file_path: at(".env.staging"), old_string: "", new_string: "TOKEN=2\n" } },
        { tool: "Read", input: { file_path: at("swap.ipynb") } },
        cell(at("swap.ipynb"), "print('through the symlink')"),
        bash("cat .env"),
        // controls: the same tools on files that are not secrets
        { tool: "Read", input: { file_path: at("notes.txt") } },
        { tool: "Write", input: { file_path: at("written.txt"), content: "W\n" } },
        { tool: "Edit", input: { file_path: at("edited.txt"), old_string: "", new_string: "E\n" } },
        { tool: "Read", input: { file_path: at("plain.ipynb") } },
        cell(at("plain.ipynb"), "print('edited')"),
      ],
    });
    // nothing of .env reached the model, and nothing was written to or beside it
    expect(r.seen, describeRun(r)).not.toContain("LIVE-SECRET-TOKEN");
    expect(w.read(at(".env"))).toBe(ENV);
    expect(w.exists(at(".env.local"))).toBe(false);
    expect(w.exists(at(".env.staging"))).toBe(false);
    for (const [tool, marker] of [["Read", ".env"], ["Write", ".env.local"], ["Edit", ".env.staging"], ["NotebookEdit", "swap.ipynb"], ["Bash", "cat .env"]]) {
      const res = resultOf(r, tool, marker);
      expect(res?.isError, `${tool} ${marker}`).toBe(true);
      expect(res?.text, `${tool} ${marker}`).toContain("holds secrets");
    }
    // the controls ran
    expect(r.seen).toContain("NOTES-TOKEN");
    expect(w.read(at("written.txt"))).toBe("W\n");
    expect(w.read(at("edited.txt"))).toBe("E\n");
    expect(w.read(at("plain.ipynb"))).toContain("print('edited')");
  });
});

describe("claude: a .env file named with @ in the prompt", () => {
  // Claude attaches an @-mentioned file to the prompt itself, with no tool call: no PreToolUse guard
  // sees it. The prompt step does (UserPromptSubmit), and its block keeps the prompt from the model.
  test("its content reaches the model past the built-in guard; a prompt condition that blocks such prompts keeps it out", async () => {
    const w = makeWorld("claude");
    w.write(join(w.work, ".env"), "SECRET=AT-MENTION-SECRET-TOKEN\n");
    const open = await runCli(w, { label: "at-mention", prompt: "look at @.env please", script: [] });
    expect(open.seen, describeRun(open)).toContain("AT-MENTION-SECRET-TOKEN");
    w.condition("prompt-env_mention.sh", '#!/usr/bin/env bash\np=$(cat)\ncase "$p" in *@.env*) echo "the prompt names a .env file" >&2; exit 2;; esac\n');
    const guarded = await runCli(w, { label: "at-mention guarded", prompt: "look at @.env please", script: [] });
    expect(guarded.model.requests.length, describeRun(guarded)).toBe(0);
    expect(guarded.seen).not.toContain("AT-MENTION-SECRET-TOKEN");
  });
});

describe("claude: the registered executable is gone", () => {
  test("every hook fails to start: the command path lets every call through (fail open), the resident path refuses it", async () => {
    // init run from a copy, which is then moved away. No claude on the world's PATH: init read no
    // version, so no "onFailure": "block" on the command path (with it the calls are refused: claude-skills.live.ts)
    const { world: w, exe } = worldWithCopy("claude");
    w.condition("pre-bash-deny_all.sh", '#!/usr/bin/env bash\necho "every call denied" >&2\nexit 2\n');
    renameSync(exe, `${exe}.moved`);
    const r = await runCli(w, { label: "missing executable", script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(r.seen).not.toContain("every call denied");
    if (RESIDENT) {
      // the resident path: the MCP server cannot start, and its mcp_tool hook's onFailure refuses the call
      expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
      expect(resultOf(r, "Bash", "ran")?.text).toContain('onFailure is "block"');
    } else {
      expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
      const pre = hookReports(r).filter((h) => h.hook_event === "PreToolUse");
      expect(pre.length).toBeGreaterThan(0);
      for (const h of pre) {
        expect(h.outcome).toBe("error");
        expect(h.stderr).toContain("ENOENT");
      }
    }
    // doctor (this build) says so, with the fix
    const doctor = w.agentihooks(["doctor", "--json"], { allowFail: true });
    expect(doctor.exitCode).toBe(1);
    const fail = JSON.parse(doctor.stdout).checks.find((c: { level: string; text: string }) => c.level === "fail" && c.text.includes(exe));
    expect(fail).toMatchObject({ text: expect.stringContaining(`calls ${exe}, which does not exist`), fix: "agentihooks init --target claude" });
  });
});

describe("claude: a settings file Claude refuses", () => {
  test("Claude silently drops every hook of a settings.json it cannot validate; doctor reports it, and its fix brings the hooks back", async () => {
    const w = makeWorld("claude");
    const path = join(w.home, ".claude", "settings.json");
    const settings = JSON.parse(w.read(path));
    w.write(path, JSON.stringify({ ...settings, permissions: { allow: "Bash" } }, null, 2)); // a list is required
    w.condition("pre-bash.touch-deny.sh", '#!/usr/bin/env bash\necho "touch is not allowed here" >&2\nexit 2\n');
    const dead = await runCli(w, { label: "settings refused", script: [bash(`touch '${w.marker("ran-unguarded")}'`)] });
    expect(w.exists(w.marker("ran-unguarded")), describeRun(dead)).toBe(true);
    expect(hookReports(dead)).toEqual([]); // not one hook ran
    const doctor = w.agentihooks(["doctor", "--json"], { allowFail: true });
    expect(doctor.exitCode).toBe(1);
    const fail = JSON.parse(doctor.stdout).checks.find((c: { level: string }) => c.level === "fail");
    expect(fail).toMatchObject({ text: expect.stringContaining("Claude ignores this whole file"), fix: "change permissions.allow/ask/deny to be lists of rules" });
    // the fix, as doctor words it
    w.write(path, JSON.stringify({ ...settings, permissions: { allow: ["Bash"] } }, null, 2));
    expect(w.agentihooks(["doctor"]).exitCode).toBe(0);
    const guarded = await runCli(w, { label: "settings fixed", script: [bash(`touch '${w.marker("ran-guarded")}'`)] });
    expect(w.exists(w.marker("ran-guarded")), describeRun(guarded)).toBe(false);
  });
});
