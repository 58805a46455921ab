// The built-in default profile's git pack (src/rules/packs/pre-bash-git.rules.toml), through the compiled
// executable: tables of spellings a person would write to force a push or push to main, each a
// PreToolUse payload into `agentihooks hook --target claude --event PreToolUse`, and the pushes that
// must pass. Every deny names its rule id and how to allow it.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeBash, harnessHook, hook, sandbox } from "../helpers";

const sb = sandbox();
writeFileSync(join(sb.home, "state.json"), JSON.stringify({ version: 1, targets: { global: { profiles: ["default"] } } }));

/** A checkout with `branch` checked out (HEAD only: the pack reads the files, never runs git). */
function checkout(name: string, branch: string): string {
  const dir = join(sb.root, name);
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git", "HEAD"), `ref: refs/heads/${branch}\n`);
  return dir;
}
const feature = checkout("feature-checkout", "feature/login");
const mainCheckout = checkout("main-checkout", "main");
checkout("other-checkout", "master");
// a worktree: `.git` is a file naming the folder that holds HEAD
const worktreeGit = join(sb.root, "wt-gitdir");
mkdirSync(worktreeGit, { recursive: true });
writeFileSync(join(worktreeGit, "HEAD"), "ref: refs/heads/main\n");
const worktree = join(sb.root, "worktree");
mkdirSync(worktree);
writeFileSync(join(worktree, ".git"), `gitdir: ${worktreeGit}\n`);

function answer(command: string, cwd = feature) {
  const r = hook(claudeBash(command, cwd), { env: sb.env, target: "claude", event: "PreToolUse" });
  const out = r.json?.hookSpecificOutput ?? {};
  return { exit: r.exitCode, decision: (out.permissionDecision as string | undefined) ?? "none", reason: (out.permissionDecisionReason as string | undefined) ?? "" };
}

const DENIED: [string, string][] = [
  ["git push --force", "git.push-force"],
  ["git push -f origin feature/login", "git.push-force"],
  ["git push -uf origin feature/login", "git.push-force"],
  ["git push $'--force' origin x", "git.push-force"],
  ["git push $'\\x2d-force' origin x", "git.push-force"],
  ['git push "--f"orce origin x', "git.push-force"],
  ["git push --forc\\\ne origin x", "git.push-force"],
  ["git push --for origin x --force", "git.push-force"],
  ["/usr/lib/git-core/git-push -f origin x", "git.push-force"],
  ["/usr/lib/git-core/git-push origin main", "git.push-protected"],
  ["git -C ../main-checkout push -f", "git.push-force"],
  ["git -C dir push -f", "git.push-force"],
  ["git --git-dir=.git -c user.name=x push -f", "git.push-force"],
  ["sudo -u me env A=1 git push --force", "git.push-force"],
  ["command git push -f", "git.push-force"],
  ["bash -c 'git push -f'", "git.push-force"],
  ["sh -c \"cd /tmp && git push -f origin x\"", "git.push-force"],
  ["echo origin | xargs git push -f", "git.push-force"],
  ["find . -maxdepth 0 -exec git push -f {} \\;", "git.push-force"],
  ["x=$(git push --force origin feature/login)", "git.push-force"],
  ["python3 -c 'import os; os.system(\"git push -f\")'", "git.push-force"],
  ["git -c alias.p='push -f' p", "git.push-force"],
  ["git -c alias.p='push --force' p origin x", "git.push-force"],
  ["git -c 'alias.p=!git push -f' p", "git.push-force"],
  ["git push origin +feature/login", "git.push-forced-refspec"],
  ["git push origin +main", "git.push-forced-refspec"],
  ["git push origin '+HEAD:refs/heads/x'", "git.push-forced-refspec"],
  ["git -c remote.origin.push=+feature/login:feature/login push", "git.push-forced-refspec"],
  ["git -c remote.origin.push=+feature/login:feature/login push origin", "git.push-forced-refspec"],
  ["git --config-env=remote.origin.push=SPEC push", "git.push-dynamic-settings"],
  ["git push --mirror backup", "git.push-mirror"],
  ["git push --mirr backup", "git.push-mirror"],
  ["git -c remote.backup.mirror=true push backup", "git.push-mirror"],
  ["git push --all", "git.push-all"],
  ["git push --all origin", "git.push-all"],
  ["git push origin main", "git.push-protected"],
  ["git push origin master", "git.push-protected"],
  ["git push origin :", "git.push-protected"],
  ["git push origin heads/main", "git.push-protected"],
  ["git push origin refs/heads/master", "git.push-protected"],
  ["git push origin HEAD:main", "git.push-protected"],
  ["git push origin feature/login:refs/heads/main", "git.push-protected"],
  ["git push origin :main", "git.push-protected"],
  ["git push --delete origin master", "git.push-protected"],
  ["git push origin --delete main", "git.push-protected"],
  ["git push -d origin main", "git.push-protected"],
  ["git push --force-with-lease origin main", "git.push-protected"],
  ["git push --force-w origin main", "git.push-protected"],
  ["git push -o ci.skip origin main", "git.push-protected"],
  ["git push origin -- main", "git.push-protected"],
  ["git add . && git commit -m wip && git push origin main", "git.push-protected"],
  ["cd ../other-checkout && git push", "git.push-current-protected"],
  ["cd ../main-checkout; git push origin", "git.push-current-protected"],
  ["cd ../main-checkout && git push -u origin HEAD", "git.push-protected"],
  ["git -C ../main-checkout push", "git.push-current-protected"],
];

const PASSED = [
  "git push origin feature/login",
  "git push -u origin feature/login",
  "git push --force-with-lease origin feature/login",
  "git push --force-with-lease=feature/login:abc123 origin feature/login",
  "git push --force-w origin feature/login",
  "git push --force-if-includes --force-with-lease origin feature/login",
  "git push origin main:feature/copy",
  "git push origin mainline",
  "git push",
  "git push origin",
  "git push -u origin HEAD",
  "git push origin feature/login > push.log 2>&1",
  "git status",
  "git log --oneline",
  "git commit -m 'never git push --force'",
  "echo git push --force",
  "git push -o --force origin feature/login",
  "cd ../main-checkout && cd ../feature-checkout && git push",
  "(cd ../main-checkout && git status); git push",
  "x=git; $x log", // a program only known when it runs: the default preset ignores it (strict asks)
];

describe("denied through the executable, with the rule id and the way to allow it", () => {
  for (const [command, rule] of DENIED) {
    test(`${JSON.stringify(command)} -> ${rule}`, () => {
      const a = answer(command);
      expect(a).toMatchObject({ exit: 2, decision: "deny" });
      expect(a.reason).toContain(`${rule}:`);
      expect(a.reason).toContain(`agentihooks conditions disable ${rule}`);
    });
  }
});

test("a push setting only known when it runs is denied by its own rule (the gate, open here, would refuse it first)", () => {
  // An open gate: the closed one refuses any git line with a word only known when it runs.
  const armed = harnessHook({ session_id: "open", cwd: sb.repo, hook_event_name: "UserPromptSubmit", prompt: "please add an agentihooks condition for bash.git" }, { env: sb.env });
  expect(armed.stdout).toContain("condition gate is open");
  for (const command of ['git -c "$CFG" push', 'git -c alias.p="$X" p origin x']) {
    const r = hook({ ...claudeBash(command, sb.repo), session_id: "open" }, { env: sb.env, target: "claude", event: "PreToolUse" });
    expect(r.json?.hookSpecificOutput?.permissionDecision).toBe("deny");
    expect(r.json?.hookSpecificOutput?.permissionDecisionReason).toContain("git.push-dynamic-settings:");
  }
});

describe("passed through the executable", () => {
  for (const command of PASSED) test(JSON.stringify(command), () => expect(answer(command)).toMatchObject({ exit: 0, decision: "none" }));
});

describe("the branch that is checked out where the push runs", () => {
  test("a bare push on main, master or a worktree on main is denied; on a feature branch it passes", () => {
    expect(answer("git push", mainCheckout).reason).toContain("git.push-current-protected");
    expect(answer("git push origin", join(sb.root, "other-checkout")).reason).toContain("the checked-out branch is main or master");
    expect(answer("git push", worktree).decision).toBe("deny");
    expect(answer("git push", feature).decision).toBe("none");
  });

  test("a static cd moves the push: into a feature checkout it passes, into a main one it is denied", () => {
    expect(answer("cd ../feature-checkout && git push", mainCheckout).decision).toBe("none");
    expect(answer("cd ../main-checkout && git push", feature).decision).toBe("deny");
    expect(answer("cd ~ && cd " + mainCheckout + " && git push", feature).decision).toBe("deny");
  });
});

describe("history and work lost: asked in the default preset", () => {
  for (const [command, rule] of [
    ["git reset --hard", "git.reset-hard"],
    ["git reset --hard HEAD~3", "git.reset-hard"],
    ["git reset --ha", "git.reset-hard"],
    ["git clean -fdx", "git.clean-force"],
    ["git clean -d -f", "git.clean-force"],
    ["git stash drop", "git.stash-drop"],
    ["git stash clear", "git.stash-drop"],
    ["git filter-branch --tree-filter 'rm x' HEAD", "git.filter-branch"],
    ["git reflog expire --expire=now --all", "git.reflog-expire"],
    ["git gc --prune=now", "git.gc-prune-now"],
    ["git branch -D old", "git.branch-force-delete"],
    ["git branch -d -f old", "git.branch-force-delete-long"],
    ["git checkout -- .", "git.checkout-pathspec"],
    ["git checkout HEAD src/a.ts", "git.checkout-files"],
    ["git checkout -f main", "git.checkout-force"],
    ["git switch --discard-ch main", "git.checkout-force"],
    ["git restore .", "git.restore-files"],
    ["git restore -SW src/a.ts", "git.restore-worktree"],
    ["git restore --pathspec-from-file=list.txt", "git.checkout-pathspec-file"],
    ["git tag -d v1.0", "git.tag-delete"],
    ["git push origin --delete old", "git.push-delete"],
    ["git push origin :refs/tags/v1.0", "git.push-delete-refspec"],
    ["git worktree remove -f ../wt", "git.worktree-remove-force"],
    ["git merge --abor", "git.merge-abort"],
  ] as const) {
    test(`${command} -> ask ${rule}`, () => {
      const a = answer(command);
      expect(a.decision).toBe("ask");
      expect(a.reason).toContain(`${rule}:`);
    });
  }
  for (const command of ["git reset --soft HEAD~1", "git reset", "git clean -n", "git clean -fn", "git stash", "git stash pop", "git gc", "git branch -d old", "git checkout main", "git checkout -b x origin/main", "git switch -c feature", "git restore --staged .", "git restore -S a.ts", "git tag v1.0", "git worktree remove ../wt", "git push origin feature/x:feature/x", "git checkout --track=direct main"]) {
    test(`${command} passes in the default preset`, () => expect(answer(command).decision).toBe("none"));
  }
});

describe("presets: strict asks and paranoid denies where default lets a guess through", () => {
  /** A home whose chain ends in a profile named after the preset (an empty linked folder here). */
  function presetHome(preset: string) {
    const home = sandbox();
    const folder = join(home.root, preset);
    mkdirSync(join(folder, ".claude", "conditions"), { recursive: true });
    writeFileSync(join(home.home, "state.json"), JSON.stringify({ version: 1, linked_profiles: { [preset]: folder }, targets: { global: { profiles: ["default", preset] } } }));
    writeFileSync(join(home.repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
    return (command: string) => {
      const out = hook(claudeBash(command, home.repo), { env: home.env, target: "claude", event: "PreToolUse" }).json?.hookSpecificOutput ?? {};
      return { decision: out.permissionDecision ?? "none", reason: out.permissionDecisionReason ?? "" };
    };
  }
  test("a program only known when it runs: one reason for the whole pack", () => {
    const strict = presetHome("strict")("x=git; $x log");
    expect(strict.decision).toBe("ask");
    expect(strict.reason).toContain("more rules of this file): the line may run a program these rules guard");
    expect(presetHome("paranoid")("x=git; $x log").decision).toBe("deny");
  });
  test("rules that ask in default deny in paranoid; rules off in default ask in strict", () => {
    expect(presetHome("paranoid")("git reset --hard").decision).toBe("deny");
    expect(presetHome("paranoid")("git branch -D old").decision).toBe("deny");
    const strict = presetHome("strict");
    expect(strict("git update-ref -d refs/heads/old").reason).toContain("git.update-ref-delete:");
    expect(strict("git checkout -- .").decision).toBe("ask");
    expect(strict("git push origin feature/x").decision).toBe("none");
  });
});
