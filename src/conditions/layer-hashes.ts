// What a repository's condition layer holds, as the person approves it: every entry under
// <git-root>/.agentihooks/conditions/ (helpers with ignored names and subfolders too: a condition may
// source them), each with its sha256. Hashing happens when the condition index is rebuilt, never on a
// hot call: each file's stat signature is kept with its hash, an unchanged signature reuses the hash,
// and the index checks the signatures (every call, or before the layer's conditions run: layers.ts
// fileChecks), so an edit (which changes mtime and ctime) rebuilds it.
// A file with a second hard link is never approved: it can change through a name outside the layer.
import { type Stats, lstatSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { pathSignature, statSignature } from "./stat-signature";

/** [name relative to the layer, stat signature when hashed, sha256 hex]. */
export type FileHash = [name: string, sig: string, sha256: string];

export interface LayerContent {
  /** Files and symbolic links with their hashes, in name order; none when listed without `hash`. */
  files: FileHash[];
  /** How many files and symbolic links the layer holds. */
  count: number;
  /** [absolute path, signature] of every file and folder to watch (taken before hashing). */
  watched: [string, string][];
  /** Why the content cannot be approved (a hard link, a device file, too many files). */
  problem?: string;
}

/** What an earlier layerContent() found (the condition index keeps it for the next rebuild). */
export interface PreviousContent {
  files: readonly FileHash[];
  count: number;
  watched: readonly [string, string][];
  problem?: string;
}

const MAX_ENTRIES = 1000;
const MAX_DEPTH = 8;

/** Returns the sha256 of bytes, hex. */
export function sha256(data: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}

/**
 * Lists and hashes the layer folder `dir` (a missing folder holds nothing). `previous` is an earlier
 * result: a file whose signature did not change is not read again, and when no folder's signature
 * changed the folders are not listed again either (only their files are stat'ed).
 *
 * `how` says what a listing needs:
 * - "hash": the above.
 * - "count": for a layer whose content decides nothing (no trusted record it could match: it waits
 *   for the person whatever its files hold): files are counted, not read or kept; when no folder
 *   changed, the earlier count and problem are taken as they are, with no stat.
 * - "reuse": as "hash", but when no folder changed the earlier files are taken with the signatures
 *   they were hashed at, unchecked: for a layer whose files the caller checks before they can run
 *   (catalog.ts confirm()), rebuilt for a change elsewhere.
 */
export function layerContent(dir: string, previous?: PreviousContent, how: "hash" | "count" | "reuse" = "hash"): LayerContent {
  const hash = how !== "count";
  const known = new Map((previous?.files ?? []).map((f) => [f[0], f]));
  const out: LayerContent = { files: [], count: 0, watched: [] };
  /** Adds one entry (a file or a link; a folder is walked). */
  const add = (path: string, relName: string, depth: number): void => {
    let st: Stats;
    try {
      st = lstatSync(path);
    } catch (err) {
      out.problem ??= `${path}: cannot stat (${(err as Error).message})`;
      return;
    }
    const sig = statSignature(st);
    // a symbolic link is re-pointed by replacing it, which changes its folder's signature
    if (!st.isSymbolicLink()) out.watched.push([path, sig]);
    if (st.isDirectory()) {
      if (depth >= MAX_DEPTH) out.problem ??= `${path}: folders nested deeper than ${MAX_DEPTH}`;
      else walk(path, relName, depth + 1);
      return;
    }
    if (st.isSymbolicLink()) {
      out.count++;
      if (hash) out.files.push([relName, sig, `symlink:${sha256(readlinkSafe(path))}`]);
      return;
    }
    if (!st.isFile()) return void (out.problem ??= `${path} is not a regular file`);
    if (st.nlink > 1) out.problem ??= `${path} has another hard link (${st.nlink} names): it can change through a name outside the layer`;
    out.count++;
    if (!hash) return;
    const old = known.get(relName);
    if (old && old[1] === sig) return void out.files.push(old);
    try {
      out.files.push([relName, sig, sha256(readFileSync(path))]);
    } catch (err) {
      out.problem ??= `${path}: cannot read (${(err as Error).message})`;
    }
  };
  const walk = (abs: string, rel: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(abs).sort();
    } catch (err) {
      if (depth > 0 || (err as NodeJS.ErrnoException).code !== "ENOENT") out.problem ??= `${abs}: cannot list (${(err as Error).message})`;
      return;
    }
    for (const name of names) {
      if (out.count + out.watched.length > MAX_ENTRIES) return void (out.problem ??= `more than ${MAX_ENTRIES} entries under ${dir}`);
      add(join(abs, name), rel ? `${rel}/${name}` : name, depth);
    }
  };
  let rootSig: string | undefined;
  try {
    rootSig = statSignature(lstatSync(dir)); // before listing: an entry added meanwhile rebuilds
  } catch {}
  const folders = previous?.watched.filter(([p, s]) => s.startsWith("d:") && (p === dir || p.startsWith(`${dir}/`))) ?? [];
  if (previous && rootSig && folders.some(([p, s]) => p === dir && s === rootSig) && folders.every(([p, s]) => p === dir || pathSignature(p, false) === s)) {
    // no folder gained, lost or renamed an entry
    if (!hash) return { files: [], count: previous.count, watched: [...folders], problem: previous.problem };
    // the earlier listing kept every file with its hash (one that met a problem, such as an entry that
    // is not a file, or one made without hashes, is walked again)
    const complete = previous.files.length === previous.count && !previous.problem;
    if (complete && how === "reuse") {
      const files = [...previous.files];
      return { files, count: files.length, watched: [...folders, ...files.map(([name, sig]): [string, string] => [join(dir, name), sig])] };
    }
    // the same names, each file stat'ed (and read if it changed)
    if (complete) {
      out.watched.push(...folders);
      for (const [name] of previous.files) add(join(dir, name), name, MAX_DEPTH);
      out.files.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      return out;
    }
  }
  if (rootSig) out.watched.push([dir, rootSig]);
  walk(dir, "", 0);
  return out;
}

function readlinkSafe(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return "";
  }
}

/** Returns the content as the trust record keeps it: name -> sha256. */
export function hashesOf(files: readonly FileHash[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, , hash] of files) out[name] = hash;
  return out;
}

/** Returns what differs between the approved record and the current files, or undefined when equal. */
export function contentChange(approved: Record<string, string>, files: readonly FileHash[]): string | undefined {
  const changed: string[] = [];
  const present = new Set<string>();
  for (let i = 0; i < files.length; i++) {
    const [name, , hash] = files[i];
    present.add(name);
    const want = Object.hasOwn(approved, name) ? approved[name] : undefined;
    if (want !== hash) changed.push(want === undefined ? `${name} added` : `${name} changed`);
  }
  for (const name in approved) if (Object.hasOwn(approved, name) && !present.has(name)) changed.push(`${name} removed`);
  if (!changed.length) return undefined;
  const shown = changed.slice(0, 4).join(", ") + (changed.length > 4 ? `, and ${changed.length - 4} more` : "");
  return `${changed.length} file${changed.length === 1 ? "" : "s"} changed since you trusted it (${shown})`;
}
