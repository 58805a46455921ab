// Who may run a repository's own conditions. Trust applies only to the directory layer: it runs when the
// repository has no origin, or its owner is the bundle's owner, or is listed in CONDITIONS_TRUSTED_OWNERS.
// The origin is read from .git/config directly: no `git` process on the hot path.
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** Returns the nearest ancestor of `cwd` holding `.git` (a file or a folder), or undefined. */
export function findGitRoot(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (let i = 0; i < 128; i++) {
    try {
      statSync(join(dir, ".git"));
      return dir;
    } catch {}
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

/** Returns the path of the config file holding a checkout's remotes (follows `.git` files and worktrees). */
export function gitConfigPath(root: string): string {
  const dotgit = join(root, ".git");
  let gitdir = dotgit;
  try {
    if (statSync(dotgit).isFile()) {
      const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotgit, "utf8"));
      if (m) gitdir = isAbsolute(m[1].trim()) ? m[1].trim() : resolve(root, m[1].trim());
      try {
        // A worktree's gitdir points at .git/worktrees/<name>; its remotes live in the common dir.
        const common = readFileSync(join(gitdir, "commondir"), "utf8").trim();
        gitdir = isAbsolute(common) ? common : resolve(gitdir, common);
      } catch {}
    }
  } catch {}
  return join(gitdir, "config");
}

/** Returns the `remote "origin"` url from a git config file, or undefined. */
export function readOriginUrl(configPath: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(configPath, "utf8");
  } catch {
    return undefined;
  }
  let inOrigin = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]$/i.test(line);
      continue;
    }
    if (!inOrigin) continue;
    const m = /^url\s*=\s*(.*)$/i.exec(line);
    if (m) return m[1].trim().replace(/^"(.*)"$/, "$1");
  }
  return undefined;
}

/**
 * Returns the lowercased owner (namespace) of a remote url: https, ssh and scp-like forms.
 *   https://github.com/Owner/repo.git  ssh://git@host:22/owner/repo  git@host:owner/repo.git
 * For nested namespaces (group/sub/repo) the owner is "group/sub".
 */
export function ownerOf(url: string): string | undefined {
  let path: string | undefined;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?[^/]+(\/.*)$/i.exec(url);
  if (scheme) path = scheme[1];
  else {
    const scp = /^(?:[^@/]+@)?[^:/]+:(.+)$/.exec(url);
    if (scp) path = scp[1];
  }
  if (!path) return undefined;
  const segs = path.replace(/\/+$/, "").replace(/\.git$/i, "").split("/").filter(Boolean);
  if (segs.length < 2) return undefined;
  return segs.slice(0, -1).join("/").toLowerCase();
}

export interface TrustVerdict {
  trusted: boolean;
  owner?: string;
  why: string;
}

/** Decides whether a repository's directory layer may run. */
export function judgeTrust(repoOwner: string | undefined, hasOrigin: boolean, bundleOwner: string | undefined, trusted: string[]): TrustVerdict {
  if (!hasOrigin) return { trusted: true, why: "no origin remote (local-only work)" };
  if (!repoOwner) return { trusted: false, why: "origin url has no owner that can be parsed" };
  const covers = (entry: string) => entry === repoOwner || repoOwner.startsWith(`${entry}/`);
  if (bundleOwner && covers(bundleOwner)) return { trusted: true, owner: repoOwner, why: `owner ${repoOwner} is the bundle's owner` };
  if (trusted.includes("*")) return { trusted: true, owner: repoOwner, why: "CONDITIONS_TRUSTED_OWNERS=*" };
  if (trusted.some(covers)) return { trusted: true, owner: repoOwner, why: `owner ${repoOwner} is in CONDITIONS_TRUSTED_OWNERS` };
  return { trusted: false, owner: repoOwner, why: `owner ${repoOwner} is not trusted` };
}
