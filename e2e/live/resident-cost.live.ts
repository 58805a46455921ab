// Claude Code, live: what a PreToolUse costs on the resident path (`init --resident`: an mcp_tool hook
// on the agentihooks MCP server) against the command path, as Claude Code itself measures its hooks
// (the "Hooks: PreToolUse:Bash [...] finished with status N (X ms)" lines of --debug-file). The same
// calls (Bash `git status` through init's default profile: both guards run) in two worlds, alternating
// ABBA so drift hits both; the ratio is printed, never asserted (timings decide no test).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import { type World, makeWorld } from "./lib/world";

const CALLS = 6;
const git = { tool: "Bash", input: { command: "git status", description: "live cost check" } };

/** Returns Claude Code's timings (ms) of this world's PreToolUse:Bash hook calls and the handler it named. */
async function preToolUseTimes(w: World): Promise<{ ms: number[]; handler: string }> {
  const debug = join(w.home, `debug-${Date.now()}.log`);
  const r = await runCli(w, { script: Array.from({ length: CALLS }, () => git), args: ["--debug-file", debug] });
  expect(r.exitCode, describeRun(r)).toBe(0);
  const times = [...readFileSync(debug, "utf8").matchAll(/Hooks: PreToolUse:Bash \[([^\]]*)\] finished with status (\d+) \((\d+)ms\)/g)];
  expect(times.length, describeRun(r)).toBe(CALLS);
  for (const [, , status] of times) expect(status).toBe("0");
  return { ms: times.map((m) => Number(m[3])), handler: times[0][1] };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

describe("claude: the resident path's cost, as Claude Code measures it", () => {
  test("PreToolUse Bash git status through the default profile: resident against command, ratio printed", async () => {
    const command = makeWorld("claude");
    const resident = makeWorld("claude", { initArgs: ["--resident"] });
    const c: number[] = [];
    const r: number[] = [];
    for (const w of [command, resident, resident, command]) {
      const t = await preToolUseTimes(w);
      expect(t.handler).toBe(w === resident ? "agentihooks/hook" : expect.stringContaining("hook --target claude --event PreToolUse"));
      (w === resident ? r : c).push(...t.ms);
    }
    console.log(`claude debug log, PreToolUse Bash git status (default profile): resident ${median(r)} ms, command ${median(c)} ms, ${(median(r) / median(c)).toFixed(2)}x`);
  });
});
