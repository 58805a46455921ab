// The strict CLI: every command (found by walking the executable's own --help, so a command added
// later is covered without a line here) rejects an unknown flag, a misspelled flag, a stray word
// and a flag without its value with one line on stderr, exit 2, and nothing written; a lone `help`
// shows the command's help instead of running it.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, lstatSync, statSync } from "node:fs";
import { join } from "node:path";
import { targetWords } from "../../src/types";
import { run, sandbox, type Sandbox } from "../helpers";
import { allCommands } from "./help-walk";

/** Returns every file and folder under root with its size and mtime: what a command wrote shows up as a difference. */
function snapshot(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const st = lstatSync(p);
      out.push(`${p} ${st.isDirectory() ? "dir" : `${st.size} ${st.mtimeMs}`} ${st.mode.toString(8)}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

/** Runs args in a fresh sandbox (HOME, AGENTIHOOKS_HOME and a repository as the working folder) and returns the result and whether anything under it changed. */
function runFresh(args: string[]): ReturnType<typeof run> & { changed: string[]; sb: Sandbox } {
  const sb = sandbox();
  const before = snapshot(sb.root);
  const r = run(args, { env: sb.env, cwd: sb.repo });
  const after = snapshot(sb.root);
  // The hook is the harness's, not the person's: a bad registration denies every call, so it leaves its
  // one record in the decision log (logs/) and nothing else.
  const logs = join(sb.home, "logs");
  const ours = (l: string) => args[0] === "hook" && (l.startsWith(`${logs} `) || l.startsWith(`${logs}/hook.`));
  return { ...r, changed: after.filter((l) => !before.includes(l) && !ours(l)), sb };
}

function expectUsageError(r: ReturnType<typeof runFresh>, pattern: RegExp) {
  expect({ exit: r.exitCode, stdout: r.stdout }).toEqual({ exit: 2, stdout: "" });
  expect(r.stderr.endsWith("\n")).toBe(true);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.changed).toEqual([]);
}

/** A misspelling of a flag: two neighbouring letters swapped (--target -> --traget). */
const swap = (flag: string) => `--${flag.slice(2, 3)}${flag.slice(4, 5)}${flag.slice(3, 4)}${flag.slice(5)}`;

const COMMANDS = allCommands();

test("the walk finds every command (it is not vacuous)", () => {
  const names = COMMANDS.map((c) => c.path.join(" "));
  for (const n of ["", "init", "uninit", "link", "unlink", "trust", "stats", "doctor", "mcp", "hook", "programs", "completion", "man", "conditions list", "conditions explain", "conditions test", "enforcement set"]) {
    expect(names).toContain(n);
  }
  expect(COMMANDS.find((c) => c.path.join(" ") === "init")?.options).toContain("--dry-run");
});

describe.each(COMMANDS.filter((c) => c.path.length).map((c) => [c.path.join(" "), c] as const))("%s", (_name, cmd) => {
  const fill = cmd.positionals.filter((p) => p.required).map((p) => (p.name === "CADENCE" ? "3" : p.name === "SHELL" ? "bash" : "somewhere"));

  test("an unknown flag: one line, exit 2, nothing written", () => {
    expectUsageError(runFresh([...cmd.path, "--bogus"]), /unknown option --bogus/);
  });

  test("a misspelled flag: did you mean", () => {
    const flag = cmd.options.find((o) => o.length >= 6 && o !== "--help") ?? "--help";
    const typo = swap(flag);
    expectUsageError(runFresh([...cmd.path, typo, ...(cmd.valueOptions.includes(flag) ? ["x"] : [])]), new RegExp(`unknown option ${typo} \\(did you mean ${flag}\\?\\)`));
  });

  test("a stray word: one line, exit 2, nothing written", () => {
    if (cmd.subcommands.length) return expectUsageError(runFresh([...cmd.path, "stray"]), /Unknown command stray/);
    if (cmd.positionals.some((p) => p.many)) return; // PATH...: every word is taken
    const words = [...fill, ...cmd.positionals.filter((p) => !p.required).map(() => "somewhere")];
    expectUsageError(runFresh([...cmd.path, ...words, "stray"]), /unexpected word "stray"/);
  });

  test("a flag without its value: one line, exit 2, nothing written", () => {
    const flag = cmd.valueOptions[0];
    if (!flag) return;
    expectUsageError(runFresh([...cmd.path, flag]), new RegExp(`${flag} needs a value`));
    // a flag where the value should be is a missing value too, not the value
    expectUsageError(runFresh([...cmd.path, flag, "--help-me"]), new RegExp(`${flag} needs a value`));
  });

  test("a lone help word shows the help and runs nothing", () => {
    const r = runFresh([...cmd.path, "help"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`USAGE agentihooks ${cmd.path.join(" ")}`);
    expect(r.changed).toEqual([]);
  });
});

describe("the cases issue 24 quotes", () => {
  test("init --dryrun writes nothing: did you mean --dry-run", () => {
    const r = runFresh(["init", "--dryrun"]);
    expectUsageError(r, /^agentihooks init: unknown option --dryrun \(did you mean --dry-run\?\); see agentihooks init --help/);
    expect(existsSync(join(r.sb.userHome, ".codex", "hooks.json"))).toBe(false);
  });

  test("init help shows help instead of a full init", () => {
    const r = runFresh(["init", "help"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/EXAMPLES[\s\S]*agentihooks init --dry-run/);
    expect(r.changed).toEqual([]);
  });

  test("--traget codex sets up nothing: did you mean --target", () => {
    expectUsageError(runFresh(["init", "--traget", "codex"]), /unknown option --traget \(did you mean --target\?\)/);
  });

  test("stats --bogus and mcp --bogus are errors", () => {
    expectUsageError(runFresh(["stats", "--bogus"]), /^agentihooks stats: unknown option --bogus;/);
    expectUsageError(runFresh(["mcp", "--bogus"]), /^agentihooks mcp: unknown option --bogus;/);
  });

  test("trust --list --json and link --json DIR print JSON", () => {
    const t = runFresh(["trust", "--list", "--json"]);
    expect(t.exitCode).toBe(0);
    expect(t.json).toEqual({ repositories: {} });
    const sb = sandbox();
    const bundle = join(sb.root, "bundle");
    mkdirSync(join(bundle, ".claude", "conditions"), { recursive: true });
    const l = run(["link", "--json", bundle], { env: sb.env, cwd: sb.repo });
    expect(l.exitCode).toBe(0);
    expect(l.json).toMatchObject({ command: "link", linked: "bundle", path: bundle });
    expect(l.json.lines[0]).toBe(`linked bundle ${bundle}`);
  });
});

describe("the parser follows citty's grammar", () => {
  test("--x=v, --x v, --no-x and -h are accepted", () => {
    for (const args of [["init", "--dry-run", "--target=codex"], ["init", "--dry-run", "--target", "codex"], ["init", "--dry-run", "--no-mcp", "--target", "claude"]]) {
      const r = runFresh(args);
      expect(r.stderr).toBe("");
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/would record/);
    }
    const h = runFresh(["conditions", "list", "-h"]);
    expect(h.exitCode).toBe(0);
    expect(h.stdout).toContain("USAGE agentihooks conditions list");
  });

  test("a boolean given a value, a flag given twice, --no- on a string, a missing required option or word", () => {
    expectUsageError(runFresh(["init", "--dry-run=yes"]), /--dry-run takes no value/);
    expectUsageError(runFresh(["init", "--dry-run", "--target", "codex", "--target", "claude"]), /--target is given twice/);
    expectUsageError(runFresh(["init", "--no-target"]), /unknown option --no-target/);
    expectUsageError(runFresh(["conditions", "set", "--matcher", "bash"]), /missing --name/);
    expectUsageError(runFresh(["link"]), /missing DIR/);
    expectUsageError(runFresh(["init", "--scope", "projct"]), /--scope must be user or project, not "projct" \(did you mean project\?\)/);
    expectUsageError(runFresh(["init", "--target"]), new RegExp(`--target needs a value \\(${targetWords("all")}\\)`));
    expectUsageError(runFresh(["init", "dry-run"]), /unexpected word "dry-run": it takes no words \(did you mean --dry-run\?\)/);
  });

  test("errors of conditions commands point to the conditions reference", () => {
    expectUsageError(runFresh(["conditions", "set", "--nmae", "x"]), /did you mean --name\?\); see agentihooks conditions set --help and docs\/conditions\.md$/m);
  });

  test("after --, words may start with a dash; programs takes its command's own flags", () => {
    const r = runFresh(["programs", "git", "push", "--force"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/programs: git/);
    expectUsageError(runFresh(["programs", "--bogus", "git"]), /unknown option --bogus/);
    const d = runFresh(["conditions", "lint", "--", "--no-such-dir"]);
    expect(d.stderr).toMatch(/no such file or directory: .*--no-such-dir/);
  });

  test("an unknown command suggests the close one", () => {
    expectUsageError(runFresh(["stat"]), /^agentihooks: Unknown command stat \(did you mean stats\?\)$/m);
    expectUsageError(runFresh(["conditions", "lsit"]), /^agentihooks conditions: Unknown command lsit \(did you mean list\?\)$/m);
  });
});

describe("hook", () => {
  test("bad arguments fail closed (exit 2, one line) before reading stdin; --help is help", () => {
    const sb = sandbox();
    for (const [args, pattern] of [
      [["hook", "--bogus"], /unknown option --bogus; expected --target/],
      [["hook", "--evnet", "PreToolUse"], /unknown option --evnet \(did you mean --event\?\)/],
      [["hook", "stray"], /unexpected word "stray"/],
      [["hook", "--event"], /--event needs a value/],
      [["hook", "--event", "--target", "codex"], /--event needs a value/],
      [["hook", "--target", "vim"], /unknown target "vim"/],
    ] as [string[], RegExp][]) {
      const r = run(args, { env: sb.env, cwd: sb.repo, stdin: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }) });
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
    for (const args of [["hook", "--help"], ["hook", "-h"], ["hook", "help"], ["help", "hook"]]) {
      const r = run(args, { env: sb.env });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(/USAGE agentihooks hook[\s\S]*--event[\s\S]*EXAMPLES/);
    }
    expect(statSync(sb.home).isDirectory()).toBe(true);
  });
});
