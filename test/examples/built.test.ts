// The examples built from conditions-examples/_src/ (scripts/build-examples.ts): each built file is what
// its sources build to today, and it works copied alone into a layer of its own, as a person copies it.
import { describe, expect, test } from "bun:test";
import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { buildExample, exampleSources } from "../../scripts/build-examples";
import { REPO, addCondition, run, sandbox, tempDir } from "../helpers";
import { EXAMPLES, compare, loadCases, runCase } from "./cases";

const sources = exampleSources();

test("the two built-in guards are built from src/ (the list is not empty)", () => {
  expect(sources.map((s) => basename(s))).toEqual(["pre-bash.git-guard.ts", "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts"]);
});

describe("each built example", () => {
  for (const src of sources) {
    const file = basename(src);
    test(`${file} is up to date with its sources (make examples)`, () => {
      expect(readFileSync(join(EXAMPLES, file), "utf8")).toBe(buildExample(src));
    });

    test(`${file} imports nothing local: it needs nothing beside it`, () => {
      const text = readFileSync(join(EXAMPLES, file), "utf8");
      expect(text).not.toMatch(/from\s+"\.\.?\//);
      expect(text).not.toMatch(/import\(\s*"\.\.?\//);
    });

    test(`${file} copied alone into an empty folder passes every case of its cases file`, () => {
      const alone = tempDir("ah-alone-");
      copyFileSync(join(EXAMPLES, file), join(alone, file));
      expect(readdirSync(alone)).toEqual([file]);
      const failures: string[] = [];
      for (const c of loadCases(file)) {
        const { answer, vars } = runCase(file, c, alone);
        const problems = compare(c.expect, answer, vars);
        if (problems.length) failures.push(`${c.name}: ${problems.join("; ")}`);
      }
      expect(failures).toEqual([]);
    }, 60_000); // each Bash case runs the executable twice (its facts, then the condition)

    test(`${file} copied alone into the runtime layer denies through the hook`, () => {
      const sb = sandbox();
      const body = readFileSync(join(EXAMPLES, file), "utf8");
      addCondition(join(sb.home, "conditions"), file, body);
      const call = file.includes("git-guard") ? { tool_name: "Bash", tool_input: { command: "git push --force" } } : { tool_name: "Read", tool_input: { file_path: join(sb.root, ".env") } };
      const r = run(["hook"], { env: sb.env, stdin: JSON.stringify({ session_id: "s", cwd: sb.root, hook_event_name: "PreToolUse", ...call }) });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`[condition ${file}]`);
    });
  }
});

test("the sources typecheck as modules: each guard's default export is a function of the call", async () => {
  for (const src of sources) {
    const mod = await import(src);
    expect(typeof mod.default).toBe("function");
  }
  expect(REPO.length).toBeGreaterThan(0);
});
