// The folders agentihooks trusts, made trustworthy by the commands that create them. `init`, `link`
// and `conditions set` create the home (and a layer they write into) 0700 whatever the umask, and
// under strict modes repair what they find: a folder or condition of theirs that strict modes would
// refuse (writable by every user, or by a group other than the owner's private group) loses that
// write bit, and they say so. What they cannot repair (owned by another user, a chmod refused) is
// returned, so the command refuses loudly with the exact fix instead of leaving every call denied.
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from "node:fs";
import { join } from "node:path";
import { AgentihooksError } from "../errors";
import { homePaths } from "./home";
import { type PrivacyVerdict, privacyVerdict } from "./private";
import { groupName } from "./private-group";

export interface Secured {
  /** One line per repair: what it was and the chmod applied. */
  repaired: string[];
  /** What strict modes refuse and could not be repaired here. */
  refused: PrivacyVerdict[];
}

/** The write bits each fix removes. */
const CLEAR: Record<string, number> = { "g-w": 0o020, "go-w": 0o022 };

/** Creates `dir` (and missing parents) 0700, whatever the umask. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Repairs `paths` and, for each folder among `inside`, the files directly in it: returns what it
 * repaired and what it could not. Paths that do not exist, and symbolic links, are left as they are.
 */
export function repairModes(paths: string[], inside: string[] = []): Secured {
  const out: Secured = { repaired: [], refused: [] };
  const seen = new Set<string>();
  const visit = (path: string, inner: boolean) => {
    let st: Stats;
    try {
      st = lstatSync(path);
    } catch {
      return;
    }
    if (st.isSymbolicLink()) return;
    if (!seen.has(path)) repairOne(path, st, out);
    seen.add(path);
    if (inner && st.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(path);
      } catch {}
      for (const n of names) if (!n.startsWith(".")) visit(join(path, n), false);
    }
  };
  for (const p of paths) visit(p, false);
  for (const p of inside) visit(p, true);
  return out;
}

function repairOne(path: string, st: Stats, out: Secured): void {
  const v = privacyVerdict(st, path);
  if (!v) return;
  const bits = CLEAR[v.fix.split(" ")[1]];
  if (v.kind === "owner" || bits === undefined) return void out.refused.push(v);
  try {
    chmodSync(path, st.mode & 0o7777 & ~bits);
    const was = v.kind === "others" ? "every user" : `its group ${groupName(st.gid)}, and ${v.why}`;
    out.repaired.push(`repaired ${path}: ${v.fix.split(" ").slice(0, 2).join(" ")} (it was writable by ${was}; mode ${(st.mode & 0o777).toString(8)})`);
  } catch (err) {
    out.refused.push({ ...v, problem: `${v.problem}, and chmod failed (${(err as Error).message})` });
  }
}

/**
 * Creates the home private, and (strict) repairs it, its cache, its runtime layer and `layers`;
 * returns what it repaired and what it could not.
 */
export function secureHome(home: string, strict: boolean, layers: string[] = []): Secured {
  const paths = homePaths(home);
  // The home only: its cache and runtime layer are made 0700 by whoever first writes into them.
  makePrivateDir(paths.home);
  if (!strict) return { repaired: [], refused: [] };
  // What the hook checks, and nothing else of the home: AGENTIHOOKS_HOME may be a folder with other files.
  return repairModes([paths.home, paths.state, join(home, "trust.json")], [paths.cache, paths.conditions, join(home, "gates"), ...layers]);
}

/** Throws a one-line error naming what strict modes refuse and the command that fixes it, when any. */
export function refuseUnsafe(secured: Secured, doing: string): void {
  if (!secured.refused.length) return;
  const v = secured.refused[0];
  throw new AgentihooksError("E_PRIVATE", `${doing}: ${v.problem}, so every tool call would be denied; fix: ${secured.refused.map((r) => r.fix).join(" && ")}`);
}
