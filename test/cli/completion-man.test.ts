// Shell completions and the man page, generated from the same definitions as --help: every command
// and every option --help lists is offered by each completion and documented in the page.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { TARGETS } from "../../src/types";
import { run, tempDir } from "../helpers";
import { allCommands } from "./help-walk";

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/nonexistent", NO_COLOR: "1" };
const COMMANDS = allCommands();
const has = (program: string) => Bun.spawnSync(["sh", "-c", `command -v ${program}`]).exitCode === 0;

function script(shell: string): string {
  const r = run(["completion", shell], { env: ENV });
  expect(r.exitCode).toBe(0);
  expect(r.stderr).toBe("");
  const file = join(tempDir(), `agentihooks.${shell}`);
  writeFileSync(file, r.stdout);
  return file;
}

/** Runs a shell program and returns its stdout lines. */
function shell(argv: string[]): string[] {
  const p = Bun.spawnSync(argv, { env: ENV, stdout: "pipe", stderr: "pipe" });
  expect(p.stderr.toString()).toBe("");
  expect(p.exitCode).toBe(0);
  return p.stdout.toString().split("\n").filter(Boolean);
}

describe("bash", () => {
  const file = script("bash");
  /** What bash's completion function offers for the words typed (the last one being completed). */
  const complete = (...words: string[]) => {
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const [out] = shell(["bash", "--norc", "-c", `source ${q(file)}; COMP_WORDS=(${words.map(q).join(" ")}); COMP_CWORD=${words.length - 1}; _agentihooks; printf '%s\\n' "\${COMPREPLY[*]}"`]);
    return (out ?? "").split(" ").filter(Boolean);
  };

  test("commands, subcommands, flags and flag values", () => {
    expect(complete("agentihooks", "")).toEqual(expect.arrayContaining(["conditions", "init", "uninit", "trust", "completion", "man", "hook"]));
    expect(complete("agentihooks", "con")).toEqual(["conditions"]);
    expect(complete("agentihooks", "conditions", "")).toEqual(expect.arrayContaining(["list", "explain", "test", "lint"]));
    expect(complete("agentihooks", "init", "--dr")).toEqual(["--dry-run"]);
    expect(complete("agentihooks", "init", "--no-")).toEqual(["--no-mcp"]);
    expect(complete("agentihooks", "init", "--target", "co")).toEqual(["codex", "copilot"]);
    expect(complete("agentihooks", "conditions", "list", "--target", "claude", "--js")).toEqual(["--json"]);
    expect(complete("agentihooks", "completion", "")).toEqual(["bash", "zsh", "fish"]);
    expect(complete("agentihooks", "conditions", "lint", "RE")).toEqual(["README.md"]); // PATH...: file names
  });

  test("every option of every command --help lists", () => {
    for (const c of COMMANDS) {
      const offered = complete("agentihooks", ...c.path, "--");
      for (const o of c.options) expect({ command: c.path.join(" "), option: o, offered: offered.includes(o) }).toEqual({ command: c.path.join(" "), option: o, offered: true });
      if (c.subcommands.length) expect(complete("agentihooks", ...c.path, "")).toEqual(expect.arrayContaining(c.subcommands));
    }
  });
});

describe.skipIf(!has("zsh"))("zsh", () => {
  const file = script("zsh");
  test("parses, and offers subcommands, flags and values through zsh's completion functions", () => {
    shell(["zsh", "-n", file]);
    // stand-ins for zsh's completion system print what they are given
    const stubs = `compdef() { :; }
_describe() { print -r -- "\${(j: :)\${(@)\${(P)\${@[-1]}}%%:*}}"; }
compadd() { if [[ $1 == -a ]]; then print -r -- "\${(j: :)\${(P)2}}"; else shift; print -r -- "$*"; fi; }
_files() { print -r -- files; }`;
    const complete = (...words: string[]) => shell(["zsh", "-f", "-c", `${stubs}\nsource ${file}\nwords=(${words.map((w) => `'${w}'`).join(" ")}); CURRENT=${words.length}; _agentihooks`])[0]?.split(" ");
    expect(complete("agentihooks", "conditions", "")).toEqual(expect.arrayContaining(["list", "explain", "test"]));
    expect(complete("agentihooks", "init", "--")).toEqual(expect.arrayContaining(["--dry-run", "--target", "--no-mcp", "--json"]));
    expect(complete("agentihooks", "init", "--target", "")).toEqual([...TARGETS, "all"]);
    expect(complete("agentihooks", "conditions", "lint", "")).toEqual(["files"]);
    expect(complete("agentihooks", "completion", "")).toEqual(["bash", "zsh", "fish"]);
  });
});

describe.skipIf(!has("fish"))("fish", () => {
  const file = script("fish");
  test("parses, and offers subcommands, flags and values", () => {
    shell(["fish", "-n", file]);
    const complete = (line: string) => shell(["fish", "--no-config", "-c", `source ${file}; complete -C '${line}'`]).map((l) => l.split("\t")[0]);
    expect(complete("agentihooks conditions ")).toEqual(expect.arrayContaining(["list", "explain", "test", "lint"]));
    expect(complete("agentihooks init --dr")).toEqual(["--dry-run"]);
    expect(complete("agentihooks init --target ")).toEqual(["all", ...TARGETS].sort()); // fish sorts
    for (const c of COMMANDS.filter((x) => x.path.length)) {
      const offered = complete(`agentihooks ${c.path.join(" ")} --`);
      for (const o of c.options) expect({ command: c.path.join(" "), option: o, offered: offered.includes(o) }).toEqual({ command: c.path.join(" "), option: o, offered: true });
    }
  });
});

test("an unknown shell is a usage error", () => {
  const r = run(["completion", "tcsh"], { env: ENV });
  expect(r.exitCode).toBe(2);
  expect(r.stderr).toBe('agentihooks completion: SHELL must be bash, zsh or fish, not "tcsh"; see agentihooks completion --help\n');
  expect(run(["completion", "bsah"], { env: ENV }).stderr).toMatch(/not "bsah" \(did you mean bash\?\)/);
});

describe("man page", () => {
  const page = run(["man"], { env: ENV }).stdout;

  test("roff structure: title, the standard sections, one subsection per command with every option", () => {
    const lines = page.split("\n");
    expect(lines[0]).toMatch(/^\.TH AGENTIHOOKS 1 "" "agentihooks \d+\.\d+\.\d+" "User Commands"$/);
    for (const s of ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "SEE ALSO"]) expect(lines).toContain(`.SH ${s}`);
    // every line is a known macro or text; text never starts with . or ' (it would be read as a request)
    for (const l of lines.filter(Boolean)) if (/^[.']/.test(l)) expect(l).toMatch(/^\.(TH|SH|SS|TP|PP|B|BR|I|RS|RE|nf|fi|br)( |$)/);
    for (const c of COMMANDS.filter((x) => x.path.length)) {
      const at = lines.findIndex((l) => l.startsWith(`.SS "agentihooks ${c.path.join(" ")}`));
      expect({ command: c.path.join(" "), found: at >= 0 }).toEqual({ command: c.path.join(" "), found: true });
      const next = lines.findIndex((l, i) => i > at && (l.startsWith(".SS") || l.startsWith(".SH")));
      const section = lines.slice(at, next).join("\n");
      for (const o of c.options) expect(section).toContain(`\\fB${o.replace(/-/g, "\\-")}\\fR`);
    }
  });

  test.skipIf(!has("groff"))("groff reads it without a warning", () => {
    const p = Bun.spawnSync(["groff", "-man", "-ww", "-z", "-Tutf8"], { stdin: new Blob([page]), stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    expect(p.exitCode).toBe(0);
  });

  test.skipIf(!has("man"))("man -l renders it", () => {
    const file = join(tempDir(), "agentihooks.1");
    writeFileSync(file, page);
    const p = Bun.spawnSync(["man", "--warnings", "-l", file], { env: { ...ENV, MANPAGER: "cat", PAGER: "cat", MANWIDTH: "100" }, stdout: "pipe", stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    const text = p.stdout.toString().replace(/.\x08/g, "");
    expect(text).toMatch(/^AGENTIHOOKS\(1\)/);
    expect(text).toContain("agentihooks conditions explain [options]");
    expect(text).toContain("--exit-code");
    expect(text).toContain("$ agentihooks init --dry-run");
  });
});
