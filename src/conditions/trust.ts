// Whose a repository looks like, for advice only: a repository's own conditions run when the person
// approved their content (layers.ts, layer-hashes.ts), never because of an owner. The advice compares
// every remote URL with the bundle's owner (as `link` recorded it) and CONDITIONS_TRUSTED_OWNERS, host
// and owner compared; `conditions list` then suggests `agentihooks trust`. Remotes are read with git's
// own semantics (remotes.ts); this file only judges.

/** A remote's host and owner (namespace), normalized: lowercase, no port, user, `.git` or empty parts. */
export interface Owner {
  host: string;
  owner: string;
}

/** Hosts that are another name of the same forge. */
const HOST_ALIASES: Record<string, string> = { "ssh.github.com": "github.com", "altssh.gitlab.com": "gitlab.com", "www.github.com": "github.com" };

/**
 * Returns the host and owner of a remote URL (https, ssh, git, scp-like `user@host:path`), or
 * undefined when it has none that can be trusted: a local path, `..` or `.` or empty segments, a
 * percent-encoded separator, fewer than two path segments.
 *   https://github.com/Owner/repo.git  ssh://git@host:22/owner/repo  git@host:group/sub/repo.git
 */
export function ownerOf(url: string): Owner | undefined {
  let host: string;
  let path: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:]+)(?::\d*)?(\/.*)?$/i.exec(url.trim());
  if (scheme) {
    if (/^file$/i.test(scheme[1])) return undefined;
    host = scheme[2];
    path = scheme[3] ?? "";
  } else {
    // scp-like: no slash before the first colon (git's own rule)
    const scp = /^(?:[^@/:]+@)?(\[[^\]]+\]|[^/:]+):(?!\/\/)(.+)$/.exec(url.trim());
    if (!scp || scp[1].length < 2) return undefined; // `c:\path` is a Windows drive, not a host
    host = scp[1];
    path = scp[2];
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const segs = decoded.replace(/^\//, "").replace(/\/+$/, "").split("/");
  if (segs.length < 2 || segs.some((s) => s === "" || s === "." || s === ".." || /[\\\0]/.test(s))) return undefined;
  segs[segs.length - 1] = segs[segs.length - 1].replace(/\.git$/i, "");
  if (!segs[segs.length - 1]) return undefined;
  const h = host.toLowerCase().replace(/\.$/, "");
  return { host: HOST_ALIASES[h] ?? h, owner: segs.slice(0, -1).join("/").toLowerCase() };
}

/** Returns `host/owner`. */
export const ownerKey = (o: Owner) => `${o.host}/${o.owner}`;

/**
 * Returns a CONDITIONS_TRUSTED_OWNERS entry as host and owner: `github.com/alice`, or `alice` alone
 * (which means github.com/alice), or `*`.
 */
export function trustedEntry(entry: string): Owner | "*" | undefined {
  const e = entry.trim().toLowerCase().replace(/\/+$/, "").replace(/\.git$/, "");
  if (e === "*") return "*";
  if (!e || e.split("/").some((s) => s === "" || s === "." || s === "..")) return undefined;
  const parts = e.split("/");
  return parts.length === 1 || !parts[0].includes(".") ? { host: "github.com", owner: e } : { host: parts[0], owner: parts.slice(1).join("/") };
}

/** True when `entry` covers `o` (the same host, and the same owner or an owner nested below it). */
export function covers(entry: Owner, o: Owner): boolean {
  return entry.host === o.host && (entry.owner === o.owner || o.owner.startsWith(`${entry.owner}/`));
}

export interface TrustVerdict {
  trusted: boolean;
  /** The untrusted URL's host/owner (or the URL itself when it has none). */
  owner?: string;
  why: string;
}

/** Returns whether every URL is owned by the bundle's owner or a trusted owner. */
export function judgeUrls(urls: string[], bundleOwner: Owner | undefined, trusted: string[]): TrustVerdict {
  if (urls.length === 0) return { trusted: true, why: "no remote and no clone origin (local-only work)" };
  const entries = trusted.map(trustedEntry);
  for (const url of urls) {
    const o = ownerOf(url);
    if (!o) return { trusted: false, owner: url, why: `remote ${url} has no host and owner that can be trusted` };
    if (bundleOwner && covers(bundleOwner, o)) continue;
    if (entries.includes("*")) continue;
    if (entries.some((e) => e && e !== "*" && covers(e, o))) continue;
    return { trusted: false, owner: ownerKey(o), why: `owner ${ownerKey(o)} (of ${url}) is not trusted` };
  }
  return { trusted: true, owner: ownerOf(urls[0]) && ownerKey(ownerOf(urls[0])!), why: "every remote is owned by the bundle's owner or a trusted owner" };
}
