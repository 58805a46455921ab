#!/usr/bin/env python3
# pre-bash.git-short_log.py: rewrite a bare `git log` into `git log --oneline -20`.
#
# What it does
#   A bare `git log` pages through the whole history and floods the agent's context. When the command
#   is exactly `git log` (surrounding spaces aside), this condition returns
#     {"tool_input": {"command": "git log --oneline -20"}, "decision": "allow"}
#   agentihooks shallow-merges tool_input over the call's input, so description and timeout stay.
#   Any other command (git log -p, git log --oneline, git status) is left alone.
#
# Where to put it
#   Any layer, as it is. `bash.git` runs it only for command lines that run git.
#
# Harness caveats
#   Claude Code applies a rewrite only together with a permission decision, hence "decision": "allow"
#   (a read-only command, safe to auto-approve; deny/ask rules in settings still apply to it).
#   Copilot receives it as modifiedArgs. Codex (0.169) applies updatedInput with the "allow", like
#   Claude Code; its PostToolUse then reports the rewritten command.
#
# Requires: python3 (the agentihooks Python, $AGENTIHOOKS_PYTHON).
import json
import sys

payload = json.load(sys.stdin)
command = payload.get("tool_input", {}).get("command", "")
if isinstance(command, str) and command.strip() == "git log":
    print(json.dumps({"tool_input": {"command": "git log --oneline -20"}, "decision": "allow"}))
