import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findGitRoot, gitConfigPath, judgeTrust, ownerOf, readOriginUrl } from "../../src/conditions/trust";
import { tempDir } from "../helpers";

describe("origin owner", () => {
  test.each([
    ["https://github.com/Owner/repo.git", "owner"],
    ["https://github.com/owner/repo", "owner"],
    ["https://user:token@github.com/acme/repo.git", "acme"],
    ["ssh://git@github.com/acme/repo.git", "acme"],
    ["ssh://git@host.example:2222/Acme/repo", "acme"],
    ["git@github.com:ACME/repo.git", "acme"],
    ["github.com:acme/repo", "acme"],
    ["https://gitlab.com/group/sub/repo.git", "group/sub"],
    ["git://example.com/someone/x.git", "someone"],
  ])("%s -> %s", (url, owner) => expect(ownerOf(url)).toBe(owner));
  test.each(["https://github.com/repo", "/local/path/repo", "repo"])("%s has no owner", (url) => expect(ownerOf(url)).toBeUndefined());
});

describe("trust rule", () => {
  test("no origin is trusted", () => expect(judgeTrust(undefined, false, undefined, []).trusted).toBe(true));
  test("bundle owner is trusted", () => expect(judgeTrust("acme", true, "acme", []).trusted).toBe(true));
  test("listed owner is trusted", () => expect(judgeTrust("acme", true, "other", ["acme"]).trusted).toBe(true));
  test("* trusts all", () => expect(judgeTrust("x", true, undefined, ["*"]).trusted).toBe(true));
  test("a nested namespace under a trusted owner is trusted", () => expect(judgeTrust("acme/team", true, undefined, ["acme"]).trusted).toBe(true));
  test("a stranger is not", () => {
    const v = judgeTrust("stranger", true, "acme", ["friend"]);
    expect(v.trusted).toBe(false);
    expect(v.owner).toBe("stranger");
  });
  test("an origin whose owner cannot be parsed is not trusted", () => expect(judgeTrust(undefined, true, undefined, []).trusted).toBe(false));
});

describe("git root and config", () => {
  test("finds the nearest .git folder and reads origin", () => {
    const root = tempDir();
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, ".git", "config"), '[core]\n\tbare = false\n[remote "upstream"]\n\turl = https://github.com/up/x\n[remote "origin"]\n\turl = git@github.com:Acme/x.git\n');
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(findGitRoot(join(root, "a", "b"))).toBe(root);
    expect(readOriginUrl(gitConfigPath(root))).toBe("git@github.com:Acme/x.git");
  });
  test("a .git file (worktree) points at the common dir's config", () => {
    const main = tempDir();
    mkdirSync(join(main, ".git", "worktrees", "wt"), { recursive: true });
    writeFileSync(join(main, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/acme/x\n');
    writeFileSync(join(main, ".git", "worktrees", "wt", "commondir"), "../..\n");
    const wt = tempDir();
    writeFileSync(join(wt, ".git"), `gitdir: ${join(main, ".git", "worktrees", "wt")}\n`);
    expect(findGitRoot(wt)).toBe(wt);
    expect(readOriginUrl(gitConfigPath(wt))).toBe("https://github.com/acme/x");
  });
  test("no .git anywhere gives undefined", () => {
    expect(findGitRoot("/")).toBeUndefined();
  });
});
