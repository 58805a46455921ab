// Claude Code, live: the real CLI against the mock model, agentihooks wired in by `init`.
// Every check is decided by a side effect (a marker file) or by what reached the model.
import { describe, expect, test } from "bun:test";
import { describeRun, runCli } from "./lib/clis";
import { makeWorld, recorder } from "./lib/world";

const bash = (command: string) => ({ tool: "Bash", input: { command, description: "live check" } });

describe("claude: deny", () => {
  test("with nothing matching, the command runs (the marker method works)", async () => {
    const w = makeWorld("claude");
    const r = await runCli(w, { script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(true);
  });

  test("a pre-bash condition that exits 2 stops the command, and its reason reaches the model", async () => {
    const w = makeWorld("claude");
    w.condition("pre-bash.touch-deny.sh", recorder(w, "cond", 'echo "touch is not allowed here" >&2; exit 2'));
    const r = await runCli(w, { script: [bash(`touch '${w.marker("ran")}'`)] });
    expect(w.exists(w.marker("cond")), describeRun(r)).toBe(true);
    expect(w.exists(w.marker("ran")), describeRun(r)).toBe(false);
    expect(r.seen).toContain("touch is not allowed here");
  });
});
