// Lists the layer directories: what parses becomes a Condition, what does not is an InvalidFile with
// the reason. Only the cache rebuild and lint call this; a cached lookup lists nothing.
// Listing a folder (listFolder) depends on that folder alone, so the rebuild keeps each folder's
// listing and lists again only the folders that changed; scanLayers turns listings into layers.
import { type Stats, readdirSync, statSync } from "node:fs";
import type { Condition, InvalidFile, Layer } from "../types";
import { fileProblem, strictModesProblem } from "./file-check";
import { isIgnored, parseFilename } from "./filename";
import type { LayerSpec } from "./layers";

const utf8 = new TextDecoder("utf-8", { fatal: true });

export interface ScanResult {
  layers: Layer[];
  conditions: Condition[];
  invalid: InvalidFile[];
}

/** A condition's fields that its filename decides. */
type NameFields = Pick<Condition, "step" | "matcher" | "name" | "async" | "ext" | "key">;

/** One file of a folder: its parsed name, or why it is not a condition. */
export type ListedFile = { file: string; error: string } | ({ file: string } & NameFields);

/** What one folder holds, independent of the layer it plays. */
export interface FolderListing {
  kind: "dir" | "file" | "missing";
  /** Strict modes only: why the folder itself fails them. */
  dirProblem?: string;
  /** Why the folder could not be listed. */
  listError?: string;
  /** Names that are not UTF-8 first, then the rest in name order (ignored names left out). */
  files: ListedFile[];
}

/**
 * Lists one folder (`path` absolute and normalized, as layer paths are): a stat per file (type, and modes when strict) and a filename parse. `previous` is an
 * older listing of the same folder: a name it already parsed is not parsed again (the stat still is).
 */
export function listFolder(path: string, strict: boolean, previous?: FolderListing): FolderListing {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return { kind: "missing", files: [] };
  }
  if (!st.isDirectory()) return { kind: "file", files: [] };
  const listing: FolderListing = { kind: "dir", files: [] };
  if (strict) listing.dirProblem = strictModesProblem(st, "layer directory");
  let names: Buffer[];
  try {
    names = readdirSync(path, { encoding: "buffer" }) as Buffer[];
  } catch (err) {
    listing.listError = `cannot list: ${(err as Error).message}`;
    return listing;
  }
  const known = new Map<string, ListedFile>();
  for (const f of previous?.files ?? []) if (!("error" in f)) known.set(f.file, f);
  const files: ListedFile[] = [];
  const valid: string[] = [];
  for (const raw of names) {
    try {
      valid.push(utf8.decode(raw));
    } catch {
      files.push({ file: raw.toString("latin1"), error: "name is not valid UTF-8" });
    }
  }
  for (const file of valid.sort()) {
    if (isIgnored(file)) continue;
    const problem = fileProblem(`${path}/${file}`, strict);
    files.push(problem ? { file, error: problem } : (known.get(file) ?? listedName(file)));
  }
  listing.files = files;
  return listing;
}

function listedName(file: string): ListedFile {
  const parsed = parseFilename(file);
  if (typeof parsed === "string") return { file, error: parsed };
  const { step, matcher, name, async, ext, key } = parsed;
  return { file, step, matcher: matcher.normalized, name, async, ext, key };
}

/**
 * Scans every layer; later layers replace earlier conditions with the same key. `listingOf` lists a
 * layer's folder (the rebuild passes one that reuses unchanged folders' listings).
 */
export function scanLayers(
  specs: LayerSpec[],
  strict: boolean,
  listingOf: (spec: LayerSpec) => FolderListing = (spec) => listFolder(spec.path, strict),
): ScanResult {
  const layers: Layer[] = [];
  const invalid: InvalidFile[] = [];
  const byKey = new Map<string, Condition>();
  for (const spec of specs) {
    const layer: Layer = { source: spec.source, path: spec.path, exists: false, count: 0, skipped: spec.skipped, note: spec.note };
    if (spec.untrustedOwner) layer.untrusted_owner = spec.untrustedOwner;
    layers.push(layer);
    const listing = listingOf(spec);
    if (listing.kind === "missing") continue;
    if (listing.kind === "file") {
      invalid.push({ path: spec.path, source: spec.source, error: "layer directory is a file, not a folder" });
      continue;
    }
    layer.exists = true;
    if (listing.listError) invalid.push({ path: spec.path, source: spec.source, error: listing.listError });
    const found = layerConditions(spec, listing, invalid);
    layer.count = found.length;
    if (spec.skipped) continue;
    if (listing.dirProblem) {
      invalid.push({ path: spec.path, source: spec.source, error: `${listing.dirProblem}; its conditions do not run` });
      layer.skipped = true;
      layer.note = listing.dirProblem;
      continue;
    }
    for (const c of found) {
      byKey.delete(c.key); // re-insert so a replacing layer's condition takes its own place in the order
      byKey.set(c.key, c);
    }
  }
  const conditions = [...byKey.values()].sort((a, b) => a.order - b.order);
  conditions.forEach((c, i) => (c.order = i));
  return { layers, conditions, invalid };
}

/** Returns the layer's conditions from its folder's listing; files that are not conditions go to `invalid`. */
function layerConditions(spec: LayerSpec, listing: FolderListing, invalid: InvalidFile[]): Condition[] {
  const out: Condition[] = [];
  for (const f of listing.files) {
    const path = `${spec.path}/${f.file}`; // not join(): ~1 µs a call adds up over a thousand files, and both parts are normalized
    if ("error" in f) {
      invalid.push({ path, source: spec.source, error: f.error });
      continue;
    }
    const { file, step, matcher, name, async, ext, key } = f;
    out.push({ file, step, matcher, name, async, ext, key, path, source: spec.source, order: spec.rank * 1_000_000 + out.length });
  }
  return out;
}
