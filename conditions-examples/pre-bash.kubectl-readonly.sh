#!/usr/bin/env bash
# pre-bash.kubectl-readonly.sh: kubectl may read the cluster; writes go through GitOps.
#
# What it does
#   Denies (exit 2, reason on stderr) a Bash call in which kubectl changes cluster state:
#   apply, create, delete, edit, patch, replace, scale, set, label, annotate, taint, drain, cordon,
#   uncordon, expose, autoscale, run, and rollout restart/undo/pause/resume. Reads pass (get,
#   describe, logs, top, diff, explain, rollout status/history, auth can-i, ...), and so does a write
#   with --dry-run=client|server, which changes nothing. Global flags before the verb are skipped
#   (kubectl -n prod --context x delete pod y is a delete).
#
# Where to put it
#   Any layer, as it is (bundle, profile, runtime or a trusted repository's .agentihooks/conditions/).
#   `bash.kubectl` in the filename makes agentihooks run it only when kubectl is one of the programs of
#   the command line, also behind sudo, env, xargs, $(...) or bash -c.
#
# How it reads the call
#   python3 (or $AGENTIHOOKS_PYTHON) decodes the payload and splits .tool_input.command into shell words
#   (shlex; `bash -c '...'` scripts are split too); bash applies the policy. A payload it cannot read is
#   denied: this is a guard, and a guard that crashes would fail open. Plugins (kubectl foo) and
#   kubectl exec/cp/port-forward are not judged.
#
# Harness caveats
#   Claude Code, Codex and Copilot all honour the deny. The reference version of this example uses jq;
#   this one needs only bash and python3. Shellcheck-clean.
set -uo pipefail

deny() {
  printf 'kubectl-readonly: %s\n' "$1" >&2
  exit 2
}

# Prints "ok" and the command's words, NUL-separated; each operator (; && | ( ) newline) becomes ";".
split_command() {
  "${AGENTIHOOKS_PYTHON:-python3}" -c '
import json, shlex, sys

SHELLS = {"sh", "bash", "zsh", "dash", "ksh"}

def words(text, depth=0):
    lex = shlex.shlex(text.replace("`", " ; "), posix=True, punctuation_chars="();<>|&\n")
    lex.whitespace = " \t\r"
    lex.whitespace_split = True
    try:
        toks = list(lex)
    except ValueError:  # unbalanced quotes: fall back to plain words
        toks = text.split()
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t and all(c in "();|&\n" for c in t):
            out.append(";")
        else:
            out.append(t)
        # bash -c "script": the script is a command line of its own
        if depth < 3 and t == "-c" and i + 1 < len(toks) and out[-2:-1] and out[-2].rsplit("/", 1)[-1] in SHELLS:
            out += [";"] + words(toks[i + 1], depth + 1) + [";"]
            i += 1
        i += 1
    return out

try:
    payload = json.load(sys.stdin)
    command = payload["tool_input"]["command"]
    if not isinstance(command, str):
        raise ValueError("tool_input.command is not a string")
except Exception as exc:
    sys.stdout.write("error\0%s\0" % exc)
    sys.exit(0)
sys.stdout.write("ok\0" + "".join(w + "\0" for w in words(command)))
'
}

mapfile -d '' -t words < <(split_command)
if [[ ${words[0]:-} != ok ]]; then
  deny "cannot read the payload (${words[1]:-python3 missing?}); denied to fail closed"
fi
n=${#words[@]}

# Judges one kubectl invocation whose verb is word $1.
check_verb() {
  local i=$1 verb=${words[$1]:-} sub=${words[$1 + 1]:-} w
  case $verb in
    apply | create | delete | edit | patch | replace | scale | set | label | annotate | taint | drain | cordon | uncordon | expose | autoscale | run) ;;
    rollout) [[ $sub == restart || $sub == undo || $sub == pause || $sub == resume ]] || return 0 ;;
    *) return 0 ;;
  esac
  for ((i = i + 1; i < n; i++)); do
    w=${words[i]}
    [[ $w == ';' ]] && break
    if [[ $w == --dry-run=client || $w == --dry-run=server || $w == --dry-run ]]; then
      return 0
    fi
  done
  deny "kubectl $verb changes the cluster; cluster writes go through GitOps: commit the manifest change and let the controller apply it (reads and --dry-run are fine)"
}

for ((k = 1; k < n; k++)); do
  [[ ${words[k]##*/} == kubectl ]] || continue
  j=$((k + 1))
  # Global flags may come before the verb; these take a separate value.
  while ((j < n)); do
    case ${words[j]} in
      -n | --namespace | --context | --kubeconfig | --cluster | --user | -s | --server | --token | --as | --as-group | --request-timeout | -v) ((j += 2)) ;;
      -*) ((j++)) ;;
      *) break ;;
    esac
  done
  check_verb "$j"
done
exit 0
