// Trust records, $AGENTIHOOKS_HOME/trust.json: repositories a person trusted (`agentihooks trust`,
// in the manner of `direnv allow`) and repositories seen untrusted, which stay untrusted until a
// person trusts them, whatever happens to their remotes. Keyed by the repository root's real path.
// The file is protected by the gate like the rest of the home; writes are atomic, and a record that a
// parallel writer dropped is written again (read back, merged, retried).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sweepTempFiles, writeFileAtomic } from "./atomic";
import { pathPrivacyProblem } from "./private";

export interface TrustRecord {
  trusted: boolean;
  /** "person": `agentihooks trust`; "seen": the hook found it untrusted; "clone": cloned from an untrusted owner. */
  by: "person" | "seen" | "clone";
  since: string;
  why: string;
  /** The untrusted owner (host/owner) when one was found. */
  owner?: string;
  /** The URLs seen: they keep counting after a remote is removed or renamed. */
  urls?: string[];
}

export interface TrustStore {
  version: 1;
  repositories: Record<string, TrustRecord>;
}

export const trustStorePath = (home: string) => join(home, "trust.json");

export interface LoadedStore {
  store: TrustStore;
  /** Why the file cannot be used (corrupt, or writable by others under strict modes). */
  problem?: string;
}

/** Returns the trust store; a missing file is an empty store. Never throws. */
export function loadTrustStore(home: string, strict = true): LoadedStore {
  const path = trustStorePath(home);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? { store: empty() } : { store: empty(), problem: `${path}: cannot read (${(err as Error).message})` };
  }
  const privacy = strict ? pathPrivacyProblem(path) : undefined;
  if (privacy) return { store: empty(), problem: privacy };
  try {
    const v = JSON.parse(text) as Partial<TrustStore>;
    if (!v || typeof v !== "object" || typeof v.repositories !== "object" || v.repositories === null) throw new Error("no repositories object");
    return { store: { version: 1, repositories: v.repositories as Record<string, TrustRecord> } };
  } catch (err) {
    return { store: empty(), problem: `${path}: not a valid trust store (${(err as Error).message})` };
  }
}

const empty = (): TrustStore => ({ version: 1, repositories: {} });

/** Sets the record of `root`; returns it. Throws a one-line error when the home is unwritable. */
export function setTrust(home: string, root: string, record: Omit<TrustRecord, "since">): TrustRecord {
  const full: TrustRecord = { ...record, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 4; attempt++) {
    const { store, problem } = loadTrustStore(home, false);
    if (problem && attempt === 0 && !/ENOENT/.test(problem)) throw new Error(problem);
    store.repositories[root] = full;
    writeFileAtomic(trustStorePath(home), `${JSON.stringify(store, null, 2)}\n`);
    if (attempt === 0) sweepTempFiles(home);
    const back = loadTrustStore(home, false).store.repositories[root];
    if (back && back.since === full.since && back.trusted === full.trusted) return full;
  }
  return full;
}

/** Removes the record of `root` (it is judged by its remotes again); returns true when there was one. */
export function forgetTrust(home: string, root: string): boolean {
  const { store, problem } = loadTrustStore(home, false);
  if (problem) throw new Error(problem);
  if (!store.repositories[root]) return false;
  delete store.repositories[root];
  writeFileAtomic(trustStorePath(home), `${JSON.stringify(store, null, 2)}\n`);
  return true;
}
