// Trust by host and owner (issue 16.6): many spellings of a remote URL, one normalized host/owner
// each; the URLs that must never count as a trusted owner's; the trust rule over a repository's URLs.
import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readOriginUrl } from "../../src/conditions/remotes";
import { findGitRoot } from "../../src/conditions/git-root";
import { covers, judgeUrls, ownerKey, ownerOf, trustedEntry } from "../../src/conditions/trust";
import { tempDir } from "../helpers";

/** Many spellings -> one host/owner. */
const SPELLINGS: [string, string][] = [
  ["https://github.com/Owner/repo.git", "github.com/owner"],
  ["https://github.com/owner/repo", "github.com/owner"],
  ["https://github.com/owner/repo/", "github.com/owner"],
  ["https://GitHub.com/OWNER/Repo.GIT", "github.com/owner"],
  ["https://user:token@github.com/acme/repo.git", "github.com/acme"],
  ["https://github.com:443/acme/repo.git", "github.com/acme"],
  ["http://github.com/acme/repo", "github.com/acme"],
  ["ssh://git@github.com/acme/repo.git", "github.com/acme"],
  ["ssh://git@github.com:22/acme/repo.git", "github.com/acme"],
  ["ssh://git@ssh.github.com:443/acme/repo.git", "github.com/acme"],
  ["ssh://git@host.example:2222/Acme/repo", "host.example/acme"],
  ["git@github.com:ACME/repo.git", "github.com/acme"],
  ["github.com:acme/repo", "github.com/acme"],
  ["git@github.com:/acme/repo.git", "github.com/acme"],
  ["https://gitlab.com/group/sub/repo.git", "gitlab.com/group/sub"],
  ["git://example.com/someone/x.git", "example.com/someone"],
  ["https://github.com./acme/repo", "github.com/acme"],
  ["https://github.com/acme%2Drepo/x", "github.com/acme-repo"],
  ["  https://github.com/acme/x  ", "github.com/acme"],
];

/** URLs with no host/owner that can be trusted. */
const NO_OWNER = [
  "https://github.com/repo",
  "/local/path/repo",
  "../sibling/repo",
  "file:///srv/git/acme/repo.git",
  "repo",
  "https://github.com/alice/../evil/x",
  "https://github.com/alice/./x",
  "https://github.com//alice/x",
  "https://github.com/alice%2F..%2Fevil/x",
  "https://github.com/alice%2f%2e%2e/x",
  "https://github.com/%zz/x",
  "git@github.com:alice/../evil/x",
  "C:\\repos\\acme\\x",
  "https://github.com/alice/.git",
  "https://github.com/a\\b/x",
];

describe("host and owner of a remote URL", () => {
  for (const [url, key] of SPELLINGS) test(`${url} -> ${key}`, () => expect(ownerKey(ownerOf(url)!)).toBe(key));
  for (const url of NO_OWNER) test(`${url} has no trustable owner`, () => expect(ownerOf(url)).toBeUndefined());
});

describe("trusted-owner entries", () => {
  test.each([
    ["alice", "github.com/alice"],
    ["Alice", "github.com/alice"],
    ["github.com/alice", "github.com/alice"],
    ["gitlab.com/group/sub", "gitlab.com/group/sub"],
    ["alice/team", "github.com/alice/team"],
  ])("%s means %s", (entry, key) => expect(ownerKey(trustedEntry(entry) as { host: string; owner: string })).toBe(key));
  test("an entry never covers another host or a sibling owner", () => {
    const alice = trustedEntry("alice") as { host: string; owner: string };
    expect(covers(alice, ownerOf("https://github.com/alice/x")!)).toBe(true);
    expect(covers(alice, ownerOf("https://github.com/alice/team/x")!)).toBe(true);
    expect(covers(alice, ownerOf("https://evil.example/alice/x.git")!)).toBe(false);
    expect(covers(alice, ownerOf("https://github.com/alicex/x")!)).toBe(false);
    expect(covers(alice, ownerOf("https://github.com.evil.example/alice/x")!)).toBe(false);
    expect(trustedEntry("../x")).toBeUndefined();
  });
});

describe("the trust rule over every URL", () => {
  const bundle = ownerOf("git@github.com:acme/bundle.git");
  test("no URL is local work", () => expect(judgeUrls([], bundle, []).trusted).toBe(true));
  test("the bundle's owner, on the bundle's host", () => expect(judgeUrls(["https://github.com/acme/x"], bundle, []).trusted).toBe(true));
  test("the bundle's owner name on another host is a stranger", () => {
    const v = judgeUrls(["https://evil.example/acme/x.git"], bundle, []);
    expect(v).toMatchObject({ trusted: false, owner: "evil.example/acme" });
  });
  test("every URL must be trusted: one stranger among them is enough", () => {
    expect(judgeUrls(["https://github.com/acme/x", "https://github.com/stranger/x"], bundle, []).trusted).toBe(false);
  });
  test("a listed owner, any case; * trusts all", () => {
    expect(judgeUrls(["https://github.com/Friend/x"], undefined, ["friend"]).trusted).toBe(true);
    expect(judgeUrls(["https://git.corp/team/x"], undefined, ["git.corp/team"]).trusted).toBe(true);
    expect(judgeUrls(["https://evil.example/friend/x"], undefined, ["friend"]).trusted).toBe(false);
    expect(judgeUrls(["https://x/y/z"], undefined, ["*"]).trusted).toBe(true);
  });
  test("a URL with no owner is not trusted, even next to trusted ones", () => {
    expect(judgeUrls(["https://github.com/acme/x", "/tmp/local"], bundle, []).trusted).toBe(false);
    expect(judgeUrls(["https://github.com/acme/../evil/x"], bundle, []).trusted).toBe(false);
  });
});

describe("git root and origin", () => {
  test("finds the nearest .git folder; origin as git reads it", () => {
    const root = tempDir();
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, ".git", "config"), '[core]\n\tbare = false\n[remote "upstream"]\n\turl = https://github.com/up/x\n[remote "origin"]\n\turl = git@github.com:Acme/x.git\n');
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(findGitRoot(join(root, "a", "b"))).toBe(root);
    expect(readOriginUrl(root)).toBe("git@github.com:Acme/x.git");
  });
  test("a .git file (worktree) reads the common dir's config", () => {
    const main = tempDir();
    mkdirSync(join(main, ".git", "worktrees", "wt"), { recursive: true });
    writeFileSync(join(main, ".git", "config"), '[remote "origin"]\n\turl = https://github.com/acme/x\n');
    writeFileSync(join(main, ".git", "worktrees", "wt", "commondir"), "../..\n");
    const wt = tempDir();
    writeFileSync(join(wt, ".git"), `gitdir: ${join(main, ".git", "worktrees", "wt")}\n`);
    expect(findGitRoot(wt)).toBe(wt);
    expect(readOriginUrl(wt)).toBe("https://github.com/acme/x");
  });
  test("no .git anywhere gives undefined", () => expect(findGitRoot("/")).toBeUndefined());
});
