#!/bin/sh
# The plugin's hooks and MCP server run the agentihooks executable installed on this machine: the
# first `agentihooks` on PATH (absolute folders only: a relative entry would follow the session's
# working folder, which a repository controls). The plugin ships no executable. When none is
# installed, a hook call that guards a tool is denied with the reason, never let through.
IFS=:
for dir in $PATH; do
  case $dir in /*) ;; *) continue ;; esac
  if [ -f "$dir/agentihooks" ] && [ -x "$dir/agentihooks" ]; then
    unset IFS
    # Tells the hook it runs from the plugin: a harness with no profile chain gets init's default.
    AGENTIHOOKS_PLUGIN=1
    export AGENTIHOOKS_PLUGIN
    exec "$dir/agentihooks" "$@"
  fi
done
unset IFS

reason="agentihooks is not installed: the agentihooks plugin needs the agentihooks executable on PATH (npm install -g --allow-scripts=agentihooks agentihooks, or a release file in ~/.local/bin: see docs/install.md)"
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
