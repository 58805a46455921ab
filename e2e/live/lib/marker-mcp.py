#!/usr/bin/env python3
# A stdio MCP server for live checks: its one tool, `touch`, writes the file named by its `path`
# argument (holding the request's `_meta`, if any), so whether a harness made the MCP call is a side effect a check can see. Newline-delimited
# JSON-RPC 2.0, as MCP's stdio transport carries it; nothing but the standard library.
import json
import sys


def answer(msg_id, result):
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": result}) + "\n")
    sys.stdout.flush()


TOUCH = {
    "name": "touch",
    "description": "Creates an empty file at path.",
    "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
}

for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    method, msg_id = msg.get("method"), msg.get("id")
    if msg_id is None:
        continue  # a notification (initialized, cancelled): nothing to answer
    if method == "initialize":
        answer(msg_id, {
            "protocolVersion": msg.get("params", {}).get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "marker", "version": "1.0.0"},
        })
    elif method == "tools/list":
        answer(msg_id, {"tools": [TOUCH]})
    elif method == "tools/call":
        args = msg.get("params", {}).get("arguments") or {}
        path = str(args.get("path", ""))
        meta = msg.get("params", {}).get("_meta")
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps(meta) if meta is not None else "")
        answer(msg_id, {"content": [{"type": "text", "text": f"touched {path}"}]})
    else:
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg_id, "error": {"code": -32601, "message": f"no method {method}"}}) + "\n")
        sys.stdout.flush()
