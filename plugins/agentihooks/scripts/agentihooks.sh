#!/bin/sh
# The plugin's hooks and MCP server run the agentihooks executable installed on this machine. The plugin
# ships no executable. The PATH is not trusted as it is: the agent can write folders on it (~/.local/bin,
# ~/.npm-global/bin), and an `agentihooks` dropped earlier on it would run instead of every guard. So:
#   1. the path pinned in $AGENTIHOOKS_HOME/executable-path (default ~/.agentihooks/executable-path),
#      written by the person (`command -v agentihooks > ~/.agentihooks/executable-path`); the gate
#      protects that file. A pin that names no usable executable is not passed over: the call is denied.
#   2. else the first `agentihooks` in a PATH folder owned by root and writable by nobody else (the
#      system's folders: /usr/local/bin of an npm -g install, /usr/bin, a package's folder)
#   3. else ~/.local/bin/agentihooks (where the release file goes).
# Each one is taken only when the file (through its symlinks) and its folder are owned by root or by the
# user running the hook and writable by no group or other user. When none is found, a hook call that
# guards a tool is denied with the reason, never let through.
# The programs this script starts (id, find, head, grep) are the system's, never the given PATH's; the
# executable gets that PATH back.
path=$PATH
PATH=/usr/bin:/bin
uid=$(id -u)
home=${AGENTIHOOKS_HOME:-$HOME/.agentihooks}

# True when $1 is an executable file, and it, its folder and any further paths given are the user's or
# root's and writable by them alone.
trusted() {
  [ -f "$1" ] && [ -x "$1" ] || return 1
  [ -z "$(find -L "$@" "${1%/*}/" -prune \( -perm -0002 -o -perm -0020 -o ! \( -user 0 -o -user "$uid" \) \) -print 2>/dev/null)" ]
}

run() {
  # Tells the hook it runs from the plugin: a harness with no profile chain gets init's default.
  AGENTIHOOKS_PLUGIN=1
  export AGENTIHOOKS_PLUGIN
  PATH=$path
  exe=$1
  shift
  exec "$exe" "$@"
}

reason=""
if [ -f "$home/executable-path" ]; then
  IFS= read -r pinned < "$home/executable-path" || :
  case $pinned in
    /*) trusted "$pinned" "$home/executable-path" "$home/" && run "$pinned" "$@" ;;
  esac
  reason="agentihooks: the path pinned in $home/executable-path is not an absolute path to an executable that only you (or root) can write, or the pin is not yours alone"
else
  # The PATH's absolute folders (a relative one would follow the session's working folder, which a
  # repository controls) and the agentihooks in each: one find says which folders root owns and nobody
  # else can write, and which of those files are root's or the user's and writable by them alone.
  dirs="" files=""
  IFS=:
  for dir in $path; do
    case $dir in /*) dirs="$dirs$dir:" files="$files$dir/agentihooks:" ;; esac
  done
  # shellcheck disable=SC2086 # split on IFS=: on purpose
  [ -n "$dirs" ] && ok=$(find -L ${dirs%:} ${files%:} -prune \( -type d -user 0 -o -type f \( -user 0 -o -user "$uid" \) \) ! -perm -0002 ! -perm -0020 -print 2>/dev/null)
  nl='
'
  for dir in ${dirs%:}; do
    case "$nl$ok$nl" in
      *"$nl$dir$nl"*"$nl$dir/agentihooks$nl"*) [ -x "$dir/agentihooks" ] && { unset IFS; run "$dir/agentihooks" "$@"; } ;;
    esac
  done
  unset IFS
  trusted "$HOME/.local/bin/agentihooks" && run "$HOME/.local/bin/agentihooks" "$@"
fi

[ -n "$reason" ] || reason="agentihooks is not installed: the agentihooks plugin needs the agentihooks executable in a system folder on PATH or in ~/.local/bin, or its path in $home/executable-path (npm install -g --allow-scripts=agentihooks agentihooks, or a release file in ~/.local/bin: see docs/install.md)"
if [ "$1" = hook ]; then
  event="" target="" pre=""
  while [ $# -gt 0 ]; do
    case $1 in
      --event) event=$2; shift ;;
      --event=*) event=${1#*=} ;;
      --target | --agent) target=$2; shift ;;
      --target=* | --agent=*) target=${1#*=} ;;
    esac
    shift
  done
  case $event in
    PreToolUse | preToolUse | PermissionRequest | permissionRequest | preMcpToolCall) pre=1 ;;
    "") head -c 512 | grep -qiE 'pre_?tool_?use|premcptoolcall|toolCalls' && pre=1 ;;
  esac
  if [ -z "$pre" ]; then echo "$reason" >&2; exit 0; fi
  [ "$target" = copilot ] && printf '{"permissionDecision":"deny","permissionDecisionReason":"%s"}\n' "$reason; denied to fail closed"
  echo "$reason; denied to fail closed" >&2
  exit 2
fi
echo "$reason" >&2
exit 1
