#!/usr/bin/env python3
# post-any-secret_scan.py: warn the agent when a tool's output contains a secret.
#
# What it does
#   After any tool call, looks through every string of tool_response for well-known secret shapes:
#     AWS access key ids      AKIA or ASIA + 16 capitals/digits
#     GitHub tokens           ghp_/gho_/ghu_/ghs_/ghr_ + 36 or more, github_pat_...
#     private keys            -----BEGIN ... PRIVATE KEY-----
#     Slack tokens            xoxb-/xoxa-/xoxp-/xoxr-/xoxs-...
#   and when it finds one, adds a warning to the agent's context naming what it found (redacted:
#   the first and last four characters only) and what to do: not repeat it, not write it anywhere,
#   tell the user so they can rotate it. Output without secrets: no effect.
#
# Why a post condition can warn but not block
#   PostToolUse runs after the tool has run. The file was already read, the command already
#   printed the key, the output already exists in the harness. Nothing a post hook returns can undo
#   that; exit 2 here only attaches feedback next to the result (Claude shows it as "blocked", Copilot
#   as context, both keep the output visible; Codex 0.169 shows its model only the reason, but the
#   output was already produced). Prevention belongs in PreToolUse (see
#   pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts); detection after the fact can only warn, so this one
#   says so plainly through context instead of pretending to block.
#
# Where to put it
#   Any layer, as it is. `any` matches every tool, MCP tools included.
#
# Harness caveats
#   Post context reaches the agent in Claude Code, Codex and Copilot (Copilot appends it to the tool
#   result). PostToolUse does not fire for failed calls in Claude Code and Copilot.
#
# Requires: python3.
import json
import re
import sys

SHAPES = [
    ("an AWS access key id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])")),
    ("a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})")),
    ("a private key", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("a Slack token", re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}")),
]


def strings(value):
    """Yields every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def redact(secret):
    return secret if secret.startswith("-----") else f"{secret[:4]}...{secret[-4:]}"


payload = json.load(sys.stdin)
found = []
for text in strings(payload.get("tool_response")):
    for label, shape in SHAPES:
        for m in shape.finditer(text):
            item = f"{label} ({redact(m.group(0))})"
            if item not in found:
                found.append(item)
if found:
    tool = payload.get("tool_name", "tool")
    print(json.dumps({"context": (
        f"WARNING: the output of this {tool} call contains what looks like {', '.join(found[:5])}. "
        "Do not repeat it, write it to a file, commit it or send it anywhere; tell the user, "
        "who should rotate it. This warning cannot undo the call: the output already exists."
    )}))
