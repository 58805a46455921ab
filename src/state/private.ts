// The home is private, as sshd wants ~/.ssh: its folders and the files that decide what runs must be
// owned by the user running the hook (or root) and writable by nobody else. Another local user who
// can write into the home could replace the index (and make this user's hook run a program of theirs)
// or forge a gate file. A refused file is a loud failure: the caller denies a PreToolUse call.
// Group-writability is accepted where the group is the owner's private group (private-group.ts):
// nobody else is in it, so umask 002 accounts are not locked out by their own folders.
import { type Stats, statSync } from "node:fs";
// the account files are read only for a path that is not plainly private (most calls meet none)
const accounts = () => require("./private-group") as typeof import("./private-group");

/** Why a path may not be trusted, and the one command that makes it trusted. */
export interface PrivacyVerdict {
  kind: "owner" | "others" | "group";
  problem: string;
  fix: string;
  /** kind group: why the group is not the owner's private group. */
  why?: string;
}

/** Returns `word` quoted for a POSIX shell when it needs it (a fix line is meant to be pasted). */
export const quoteArg = (word: string): string => (/^[A-Za-z0-9_\/.,:+@%=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * Returns why a file or folder with these stats may not be trusted and the command that fixes it, or
 * undefined when it is private. `what` names it in the problem (default: its path).
 */
export function privacyVerdict(st: Stats, path: string, what = path): PrivacyVerdict | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined; // Windows: no owner or mode bits to check
  const q = quoteArg(path);
  if (st.uid !== uid && st.uid !== 0) return { kind: "owner", problem: `${what} is owned by another user (uid ${st.uid}); it must be yours`, fix: `sudo chown ${accounts().userName(uid) ?? uid} ${q}` };
  const mode = st.mode & 0o777;
  const octal = mode.toString(8);
  if (mode & 0o002) return { kind: "others", problem: `${what} is writable by every user (mode ${octal})`, fix: `chmod go-w ${q}` };
  if (mode & 0o020) {
    const why = accounts().notPrivateGroup(st.gid, st.uid);
    if (why) return { kind: "group", why, problem: `${what} is writable by its group ${accounts().groupName(st.gid)} (mode ${octal}; ${why})`, fix: `chmod g-w ${q}` };
  }
  return undefined;
}

/** Returns why a file or folder with these stats may not be trusted, or undefined when it is private. */
export function privacyProblem(st: Stats, path: string): string | undefined {
  const v = privacyVerdict(st, path);
  return v && `${v.problem}; run ${v.fix}`;
}

/** Returns the verdict on `path`; a path that does not exist has no problem. */
export function pathPrivacyVerdict(path: string): PrivacyVerdict | undefined {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  return privacyVerdict(st, path);
}

/** Returns why `path` may not be trusted; a path that does not exist has no problem. */
export function pathPrivacyProblem(path: string): string | undefined {
  const v = pathPrivacyVerdict(path);
  return v && `${v.problem}; run ${v.fix}`;
}

/** Returns the first privacy problem among `paths` (checked in order), or undefined. */
export function firstPrivacyProblem(paths: string[]): string | undefined {
  for (const p of paths) {
    const problem = pathPrivacyProblem(p);
    if (problem) return problem;
  }
  return undefined;
}
