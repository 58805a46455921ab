#!/usr/bin/env bash
# post-mcp__gateway-tools-audit.async.sh: one audit line per call of the gateway-tools MCP server.
#
# What it does
#   After every call of a tool of the MCP server `gateway-tools` (mcp__gateway-tools__<tool>), appends
#   one JSON line to $AGENTIHOOKS_HOME/logs/mcp-audit.jsonl ($HOME/.agentihooks/logs/ when
#   AGENTIHOOKS_HOME is unset):
#     {"time":"2026-...Z","target":"claude","session":"...","tool_use_id":"...",
#      "tool":"mcp__gateway-tools__github-create_pull_request","input":{...},"is_error":false}
#   The tool's response is not logged (it can be large and hold secrets), only whether it was an error.
#
# Where to put it
#   Any layer, as it is. `.async` makes agentihooks start it detached before the synchronous
#   conditions: it never delays the call and its output is ignored, so it cannot change anything.
#   Rename the matcher part for your server (post-mcp__github-audit.async.sh), or use `mcp` for all.
#
# Harness caveats
#   Claude Code names MCP tools mcp__<server>__<tool>, so it fires there; Codex sanitizes the names
#   (mcp__gateway_tools__github_create_pull_request), which this matcher matches too, but fires no
#   PostToolUse for a failed MCP call (0.169), so on Codex only successful calls are logged. Copilot names
#   them <server>-<tool>; agentihooks splits that at a server name from Copilot's MCP configs
#   (~/.copilot/mcp-config.json, .mcp.json, .github/mcp.json), so it fires there too. Codex skips `async` hooks
#   in its own hooks.json, but here agentihooks runs the condition detached itself, so that does not apply.
#   Concurrent calls each append one line (a single write, O_APPEND).
#
# Requires: bash; python3 for the input (without it the line carries the AH_* scalars only).
# Shellcheck-clean.
set -u

logdir="${AGENTIHOOKS_HOME:-$HOME/.agentihooks}/logs"
mkdir -p "$logdir" || exit 0

# Returns $1 as a JSON string.
json_str() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//[$'\t\r\n']/ }
  printf '"%s"' "$s"
}

line=$("${AGENTIHOOKS_PYTHON:-python3}" -c '
import datetime, json, os, sys
p = json.load(sys.stdin)
r = p.get("tool_response")
print(json.dumps({
    "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
    "target": os.environ.get("AH_TARGET", ""),
    "session": p.get("session_id", ""),
    "tool_use_id": p.get("tool_use_id", ""),
    "tool": p.get("tool_name", ""),
    "input": p.get("tool_input"),
    "is_error": isinstance(r, dict) and r.get("isError") is True,
}, separators=(",", ":")))
' 2>/dev/null) || line="{\"time\":$(json_str "$(date -u +%Y-%m-%dT%H:%M:%SZ)"),\"target\":$(json_str "${AH_TARGET:-}"),\"session\":$(json_str "${AH_SESSION_ID:-}"),\"tool_use_id\":$(json_str "${AH_TOOL_USE_ID:-}"),\"tool\":$(json_str "${AH_TOOL_NAME:-}"),\"input\":null}"

printf '%s\n' "$line" >>"$logdir/mcp-audit.jsonl"
