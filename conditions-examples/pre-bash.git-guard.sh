#!/usr/bin/env bash
# pre-bash.git-guard.sh: deny force pushes and pushes to main/master.
#
# What it does
#   Denies (exit 2, reason on stderr) a Bash call that runs `git push` with
#     - a force flag: --force, -f (also inside clusters such as -uf), --force-with-lease[=...], --mirror,
#       or a "+refspec" (git push origin +feature);
#     - a destination main or master: `origin main`, `HEAD:main`, `feature:refs/heads/master`,
#       a deletion `:main` / `--delete main`, or a bare `git push` / `git push origin` / `HEAD`
#       while the checked-out branch of the session's directory is main or master.
#   Everything else (pushes of feature branches, every other git command) passes without a word.
#
# Where to put it
#   Any layer, as it is: <bundle>/.claude/conditions/, <profile>/.claude/conditions/,
#   ~/.agentihooks/conditions/ or <repo>/.agentihooks/conditions/. The filename is the configuration:
#   `bash.git` makes agentihooks run it only when a simple command of the line runs git.
#
# How it reads the call
#   AH_PROGRAMS (the programs agentihooks' shell analyzer found, through $(...), bash -c, xargs,
#   sudo, env ...) says whether git runs at all; when it does not (and AH_DYNAMIC is not 1) the script
#   stops at once. Otherwise python3 (or $AGENTIHOOKS_PYTHON) decodes the payload and splits
#   .tool_input.command into shell words with shlex, splicing in `bash -c '...'` scripts, and bash
#   applies the policy below. A payload it cannot read is denied: a guard that crashes fails open.
#   Git aliases (`git p`) and commands built at run time (`$GIT push`) are not seen through.
#
# Harness caveats
#   Claude Code, Codex and Copilot all honour a PreToolUse deny (agentihooks answers exit 2 + reason).
#   The current branch is read with `git symbolic-ref`; when it cannot be read (no git, not a
#   repository, detached HEAD) a bare `git push` is let through.
#
# Requires: bash, python3. Shellcheck-clean.
set -uo pipefail

deny() {
  printf 'git-guard: %s\n' "$1" >&2
  exit 2
}

# Without git among the programs there is nothing to judge (AH_PROGRAMS unset: run directly, judge).
if [[ -n ${AH_PROGRAMS+set} && ${AH_DYNAMIC:-0} != 1 && " ${AH_PROGRAMS} " != *" git "* ]]; then
  cat >/dev/null
  exit 0
fi

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

# Prints the checked-out branch of the session's directory, or nothing.
current_branch() {
  git symbolic-ref --short -q HEAD 2>/dev/null
}

is_main() {
  local ref=${1#refs/heads/}
  [[ $ref == main || $ref == master ]]
}

# Judges the arguments of one `git push`, starting at word $1.
check_push() {
  local i=$1 w positional=() delete=0
  for ((; i < n; i++)); do
    w=${words[i]}
    case $w in
      ';') break ;;
      '<'* | '>'*) ((i++)) ;; # a redirection and its target
      --force | --force-with-lease | --force-with-lease=* | --mirror) deny "force push blocked ($w): rewriting published history loses other people's work; push a new commit instead" ;;
      --delete) delete=1 ;;
      -o | --push-option | --repo | --receive-pack | --exec) ((i++)) ;;
      --*) ;;
      -*)
        [[ $w == *f* ]] && deny "force push blocked ($w): rewriting published history loses other people's work; push a new commit instead"
        [[ $w == *d* ]] && delete=1
        ;;
      *) positional+=("$w") ;;
    esac
  done
  local refspec dst
  # The first positional word is the remote; the others are refspecs.
  for refspec in "${positional[@]:1}"; do
    [[ $refspec == +* ]] && deny "force push blocked ($refspec): a leading + forces the update; push a new commit instead"
    dst=${refspec##*:}
    if [[ $refspec == HEAD ]]; then
      dst=$(current_branch)
    fi
    if is_main "$dst"; then
      if [[ $delete == 1 || $refspec == :* ]]; then
        deny "deleting $dst on the remote is blocked"
      fi
      deny "push to $dst blocked ($refspec): push a branch and open a pull request instead"
    fi
  done
  if ((${#positional[@]} <= 1)); then
    local branch
    branch=$(current_branch)
    if [[ -n $branch ]] && is_main "$branch"; then
      deny "push to $branch blocked (the checked-out branch is $branch): create a branch, push it and open a pull request"
    fi
  fi
}

for ((k = 1; k < n; k++)); do
  [[ ${words[k]##*/} == git ]] || continue
  j=$((k + 1))
  # git's global options come before the subcommand; some take a separate value.
  while ((j < n)); do
    case ${words[j]} in
      -C | -c | --git-dir | --work-tree | --namespace | --config-env | --super-prefix) ((j += 2)) ;;
      -*) ((j++)) ;;
      *) break ;;
    esac
  done
  if [[ ${words[j]:-} == push ]]; then
    check_push $((j + 1))
  fi
done
exit 0
