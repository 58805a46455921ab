// Output of the commands that write harness configs (init, uninit, backups): their lines on stdout;
// a failed write prints one line per thing that happened (what failed, what was rolled back) and
// exits 1, where any other error is the usual single line.
import { WriteError } from "../setup/write-all";

/** Prints the lines `produce` returns, or a WriteError's lines on stderr with exit code 1. */
export function printSetupLines(produce: () => string[]): void {
  let lines: string[];
  try {
    lines = produce();
  } catch (err) {
    if (!(err instanceof WriteError)) throw err;
    process.stderr.write(err.lines.map((l) => `agentihooks: ${l.replace(/\s+/g, " ")}\n`).join(""));
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
