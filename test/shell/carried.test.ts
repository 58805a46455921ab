// Issue 17, class 4: options, settings and environment variables that carry a command line. Each
// carried command is analyzed as shell (its programs reported), one that is not in the line makes the
// line dynamic, and a word made by an expansion where such an option could be is dynamic too.
import { DYN, type Row, checkTables } from "./rows";

const GIT: Row[] = [
  [["git -c core.pager='rm f' log", "git -c Core.Pager='rm f' log", "git -c pager.log='rm f' log", "git -c alias.x='!rm f' x", "git -c ALIAS.x='!rm f' x", "git -c core.fsmonitor='rm f' status", "git -c core.sshCommand='rm f' fetch", "git -c diff.external='rm f' diff", "git -c diff.tool.textconv='rm f' log -p", "git -c filter.a.clean='rm f' add .", "git -c core.editor='rm f' commit", "git -c sequence.editor='rm f' rebase -i", "git -c credential.helper='!rm f' push", "git -c gpg.program=rm commit -S", "git -c remote.origin.uploadpack='rm f' fetch", "git -C dir -c core.pager='rm f' log", "git --no-pager -c core.pager='rm f' log"], ["git", "rm", "sh"]],
  [["GIT_EXTERNAL_DIFF='rm f' git diff", "GIT_SSH_COMMAND='rm f' git fetch", "GIT_SSH=rm git fetch", "GIT_PAGER='rm f' git log", "GIT_EDITOR=rm git commit", "GIT_ASKPASS=rm git push", "PAGER='rm f' git log", "EDITOR=rm git commit", "env GIT_SSH_COMMAND='rm f' git fetch"], ["git", "rm", "sh"]],
  [["git push --receive-pack='rm f' x", "git push --exec='rm f' x", "git fetch --upload-pack='rm f' x", "git clone -u 'rm f' x", "git clone --upload-pack='rm f' x", "git ls-remote --upload-pack 'rm f' x", "git rebase -x 'rm f' main", "git rebase --exec 'rm f' main", "git archive --remote=x --exec='rm f' HEAD", "git difftool -x 'rm f'", "git filter-branch --tree-filter 'rm f' HEAD", "git submodule foreach 'rm f'", "git submodule foreach --recursive rm f", "git clone -c core.sshCommand='rm f' x", "git config alias.x '!rm f'", "git config --global core.pager 'rm f'", "git grep --open-files-in-pager='rm f' x"], ["git", "rm", "sh"]],
  [["git bisect run rm f", "git bisect start; git bisect run rm -f x"], ["git", "rm"]],
  [["git -c core.fsmonitor=true status", "git -c core.pager=false log", "git -c color.ui=never log", "git -c alias.st=status st"], ["git"]],
  [["git -c credential.helper=store push"], ["git", "git-credential-store"]],
  [["git $X log", "git -c \"$KEY\" log", "git --config-env=core.pager=PAGER log", "git -c include.path=x log", "git -c core.hooksPath=/tmp/h commit", "git --exec-path=/tmp/x status", "git push origin \"$B\"", "git clone $URL", "git hook run pre-commit", "GIT_CONFIG_PARAMETERS=\"'core.pager=rm'\" git log", "GIT_CONFIG_COUNT=1 git log", "GIT_CONFIG_GLOBAL=./c git log", "GIT_EXEC_PATH=. git status"], ["git"], DYN],
];

const REMOTE_AND_ARCHIVES: Row[] = [
  [["ssh -o ProxyCommand='rm f' h", "ssh -oProxyCommand='rm f' h", "ssh -o 'ProxyCommand rm f' h", "ssh -o proxycommand='rm f' h", "ssh -o LocalCommand='rm f' h", "ssh -o KnownHostsCommand='rm f' h", "ssh -p 22 -o ProxyCommand='rm f' h"], ["rm", "sh", "ssh"], DYN], // interactive
  [["scp -S rm a h:b", "scp -o ProxyCommand='rm f' a h:b"], ["rm", "scp", "sh"]],
  [["sftp -S rm h", "sftp -D rm h"], ["rm", "sftp", "sh"]],
  [["ssh -F ./cfg h", "ssh -o ProxyCommand=\"$X\" h", "ssh $OPTS h"], ["ssh"], DYN],
  [["sftp -b cmds h"], ["sftp"], DYN],
  [["rsync -e 'rm f' a h:b", "rsync -e'rm f' a h:b", "rsync --rsh='rm f' a h:b", "rsync --rsh 'rm f' a h:b", "rsync --rsync-path='rm f' a h:b", "rsync -av -e rm a h:b"], ["rm", "rsync", "sh"]],
  [["tar --to-command='rm f' -xf a.tar", "tar -I rm -cf a.tar x", "tar -Irm -cf a.tar x", "tar --use-compress-program=rm -cf a x", "tar --use-comp=rm -cf a x", "tar --use-compress-program rm -cf a x", "tar -F 'rm f' -cf a x", "tar --info-script='rm f' -cf a x", "tar --new-volume-script='rm f' -cf a x", "tar --checkpoint=1 --checkpoint-action=exec='rm f' -cf a x", "tar --rsh-command=rm -cf h:a x", "tar xIf rm a.tar", "tar cIf rm a.tar x", "tar -xzf a.tgz --to-com='rm f'"], ["rm", "sh", "tar"]],
  [["zip -T -TT 'rm f' a.zip x", "zip --unzip-command 'rm f' a.zip x", "zip -T --unzip-command='rm f' a.zip x"], ["rm", "sh", "zip"]],
];

const PAGERS_EDITORS: Row[] = [
  [["LESSOPEN='|rm %s' less x", "LESSOPEN='||rm %s' less x", "LESSCLOSE='rm %s %s' less x", "less '+!rm f' x", "less +'!rm f' x"], ["less", "rm", "sh"]],
  [["less -k keys x", "LESSKEY=./k less x", "less --lesskey-src=k x"], ["less"], DYN],
  [["man -P 'rm f' ls", "man --pager='rm f' ls", "man --pag 'rm f' ls", "MANPAGER='rm f' man ls", "PAGER='rm f' man ls"], ["man", "rm", "sh"]],
  [["vim -c '!rm f' x", "vim +'!rm f' x", "vim --cmd '!rm f' x", "vim -c ':r !rm f' x", "vim -c 'w !rm f' x", "vim -c '%!rm f' x"], ["rm", "sh", "vim"]],
  [["vi -c ':r !rm f' x"], ["rm", "sh", "vi"]],
  [["nvim -c 'w !rm f' x"], ["nvim", "rm", "sh"]],
  [["ex -c '!rm f' x", "ex +'!rm f' x"], ["ex", "rm", "sh"], DYN], // interactive
  [["vim -c 'call system(\"rm f\")' x", "vim -S script.vim x", "vim -u ./vimrc x", "vim -c 'py3 import os' x", 'vim -c "$C" x'], ["vim"], DYN],
  [["emacs --eval '(shell-command \"rm f\")'", "emacs -l x.el", "emacs --batch --load=x.el"], ["emacs"], DYN],
  [["sed 'e rm f' x", "sed -e 'e rm f' x", "sed -e'e rm f' x", "sed --expression='e rm f' x", "sed --expression 'e rm f' x", "sed --expr='e rm f' x", "sed -n '1e rm f' x", "sed '/x/e rm f' x", "sed -n -e p -e 'e rm f' x", "sed '$!{e rm f\n}' x"], ["rm", "sed", "sh"]],
  [["sed 's/x/y/e' f", "sed 'e' f", "sed -e 's/.*/&/e' f", "sed \"$S\" f", "sed -e \"s/$A/$B/\" f", "sed 's/x/y/' \"$F\"", "sed -E 's/(a|b)/c/;e' f", "sed -n -f s.sed \"$f\""], ["sed"], DYN],
  [["sed -n '1,5p' f", "sed 's/a/b/g;s/c/d/' f", "sed -i 's/a/b/' f", "sed 'w out' f", "sed -f s.sed f", "sed --sandbox 'e rm f' f", "sed '1!G;h;$!d' f", "sed ':a;N;$!ba;s/\\n/ /g' f", "sed 'y/abc/xyz/' f", "sed '/start/,/end/d' f"], ["sed"]],
];

const ENV_SPLIT_AND_ABBREVIATIONS: Row[] = [
  [["env -S 'PATH=/usr/bin' git reset --hard", "env -S'PATH=/usr/bin git' reset", "env --split-string='X=1 git' status", "env --sp='-i git' status", "env -S '-u HOME' git status", "env -S 'git status' -s", "env -iS 'X=1 git'", "env -S 'git #comment' status"], ["git"], false, ["env"]],
  [["env -S '${X} git'", "env -S \"$CMD\""], [], DYN],
  [["env --chdir=. git status", "env --ch . git status", "env -C . git status", "env --unset=HOME git status", "env --un HOME git status", "env -a name git status", "env --argv0 name git status", "env --ignore-environment git status", "env --ignore-e git status", "env --null git status", "env --debug git status", "env --block-signal git status", "env --default-signal=INT git status"], ["git"], false, ["env"]],
  [["sudo --user bob git status", "sudo --us bob git status", "sudo --login git status", "sudo --preserve-env git status", "sudo --preserve-env=PATH git status", "sudo --chdir=. git status", "sudo -D . git status"], ["git"], false, ["sudo"]],
  [["timeout --signal KILL 5 git status", "timeout --sig KILL 5 git status", "timeout --kill-after=1 5 git status", "timeout --k 1 5 git status", "timeout --foreground 5 git status", "timeout --pre 5 git status"], ["git"], false, ["timeout"]],
  [["nice --adjustment 5 git status", "nice --adj=5 git status", "nice --a 5 git status"], ["git"], false, ["nice"]],
  [["stdbuf --output L git status", "stdbuf --out=L git status", "stdbuf --o L git status"], ["git"], false, ["stdbuf"]],
  [["flock --timeout 5 l git status", "flock --time 5 l git status", "flock --nonblock l git status", "flock --no-fork l git status", "flock --nb l git status"], ["git"], false, ["flock"]],
  [["flock l --command 'git status'", "flock l --comm 'git status'", "flock l -c 'git status'"], ["git", "sh"], false, ["flock"]],
];

const XARGS_OPTIONS: Row[] = [
  [["xargs -J % rm % x", "xargs -R 2 -I % rm %", "xargs -S 255 -I % rm %", "xargs -o rm", "xargs --open-tty rm", "xargs --null rm", "xargs --max-lines=1 rm", "xargs --eof=x rm", "xargs -E x rm", "xargs -e rm", "xargs --max-procs 2 rm", "xargs --max-p 2 rm", "xargs --arg-file list rm", "xargs --arg list rm", "xargs --delimiter , rm", "xargs --del , rm", "xargs --process-slot-var=S rm", "xargs -r -t -p -x rm"], ["rm", "xargs"]],
  [["xargs --zzz rm", "xargs -Z rm", "xargs --ma 2 rm"], ["xargs"], DYN],
  [["env --ig git status", "env --de git status"], [], DYN],
  [["parallel rm ::: a b", "parallel -j2 rm ::: a", "parallel --nice 5 rm ::: a", "parallel --header : rm ::: a", "parallel --workdir . rm ::: a", "parallel --wd . rm ::: a", "parallel -k rm {} ::: a", "parallel rm {.} ::: a.b", "parallel --jobs 2 --tag rm ::: a", "parallel ::: 'rm a' 'rm b'"], ["parallel", "rm", "sh"]],
  [["parallel --zzz rm ::: a", "parallel -a cmds.txt", "parallel :::: cmds.txt"], ["parallel"], DYN],
  [["parallel {} ::: rm", "parallel '{}' ::: rm"], ["parallel", "sh"], DYN],
  [["ls | parallel"], ["ls", "parallel"], DYN],
  [["parallel rm {= s/a/b/ =} ::: a"], ["parallel", "rm", "sh"], DYN],
];

checkTables({ GIT, REMOTE_AND_ARCHIVES, PAGERS_EDITORS, ENV_SPLIT_AND_ABBREVIATIONS, XARGS_OPTIONS }, ["GIT"]);
