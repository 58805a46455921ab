// The starting points `conditions new` writes: a condition that fails closed, and the cases that prove
// it. A pre template denies a payload it cannot read and a Bash line whose programs cannot be known
// (AH_DYNAMIC=1), naming the reason; a post template says so in context (a post condition cannot stop
// a call that already ran). The rule itself is the author's: each template marks where it goes.
import type { Alternative } from "./matcher";

export type TemplateLanguage = "bash" | "python" | "typescript";

export interface TemplateInput {
  language: TemplateLanguage;
  step: "pre" | "post";
  /** The condition's file name and the short name its messages start with. */
  file: string;
  name: string;
  alternatives: readonly Alternative[];
}

/** Returns the script of a new condition. */
export function conditionTemplate(t: TemplateInput): string {
  const head = header(t);
  if (t.language === "python") return python(t, head);
  if (t.language === "typescript") return typescript(t, head);
  return bash(t, head);
}

/** Returns the cases file (as an object) that the template passes as written. */
export function casesTemplate(t: TemplateInput): { condition: string; cases: Record<string, unknown>[] } {
  const call = plainCall(t.alternatives);
  const cases: Record<string, unknown>[] = [];
  const post = t.step === "post" ? { tool_response: call.tool === "Bash" ? { stdout: "", stderr: "" } : {} } : {};
  cases.push({ name: "a plain call passes (edit this case when you write the rule)", ...call, ...post, expect: { decision: "none", silent: true } });
  if (t.step === "pre") {
    cases.push({ name: "an unreadable payload is denied (fail closed)", stdin: "{", expect: { decision: "deny", reason_contains: "fail closed" } });
    if (seesBash(t.alternatives)) cases.push({ name: "a dynamic line is denied, naming why", tool: "Bash", command: "echo ${!x}", expect: { decision: "deny", reason_contains: "cannot be known" } });
  } else {
    cases.push({ name: "an unreadable payload is reported", stdin: "{", expect: { context_contains: "cannot read the payload" } });
    if (seesBash(t.alternatives)) cases.push({ name: "a dynamic line is not judged, and says so", tool: "Bash", command: "echo ${!x}", tool_response: { stdout: "", stderr: "" }, expect: { context_contains: "cannot be known" } });
  }
  return { condition: t.file, cases };
}

// --- internal ---

/** Claude's spelling of the tools a matcher names in lower case (cases describe Claude calls). */
const CLAUDE_TOOLS: Record<string, string> = {
  bash: "Bash", read: "Read", write: "Write", edit: "Edit", multiedit: "MultiEdit", notebookedit: "NotebookEdit",
  glob: "Glob", grep: "Grep", webfetch: "WebFetch", websearch: "WebSearch", agent: "Agent", task: "Task",
};
const FILE_TOOLS = new Set(["Read", "Write", "Edit", "MultiEdit", "NotebookEdit"]);

/** Returns a call the matcher's first alternative matches and the template lets through. */
function plainCall(alts: readonly Alternative[]): Record<string, unknown> {
  const alt = alts[0];
  if (!alt || alt.kind === "any") return { tool: "Bash", command: "ls" };
  if (alt.kind === "cli") return { tool: "Bash", command: `${alt.cli} --version` };
  if (alt.kind === "mcp") return { tool: "mcp__example__probe", tool_input: {} };
  if (alt.kind === "mcp_server") return { tool: `mcp__${alt.server}__probe`, tool_input: {} };
  const tool = CLAUDE_TOOLS[alt.name] ?? alt.name;
  if (tool === "Bash") return { tool, command: "ls" };
  return FILE_TOOLS.has(tool) ? { tool, file_path: "${CWD}/notes.txt" } : { tool, tool_input: {} };
}

/** True when the matcher can fire for a Bash call (so AH_DYNAMIC can be 1). */
function seesBash(alts: readonly Alternative[]): boolean {
  return alts.some((a) => a.kind === "any" || a.kind === "cli" || (a.kind === "exact" && a.name === "bash"));
}

function header(t: TemplateInput): string[] {
  const stem = t.file.slice(0, t.file.lastIndexOf("."));
  const bad = t.step === "pre" ? "A payload it cannot read is denied (fail closed), and so is" : "A payload it cannot read is reported in context, and so is";
  return [
    `${t.file}: TODO say what this condition guards. Written by \`agentihooks conditions new\`.`,
    "",
    `${bad} a Bash line whose programs cannot be`,
    "known statically (AH_DYNAMIC=1; AH_DYNAMIC_WHY says why). Write the rule where marked, add its cases",
    `to _${stem}.cases.json, and run: agentihooks conditions test ${t.file}`,
    "The script contract and every AH_* variable: docs/conditions.md.",
  ];
}

function bash(t: TemplateInput, head: string[]): string {
  const pre = t.step === "pre";
  const say = pre ? `printf '${t.name}: %s\\n' "$1" >&2\n  exit 2` : `printf '${t.name}: %s\\n' "$1"\n  exit 0`;
  return `#!/usr/bin/env bash
${head.map((l) => `# ${l}`.trimEnd()).join("\n")}
set -uo pipefail

${pre ? "deny" : "note"}() {
  ${say}
}

# The payload is JSON on stdin: python3 (or $AGENTIHOOKS_PYTHON) prints the Bash command (empty for
# other tools), or the reason it cannot, and exits 1.
if ! cmd=$("\${AGENTIHOOKS_PYTHON:-python3}" -c '
import json, sys
try:
    payload = json.load(sys.stdin)
    tool_input = payload["tool_input"]
    command = tool_input.get("command", "") if isinstance(tool_input, dict) else None
    if not isinstance(command, str):
        raise ValueError("tool_input is not an object with a string command")
except Exception as exc:
    sys.stdout.write("%s: %s" % (type(exc).__name__, exc))
    sys.exit(1)
sys.stdout.write(command)
'); then
  ${pre ? "deny" : "note"} "cannot read the payload (\${cmd:-python3 failed}); ${pre ? "denied to fail closed" : "not judged"}"
fi

if [[ \${AH_DYNAMIC:-0} == 1 ]]; then
  ${pre ? "deny" : "note"} "the programs of this command cannot be known statically (\${AH_DYNAMIC_WHY:-dynamic}); ${pre ? "write it plainly" : "its output was not judged"}"
fi

# TODO the rule: ${pre ? "deny what this condition guards against, with a reason the agent can act on" : "print context for the agent (plain text on stdout)"}.
# For example:
#   if [[ $cmd == *--force* ]]; then ${pre ? "deny" : "note"} "no --force here: <why, and what to do instead>"; fi
: "$cmd"
exit 0
`;
}

function python(t: TemplateInput, head: string[]): string {
  const pre = t.step === "pre";
  return `#!/usr/bin/env python3
${head.map((l) => `# ${l}`.trimEnd()).join("\n")}
import json
import os
import sys


def ${pre ? "deny" : "note"}(reason):
    ${pre ? `print(f"${t.name}: {reason}", file=sys.stderr)\n    sys.exit(2)` : `print(f"${t.name}: {reason}")\n    sys.exit(0)`}


try:
    payload = json.load(sys.stdin)
    tool_input = payload["tool_input"]
    command = tool_input.get("command", "") if isinstance(tool_input, dict) else None
    if not isinstance(command, str):
        raise ValueError("tool_input is not an object with a string command")
except Exception as exc:  # a guard that crashes exits 1, and exit 1 skips it: fail closed instead
    ${pre ? "deny" : "note"}(f"cannot read the payload ({type(exc).__name__}: {exc}); ${pre ? "denied to fail closed" : "not judged"}")

if os.environ.get("AH_DYNAMIC") == "1":
    why = os.environ.get("AH_DYNAMIC_WHY") or "dynamic"
    ${pre ? "deny" : "note"}(f"the programs of this command cannot be known statically ({why}); ${pre ? "write it plainly" : "its output was not judged"}")

# TODO the rule: ${pre ? "deny what this condition guards against, with a reason the agent can act on" : "print context for the agent (plain text on stdout)"}.
# For example:
#   if "--force" in command:
#       ${pre ? "deny" : "note"}("no --force here: <why, and what to do instead>")
sys.exit(0)
`;
}

function typescript(t: TemplateInput, head: string[]): string {
  const pre = t.step === "pre";
  return `${head.map((l) => `// ${l}`.trimEnd()).join("\n")}
// A .ts condition runs on the Bun inside the agentihooks executable: nothing to install.
import { readFileSync } from "node:fs";

function ${pre ? "deny" : "note"}(reason: string): never {
  ${pre ? `process.stderr.write(\`${t.name}: \${reason}\\n\`);\n  process.exit(2);` : `process.stdout.write(\`${t.name}: \${reason}\\n\`);\n  process.exit(0);`}
}

let command = "";
try {
  const payload = JSON.parse(readFileSync(0, "utf8"));
  const input = payload?.tool_input;
  const c = input && typeof input === "object" && !Array.isArray(input) ? (input.command ?? "") : undefined;
  if (typeof c !== "string") throw new Error("tool_input is not an object with a string command");
  command = c;
} catch (err) {
  // a guard that crashes exits 1, and exit 1 skips it: fail closed instead
  ${pre ? "deny" : "note"}(\`cannot read the payload (\${(err as Error).message}); ${pre ? "denied to fail closed" : "not judged"}\`);
}

if (process.env.AH_DYNAMIC === "1") {
  ${pre ? "deny" : "note"}(\`the programs of this command cannot be known statically (\${process.env.AH_DYNAMIC_WHY || "dynamic"}); ${pre ? "write it plainly" : "its output was not judged"}\`);
}

// TODO the rule: ${pre ? "deny what this condition guards against, with a reason the agent can act on" : "print context for the agent (plain text on stdout)"}.
// For example:
//   if (command.includes("--force")) ${pre ? "deny" : "note"}("no --force here: <why, and what to do instead>");
void command;
`;
}
