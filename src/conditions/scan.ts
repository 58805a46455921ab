// Lists the layer folders: what parses becomes a condition, what does not an invalid file with the
// reason. Only a rebuild of the index and lint call this; a cached lookup lists nothing. A folder's
// listing depends on that folder alone, so a rebuild lists again only the folders whose signature
// changed and copies the others' part of the old index (indexLayers).
import { type Stats, readdirSync, statSync } from "node:fs";
import type { Condition, InvalidFile, Layer, Step } from "../types";
import { builtinFiles } from "./builtin";
import { fileProblem, strictModesProblem } from "./file-check";
import { conditionKey, isIgnored, parseFilename } from "./filename";
import { type Entry, type FolderFacts, type IndexFile, firstLine, indexedConditions } from "./index-file";
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
 * Lists one folder (`path` absolute and normalized, as layer paths are): a stat per file (type, and
 * modes when strict) and a filename parse.
 */
export function listFolder(path: string, strict: boolean, named: (file: string) => ListedFile = listedName): FolderListing {
  // A built-in profile: its names come from the executable, and there is no file to check.
  const builtin = builtinFiles(path);
  if (builtin) return { kind: "dir", files: builtin.sort().map(named) };
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return { kind: "missing", files: [] };
  }
  if (!st.isDirectory()) return { kind: "file", files: [] };
  const listing: FolderListing = { kind: "dir", files: [] };
  if (strict) listing.dirProblem = strictModesProblem(st, "layer directory", path);
  let names: Buffer[];
  try {
    names = readdirSync(path, { encoding: "buffer" }) as Buffer[];
  } catch (err) {
    listing.listError = `cannot list: ${(err as Error).message}`;
    return listing;
  }
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
    files.push(problem ? { file, error: problem } : named(file));
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

export interface LayerPart {
  layers: Layer[];
  folders: FolderFacts[];
  invalid: InvalidFile[];
  /** The group lines, folder by folder. */
  lines: string[];
}

/**
 * Lists the layers' folders and returns the index's layer part. `sigOf` gives a folder's signature
 * (taken before listing); a folder whose signature matches the one in `previous` is not listed again:
 * its facts and group lines are copied.
 */
export function indexLayers(specs: LayerSpec[], strict: boolean, sigOf: (path: string) => string = () => "-", previous?: IndexFile): LayerPart {
  const part: LayerPart = { layers: [], folders: [], invalid: [], lines: [] };
  for (const spec of specs) {
    const sig = sigOf(spec.path);
    let k = -1;
    if (previous) for (let j = 0; j < previous.head.layers.length && k < 0; j++) if (previous.head.layers[j].path === spec.path) k = j;
    let facts: FolderFacts;
    if (previous && k >= 0 && sig !== "-" && previous.head.folders[k].sig === sig) {
      facts = previous.head.folders[k];
      part.lines.push(...oldLines(previous, k));
    } else {
      facts = folderFacts(sig, listFolder(spec.path, strict, previous && k >= 0 ? reusingNamer(previous, k) : listedName), part.lines);
    }
    part.folders.push(facts);
    part.layers.push(layerOf(spec, facts, part.invalid));
  }
  return part;
}

function oldLines(index: IndexFile, k: number): string[] {
  const from = firstLine(index.head, k);
  return index.lines.slice(from, from + index.head.folders[k].groups.length);
}

/** Returns a namer that takes a name's parse from the folder's older listing when it has one. */
function reusingNamer(index: IndexFile, k: number): (file: string) => ListedFile {
  const old = new Map<string, [Step, string, Entry]>();
  try {
    const lines = oldLines(index, k);
    for (let g = 0; g < lines.length; g++) {
      const [step, matcher] = index.head.folders[k].groups[g];
      for (const e of JSON.parse(lines[g]) as Entry[]) old.set(e[0], [step, matcher, e]);
    }
  } catch {} // a damaged line only costs the reuse
  return (file) => {
    const hit = old.get(file);
    if (!hit) return listedName(file);
    const [step, matcher, [, name, async, ext]] = hit;
    return { file, step, matcher, name, async, ext, key: conditionKey(step, matcher, name) };
  };
}

/** Returns a fresh listing's facts, appending its group lines (one per step and matcher, in file order). */
function folderFacts(sig: string, listing: FolderListing, lines: string[]): FolderFacts {
  const facts: FolderFacts = { sig, kind: listing.kind, bad: [], groups: [] };
  if (listing.dirProblem) facts.dirProblem = listing.dirProblem;
  if (listing.listError) facts.listError = listing.listError;
  const groups = new Map<string, { step: Step; matcher: string; entries: Entry[] }>();
  let i = 0;
  for (const f of listing.files) {
    if ("error" in f) {
      facts.bad.push([f.file, f.error]);
      continue;
    }
    const g = `${f.step}\0${f.matcher}`;
    const e: Entry = [f.file, f.name, f.async, f.ext, i++];
    const group = groups.get(g);
    if (group) group.entries.push(e);
    else groups.set(g, { step: f.step, matcher: f.matcher, entries: [e] });
  }
  for (const { step, matcher, entries } of groups.values()) {
    facts.groups.push([step, matcher, entries.length]);
    lines.push(JSON.stringify(entries));
  }
  return facts;
}

/** Returns the layer a folder plays, appending its invalid files (a folder failing strict modes skips the layer). */
function layerOf(spec: LayerSpec, facts: FolderFacts, invalid: InvalidFile[]): Layer {
  const layer: Layer = { source: spec.source, path: spec.path, exists: facts.kind === "dir", count: 0, skipped: spec.skipped, note: spec.note };
  if (spec.untrustedOwner) layer.untrusted_owner = spec.untrustedOwner;
  const problem = (error: string) => invalid.push({ path: spec.path, source: spec.source, error });
  if (facts.kind === "file") problem("layer directory is a file, not a folder");
  if (facts.listError) problem(facts.listError);
  for (const [file, error] of facts.bad) invalid.push({ path: `${spec.path}/${file}`, source: spec.source, error });
  for (const g of facts.groups) layer.count += g[2];
  if (facts.dirProblem && !spec.skipped) {
    problem(`${facts.dirProblem}; its conditions do not run`);
    layer.skipped = true;
    layer.note = facts.dirProblem;
  }
  return layer;
}

/** Scans every layer (no cache): later layers replace earlier conditions with the same key. */
export function scanLayers(specs: LayerSpec[], strict: boolean): ScanResult {
  const part = indexLayers(specs, strict);
  const conditions = indexedConditions({ head: part, lines: part.lines }, () => {
    throw new Error("unreachable: lines built in this process always parse");
  }).all();
  return { layers: part.layers, conditions, invalid: part.invalid };
}
