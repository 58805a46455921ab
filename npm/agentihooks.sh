#!/bin/sh
# bin/agentihooks of the npm package until its install script (install.cjs) puts the native
# executable here instead. Without install scripts (npm --ignore-scripts, or an npm that blocks
# them), this finds the platform package's executable and execs it: no JavaScript on the way, and
# `agentihooks init` registers that executable's own path, so hooks never pass through this script.
# No executable for this machine: a hook call that guards a tool is denied with the reason.
# The plugin's launcher may run this script from a hook: the programs it starts (readlink, dirname,
# uname, head, grep) are the system's, never the PATH's, which the agent can write; the executable gets
# that PATH back.
path=$PATH
PATH=/usr/bin:/bin
self=$0
while [ -L "$self" ]; do # npm links <prefix>/bin/agentihooks here; follow it (no readlink -f on older macOS)
  link=$(readlink "$self")
  case $link in /*) self=$link ;; *) self=$(dirname "$self")/$link ;; esac
done
pkg=$(cd "$(dirname "$self")/.." && pwd)
# A shell under Rosetta says x86_64 while an arm64 npm installed darwin-arm64: macOS runs either.
case $(uname -s)-$(uname -m) in
  Linux-x86_64) keys=linux-x64 ;;
  Linux-aarch64 | Linux-arm64) keys=linux-arm64 ;;
  Darwin-x86_64) keys="darwin-x64 darwin-arm64" ;;
  Darwin-arm64) keys=darwin-arm64 ;;
  *) keys=unsupported ;;
esac
for key in $keys; do
  # npm nests the platform package under this one (global installs) or hoists it beside it (projects).
  for dir in "$pkg/node_modules/agentihooks-$key" "$(dirname "$pkg")/agentihooks-$key"; do
    [ -x "$dir/bin/agentihooks" ] && PATH=$path exec "$dir/bin/agentihooks" "$@"
  done
done
key=${keys%% *}

reason="agentihooks: no native executable for $key is installed (npm left out the optional dependency agentihooks-$key); reinstall: npm install -g --allow-scripts=agentihooks agentihooks"
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
