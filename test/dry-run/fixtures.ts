// Sandboxes for the dry-run commands: the example conditions copied into a runtime layer, and a
// hand-made layer of conditions that never run or do not do what they mean.
import { chmodSync, copyFileSync, cpSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO, type Sandbox, addCondition, run, sandbox, writeFile } from "../helpers";

export const EXAMPLES = join(REPO, "conditions-examples");

/** Returns a sandbox whose runtime layer holds the example conditions and their cases. */
export function examplesSandbox(): Sandbox {
  const s = sandbox();
  for (const f of readdirSync(EXAMPLES)) {
    const to = join(s.home, "conditions", f);
    // The whole folder, as a person copies it: _src/ (the built examples' sources) is ignored there.
    if (statSync(join(EXAMPLES, f)).isDirectory()) {
      cpSync(join(EXAMPLES, f), to, { recursive: true });
      continue;
    }
    copyFileSync(join(EXAMPLES, f), to);
    chmodSync(to, f.startsWith("_") ? 0o644 : 0o755);
  }
  return s;
}

/** Runs `agentihooks ARGS` in the sandbox's repository. */
export const ah = (s: Sandbox, args: string[], stdin?: string) => run(args, { env: s.env, cwd: s.repo, stdin });

/** Writes the bad layer into `dir` and returns the file names by what is wrong with them. */
export function badLayer(dir: string) {
  const files = {
    noExtension: addCondition(dir, "pre-bash-nope", "echo hi\n"),
    noRunner: addCondition(dir, "pre-bash-thing.rb", "puts 1\n", 0o644),
    keyword: addCondition(dir, "pre-bash.then-guard.sh", "exit 0\n"),
    dashed: addCondition(dir, "pre-bash.git-my-guard.sh", "exit 0\n"),
    asyncDeny: addCondition(dir, "post-any-audit.async.sh", 'echo \'{"decision":"deny"}\'\nexit 2\n'),
    shadowedPy: addCondition(dir, "pre-bash-rm_guard.py", "print('x')\n"),
    failsOpen: addCondition(dir, "pre-bash-rm_guard.sh", "#!/usr/bin/env bash\nset -euo pipefail\ncmd=$(jq -r .tool_input.command)\n[[ $cmd == rm* ]] && { echo no rm >&2; exit 2; }\nexit 0\n"),
    notebook: addCondition(dir, "pre-notebookedit-nb.py", "import json, sys\np = json.load(sys.stdin)\nprint(json.dumps({'decision': 'deny'}))\n"),
    typo: addCondition(dir, "pre-bsh-typo.sh", "exit 0\n"),
    badCases: writeFile(join(dir, "_pre-bash-rm_guard.cases.json"), "{"),
  };
  return files;
}
