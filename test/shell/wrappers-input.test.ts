// Issue 17, classes 5, 6 and 8: wrappers that run their argument (reported as programs), commands
// that come from input (dynamic), and wrappers themselves: reported apart, and `bash.<cli>` matches
// them, so a `bash.sudo` guard fires (checked through the compiled executable's hook).
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { addCondition, claudeBash, hook, run, sandbox } from "../helpers";
import { DYN, type Row, checkTables } from "./rows";

const RUN_THEIR_ARGUMENT: Row[] = [
  [["setpriv --reuid=1000 rm f", "setpriv --no-new-privs rm f", "setpriv --nnp -- rm f", "setpriv --inh-caps=-all --reuid 1 rm f", "setpriv --reu 1 rm f"], ["rm", "setpriv"]],
  [["setarch x86_64 rm f", "setarch x86_64 -R rm f", "setarch linux64 --addr-no-randomize rm f", "setarch i386 -3 rm f"], ["rm", "setarch"]],
  [["linux64 rm f", "linux64 -R rm f"], ["linux64", "rm"]],
  [["setarch x86_64"], ["setarch", "sh"]],
  [["prlimit --nofile=10 rm f", "prlimit -n10 rm f", "prlimit --cpu=1:2 --as=1000 rm f", "prlimit -- rm f"], ["prlimit", "rm"]],
  [["/lib64/ld-linux-x86-64.so.2 /bin/rm f", "/lib64/ld-linux-x86-64.so.2 --argv0 x /bin/rm f"], ["ld-linux-x86-64.so.2", "rm"]],
  [["/lib/ld-linux.so.2 rm f"], ["ld-linux.so.2", "rm"]],
  [["/lib/ld-musl-x86_64.so.1 rm f"], ["ld-musl-x86_64.so.1", "rm"]],
  [["ld.so --library-path /lib rm f"], ["ld.so", "rm"]],
  [["ld.so --preload ./x.so rm f"], ["ld.so", "rm"], DYN],
  [["ssh-agent rm f", "ssh-agent -s rm f", "ssh-agent -a sock -t 60 rm f", "ssh-agent -- rm f"], ["rm", "ssh-agent"]],
  [["dbus-run-session rm f", "dbus-run-session -- rm f"], ["dbus-run-session", "rm"]],
  [["dbus-run-session --dbus-daemon=rm true"], ["dbus-run-session", "rm", "sh", "true"]],
  [["script -qc 'rm f' /dev/null", "script -q -c 'rm f' log", "script --command 'rm f' log"], ["rm", "script", "sh"]],
  [["caffeinate rm f", "caffeinate -i rm f", "caffeinate -t 60 rm f", "caffeinate -dims rm f"], ["caffeinate", "rm"]],
  [["nodemon --exec 'rm f'", "nodemon -x 'rm f' app.js", "nodemon --exec=rm"], ["node", "nodemon", "rm", "sh"]],
  [["c8 rm f", "c8 --reporter=lcov rm f", "c8 -r html rm f", "c8 --all --check-coverage rm f"], ["c8", "rm"]],
  [["nyc rm f", "nyc --reporter text rm f"], ["nyc", "rm"]],
  [["cross-env A=1 rm f", "cross-env A=1 B=2 rm f"], ["cross-env", "rm"]],
  [["concurrently 'rm f' 'rm g'", "concurrently -k 'rm f' 'rm g'", "concurrently --names a,b 'rm f' 'rm g'"], ["concurrently", "rm", "sh"]],
  [["hyperfine 'rm f'", "hyperfine -w 3 'rm f'", "hyperfine --runs 5 'rm f' 'rm g'"], ["hyperfine", "rm", "sh"]],
  [["eatmydata rm f"], ["eatmydata", "rm"]],
  // an option a strict row does not know could take the next word: what it runs is not known
  [["c8 --zzz 1 rm f"], ["c8"], DYN],
  [["setpriv --zzz rm f"], ["setpriv"], DYN],
  [["caffeinate -Q rm f"], ["caffeinate"], DYN],
  // runners this analysis does not model
  [["bwrap --ro-bind / / rm f"], ["bwrap"], DYN],
  [["systemd-run rm f"], ["systemd-run"], DYN],
  [["tmux new 'rm f'"], ["tmux"], DYN],
  [["dotenv -- rm f"], ["dotenv"], DYN],
];

// A shell, a REPL or a console that nothing in the line feeds reads what is typed into it later: a
// terminal, or a harness tool that writes to a running process (Codex's write_stdin fires no hook), so
// opening it is the last point a guard sees, and what it will run is unknown.
const INTERACTIVE: Row[] = [
  [["bash", "bash -x", "bash -s", "bash -i", "bash -l", "exec bash", "bash --norc"], ["bash"], DYN],
  [["sh", "sh -i"], ["sh"], DYN],
  [["dash", "dash -i"], ["dash"], DYN],
  [["python3", "python3 -", "python3 -i", "python3 -u"], ["python3"], DYN],
  [["node", "node -i"], ["node"], DYN],
  [["perl"], ["perl"], DYN],
  [["psql", "psql -U app db"], ["psql"], DYN],
  [["sqlite3 x.db"], ["sqlite3"], DYN],
  [["ssh host", "ssh -p 22 user@host"], ["ssh"], DYN],
  [["sudo -s", "sudo -i"], [], DYN, ["sudo"]],
  [["sudo bash", "sudo -u bob bash"], ["bash"], DYN, ["sudo"]],
  [["su", "su -", "su bob"], ["su"], DYN],
  [["docker exec -it web bash"], ["bash", "docker"], DYN],
  // fed or given: not interactive
  [["bash -c ls", "bash <<<'ls'", "bash <<'E'\nls\nE"], ["bash", "ls"]],
  [["python3 -V", "python3 --version", "python3 -c pass", "python3 app.py", "python3 -m pytest"], ["python3"]],
  [["node --version", "node -h", "node app.js"], ["node"]],
  [["psql -c 'select 1'", "psql -c 'select 1' db"], ["psql"]],
  [["sqlite3 x.db 'select 1'"], ["sqlite3"]],
  [["ssh host ls"], ["ls", "ssh"]],
];

const FROM_INPUT: Row[] = [
  [["xargs -I{} bash -c {}", "xargs -I% bash -c %", "xargs -i bash -c {}", "xargs --replace bash -c {}"], ["bash", "xargs"], DYN],
  [["echo rm | xargs -I{} bash -c {}"], ["bash", "echo", "xargs"], DYN],
  [["xargs sh"], ["sh", "xargs"], DYN],
  [["xargs bash", "xargs bash -e"], ["bash", "xargs"], DYN],
  [["xargs -I{} {}", "xargs env", "xargs sudo", "xargs -I{} nice {}"], ["xargs"], DYN],
  [['source "$FILE"', "source venv/bin/activate", "source ./env.sh", "source -- env.sh"], ["source"], DYN],
  [[". ./env.sh", '. "$F"'], ["."], DYN],
  [["bash script.sh", "bash -e run.sh arg"], ["bash"], DYN],
  [["sh ./configure", "sh -x s.sh"], ["sh"], DYN],
  [["BASH_ENV=./x bash -c true"], ["bash", "true"], DYN],
  [["ls | parallel"], ["ls", "parallel"], DYN],
  [["echo 'rm f' | at now"], ["at", "echo"], DYN],
  [["at now -f job.sh"], ["at"], DYN],
  [["batch < jobs"], ["batch"], DYN],
  [["at now <<< 'rm f'", "at now <<'E'\nrm f\nE"], ["at", "rm", "sh"]],
];

const WRAPPERS_REPORTED: Row[] = [
  [["sudo git push", "sudo -u bob git push", "sudo -E git push"], ["git"], false, ["sudo"]],
  [["sudo env X=1 timeout 5 nice git push", "env sudo nice timeout 5 git push"], ["git"], false, ["env", "nice", "sudo", "timeout"]],
  [["sudo -l", "sudo -e /etc/hosts", "sudo"], [], false, ["sudo"]],
  [["echo rm | sudo -s", "echo rm | sudo -i"], ["echo"], DYN, ["sudo"]],
  [["time make", "time -p make"], ["make"], false, ["time"]],
];

checkTables({ RUN_THEIR_ARGUMENT, INTERACTIVE, FROM_INPUT, WRAPPERS_REPORTED }, ["RUN_THEIR_ARGUMENT", "WRAPPERS_REPORTED"]);

describe("bash.<cli> matches wrappers (the compiled executable's hook)", () => {
  const setup = (guard = true) => {
    const sb = sandbox();
    const dir = join(sb.home, "conditions");
    // bash.sudo also fires for every dynamic line: the dynamic check below runs without the guard
    if (guard) addCondition(dir, "pre-bash.sudo-guard.sh", '#!/usr/bin/env bash\necho "no sudo ($AH_WRAPPERS)" >&2\nexit 2\n');
    addCondition(dir, "pre-bash.git-env.sh", '#!/usr/bin/env bash\necho "programs=[$AH_PROGRAMS] wrappers=[$AH_WRAPPERS] dynamic=$AH_DYNAMIC why=[$AH_DYNAMIC_WHY]"\n');
    return sb;
  };
  test.each(["sudo git push", "sudo -u bob make", "FOO=1 sudo -E env X=1 ls", "echo $(sudo id)", "bash -c 'sudo rm f'", "find . -exec sudo rm {} \\;", "xargs sudo rm"])("%p fires bash.sudo", (cmd) => {
    const sb = setup();
    const r = hook(claudeBash(cmd, sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("no sudo (");
    expect(r.stderr).toContain("sudo");
  });
  test.each(["git push", "echo sudo", "cat sudoers", "man sudo"])("%p does not fire bash.sudo", (cmd) => {
    const sb = setup();
    const r = hook(claudeBash(cmd, sb.repo), { env: sb.env });
    expect(r.exitCode).toBe(0);
  });
  test("AH_WRAPPERS and AH_DYNAMIC_WHY reach a condition", () => {
    const sb = setup(false);
    const r = hook(claudeBash("timeout 5 git status", sb.repo), { env: sb.env });
    expect(r.json.hookSpecificOutput.additionalContext).toContain("programs=[git] wrappers=[timeout] dynamic=0 why=[]");
    // a dynamic line the gate lets through (it refuses `git $SUB`: an operand only known when it runs)
    const d = hook(claudeBash("echo ${!x}", sb.repo), { env: sb.env });
    expect(d.json.hookSpecificOutput.additionalContext).toContain("dynamic=1 why=[indirect-expansion at 5-9:");
  });
  test("conditions list names the wrapper as the reason a bash.sudo condition matches", () => {
    const sb = setup();
    const r = run(["conditions", "list", "--tool", "Bash", "--command", "sudo git push"], { env: sb.env });
    expect(r.stdout).toContain("pre-bash.sudo-guard.sh");
  });
});
