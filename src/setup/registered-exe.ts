// doctor: is the executable a harness config names this agentihooks, and does it start? A config
// that names another file (an old install, a moved build) or a file that cannot run leaves the hooks
// dead or, for Copilot's exec form, denies every call; either way doctor must say so.
import { statSync } from "node:fs";
import { identity } from "../gate/exe-identity";
import { versionLine } from "../version";

export type ExeVerdict = { ok: true } | { ok: false; why: string };

/** true when both paths name the same file (a symlink, a hard link or another spelling of this executable counts). */
function sameFile(a: string, b: string): boolean {
  const [x, y] = [identity(a), identity(b)];
  return !!x && !!y && x.dev === y.dev && x.ino === y.ino;
}

/** What `<path> --version` printed, or why it did not run. */
function versionOf(path: string): { version: string } | { error: string } {
  try {
    const p = Bun.spawnSync([path, "--version"], { stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 10_000 });
    if (p.exitCode !== 0) return { error: `\`${path} --version\` exited ${p.exitCode ?? `on ${p.signalCode}`}` };
    return { version: p.stdout.toString().trim() };
  } catch (err) {
    return { error: `it cannot be started (${(err as Error).message})` };
  }
}

const verdicts = new Map<string, ExeVerdict>();

/** Returns whether `path` is this executable (`self`) and runs; each path is tried once per doctor run. */
export function judgeExe(path: string, self: string): ExeVerdict {
  const known = verdicts.get(path);
  if (known) return known;
  let v: ExeVerdict;
  if (!path.startsWith("/")) v = { ok: false, why: "is not an absolute path (the harness resolves it against its own cwd and PATH)" };
  else if (!sameFile(path, self)) v = { ok: false, why: fileProblem(path) ?? `is another file than this executable (${self})` };
  else {
    const run = versionOf(path);
    // The same file answers what this process would: version, commit and build target.
    v = "error" in run ? { ok: false, why: run.error } : run.version === versionLine() ? { ok: true } : { ok: false, why: `answers version ${run.version}, not ${versionLine()}` };
  }
  verdicts.set(path, v);
  return v;
}

function fileProblem(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile()) return "is not a file";
    if (!(st.mode & 0o111)) return "is not executable";
  } catch {
    return "does not exist";
  }
  return undefined;
}
