// Entry point. `hook` is the hot path and takes the shortest route: no citty, no consola, no schemas
// beyond the ones a hook call needs. Everything else goes through citty.
import { versionLine } from "./version";

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // `hook --help` is for people: the CLI prints it from the hook's citty definition
  if (argv[0] === "hook" && !argv.some((a) => a === "--help" || a === "-h" || (a === "help" && argv.length === 2))) {
    const { runHookCommand } = await import("./hook-command");
    // Exit explicitly: a harness may never close stdin, and the answer is already written.
    process.exit(await runHookCommand(argv.slice(1)));
  }
  if (argv[0] === "--version" || argv[0] === "-v") {
    console.log(versionLine()); // version, commit, target: what a bug report needs
    return;
  }
  const { runCli } = await import("./cli/run-cli");
  await runCli(argv);
}

main();
