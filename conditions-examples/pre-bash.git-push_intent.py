#!/usr/bin/env python3
# pre-bash.git-push_intent.py: ask before a push nobody asked for (reads the transcript).
#
# What it does
#   Before a Bash call that runs `git push` (not --dry-run), reads the conversation from
#   $AH_TRANSCRIPT_PATH and looks at the prompts the user typed. When no prompt mentions pushing, or
#   the last one that does says not to ("don't push yet"), it returns
#     {"decision": "ask", "reason": "..."}
#   so the user confirms before commits leave the machine. When the user asked for a push: no effect.
#   Only text the user typed counts: tool results, file contents and injected context are also
#   "user" entries in the transcript, and they could carry an instruction to push (prompt injection).
#
# Where to put it
#   Any layer, as it is. `bash.git` runs it only for command lines that run git. It pairs with
#   pre-bash.git-guard.ts, which denies force pushes and pushes to main whatever the user said
#   (deny wins over ask when both answer).
#
# Reading the transcript
#   Claude Code's transcript is JSONL: {"type":"user","message":{"role":"user","content":...}}, content
#   a string or a list of blocks; like the reference's jq example (which picks the last assistant
#   text), it reads the lines that matter and skips the rest. Codex rollout files are read too: 0.169
#   stores a prompt as {"type":"event_msg","payload":{"type":"item_completed","item":{"type":
#   "UserMessage","content":[{"type":"text","text":...}]}}} (measured), older versions as
#   {"type":"event_msg","payload":{"type":"user_message","message":...}}. Its response_item messages
#   with role "user" are not read: Codex puts injected context (environment, AGENTS.md) there too.
#   No transcript, an unreadable one or one with no user prompt in a known shape: no opinion.
#
# Harness caveats
#   Claude Code asks the user. Codex and Copilot cannot prompt, so agentihooks turns ask into a deny
#   whose reason says why. Copilot's tool payloads carry no transcript path: no effect there.
#
# Requires: python3.
import json
import os
import re
import shlex
import sys

MENTIONS_PUSH = re.compile(r"\bpush(?:es|ed|ing)?\b", re.I)
SAYS_NO = re.compile(r"\b(?:don'?t|do not|never|not|no|without|hold off on)\b[\w\s,]{0,20}?\bpush", re.I)


def runs_push(command):
    """Returns True when a simple command of the line is `git [global options] push` without --dry-run."""
    lex = shlex.shlex(command.replace("`", " ; "), posix=True, punctuation_chars="();<>|&\n")
    lex.whitespace = " \t\r"
    lex.whitespace_split = True
    try:
        words = list(lex)
    except ValueError:
        words = command.split()
    for i, w in enumerate(words):
        if w.rsplit("/", 1)[-1] != "git":
            continue
        j = i + 1
        while j < len(words) and words[j].startswith("-"):
            j += 2 if words[j] in ("-C", "-c") else 1
        if j < len(words) and words[j] == "push":
            rest = []
            for arg in words[j + 1:]:
                if all(c in "();|&\n" for c in arg):
                    break
                rest.append(arg)
            if "--dry-run" not in rest and "-n" not in rest:
                return True
    return False


def typed_text(entry):
    """Returns what the user typed in one transcript line, or None for every other line."""
    if entry.get("type") == "event_msg":  # Codex rollout: only its user events are what the person typed
        p = entry.get("payload") or {}
        if p.get("type") == "user_message":  # Codex up to 0.154
            return p.get("message")
        item = p.get("item") or {}
        if p.get("type") == "item_completed" and isinstance(item, dict) and item.get("type") == "UserMessage":  # 0.169
            parts = item.get("content")
            if isinstance(parts, list):
                texts = [c.get("text", "") for c in parts if isinstance(c, dict) and c.get("type") == "text"]
                return "\n".join(texts) if texts else None
        return None
    if entry.get("type") != "user" or entry.get("isMeta") or entry.get("toolUseResult") is not None:
        return None
    message = entry.get("message") or {}
    content = message.get("content")
    if message.get("role") != "user":
        return None
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # text blocks only; tool_result blocks are tool output, not the user
        texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        return "\n".join(texts) if texts else None
    return None


def prompts(path):
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            text = typed_text(entry) if isinstance(entry, dict) else None
            if isinstance(text, str) and text.strip():
                out.append(text)
    return out


payload = json.load(sys.stdin)
command = payload.get("tool_input", {}).get("command", "")
if not isinstance(command, str) or not runs_push(command):
    sys.exit(0)
path = os.environ.get("AH_TRANSCRIPT_PATH") or payload.get("transcript_path")
try:
    said = prompts(path) if path else []
except OSError:
    said = []
if not said:
    sys.exit(0)
about_push = [p for p in said if MENTIONS_PUSH.search(p)]
if not about_push:
    reason = "push_intent: no prompt in this session asked for a push; confirm before the commits leave the machine"
elif SAYS_NO.search(about_push[-1]):
    quote = " ".join(about_push[-1].split())[:120]
    reason = f'push_intent: the user said "{quote}"; confirm before pushing'
else:
    sys.exit(0)
print(json.dumps({"decision": "ask", "reason": reason}))
