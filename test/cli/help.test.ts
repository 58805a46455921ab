// Help for every command, from its definition: examples, PATH... for commands that take many words,
// and the conditions reference where conditions are concerned.
import { expect, test } from "bun:test";
import { run } from "../helpers";
import { allCommands } from "./help-walk";

const COMMANDS = allCommands();

test("every command's help has examples that start with agentihooks (or feed it)", () => {
  for (const c of COMMANDS) {
    const examples = c.text.split("\nEXAMPLES\n\n")[1]?.split("\n\n")[0] ?? "";
    const lines = examples.split("\n").filter((l) => l.startsWith("  $ "));
    expect({ command: c.path.join(" "), examples: lines.length > 0 }).toEqual({ command: c.path.join(" "), examples: true });
    for (const l of lines) expect(l).toMatch(/agentihooks/);
  }
});

test("the conditions commands and the top level name docs/conditions.md; commands of many words say so", () => {
  for (const c of COMMANDS.filter((x) => x.path[0] === "conditions" || x.path.length === 0)) expect(c.text).toMatch(/SEE ALSO\n\n(  .*\n)*  docs\/conditions\.md/);
  const usage = (path: string[]) => COMMANDS.find((c) => c.path.join(" ") === path.join(" "))?.text.match(/^USAGE .*$/m)?.[0];
  expect(usage(["conditions", "lint"])).toBe("USAGE agentihooks conditions lint [OPTIONS] [PATH...]");
  expect(usage(["conditions", "test"])).toBe("USAGE agentihooks conditions test [OPTIONS] [CONDITION...]");
  expect(COMMANDS.find((c) => c.path.join(" ") === "programs")?.text).toContain("Options go before the first word");
});

test("help comes in three spellings and runs nothing", () => {
  const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", NO_COLOR: "1" };
  const texts = [["conditions", "explain", "--help"], ["conditions", "explain", "help"], ["help", "conditions", "explain"]].map((a) => run(a, { env }));
  for (const t of texts) expect([t.exitCode, t.stdout]).toEqual([0, texts[0].stdout]);
  expect(texts[0].stdout).toContain("--exit-code");
  const bad = run(["help", "conditions", "nope"], { env });
  expect([bad.exitCode, bad.stderr]).toEqual([2, "agentihooks conditions: Unknown command nope\n"]);
});
