// The rebuild's memory of each layer folder's listing, next to the index it belongs to
// (conditions-folders.<target>.<crc>.json beside conditions-index.<target>.<crc>.json). Each listing is
// kept with the folder's signature taken before it was listed, so when one layer changes the rebuild
// lists that folder again and reuses the others. Only a rebuild reads or writes it.
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../state/atomic";
import type { FolderListing } from "./scan";

const MEMO_VERSION = 1;

export interface MemoEntry {
  sig: string;
  listing: FolderListing;
}

export function folderMemoPath(cachePath: string): string {
  return cachePath.replace(/conditions-index\.([^/]*)$/, "conditions-folders.$1");
}

/** Returns the memo's entries; a missing, corrupt or older file reads as empty (everything is listed). */
export function readFolderMemo(path: string): Map<string, MemoEntry> {
  const out = new Map<string, MemoEntry>();
  let memo: { version?: unknown; folders?: unknown };
  try {
    memo = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return out;
  }
  if (memo?.version !== MEMO_VERSION || !memo.folders || typeof memo.folders !== "object") return out;
  for (const [folder, e] of Object.entries(memo.folders as Record<string, MemoEntry>)) {
    if (typeof e?.sig === "string" && Array.isArray(e.listing?.files) && typeof e.listing.kind === "string") out.set(folder, e);
  }
  return out;
}

/** Writes the memo atomically (not fsynced: it is rebuilt from the folders themselves). */
export function writeFolderMemo(path: string, entries: Map<string, MemoEntry>): void {
  writeFileAtomic(path, JSON.stringify({ version: MEMO_VERSION, folders: Object.fromEntries(entries) }), 0o644, false);
}
