#!/usr/bin/env python3
# post-bash.pytest-trim.py: trim long pytest output before the agent reads it.
#
# What it does
#   After a Bash call that ran pytest, when stdout has more than 60 lines, the agent sees instead:
#   the first 10 lines, a "[... N lines trimmed ...]" marker, the FAILED/ERROR summary lines from the
#   cut part (at most 20), and the last 40 lines; plus a context line saying the output was trimmed.
#   stderr, interrupted and isImage are kept (tool_output is the full Bash object, not a string).
#   Short output, or a command that does not mention pytest, is left alone.
#
# Where to put it
#   Any layer, as it is. `bash.pytest` matches `pytest ...`, `uv run pytest`, `poetry run pytest`,
#   `xargs pytest` and `python -m pytest` (a module run with -m is matched like a program).
#
# Harness caveats
#   Claude Code gets hookSpecificOutput.updatedToolOutput (some builds ignore it for built-in tools;
#   the context line still arrives). Copilot gets modifiedResult.textResultForLlm. Codex (0.169) gets a
#   post block whose reason is the trimmed text: its model then sees only that, and the context line.
#   PostToolUse does not fire for failed calls in Claude Code and Copilot; a pytest run with failing
#   tests is still a successful Bash call (exit status 1 is output), so it is trimmed too.
#
# Requires: python3.
import json
import re
import sys

LIMIT, HEAD, TAIL, KEEP_FAILURES = 60, 10, 40, 20
SUMMARY = re.compile(r"^(FAILED|ERROR) ")

payload = json.load(sys.stdin)
command = payload.get("tool_input", {}).get("command", "")
response = payload.get("tool_response")
if "pytest" not in str(command):
    sys.exit(0)
if isinstance(response, dict):
    stdout = response.get("stdout", "")
elif isinstance(response, str):
    stdout = response
else:
    sys.exit(0)
lines = str(stdout).splitlines()
if len(lines) <= LIMIT:
    sys.exit(0)

middle = lines[HEAD:-TAIL]
failures = [line for line in middle if SUMMARY.match(line)][:KEEP_FAILURES]
kept = lines[:HEAD] + [f"[... {len(middle)} lines trimmed by post-bash.pytest-trim.py ...]"] + failures + lines[-TAIL:]
trimmed = "\n".join(kept)
output = {**response, "stdout": trimmed} if isinstance(response, dict) else trimmed
print(json.dumps({
    "tool_output": output,
    "context": f"pytest output trimmed from {len(lines)} to {len(kept)} lines; rerun one test with -x -q for its full output",
}))
