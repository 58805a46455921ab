#!/usr/bin/env python3
# pre-read+edit+write+bash-secrets_env.py: keep the agent away from .env files.
#
# What it does
#   Denies (exit 2, reason on stderr) a Read, Edit, Write or Bash call that names a dotenv file:
#     .env   .env.local   .env.production   prod.env   secrets.env
#   however it is spelled: ./.env, a/../.env, ~/proj/.env, /abs/path/.env, ".e""nv" in a command,
#   --env-file=.env, <.env, a glob such as .env* that matches one, or a symlink whose target is one.
#   Templates pass: .env.example, .env.sample, .env.template (and x.example.env). A directory named
#   .env (a Python virtualenv) is not a secret file and passes too.
#   It FAILS CLOSED: when it cannot read its input (not JSON, no tool_input, no path or command) it
#   denies with the reason. A crashing hook is a non-blocking error in every harness, so a guard must
#   catch its own failures and exit 2.
#
# Where to put it
#   Any layer, as it is. Add `+grep+glob+notebookedit` to the matcher to cover those tools too.
#
# Harness caveats
#   Paths: Claude sends absolute file_path; Copilot's `path` and Codex/Copilot apply_patch headers are
#   normalized by agentihooks into file_path / file_paths (relative ones are resolved against cwd here).
#   Bash commands are split into words with shlex; a name built at run time ($(printf .e)nv) is not seen.
#   This is the hooks lesson's block_env_hook.py, answering in the agentihooks script contract.
#
# Requires: python3.
import fnmatch
import json
import os
import shlex
import sys

TEMPLATES = {"example", "sample", "template"}
GLOB_PROBES = (".env", ".env.local", "prod.env")


def secret_name(name):
    """Returns True when a file name is a dotenv file that is not a template."""
    if any(c in name for c in "*?["):
        return any(fnmatch.fnmatchcase(probe, name) for probe in GLOB_PROBES)
    parts = name.split(".")
    if name == ".env" or name.startswith(".env."):
        return not TEMPLATES.intersection(p.lower() for p in parts[2:])
    if name.endswith(".env") and len(name) > 4:
        return not TEMPLATES.intersection(p.lower() for p in parts[:-1])
    return False


def is_secret_env(path, cwd):
    """Returns True when `path` (as written, or the file a symlink points to) is a dotenv file."""
    path = path.strip()
    if not path:
        return False
    full = os.path.join(cwd, os.path.expanduser(path))
    if os.path.isdir(full):
        return False
    if secret_name(os.path.basename(path.rstrip("/"))):
        return True
    return os.path.islink(full) and secret_name(os.path.basename(os.path.realpath(full)))


def command_words(command):
    """Returns the words of a command line and the parts of KEY=VALUE / --flag=VALUE words."""
    lex = shlex.shlex(command.replace("`", " ; "), posix=True, punctuation_chars="();<>|&\n")
    lex.whitespace = " \t\r"
    lex.whitespace_split = True
    try:
        words = list(lex)
    except ValueError:  # unbalanced quotes: judge the plain words
        words = command.split()
    out = []
    for w in words:
        out.append(w)
        if "=" in w:
            out.append(w.split("=", 1)[1])
            out.append(w.rsplit("=", 1)[1])
    return out


def paths_in(event):
    """Returns the paths a call names; raises ValueError when the call carries none it can judge."""
    tool = str(event.get("tool_name", "")).lower()
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict):
        raise ValueError("tool_input is not an object")
    if tool == "bash":
        command = tool_input.get("command")
        if not isinstance(command, str):
            raise ValueError("Bash call without a command string")
        return command_words(command)
    paths = [tool_input.get(k) for k in ("file_path", "path", "notebook_path")]
    paths += tool_input.get("file_paths") or []
    paths = [p for p in paths if isinstance(p, str) and p]
    if not paths:
        raise ValueError(f"{event.get('tool_name')} call without a file path")
    return paths


def main():
    try:
        event = json.load(sys.stdin)
        if not isinstance(event, dict):
            raise ValueError("the payload is not a JSON object")
        cwd = event.get("cwd") or os.getcwd()
        bad = [p for p in paths_in(event) if is_secret_env(p, cwd)]
    except Exception as exc:  # any failure blocks the call
        print(f"secrets_env: cannot read the tool call ({exc}); denied to fail closed", file=sys.stderr)
        return 2
    if not bad:
        return 0
    print(f"secrets_env: {bad[0]} holds secrets; the agent may not read or change it "
          "(use .env.example for the variable names, or ask the user)", file=sys.stderr)
    return 2


sys.exit(main())
