// Bun's transpiler cache for TypeScript conditions (issue 24): kept in the private, gate-protected
// agentihooks home, never in ~/.cache or XDG_CACHE_HOME, where the agent could plant a transpiled file.
import { expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, sandbox } from "../helpers";

const walk = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])) : [];

test("a large TypeScript condition's transpiled copy is cached under the agentihooks home only", () => {
  const sb = sandbox();
  // Bun caches the transpiled output of sources over 50 KB
  const padding = `// ${"x".repeat(120)}\n`.repeat(600);
  addCondition(join(sb.home, "conditions"), "pre-bash-big.ts", `${padding}const input: string = await Bun.stdin.text();\nconsole.log(input.length > 0 ? "big ran" : "");\n`);
  const xdg = join(sb.root, "xdg-cache");
  const env = { ...sb.env, XDG_CACHE_HOME: xdg };
  const r = hook(claudeBash("ls", sb.repo), { env, target: "claude", cwd: sb.repo });
  expect(r.exitCode).toBe(0);
  expect(r.json.hookSpecificOutput.additionalContext).toContain("big ran");
  expect(walk(join(sb.home, "cache", "bun-transpiler")).length).toBeGreaterThan(0);
  expect(walk(xdg)).toEqual([]);
  expect(walk(join(sb.userHome, ".cache"))).toEqual([]);
  expect(walk(join(sb.userHome, ".bun"))).toEqual([]);
});
