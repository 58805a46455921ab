// The compiled executable's verdict on many lines at once (`programs --jsonl`), and what a line ran
// under the real bash that a verdict does not account for.
import { BIN } from "../helpers";

export interface Verdict {
  programs: string[];
  wrappers: string[];
  modules: string[];
  dynamic: boolean;
  why: string[];
}

/** The executable's verdict on each line, from one `programs --jsonl` process. */
export function verdicts(commands: string[]): Verdict[] {
  if (!commands.length) return [];
  const r = Bun.spawnSync([BIN, "programs", "--jsonl"], { stdin: Buffer.from(commands.map((c) => JSON.stringify(c)).join("\n")), stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`programs --jsonl failed: ${r.stderr.toString()}`);
  return r.stdout.toString().trim().split("\n").map((l) => JSON.parse(l) as Verdict);
}

const name = (n: string) => n.toLowerCase().replace(/\.exe$/, "");

/** Returns the names a line ran that its verdict does not account for (none when it is dynamic). */
export function missed(ran: string[], v: Verdict): string[] {
  if (v.dynamic) return [];
  return [...new Set(ran.map(name))].filter((n) => !v.programs.includes(n) && !v.wrappers.includes(n) && !v.modules.includes(n));
}
