// Claude Code, live: what a PreToolUse costs on the resident path (`init --resident`: an mcp_tool hook
// on the agentihooks MCP server) against the command path, as Claude Code itself measures its hooks
// (the timings of its --debug-file). The same
// calls (Bash `git status` through init's default profile: both guards run) in two worlds, alternating
// ABBA so drift hits both; the ratio is printed, never asserted (timings decide no test).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describeRun, runCli } from "./lib/clis";
import { type World, hookLog, makeWorld } from "./lib/world";

const CALLS = 6;
const git = { tool: "Bash", input: { command: "git status", description: "live cost check" } };

/**
 * Returns the time of each of this world's PreToolUse and PostToolUse Bash hook calls as Claude Code's debug log gives
 * it: a command hook's "finished with status 0 (X ms)"; for an mcp_tool hook, from "mcp_tool calling"
 * to Claude reading its answer ("Hook output ..."), which also holds Claude's own checks of an MCP call.
 */
async function preToolUseTimes(w: World, resident: boolean): Promise<number[]> {
  const debug = join(w.home, `debug-${Date.now()}.log`);
  const r = await runCli(w, { script: Array.from({ length: CALLS }, () => git), args: ["--debug-file", debug] });
  expect(r.exitCode, describeRun(r)).toBe(0);
  const log = readFileSync(debug, "utf8");
  const at = (line: string) => Date.parse(line.slice(0, 24));
  const hook: number[] = [];
  if (resident) {
    const lines = log.split("\n");
    lines.forEach((l, i) => {
      if (!l.includes("Hooks: mcp_tool calling agentihooks/hook")) return;
      const read = lines.slice(i + 1).find((x) => x.includes("Hook output"));
      if (read) hook.push(at(read) - at(l));
    });
  } else {
    for (const m of log.matchAll(/Hooks: (?:Pre|Post)ToolUse:Bash \[[^\]]*agentihooks hook[^\]]*\] finished with status 0 \((\d+)ms\)/g)) hook.push(Number(m[1]));
  }
  expect(hook.length, describeRun(r)).toBe(2 * CALLS); // PreToolUse and PostToolUse
  return hook;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

describe("claude: the resident path's cost, as Claude Code measures it", () => {
  test("Bash git status through the default profile, its Pre and PostToolUse hooks: resident against command, ratio printed", async () => {
    const command = makeWorld("claude");
    const resident = makeWorld("claude", { initArgs: ["--resident"] });
    const c: number[] = [];
    const r: number[] = [];
    for (const w of [command, resident, resident, command]) (w === resident ? r : c).push(...(await preToolUseTimes(w, w === resident)));
    expect(hookLog(resident).filter((l) => l.via === "mcp" && l.event === "PreToolUse").length).toBe(2 * CALLS);
    console.log(`claude debug log, Bash git status (default profile): resident ${median(r)} ms, command ${median(c)} ms, ${(median(r) / median(c)).toFixed(2)}x (medians of ${4 * CALLS} Pre/PostToolUse hook calls)`);
  });
});
