// Many spellings -> one expectation (mvdan/sh style): every spelling in a row must give exactly the
// row's programs, and `dynamic` as the row says (false unless marked).
import { describe, expect, test } from "bun:test";
import { analyze } from "../../src/shell/analyze";

type Row = [spellings: string[], programs: string[], dynamic?: boolean];
const DYN = true;

const QUOTING: Row[] = [
  [["rm x", "\\rm x", "r''m x", 'r""m x', '"rm" x', "'rm' x", "$'rm' x", "$'\\x72\\x6d' x", "$'\\162\\155' x", "$'\\u0072m' x", "r\\m x", '"/bin/rm" x', "/usr/bin/rm x", "'/bin/'rm x", "~/bin/rm x", "RM x", "./rm x", "rm\\\n x", '$"rm" x'], ["rm"]],
  [["echo 'rm -rf /'", 'echo "rm -rf /"', "echo rm", "echo \\; rm", "echo 'a;rm'", 'echo "a\\"; rm"', "echo $'a\\'; rm'", "echo a\\&\\&rm", "echo '$(rm)'", "echo '`rm`'", "echo \\$\\(rm\\)", "echo #; rm", "echo a # && rm"], ["echo"]],
  [["echo 'a'; rm", "echo 'a\\'; rm", 'echo "a\\\\"; rm', "echo a#; rm", "echo $'\\x27'; rm", 'echo "#"; rm'], ["echo", "rm"]],
];

const STRUCTURE: Row[] = [
  [["a; b", "a && b", "a || b", "a | b", "a |& b", "a & b", "a\nb", "a\n\nb", "(a); b", "(a) | (b)", "{ a; } && { b; }", "a;b", "a&&b", "a||b", "a|b", "! a || ! b", "a &\nb &", "(a\nb)", "((a) && b)"], ["a", "b"]],
  [["if a; then b; fi", "if a\nthen b\nfi", "while a; do b; done", "until a; do b; done", "if ! a; then b; else b; fi", "if a; then b; elif b; then a; fi"], ["a", "b"]],
  [["for x in 1 2; do a; done", "for x; do a; done", "for ((i=0; i<3; i++)); do a; done", "select x in p q; do a; done", "for x in b c\ndo a\ndone", "while a; do a; done < list"], ["a"]],
  [["case $x in p) a;; esac", "case $x in (p) a;; esac", "case $x in p|q) a;; *) a;; esac", "case $x in\n p)\n  a\n  ;;\nesac", "case $x in p) a;& q) a;;& esac", "case $x in p) a; esac", "case x in p) ;; esac; a"], ["a"]],
  [["f() { a; }", "f () { a; }", "function f { a; }", "function f() { a; }", "f() ( a )", "function f\n{\n a\n}"], ["a"]],
  [["[[ -f x ]] && a", "[[ $x == y || $z =~ ^(p|q)$ ]] && a", "[[ -n x\n ]] && a", "[[ a < b ]] && a", "x=0; (( x > 1 )) && a", "x=1; ((x++)); a", "(( 2 > 1 )) && a"], ["a"]],
  [["time a", "time -p a", "time { a; }", "time ( a )", "time -p { a; }", "! a", "time ! a", "coproc a", "a 2>/dev/null", "2>/dev/null a", ">out a", "a >out 2>&1", "a &>out", "a &>>out", "a <in", "a <>f", "a >|f", "a <&0", "a 3>&-", "a <<<word", "a>x", "a >>x"], ["a"]],
];

const SUBSTITUTIONS: Row[] = [
  [["echo $(a)", "echo `a`", 'echo "$(a)"', 'echo "`a`"', "echo $( a )", "echo $(\na\n)", "echo <(a)", "echo >(a)", "echo ${x:-$(a)}", 'echo "${x:-`a`}"', "echo $'x' $(a)", "echo x$(a)y", "echo $(echo $(echo $(a)))", "echo $(  (a) )"], ["a", "echo"]],
  [["x=$(a)", "x=`a`", "x=(1 $(a))", "x+=$(a)", "x[1]=$(a)", "[[ $(a) ]]", "for i in $(a); do a; done", "case $(a) in *) ;; esac", "> $(a)", "a > >(a)"], ["a"]],
  // a substitution's output evaluated as arithmetic may be `a[$(cmd)]`: the line is dynamic
  [["(( x = $(a) ))", "(( `a` ))"], ["a"], DYN],
  [["let x=$(a)", 'let "x=$(a)"', "let 'y=$(a)'"], ["a", "let"], DYN],
  [["echo $((1 + $(a)))", "echo $[ `a` ]"], ["a", "echo"], DYN],
  [["echo $(a; b)", "echo `a; b`", "echo $(a | b)", "echo $(a && b) $(b)", "echo `a \\`b\\``", "echo $(a <<EOF\nx\nEOF\nb)"], ["a", "b", "echo"]],
  [["cat <<EOF\n$(a)\nEOF", "cat <<EOF\n`a`\nEOF", "cat <<-EOF\n\t$(a)\n\tEOF", "cat <<EOF\n${x:-$(a)}\nEOF"], ["a", "cat"]],
];

const HEREDOCS: Row[] = [
  [["cat <<EOF\nrm -rf /\nEOF", "cat <<'EOF'\n$(rm)\nEOF", 'cat <<"EOF"\n`rm`\nEOF', "cat <<\\EOF\n$(rm)\nEOF", "cat <<-EOF\n\trm\n\tEOF", "cat << EOF\nrm\nEOF", "cat <<EOF\nrm\nEOF\n", "cat <<EOF\nrm"], ["cat"]],
  [["cat <<EOF; ls\nrm\nEOF", "cat <<EOF && ls\nrm\nEOF", "cat <<A <<B\nrm\nA\nrm\nB\nls", "cat <<EOF\nrm\nEOF\nls", "cat <<-EOF\n\trm\n\tEOF\nls"], ["cat", "ls"]],
  [["bash <<EOF\nrm\nEOF", "bash <<'EOF'\nrm\nEOF", "bash -s <<EOF\nrm\nEOF", "bash <<<rm", "bash <<< 'rm'", "bash <<-EOF\n\trm\n\tEOF", "sudo bash <<EOF\nrm\nEOF", "bash <<EOF\nrm \\\n -rf x\nEOF"], ["bash", "rm"]],
];

const WRAPPERS: Row[] = [
  [["git push", "sudo git push", "sudo -u bob git push", "sudo -ubob git push", "sudo -E -H git push", "sudo -Eu bob git push", "sudo --user=bob git push", "sudo --user bob git push", "sudo -- git push", "doas -u bob git push", "env git push", "env -i git push", "env - git push", "env -u HOME git push", "env X=1 Y=2 git push", "env -i PATH=/bin git push", "command git push", "command -p git push", "builtin git push", "nohup git push", "exec git push", "timeout 5 git push", "timeout -s KILL 5 git push", "timeout -k 1 5s git push", "timeout --signal=TERM 5 git push", "timeout --preserve-status 5 git push", "nice git push", "nice -n 10 git push", "nice -n10 git push", "nice -10 git push", "nice --adjustment=5 git push", "ionice -c3 git push", "ionice -c 2 -n 7 git push", "stdbuf -oL git push", "stdbuf -o L -e 0 git push", "stdbuf --output=L git push", "setsid git push", "setsid -f git push", "flock /tmp/l git push", "flock -n -w 5 /tmp/l git push", "X=1 git push", "X=1 Y='a b' sudo git push", "time -p nice -n 10 ionice -c3 git push", "sudo env FOO=1 nice timeout 5 git push", "stdbuf -oL setsid flock /tmp/l git push", "/usr/bin/sudo /usr/bin/git push", "exec -a name git push", "\\time -f %e git push", "command time -f %e git push", "time X=1 git push", "time time git push", "time -p -- git push"], ["git"]],
  // sudo's `-h` alone is help; `-h HOST`, `-hHOST`, `--host[=]HOST` name a host and the command follows
  [["sudo -h host git push", "sudo -hhost git push", "sudo -hlocalhost git push", "sudo --host=host git push", "sudo --host host git push", "sudo -h host -u bob git push", "sudo -u bob -h host git push", "sudo -n -h host -- git push"], ["git"]],
  // env and sudo read `NAME=value` after quote removal, and sudo takes them between its options
  [["sudo X=1 git push", "sudo -u bob X=1 git push", "sudo X=1 -u bob git push", "sudo 'X=a b' git push", "env 'X=a b' git push", "env X=$HOME git push", "env -i 'X=a b' Y=\"c\" git push", "sudo X=\"$HOME\" git push"], ["git"]],
  [["exec >/dev/null", "exec 2>&1", "exec 3<file", "X=1", "sudo", "env", "env -i", "timeout 5", "nohup", "sudo -e /etc/hosts", "sudo -l", "FOO=bar BAZ='x y'", "flock /tmp/l -c ''", "sudo -h", "sudo --help", "sudo -h -l"], []],
];

// `command -v`/`-V`, `type` and `which` only look a name up: the name is not run (`command NAME` is).
const LOOKUPS: Row[] = [
  [["command -v git", "command -V git", "command -pv git", "command -p -v git", "command -vp git", "command -v git make", "command -V -- git", "sudo command -v git"], []],
  [["type git", "type -a git", "type -t git", "type -P git", "type -p git", "type git make"], ["type"]],
  [["which git", "which -a git", "which git make", "/usr/bin/which git"], ["which"]],
  [["command git", "command -p git", "command -- git", "command -p -- git status", "command -v git && git push", "if command -v git >/dev/null; then git push; fi"], ["git"]],
  [["type git && command git push", "type -P git >/dev/null && git push"], ["git", "type"]],
];

const RUNNERS: Row[] = [
  [["bash -c rm", "bash -c 'rm -rf x'", "bash -lc 'rm'", "bash -ec 'rm'", "bash -c -e 'rm'", "bash -euo pipefail -c rm", "bash --norc -c rm", "bash -o errexit -c rm", "bash -c 'bash -c \"rm\"'", "sudo bash -c rm", "env -i bash -c rm", "bash -c 'x=$(rm)'", "bash -c 'x=`rm`' >/dev/null && bash -c rm"], ["bash", "rm"]],
  [["sh -c rm", "sh -c 'sh -c rm'", "/bin/sh -c rm"], ["rm", "sh"]],
  // zsh's syntax is not bash's: what it runs is analyzed, and the line is dynamic
  [["zsh -c rm", "zsh -fc rm"], ["rm", "zsh"], DYN],
  [["eval rm", "eval 'rm x'", 'eval "rm x"', "eval -- rm", "eval 'eval rm'"], ["eval", "rm"]],
  [["xargs rm", "xargs -0 rm", "xargs -n 1 rm", "xargs -n1 -P4 rm", "xargs -I{} rm {}", "xargs -I {} rm {}", "xargs -i rm {}", "xargs -i{} rm {}", "xargs -a list rm", "xargs --arg-file=list rm", "xargs --max-args 2 rm", "xargs -d '\\n' rm", "xargs sudo rm", "xargs -- rm"], ["rm", "xargs"]],
  [["find . -exec rm {} \\;", "find . -exec rm {} ';'", "find . -exec rm {} +", "find . -execdir rm {} \\;", "find . -ok rm {} \\;", "find . -okdir rm {} \\;", "find . -name '*.o' -exec sudo rm -f {} +", "find . -exec rm {} \\; -print"], ["find", "rm"]],
  [["find . -exec rm {} \\; -exec ls {} +", "find . -exec ls {} + -o -exec rm {} \\;"], ["find", "ls", "rm"]],
  [["watch rm", "watch -n 5 rm", "watch -n5 rm", "watch -d rm", "watch --interval 5 rm", "watch 'rm x'", "watch -n 1 -- rm"], ["rm", "watch"]],
  // `watch -x CMD ARGS` execs CMD with ARGS as given, not joined into a line for `sh -c`
  [["watch -x rm", "watch -x rm x", "watch --exec rm", "watch -n 1 -x rm", "watch -xn1 rm", "watch -x -- rm", "watch -x sudo -u 'bob smith' rm", "watch -x env 'X=a b' rm", "watch -x rm '#' ')'"], ["rm", "watch"]],
  [["watch -x bash -c 'rm x' \"it's\"", "watch --exec bash -c rm '('", "watch -x bash -c 'rm' ';' 'x|'"], ["bash", "rm", "watch"]],
  [["su -c rm", "su -c 'rm x' bob", "su - bob -c 'rm'", "su bob -c rm", "su --command=rm", "su --command rm bob", "su -l -c rm"], ["rm", "sh", "su"]],
  // runuser is su-style (`USER [-c CMD]`) unless `-u USER` names the user: then the rest is a command
  [["runuser bob -c rm", "runuser - bob -c rm", "runuser -l bob -c 'rm x'", "runuser bob --command=rm", "runuser --login bob --command rm", "runuser -s /bin/sh bob -c rm", "runuser bob -c rm -- extra", "sudo runuser bob -c rm"], ["rm", "runuser", "sh"]],
  [["runuser -u bob rm", "runuser -u bob -- rm x", "runuser -ubob rm", "runuser --user=bob rm", "runuser --user bob rm -rf x", "runuser -g wheel -u bob rm"], ["rm", "runuser"]],
  [["runuser bob", "runuser - bob", "runuser -l bob", "runuser -u bob", "runuser --user=bob"], ["runuser"], DYN], // interactive
  [["script -c rm", "script -q -c 'rm x' /dev/null", "script -qc rm", "script --command rm log", "script log -c rm"], ["rm", "script", "sh"]],
  [["ssh host rm", "ssh host 'rm -rf x'", "ssh -p 22 host rm", "ssh -i key -o StrictHostKeyChecking=no user@host rm", "ssh -tt host rm", "ssh -J jump host -- rm"], ["rm", "ssh"]],
  [["trap 'rm x' EXIT", "trap -- 'rm' INT"], ["rm", "trap"]],
  [["env -S 'rm -rf x'", "env -S'rm x'", "env --split-string='rm x'"], ["rm"]],
  [["flock /tmp/l -c rm", "flock -w 5 /tmp/l -c 'rm x'", "flock /tmp/l --command rm"], ["rm", "sh"]],
  [["chroot /srv rm"], ["chroot", "rm"]],
  [["strace -f -o log rm"], ["rm", "strace"]],
  [["busybox rm x"], ["busybox", "rm"]],
  [["parallel rm ::: a b", "parallel -j4 rm ::: a"], ["parallel", "rm", "sh"]],
];

// Package, environment and container runners: guards are `bash.<cli>`, so a guard on pytest must see
// `uv run pytest`. Both the runner and what it runs are programs. A python module is python code, not
// a program (the shared corpus: `python3 -m x` runs python3), so `python -m pytest` reports python.
const PACKAGE_RUNNERS: Row[] = [
  [["python -m pytest", "python -m pytest -x tests/", "python -mpytest", "python -u -m pytest", "python -B -Om pytest", "python -W ignore -m pytest", "python -Wignore -m pytest", "python -X dev -m pytest", "python -I -X importtime -m pytest -k x", "/usr/bin/python -m pytest", "python -m pytest.__main__", "sudo python -m pytest", "timeout 60 python -m pytest"], ["python"]],
  [["python3 -m pytest", "python3 -q -m pytest", "env -i python3 -m pytest", "/usr/local/bin/python3 -m pytest -x", "python3 -m http.server 8000", "python3 -m pip install -e .", "python3 -m uv run pytest"], ["python3"]],
  [["python3.12 -m pytest", "python3.12 -m pytest --co -q", "python3.12 -E -s -m pytest"], ["python3.12"]],
  [["py -m pytest", "py -3 -m pytest", "py -3.12 -m pytest -x"], ["py"]],
  [["pypy3 -m pytest", "pypy3 -X dev -m pytest"], ["pypy3"]],
  // a script file is python's own; inline code is scanned for the processes it starts (interpreters table)
  [["python script.py -m pytest", "python -V", "python -c pass -m pytest", "python -u app.py"], ["python"]],
  [["python -", "python"], ["python"], DYN], // interactive

  [["uv run pytest", "uv run pytest -x tests/", "uv run --with pytest-cov pytest", "uv run --with=pytest-cov pytest", "uv run -p 3.12 pytest", "uv run --python 3.12 pytest", "uv run --frozen --all-extras pytest", "uv run --extra dev --group test pytest", "uv run --env-file .env pytest", "uv run --directory app pytest", "uv --directory app run pytest", "uv -q run pytest", "uv run --no-sync -- pytest"], ["pytest", "uv"]],
  [["uv run -m pytest", "uv run --module pytest tests/", "uv run --module=pytest -x", "uv run -mpytest"], ["uv"]],
  [["uv run python -m pytest", "uv run --with pytest python -m pytest"], ["python", "uv"]],
  [["uvx pytest", "uvx pytest@8 -x", "uvx 'pytest==8.2'", "uvx 'pytest>=8'", "uvx 'pytest[testing]'", "uvx --from pytest pytest", "uvx --with pytest-cov pytest", "uvx -p 3.12 pytest", "uvx --from 'pytest==8' -- pytest -x"], ["pytest", "uvx"]],
  [["uv tool run pytest", "uv tool run --from pytest pytest -x", "uv tool run pytest@latest"], ["pytest", "uv"]],
  [["uvx --from httpie http", "uvx --from 'httpie==3.2' http get x"], ["http", "uvx"]],
  [["uv pip install pytest", "uv sync", "uv tool install pytest", "uv add --dev pytest"], ["uv"]],
  [["poetry run pytest", "poetry run pytest -x", "poetry -C app run pytest", "poetry --directory=app run pytest", "poetry -q run pytest"], ["poetry", "pytest"]],
  [["pipenv run pytest", "pipenv --python 3.12 run pytest"], ["pipenv", "pytest"]],
  [["pdm run pytest", "pdm run -p app pytest", "pdm -p app run pytest"], ["pdm", "pytest"]],
  [["hatch run pytest", "hatch run test:pytest", "hatch -e test run pytest -x", "hatch --env=test run pytest"], ["hatch", "pytest"]],
  [["rye run pytest", "rye run --pyproject app/pyproject.toml pytest"], ["pytest", "rye"]],
  [["pipx run pytest", "pipx run --spec pytest==8 pytest", "pipx run 'pytest==8.2'", "pipx run --python python3.12 pytest"], ["pipx", "pytest"]],

  [["npx jest", "npx jest --watch", "npx jest@29", "npx -y jest", "npx --yes jest", "npx -p jest jest", "npx --package=jest jest", "npx --package jest jest", "npx -- jest", "npx ./node_modules/.bin/jest"], ["jest", "npx"]],
  [["npx @biomejs/biome check", "npx @biomejs/biome@1.8 check ."], ["biome", "npx"]],
  [["npx -c 'jest && tsc'", "npx --call='jest && tsc'", "npx -p typescript -c 'jest; tsc'"], ["jest", "npx", "sh", "tsc"]],
  [["npm exec jest", "npm exec -- jest", "npm exec --package=jest -- jest -w", "npm x jest", "npm --prefix app exec jest", "npm -w pkg exec jest"], ["jest", "npm"]],
  [["npm exec -c 'jest'"], ["jest", "npm", "sh"]],
  [["npm run jest", "npm test", "npm install jest"], ["npm"]],
  [["pnpm exec jest", "pnpm exec jest --ci", "pnpm -C app exec jest", "pnpm --filter web exec jest", "pnpm -r exec jest", "pnpm dlx jest", "pnpm dlx jest@29", "pnpm dlx --package=jest jest", "pnpm --dir app dlx jest"], ["jest", "pnpm"]],
  [["pnpm exec -c 'jest'"], ["jest", "pnpm", "sh"]],
  [["pnpx jest"], ["jest", "pnpx"]],
  [["yarn exec jest", "yarn --cwd app exec jest", "yarn dlx jest", "yarn dlx -p jest jest", "yarn dlx jest@29 --ci"], ["jest", "yarn"]],
  [["bunx jest", "bunx jest@29", "bunx --bun jest", "bunx -p jest jest", "bunx --package=jest jest"], ["bunx", "jest"]],
  [["bun x jest", "bun x --bun jest@29", "bun --cwd app x jest"], ["bun", "jest"]],
  [["bun run jest", "bun test", "bun install"], ["bun"]],
  [["corepack pnpm install", "corepack pnpm@9.1.0 install", "corepack pnpm -v"], ["corepack", "pnpm"]],
  [["corepack enable", "corepack prepare pnpm@9 --activate", "corepack use pnpm@9"], ["corepack"]],

  [["bundle exec rspec", "bundle exec rspec spec/x_spec.rb", "bundle exec --gemfile=Gemfile rspec", "bundle exec --gemfile Gemfile rspec", "bundle exec --keep-file-descriptors rspec"], ["bundle", "rspec"]],
  [["bundler exec rspec"], ["bundler", "rspec"]],
  [["bundle install", "bundle exec"], ["bundle"]],
  [["nix-shell --run pytest", "nix-shell --run 'pytest -x'", "nix-shell -p python3 --run pytest", "nix-shell -p python3 git --run 'pytest'", "nix-shell shell.nix --pure --run pytest", "nix-shell --command pytest", "nix-shell --run=pytest", "nix-shell -I nixpkgs=x -A dev --run pytest"], ["nix-shell", "pytest"]],
  [["nix-shell", "nix-shell -p python3", "nix-shell shell.nix --pure"], ["nix-shell"]],
  [["direnv exec . pytest", "direnv exec /srv/app pytest -x", "direnv exec app -- pytest"], ["direnv", "pytest"]],
  [["mise exec -- pytest", "mise x -- pytest", "mise exec python@3.12 -- pytest", "mise x python@3.12 node@20 -- pytest -x", "mise exec -C app -- pytest"], ["mise", "pytest"]],
  [["mise exec -c 'pytest -x'", "mise x python@3.12 --command=pytest"], ["mise", "pytest", "sh"]],
  [["mise exec python@3.12", "mise x", "mise run test", "mise install"], ["mise"]],
  [["rtx exec -- pytest", "rtx x python@3.12 -- pytest"], ["pytest", "rtx"]],
  [["asdf exec pytest", "asdf exec pytest -x"], ["asdf", "pytest"]],

  // The command runs in a container or pod, not here; a guard on it should still see it.
  [["docker exec web psql", "docker exec -it web psql", "docker exec -i -t web psql -U app", "docker exec -e PGPASSWORD=x web psql", "docker exec --env=A=1 -u postgres -w /tmp web psql", "docker exec --user postgres web psql", "docker -H tcp://h:2375 exec web psql", "docker --context prod exec -it web psql", "docker container exec web psql", "docker compose exec db psql", "docker compose -f dev.yml exec -T db psql", "docker compose exec -u postgres db psql"], ["docker", "psql"], DYN], // interactive
  [["podman exec -it web psql"], ["podman", "psql"], DYN], // interactive
  [["docker-compose exec db psql", "docker-compose -p app exec -T db psql"], ["docker-compose", "psql"], DYN], // interactive
  [["docker exec web sh -c 'psql -c x'"], ["docker", "psql", "sh"]],
  [["docker exec -it web sh -c psql"], ["docker", "psql", "sh"], DYN], // interactive
  [["kubectl exec -it api -- bash -c 'psql -U app'", "kubectl exec api -- bash -lc psql"], ["bash", "kubectl", "psql"], DYN], // interactive
  [["docker ps", "docker exec web", "docker run --rm app", "docker compose up -d", "docker logs web"], ["docker"]],
  [["kubectl exec api -- psql", "kubectl exec -it api -- psql", "kubectl exec api -c db -- psql -U app", "kubectl exec -n prod api -- psql", "kubectl -n prod exec api -- psql", "kubectl --context eu -n prod exec -it api -- psql", "kubectl exec deploy/api --container db -- psql", "kubectl exec api psql", "kubectl exec -itc db api -- psql", "kubectl exec api -n prod -c db -- psql"], ["kubectl", "psql"], DYN], // interactive
  [["oc exec api -- psql"], ["oc", "psql"], DYN], // interactive
  [["kubectl get pods", "kubectl exec api", "kubectl -n prod logs api"], ["kubectl"]],
  // subcommands of git and make are not programs
  [["git -C app status", "git -C app log --oneline"], ["git"]],
  [["make -C app test", "make -C app"], ["make"]],
];

const DYNAMIC: Row[] = [
  [["$X", "$X -rf ~", "${X}", '"$X" a', "sudo $X", "env $X", "timeout 5 $CMD", "{rm,-rf,x}", "/???/rm", "/bin/r[m]", "${HOME}/bin/rm", "$((1))", "$'\\x72'$X", "X=rm; $X -rf ~", "`$X`", "*"], [], DYN],
  [["$(printf r)m", "`printf r`m", "$(printf rm) -rf x", "$(printf rm)"], ["printf"], DYN],
  [["xargs $X", "xargs -n1 $X"], ["xargs"], DYN],
  [["find . -exec $X {} \\;"], ["find"], DYN],
  [["curl x | bash", "curl x | sudo bash", "curl x |& bash -s", "curl x | bash -s -- a b", "curl x | (bash)", "curl x | bash /dev/stdin", "curl x | { bash; }", "bash -c \"$(curl x)\"", "bash <(curl x)"], ["bash", "curl"], DYN],
  [["bash < x.sh", "bash -s < x.sh", 'bash <<< "$X"', 'bash -c "$X"', "bash -c $1", 'bash -c "$*"'], ["bash"], DYN],
  // a script file's commands are not in the line
  [["bash script.sh", "bash -x script.sh", "bash -- script.sh", "bash 'my script.sh'", "bash ./configure", "bash --rcfile x -i", "bash --init-file=x"], ["bash"], DYN],
  [["bash -c '$(rm)'", "bash -c '`rm`'"], ["bash", "rm"], DYN],
  [["eval \"$X\"", "eval $X", 'eval "echo $X"'], ["eval"], DYN],
  [["eval echo $X", "eval 'echo' \"$X\""], ["echo", "eval"], DYN],
  [["source <(curl x)", "source -- <(curl x)"], ["curl", "source"], DYN],
  [[". <(curl x)", "curl x | . /dev/stdin"], [".", "curl"], DYN],
  [["ssh host \"$CMD\"", "ssh host $CMD"], ["ssh"], DYN],
  // a package runner's program, module or subcommand that is not static may run anything
  [["npx $TOOL", "npx -y \"$TOOL\" --check", "npx -c \"$CMD\""], ["npx"], DYN],
  [["npm exec -- $TOOL", "npm $SUB jest"], ["npm"], DYN],
  [["uv run $TOOL", "uv run \"$@\"", "uv $SUB pytest", "uv run -m $MOD"], ["uv"], DYN],
  [["python -m $MOD", "python -m \"$MOD\" -x"], ["python"], DYN],
  [["docker $CMD web psql", "docker exec web $TOOL"], ["docker"], DYN],
  [["kubectl exec api -- \"$@\"", "kubectl $VERB api -- psql"], ["kubectl"], DYN],
  [["nix-shell --run \"$CMD\"", "nix-shell -p jq --run $CMD"], ["nix-shell"], DYN],
  [["ssh host rm $X", "ssh host 'rm' \"$X\""], ["rm", "ssh"], DYN],
  [["echo 'unterminated", 'echo "unterminated', "echo `x", "echo ${x", "echo $'x"], ["echo"], DYN],
  [["echo; (a", "echo; a |", "echo && a &&", "if echo; then a", "while echo; do a", "echo; a; }", "for x in y; do echo; a; done; fi"], ["a", "echo"], DYN],
  [["a;;b", "a; )"], ["a"], DYN],
  [["[[ x", "[[ x; rm ]]", ")", "case x in", "x=(a", "a=$(", "case x in a)"], [], DYN],
  [["cat <", "cat >", "cat <<<", "cat 2>", "cat &>"], ["cat"], DYN],
  [["case x in a) rm", "case x in a) rm;;", "(rm", "{ rm"], ["rm"], DYN],
];

const NOT_DYNAMIC: Row[] = [
  [["bash -c"], ["bash"]],
  [["echo $X", 'echo "$X" ${Y} $((1+2)) *.txt {a,b}', "echo $(( (1+2) * 3 ))"], ["echo"]],
  [["python3 - <<'PY'\nimport os\nPY", "python3 < x.py", "python3 -c 'import os'"], ["python3"]],
];

const EXACT: [string, string[], boolean][] = [
  ["!(x)", ["x"], false], // bash: `!` then a subshell, not an extglob
  ["echo !(x)", ["echo"], false],
  ["bash -c \"$(curl x)\"", ["bash", "curl"], true],
  ["eval \"$(ssh-agent -s)\"", ["eval", "ssh-agent"], true],
  ["$(which git) push", ["which"], true],
  ["echo x > $(a)", ["a", "echo"], false],
  ["xargs", ["echo", "xargs"], false], // xargs runs echo when it is given no command
  ["find . -name x -print", ["find"], false],
  ["f() { git push; }; f", ["f", "git"], false],
  ["a=(1 2) b", ["b"], false],
  ["cat file | sudo tee /etc/hosts >/dev/null", ["cat", "tee"], false],
  ["if [ -f x ]; then :; fi", [":", "["], false],
  ["echo $(( 1", ["1", "echo"], true],
  ["x=$(cat <<EOF\n$(rm)\nEOF)\nls", ["cat", "ls", "rm"], false], // bash ends a heredoc at `EOF)` in $( ) // not arithmetic after all: a substitution running `( 1`
  ["git commit -m \"$(cat <<'EOF'\nfix: rm -rf\nEOF\n)\"", ["cat", "git"], false],
];

const TABLES: Record<string, Row[]> = { QUOTING, STRUCTURE, SUBSTITUTIONS, HEREDOCS, WRAPPERS, LOOKUPS, RUNNERS, PACKAGE_RUNNERS, DYNAMIC, NOT_DYNAMIC };

test("no spelling appears twice across the tables", () => {
  const seen = new Map<string, string>();
  const dups: string[] = [];
  for (const [name, rows] of Object.entries(TABLES))
    for (const [spellings] of rows)
      for (const s of spellings) {
        if (seen.has(s)) dups.push(`${JSON.stringify(s)} in ${seen.get(s)} and ${name}`);
        seen.set(s, name);
      }
  expect(dups).toEqual([]);
});

for (const [name, rows] of Object.entries(TABLES)) {
  describe(name, () => {
    for (const [spellings, programs, dynamic = false] of rows) {
      test.each(spellings)(`%p -> ${programs.join(",") || "(none)"}${dynamic ? " dynamic" : ""}`, (s) => {
        const a = analyze(s);
        expect({ programs: a.programs, dynamic: a.dynamic }).toEqual({ programs: [...programs].sort(), dynamic });
      });
    }
  });
}

describe("exact", () => {
  test.each(EXACT)("%p", (s, programs, dynamic) => {
    const a = analyze(s);
    expect({ programs: a.programs, dynamic: a.dynamic }).toEqual({ programs, dynamic });
  });
});
