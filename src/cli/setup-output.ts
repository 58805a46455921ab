// Output of the commands that write harness configs (init, uninit, backups): a failed write prints one
// line per thing that happened (what failed, what was rolled back) and exits 1, where any other error
// is the usual single line.
import { WriteError } from "../setup/write-all";

/** Returns the lines `produce` returns; on a WriteError, prints its lines on stderr, sets exit code 1 and returns undefined. */
export function setupLines(produce: () => string[]): string[] | undefined {
  try {
    return produce();
  } catch (err) {
    if (!(err instanceof WriteError)) throw err;
    process.stderr.write(err.lines.map((l) => `agentihooks: ${l.replace(/\s+/g, " ")}\n`).join(""));
    process.exitCode = 1;
    return undefined;
  }
}
