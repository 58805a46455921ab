// Trust records, $AGENTIHOOKS_HOME/trust.json: what a person approved of a repository's condition
// layer (`agentihooks trust`, in the manner of `direnv allow`): the layer's file names and sha256, so
// a file changed, added or removed afterwards waits for the person again. A gated condition_set adds
// the file it wrote. Also revocations, and clones seen from an owner that is not the person's (shown
// as advice only). Keyed by the repository root's real path.
// The file is protected by the gate like the rest of the home; writes are atomic, and a record that a
// parallel writer dropped is written again (read back, merged, retried).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sweepTempFiles, writeFileAtomic } from "./atomic";
import { pathPrivacyProblem } from "./private";

export interface TrustRecord {
  trusted: boolean;
  /** "person": `agentihooks trust`; "condition_set": a gated write; "seen"/"clone": an untrusted owner was seen (advice only). */
  by: "person" | "condition_set" | "seen" | "clone";
  since: string;
  why: string;
  /** The untrusted owner (host/owner) when one was found. */
  owner?: string;
  /** The URLs seen: they keep counting after a remote is removed or renamed. */
  urls?: string[];
  /** The approved layer content: file name (relative to .agentihooks/conditions/) -> sha256. A trusted record without it predates content trust and runs nothing. */
  files?: Record<string, string>;
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

/**
 * Records `file` of the layer of `root` as approved with `hash` (undefined: removed), keeping the rest
 * of the record; a repository never trusted gets a record holding that file alone, and a revoked one
 * stays revoked. Returns the record.
 */
export function approveFile(home: string, root: string, file: string, hash: string | undefined): TrustRecord | undefined {
  const { store, problem } = loadTrustStore(home, false);
  if (problem && !/ENOENT/.test(problem)) throw new Error(problem);
  const old = store.repositories[root];
  if (old && !old.trusted && old.by === "person") return old;
  const files = { ...(old?.trusted ? (old.files ?? {}) : {}) };
  if (hash === undefined) delete files[file];
  else files[file] = hash;
  return setTrust(home, root, { trusted: true, by: old?.trusted && old.by === "person" ? "person" : "condition_set", why: `${file} ${hash === undefined ? "removed" : "written"} by a gated condition_set`, urls: old?.urls, files });
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
