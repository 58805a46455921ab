// Whether a group is one user's private group, as Debian's OpenSSH StrictModes asks before it accepts
// a group-writable ~/.ssh: the group is the owner's primary group, /etc/group lists no other member
// in it, and no other account in /etc/passwd has it as primary group. Accounts with umask 002 (the
// default for user-private-group systems: Debian, Ubuntu, Fedora) make every folder group-writable,
// and that group can hold nobody else. Only the local files are read (no NSS, no network lookup): an
// account or group they do not list is not known to be private, so its group-writability is refused.
// Read once per process, and only when a group-writable mode is met.
import { readFileSync } from "node:fs";

interface Accounts {
  /** uid -> [name, primary gid] */
  users: Map<number, [string, number]>;
  /** gid -> [group name, member names] */
  groups: Map<number, [string, string[]]>;
  /** gid -> how many accounts have it as primary group */
  primaryCount: Map<number, number>;
}

let accounts: Accounts | undefined;

/** Returns the lines of a colon-separated file split into fields; none when it cannot be read. */
function rows(path: string): string[][] {
  try {
    return readFileSync(path, "utf8").split("\n").filter((l) => l && !l.startsWith("#")).map((l) => l.split(":"));
  } catch {
    return [];
  }
}

function load(): Accounts {
  if (accounts) return accounts;
  const a: Accounts = { users: new Map(), groups: new Map(), primaryCount: new Map() };
  for (const [name, , uid, gid] of rows("/etc/passwd")) {
    const u = Number(uid);
    const g = Number(gid);
    if (!name || !Number.isInteger(u) || !Number.isInteger(g)) continue;
    if (!a.users.has(u)) a.users.set(u, [name, g]);
    a.primaryCount.set(g, (a.primaryCount.get(g) ?? 0) + 1);
  }
  for (const [name, , gid, members] of rows("/etc/group")) {
    const g = Number(gid);
    if (!name || !Number.isInteger(g) || a.groups.has(g)) continue;
    a.groups.set(g, [name, (members ?? "").split(",").map((m) => m.trim()).filter(Boolean)]);
  }
  accounts = a;
  return a;
}

/** Returns the name of group `gid` as /etc/group lists it, else the number. */
export function groupName(gid: number): string {
  return load().groups.get(gid)?.[0] ?? String(gid);
}

/** Returns the login name of `uid` as /etc/passwd lists it, or undefined. */
export function userName(uid: number): string | undefined {
  return load().users.get(uid)?.[0];
}

/**
 * Returns undefined when `gid` is the private group of account `uid` (its primary group, with no
 * other member and no other account's primary group), else why it is not.
 */
export function notPrivateGroup(gid: number, uid: number): string | undefined {
  const a = load();
  const user = a.users.get(uid);
  const group = a.groups.get(gid);
  const name = group?.[0] ?? `gid ${gid}`;
  if (!user) return `uid ${uid} is not listed in /etc/passwd, so group ${name} is not known to be private`;
  if (user[1] !== gid) return `group ${name} is not the primary group of ${user[0]}`;
  if (!group) return `group ${gid} is not listed in /etc/group, so it is not known to be private`;
  const others = group[1].filter((m) => m !== user[0]);
  if (others.length) return `group ${name} has other members (${others.join(", ")})`;
  if ((a.primaryCount.get(gid) ?? 0) > 1) return `group ${name} is the primary group of other accounts too`;
  return undefined;
}
