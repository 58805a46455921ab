#!/usr/bin/env bash
# pre-edit+write-migrations.sh: migrations are append-only; remind before changing one.
#
# What it does
#   Before an Edit or Write of a file under a migrations/ folder that already exists, adds context:
#   "Migrations are append-only: <path> already exists ... add a new migration instead". A migration
#   that has run somewhere must not change, or databases drift apart. Writing a new migration file
#   (the path does not exist yet) gets no remark, nor does any file outside migrations/.
#   It reminds; it does not deny (make it `exit 2` with the text on stderr to enforce the rule).
#
# Where to put it
#   Any layer, as it is; a repository's own .agentihooks/conditions/ is the natural home, since
#   whether migrations are append-only is a property of the repository.
#
# How it reads the call
#   Plain bash, no jq or python: the payload agentihooks sends is compact JSON, and a regex takes
#   "file_path" (and the "file_paths" list agentihooks adds for apply_patch). Inside JSON strings
#   quotes are escaped, so text in the edited content can never match. A path holding a quote or a
#   backslash is not recognized (no reminder: this example never blocks, so that is safe).
#   Relative paths are resolved against the working directory, which is the session's cwd.
#
# Harness caveats
#   Claude Code, Codex and Copilot show the reminder to the agent before the edit runs. Codex
#   apply_patch and Copilot edit/create arrive as Edit/Write.
#   Shellcheck-clean.
set -u

payload=$(cat) || exit 0
paths=()
one='"file_path"[[:space:]]*:[[:space:]]*"([^"\\]*)"'
list='"file_paths"[[:space:]]*:[[:space:]]*\[([^]]*)\]'
item='"([^"\\]*)"'
if [[ $payload =~ $one ]]; then
  paths+=("${BASH_REMATCH[1]}")
fi
if [[ $payload =~ $list ]]; then
  rest=${BASH_REMATCH[1]}
  while [[ $rest =~ $item ]]; do
    paths+=("${BASH_REMATCH[1]}")
    rest=${rest#*"${BASH_REMATCH[0]}"}
  done
fi

seen=" "
for path in "${paths[@]}"; do
  [[ $seen == *" $path "* ]] && continue
  seen+="$path "
  case /$path in
    */migrations/*) ;;
    *) continue ;;
  esac
  if [[ -e $path ]]; then
    echo "Migrations are append-only: $path already exists and may have run on some database; add a new migration instead of changing this one."
  fi
done
exit 0
