// Groups for strict-modes tests: a folder writable by its owner's private group is accepted, one
// writable by a group others are in is refused (src/state/private-group.ts).
import { chownSync, readFileSync } from "node:fs";

/** Returns the groups /etc/group lists: gid -> members. */
function groups(): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const line of readFileSync("/etc/group", "utf8").split("\n")) {
    const [name, , gid, members] = line.split(":");
    if (name && gid) out.set(Number(gid), (members ?? "").split(",").filter(Boolean));
  }
  return out;
}

/**
 * Returns a gid this process may give its files that is not its private group (another account's
 * primary group, for root; a supplementary group otherwise), or undefined when there is none.
 */
export function sharedGid(): number | undefined {
  const own = process.getgid?.();
  if (process.getuid?.() === 0) {
    const primaries = new Set(readFileSync("/etc/passwd", "utf8").split("\n").map((l) => Number(l.split(":")[3])));
    return [...groups().keys()].find((g) => g !== own && primaries.has(g));
  }
  return (process.getgroups?.() ?? []).find((g) => g !== own);
}

/** Gives `path` the shared group (see sharedGid); returns false when there is none. */
export function giveSharedGroup(path: string): boolean {
  const gid = sharedGid();
  if (gid === undefined) return false;
  chownSync(path, process.getuid!(), gid);
  return true;
}
