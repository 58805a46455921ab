// Whether a group is one user's private group, as Debian's OpenSSH StrictModes asks before it accepts
// a group-writable ~/.ssh: the group is the owner's primary group, /etc/group lists no other member
// in it, and no other account in /etc/passwd has it as primary group. Accounts with umask 002 (the
// default for user-private-group systems: Debian, Ubuntu, Fedora) make every folder group-writable,
// and that group can hold nobody else. Only the local files are read (no NSS, no network lookup): an
// account or group they do not list is not known to be private, so its group-writability is refused.
// Read once per call (state/call-memo.ts): /etc/group only when a group-writable mode is met.
import { readFileSync } from "node:fs";
import { callMemo } from "./call-memo";

const accountFiles = callMemo<string, string>();

/** One of the two files, read once per call. */
function accountFile(path: "/etc/passwd" | "/etc/group"): string {
  let text = accountFiles.get(path);
  if (text === undefined) {
    try {
      text = readFileSync(path, "utf8");
    } catch {
      text = "";
    }
    accountFiles.set(path, text);
  }
  return text;
}

/**
 * Returns [login name, primary gid] of `uid` from /etc/passwd (its first well-formed entry), or
 * undefined. A scan of the lines, not a regular expression built for the uid: compiling one cost every
 * hook call's decision record ~0.1 ms (bench/README.md, entry 36).
 */
function user(uid: number, passwd = accountFile("/etc/passwd")): [string, number] | undefined {
  const id = String(uid);
  for (let at = 0; at < passwd.length; ) {
    const end = passwd.indexOf("\n", at);
    const line = passwd.slice(at, end < 0 ? passwd.length : end);
    at = end < 0 ? passwd.length : end + 1;
    // name:password:uid:gid:... with a name and a numeric gid
    const f = line.split(":", 5);
    if (f.length === 5 && f[0] !== "" && f[2] === id && isDigits(f[3])) return [f[0], Number(f[3])];
  }
  return undefined;
}

function isDigits(s: string): boolean {
  if (s === "") return false;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

/** Returns [group name, member names] of `gid` from /etc/group (its first entry), or undefined. */
function group(gid: number): [string, string[]] | undefined {
  const m = new RegExp(`^([^:\\n]+):[^:\\n]*:${gid}:([^\\n]*)$`, "m").exec(accountFile("/etc/group"));
  return m ? [m[1], m[2].split(",").map((s) => s.trim()).filter(Boolean)] : undefined;
}

/** Returns how many /etc/passwd entries have `gid` as primary group. */
const primaryCount = (gid: number): number => accountFile("/etc/passwd").match(new RegExp(`^[^:\\n]+:[^:\\n]*:\\d+:${gid}:`, "gm"))?.length ?? 0;

/** Returns the name of group `gid` as /etc/group lists it, else the number. */
export function groupName(gid: number): string {
  return group(gid)?.[0] ?? String(gid);
}

/** Returns the login name of `uid` as /etc/passwd (or the `passwd` text given) lists it, or undefined. */
export function userName(uid: number, passwd?: string): string | undefined {
  return user(uid, passwd)?.[0];
}

/**
 * Returns undefined when `gid` is the private group of account `uid` (its primary group, with no
 * other member and no other account's primary group), else why it is not.
 */
export function notPrivateGroup(gid: number, uid: number): string | undefined {
  if (!Number.isInteger(gid) || !Number.isInteger(uid)) return `gid ${gid} is not a number`;
  const u = user(uid);
  const g = group(gid);
  const name = g?.[0] ?? `gid ${gid}`;
  if (!u) return `uid ${uid} is not listed in /etc/passwd, so group ${name} is not known to be private`;
  if (u[1] !== gid) return `group ${name} is not the primary group of ${u[0]}`;
  if (!g) return `group ${gid} is not listed in /etc/group, so it is not known to be private`;
  const others = g[1].filter((m) => m !== u[0]);
  if (others.length) return `group ${name} has other members (${others.join(", ")})`;
  if (primaryCount(gid) > 1) return `group ${name} is the primary group of other accounts too`;
  return undefined;
}
