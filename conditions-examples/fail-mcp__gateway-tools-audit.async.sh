#!/usr/bin/env bash
# post-mcp__gateway-tools-audit.async.sh and fail-mcp__gateway-tools-audit.async.sh (one script, two
# names): one audit line per call of the gateway-tools MCP server, failed calls included.
#
# What it does
#   After every call of a tool of the MCP server `gateway-tools` (mcp__gateway-tools__<tool>), appends
#   one JSON line to $AGENTIHOOKS_HOME/logs/mcp-audit.jsonl ($HOME/.agentihooks/logs/ when
#   AGENTIHOOKS_HOME is unset):
#     {"time":"2026-...Z","target":"claude","session":"...","tool_use_id":"...",
#      "tool":"mcp__gateway-tools__github-create_pull_request","input":{...},"is_error":false}
#   A failed call adds "error": the first 200 characters of the harness's error text. The tool's
#   response is not logged (it can be large and hold secrets), only whether it was an error.
#
# Where to put it
#   Any layer, as it is, under BOTH names: this file and fail-mcp__gateway-tools-audit.async.sh (the
#   same script). A failed MCP call never fires PostToolUse in Claude Code: it fires
#   PostToolUseFailure, the `fail` step, so the post file alone misses every failure. `.async` makes
#   agentihooks start it detached before the synchronous conditions: it never delays the call and its
#   output is ignored, so it cannot change anything. Rename the matcher part for your server
#   (post-mcp__github-audit.async.sh), or use `mcp` for all.
#
# Harness caveats
#   Claude Code names MCP tools mcp__<server>__<tool>, so it fires there; Codex sanitizes the names
#   (mcp__gateway_tools__github_create_pull_request), which this matcher matches too. Responses come
#   in two shapes, both read: Claude's is a list of content blocks (never an error: a failed call
#   arrives on the fail step with an `error` string), Codex's a {content, isError} object. Codex fires
#   no PostToolUse for a failed MCP call (0.169), so there only successful calls are logged. Copilot
#   names them <server>-<tool>; agentihooks splits that at a server name from Copilot's MCP configs
#   (~/.copilot/mcp-config.json, .mcp.json, .github/mcp.json), so it fires there too. Codex skips
#   `async` hooks in its own hooks.json, but here agentihooks runs the condition detached itself, so
#   that does not apply. Concurrent calls each append one line (a single write, O_APPEND).
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
failed = p.get("hook_event_name") == "PostToolUseFailure"
entry = {
    "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
    "target": os.environ.get("AH_TARGET", ""),
    "session": p.get("session_id", ""),
    "tool_use_id": p.get("tool_use_id", ""),
    "tool": p.get("tool_name", ""),
    "input": p.get("tool_input"),
    # a list (Claude) is a success; a {content, isError} object (Codex) says itself
    "is_error": failed or (isinstance(r, dict) and r.get("isError") is True),
}
if failed:
    entry["error"] = str(p.get("error", ""))[:200]
print(json.dumps(entry, separators=(",", ":")))
' 2>/dev/null) || line="{\"time\":$(json_str "$(date -u +%Y-%m-%dT%H:%M:%SZ)"),\"target\":$(json_str "${AH_TARGET:-}"),\"session\":$(json_str "${AH_SESSION_ID:-}"),\"tool_use_id\":$(json_str "${AH_TOOL_USE_ID:-}"),\"tool\":$(json_str "${AH_TOOL_NAME:-}"),\"input\":null,\"is_error\":$([ "${AH_EVENT:-}" = PostToolUseFailure ] && echo true || echo false)}"

printf '%s\n' "$line" >>"$logdir/mcp-audit.jsonl"
