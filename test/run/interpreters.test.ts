// Conditions depend on nothing the agent can write (issue 23 part 5), through the compiled executable:
// a hostile bash, python3, env or timeout first on the PATH (and in ~/.local/bin) never runs, Python
// conditions load no PYTHONSTARTUP, PYTHONPATH sitecustomize or user-site usercustomize, and a missing
// or refused interpreter denies a PreToolUse call with the reason.
import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { addCondition, claudeBash, hook, run, sandbox, writeFile } from "../helpers";

const PYTHON = "/usr/bin/python3";
const pyVersion = Bun.spawnSync([PYTHON, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"]).stdout.toString().trim();

/** A sandbox whose PATH starts with hostile programs that leave a marker, then run the real one. */
function hostile() {
  const sb = sandbox();
  const markers = join(sb.root, "markers");
  mkdirSync(markers);
  const evil = join(sb.root, "evil");
  const localBin = join(sb.userHome, ".local", "bin");
  for (const dir of [evil, localBin]) {
    for (const [name, real] of [["bash", "/bin/bash"], ["python3", PYTHON], ["env", "/usr/bin/env"], ["timeout", "/usr/bin/timeout"], ["sh", "/bin/sh"]]) {
      writeFile(join(dir, name), `#!/bin/sh\n: > '${markers}/${name}'\nexec ${real} "$@"\n`, 0o755);
    }
  }
  const env = { ...sb.env, PATH: `${evil}:${localBin}:/usr/bin:/bin` };
  const add = (file: string, body: string, mode = 0o755) => addCondition(join(sb.home, "conditions"), file, body, mode);
  return { sb, env, markers, add };
}

const context = (r: { json?: any }) => (r.json?.hookSpecificOutput?.additionalContext as string | undefined) ?? "";

describe("interpreters come from system folders, never the PATH", () => {
  test("every kind of condition runs, and no hostile bash, python3, env or timeout does", async () => {
    const { sb, env, markers, add } = hostile();
    add("pre-bash-a_sh.sh", 'echo "ran-sh $BASH"\n');
    add("pre-bash-b_bash.bash", 'echo "ran-bash $BASH"\n');
    add("pre-bash-c_py.py", "import sys\nprint('ran-py', sys.executable, sys.flags.isolated)\n");
    add("pre-bash-d_ts.ts", 'console.log("ran-ts");\n');
    add("pre-bash-e_envbash.run", '#!/usr/bin/env bash\necho "ran-envbash $BASH"\n');
    add("pre-bash-f_envpy.run", "#!/usr/bin/env python3\nimport sys\nprint('ran-envpy', sys.executable, sys.flags.isolated)\n");
    add("pre-bash-g_binsh.run", '#!/bin/sh\necho "ran-binsh"\n');
    // A shell condition that starts Python the documented way gets the index's absolute Python.
    add("pre-bash-h_nested.sh", '"${AGENTIHOOKS_PYTHON:-python3}" -c "import sys; print(\'ran-nested\', sys.executable)"\n');
    const asyncOut = join(sb.root, "async.out");
    add("pre-bash-i_async.async.sh", `echo "ran-async $BASH" > '${asyncOut}'\n`);
    const r = hook(claudeBash("ls", sb.repo), { env });
    expect(r.exitCode).toBe(0);
    const ctx = context(r);
    expect(ctx).toContain("ran-sh /bin/bash");
    expect(ctx).toContain("ran-bash /bin/bash");
    expect(ctx).toContain(`ran-py ${PYTHON} 1`);
    expect(ctx).toContain("ran-ts");
    expect(ctx).toContain("ran-envbash /usr/bin/bash");
    expect(ctx).toContain(`ran-envpy ${PYTHON} 1`);
    expect(ctx).toContain("ran-binsh");
    expect(ctx).toContain(`ran-nested ${PYTHON}`);
    for (let i = 0; i < 100 && !existsSync(asyncOut); i++) await Bun.sleep(50);
    expect(readFileSync(asyncOut, "utf8")).toContain("ran-async /bin/bash");
    expect(readdirSync(markers)).toEqual([]);
  });

  test("a Python condition loads no PYTHONSTARTUP, PYTHONPATH sitecustomize nor user-site usercustomize", () => {
    const { sb, env, markers, add } = hostile();
    const code = (name: string) => `open('${markers}/${name}', 'w').close()\n`;
    const startup = writeFile(join(sb.root, "startup.py"), code("startup"));
    const pathDir = join(sb.root, "pypath");
    writeFile(join(pathDir, "sitecustomize.py"), code("sitecustomize"));
    const userSite = join(sb.userHome, ".local", "lib", `python${pyVersion}`, "site-packages");
    writeFile(join(userSite, "usercustomize.py"), code("usercustomize"));
    const pyEnv = { ...env, PYTHONSTARTUP: startup, PYTHONPATH: pathDir, PYTHONINSPECT: "" };
    // The control: the same files do run in a Python started without isolation.
    const control = Bun.spawnSync([PYTHON, "-c", "pass"], { env: pyEnv });
    expect(control.exitCode).toBe(0);
    expect(readdirSync(markers).sort()).toEqual(["sitecustomize", "usercustomize"]);
    for (const m of readdirSync(markers)) Bun.spawnSync(["rm", join(markers, m)]);
    add("pre-bash-py.py", "import json, sys\np = json.load(sys.stdin)\nprint('py saw', p['tool_input']['command'])\n");
    const r = hook(claudeBash("make", sb.repo), { env: pyEnv });
    expect(r.exitCode).toBe(0);
    expect(context(r)).toContain("py saw make");
    expect(readdirSync(markers)).toEqual([]);
    // A Python a shell condition starts loads no user site-packages either (PYTHONNOUSERSITE); the
    // PYTHON* variables it keeps come from the harness's environment, which the agent does not set.
    add("pre-bash-nested.sh", '"$AGENTIHOOKS_PYTHON" -c "print(\'nested ran\')"\n');
    const nested = hook(claudeBash("make", sb.repo), { env: pyEnv });
    expect(context(nested)).toContain("nested ran");
    expect(readdirSync(markers)).not.toContain("usercustomize");
  });

  test("a missing Python denies PreToolUse with the reason, and is a note elsewhere", () => {
    const { sb, env, add } = hostile();
    add("pre-bash-py.py", "print('hi')\n");
    add("post-bash-py.py", "print('hi')\n");
    const missing = { ...env, AGENTIHOOKS_PYTHON: "/nonexistent/python9" };
    const r = hook(claudeBash("ls", sb.repo), { env: missing });
    expect(r.exitCode).toBe(2);
    expect(r.json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(r.json.hookSpecificOutput.permissionDecisionReason).toContain("the interpreter /nonexistent/python9 does not exist or is not executable");
    const post = hook({ ...claudeBash("ls", sb.repo), hook_event_name: "PostToolUse", tool_response: "" }, { env: missing });
    expect(post.exitCode).toBe(0);
    expect(post.stdout + post.stderr).toContain("/nonexistent/python9 does not exist");
  });

  test("a python3 only on the PATH is not taken: AGENTIHOOKS_PYTHON names a program of the system folders", () => {
    const { sb, env, markers, add } = hostile();
    add("pre-bash-py.py", "import sys\nprint('ran', sys.executable)\n");
    const r = hook(claudeBash("ls", sb.repo), { env: { ...env, AGENTIHOOKS_PYTHON: "python3" } });
    expect(context(r)).toContain(`ran ${PYTHON}`);
    const none = hook(claudeBash("ls", sb.repo), { env: { ...env, AGENTIHOOKS_PYTHON: "python9zz" } });
    expect(none.exitCode).toBe(2);
    expect(none.json.hookSpecificOutput.permissionDecisionReason).toContain("no python9zz found in /usr/bin/python9zz");
    expect(readdirSync(markers)).toEqual([]);
  });

  test("a shebang's env program that no system folder holds denies, even when the PATH has it", () => {
    const { sb, env, markers, add } = hostile();
    writeFile(join(sb.root, "evil", "mytool9"), `#!/bin/sh\n: > '${markers}/mytool9'\n`, 0o755);
    add("pre-bash-tool.run", "#!/usr/bin/env mytool9\n");
    add("pre-bash-opts.run", "#!/usr/bin/env -i bash\necho hi\n");
    const r = hook(claudeBash("ls", sb.repo), { env });
    expect(r.exitCode).toBe(2);
    const reason = r.json.hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).toContain("pre-bash-tool.run is refused: its shebang's no mytool9 found in /usr/bin/mytool9");
    expect(reason).toContain("pre-bash-opts.run is refused: its shebang passes env options");
    expect(readdirSync(markers)).toEqual([]);
  });

  test("strict modes: an interpreter in a folder every user can write is refused", () => {
    const { sb, env, markers, add } = hostile();
    const open = join(sb.root, "open");
    writeFile(join(open, "python3"), `#!/bin/sh\n: > '${markers}/open'\nexec ${PYTHON} "$@"\n`, 0o755);
    chmodSync(open, 0o777);
    add("pre-bash-py.py", "print('hi')\n", 0o700);
    const strict = { ...env, AGENTIHOOKS_STRICT_MODES: "1", AGENTIHOOKS_PYTHON: join(open, "python3") };
    const r = hook(claudeBash("ls", sb.repo), { env: strict });
    expect(r.exitCode).toBe(2);
    expect(r.json.hookSpecificOutput.permissionDecisionReason).toContain(`the interpreter ${join(open, "python3")} is refused: ${open} is writable by every user`);
    expect(readdirSync(markers)).toEqual([]);
    // Without strict modes the owner's choice is taken as it is.
    const lax = hook(claudeBash("ls", sb.repo), { env: { ...strict, AGENTIHOOKS_STRICT_MODES: "0" } });
    expect(context(lax)).toContain("hi");
  });

  test("doctor names the interpreter a condition needs and why it was not found", () => {
    const { sb, env, add } = hostile();
    expect(run(["init", "--target", "claude"], { env, cwd: sb.repo }).exitCode).toBe(0);
    add("pre-bash-py.py", "print('hi')\n");
    const r = run(["doctor", "--json"], { env: { ...env, AGENTIHOOKS_PYTHON: "/nonexistent/python9" }, cwd: sb.repo });
    expect(r.exitCode).toBe(1);
    const fails = r.json.checks.filter((c: { level: string }) => c.level === "fail");
    expect(fails).toContainEqual(expect.objectContaining({ text: "claude: the interpreter /nonexistent/python9 does not exist or is not executable, and pre-bash-py.py needs it" }));
    const ok = run(["doctor", "--json"], { env, cwd: sb.repo });
    expect(ok.json.checks.map((c: { text: string }) => c.text)).toContainEqual(expect.stringContaining(`${PYTHON} found for`));
  });

  test("lint says a condition whose interpreter is missing never runs, and how to fix it", () => {
    const { sb, env, add } = hostile();
    add("pre-bash-py.py", "print('hi')\n");
    add("pre-bash-tool.run", "#!/usr/bin/env mytool9\n");
    const r = run(["conditions", "lint", join(sb.home, "conditions"), "--json"], { env: { ...env, AGENTIHOOKS_PYTHON: "/nonexistent/python9" }, cwd: sb.repo });
    expect(r.exitCode).toBe(1);
    const found = r.json.findings.filter((f: { rule: string }) => f.rule === "no-runner");
    expect(found.map((f: { message: string }) => f.message).sort()).toEqual([
      "never runs: its shebang's no mytool9 found in /usr/bin/mytool9, /bin/mytool9, /usr/local/bin/mytool9, /opt/homebrew/bin/mytool9 (the PATH is never searched)",
      "never runs: the interpreter /nonexistent/python9 does not exist or is not executable",
    ]);
    for (const f of found) expect(f.fix).toContain("AGENTIHOOKS_PYTHON");
  });
});
