// doctor: how long the interpreters the conditions need take to start. Every condition in a script
// pays its interpreter's start on every tool call it matches: a pyenv or asdf shim (a shell script
// that resolves a version before starting the real python) can add a second to each call.
import type { Check } from "./check";

/** Starts above this are flagged: a real bash or python3 starts in a few tens of milliseconds. */
export const SLOW_MS = 300;

/** The argv that starts each interpreter and does nothing. */
const NOTHING: Record<string, string[]> = { bash: ["-c", ":"], sh: ["-c", ":"], python3: ["-c", "pass"], python: ["-c", "pass"] };

const measured = new Map<string, number | undefined>();

/** Returns the fastest of two starts of `program` in milliseconds, or undefined when it does not start. */
function startMs(program: string, env: Record<string, string | undefined>): number | undefined {
  const key = `${program}\0${env.PATH ?? ""}`;
  if (measured.has(key)) return measured.get(key);
  const base = program.split("/").pop() ?? program;
  const args = NOTHING[base] ?? (/^python/.test(base) ? NOTHING.python : undefined);
  let best: number | undefined;
  if (args) {
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      const p = Bun.spawnSync([program, ...args], { env: env as Record<string, string>, stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      const ms = performance.now() - t0;
      if (p.exitCode === 0) best = best === undefined ? ms : Math.min(best, ms);
    }
  }
  measured.set(key, best);
  return best;
}

/** Returns a warning for each of `programs` that takes longer than SLOW_MS to start. */
export function slowInterpreters(target: string, programs: string[], env: Record<string, string | undefined>): Check[] {
  const checks: Check[] = [];
  for (const program of programs) {
    const ms = startMs(program, env);
    if (ms === undefined || ms <= SLOW_MS) continue;
    const where = Bun.which(program, { PATH: env.PATH ?? "" }) ?? program;
    checks.push({
      level: "warn",
      text: `${target}: ${program} (${where}) takes ${Math.round(ms)} ms to start (a version-manager shim?): every condition it runs pays that on each call`,
      fix: `put the real ${program} first on PATH, or name it in the conditions' first line (#!/path/to/${program.split("/").pop()})`,
    });
  }
  return checks;
}
