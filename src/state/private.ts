// The home is private, as sshd wants ~/.ssh: its folders and the files that decide what runs must be
// owned by the user running the hook (or root) and writable by nobody else. Another local user who
// can write into the home could replace the index (and make this user's hook run a program of theirs)
// or forge a gate file. A refused file is a loud failure: the caller denies a PreToolUse call.
import { type Stats, statSync } from "node:fs";

/** Returns why a file or folder with these stats may not be trusted, or undefined when it is private. */
export function privacyProblem(st: Stats, path: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined; // Windows: no owner or mode bits to check
  if (st.uid !== uid && st.uid !== 0) return `${path} is owned by another user (uid ${st.uid}); it must be yours`;
  const mode = st.mode & 0o777;
  if (mode & 0o022) return `${path} is writable by ${mode & 0o002 ? "every user" : "its group"} (mode ${mode.toString(8)}); run chmod go-w ${path}`;
  return undefined;
}

/** Returns why `path` may not be trusted; a path that does not exist has no problem. */
export function pathPrivacyProblem(path: string): string | undefined {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  return privacyProblem(st, path);
}

/** Returns the first privacy problem among `paths` (checked in order), or undefined. */
export function firstPrivacyProblem(paths: string[]): string | undefined {
  for (const p of paths) {
    const problem = pathPrivacyProblem(p);
    if (problem) return problem;
  }
  return undefined;
}
