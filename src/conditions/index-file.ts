// The condition index as a file: $AGENTIHOOKS_HOME/cache/conditions-index.<target>.<crc>.json, JSON lines.
// Line 1, the header: signatures, the layers, and for each layer's folder what listing it found (the
// files that are not conditions, and one group per step and matcher). Then one line per group, folder by
// folder, with that group's conditions relative to their folder (path, source and order come from the
// layer). A hook call parses the header and only the groups whose matcher fits the call; a rebuild
// copies the lines of folders that did not change as text. The last line says what the directory
// layer holds; its files' hashes (and the signatures they were taken at) are in a file beside the index
// (catalog.ts hashesPath), named by their digest on that line: a thousand files' worth of JSON that a
// call reads only when one of that layer's conditions is about to run, or the index is rebuilt.
import type { Interpreters } from "../run/interpreters";
import type { Condition, InvalidFile, Layer, Step } from "../types";
import { conditionKey } from "./filename";
import type { FileHash } from "./layer-hashes";
import { type Subject, matches, parseMatcher } from "./matcher";

export const INDEX_VERSION = 12;

/**
 * A condition as its folder knows it; its group gives the step and matcher. `i` is its place among the
 * folder's conditions (file order). A tuple, not an object: a thousand conditions make a third of the
 * bytes to read, parse and write.
 */
export type Entry = [file: string, name: string, async: boolean, ext: string, i: number];

/** What one listing of a layer folder found. */
export interface FolderFacts {
  /** The folder's stat signature, taken before it was listed. */
  sig: string;
  kind: "dir" | "file" | "missing";
  /** Strict modes only: why the folder itself fails them. */
  dirProblem?: string;
  /** Why the folder could not be listed. */
  listError?: string;
  /** [file, error] for each file that is not a condition. */
  bad: [string, string][];
  /** [step, matcher, count] for each group, in the order of the group lines. */
  groups: [Step, string, number][];
}

export interface IndexHeader {
  version: number;
  /** state.json's signature. */
  state: string;
  watched: [string, string][];
  layers: Layer[];
  /** One per layer, same order. */
  folders: FolderFacts[];
  invalid: InvalidFile[];
  problems: string[];
  repoRoot?: string;
  /** bash and Python as absolute paths, found when the index was built (run/interpreters.ts). */
  interpreters: Interpreters;
  /** The paths watched for them: a rebuild that finds them unchanged keeps `interpreters`. */
  programs?: string[];
  /** state.json's `disabled`: condition keys left out, rule ids the rules engine skips. */
  disabled?: string[];
  /**
   * When the directory layer's file signatures are checked (layers.ts FileChecks). "before run": the
   * hashes file holds them (taken before hashing), and the catalog's confirm() checks them.
   */
  fileChecks?: "every call" | "before run" | "never";
  /** Length of everything after the header line: a truncated file is never trusted. */
  body: number;
}

/** The last line: the directory layer's content, parsed on a rebuild and before its conditions run. */
export interface IndexContent {
  /** How many files the directory layer holds (layer-hashes.ts). */
  count?: number;
  /**
   * The digest (32 hex of sha256) of the hashes file beside the index, when the files were read: a
   * rebuild reuses a hash whose signature held, confirm() checks the signatures. A hashes file of
   * another digest is not this index's (a parallel rebuild wrote it) and is never used.
   */
  hashes?: string;
  /** Why that content cannot be approved, as the listing said. */
  problem?: string;
}

export interface IndexFile {
  head: IndexHeader;
  /** One JSON array of entries per group, folders in layer order. */
  lines: string[];
  /** The content line, as text (parseContent). */
  content: string;
}

/** Parses index text; anything corrupt, truncated or of another version is undefined. */
export function parseIndex(text: string): IndexFile | undefined {
  try {
    const nl = text.indexOf("\n");
    if (nl < 0) return undefined;
    const h = JSON.parse(text.slice(0, nl)) as IndexHeader;
    if (h?.version !== INDEX_VERSION || typeof h.state !== "string" || !Array.isArray(h.watched) || !Array.isArray(h.layers)) return undefined;
    if (!Array.isArray(h.folders) || h.folders.length !== h.layers.length || !Array.isArray(h.invalid) || !Array.isArray(h.problems)) return undefined;
    if (typeof h.interpreters?.bash !== "object" || typeof h.interpreters?.python !== "object") return undefined;
    if (text.length - nl - 1 !== h.body) return undefined;
    let groups = 0;
    for (const f of h.folders) {
      if (typeof f?.sig !== "string" || !Array.isArray(f.groups) || !Array.isArray(f.bad)) return undefined;
      groups += f.groups.length;
    }
    const lines = text.slice(nl + 1).split("\n");
    // the group lines, the content line, and the empty string after the last newline
    return lines.length === groups + 2 && lines[groups + 1] === "" ? { head: h, lines: lines.slice(0, groups), content: lines[groups] } : undefined;
  } catch {
    return undefined;
  }
}

/** Parses the content line; undefined when it is not one (the index is then rebuilt in full). */
export function parseContent(text: string): IndexContent | undefined {
  let c: IndexContent;
  try {
    c = JSON.parse(text) as IndexContent;
  } catch {
    return undefined;
  }
  if (c === null || typeof c !== "object" || Array.isArray(c)) return undefined;
  if (c.problem !== undefined && typeof c.problem !== "string") return undefined;
  if (c.count !== undefined && !Number.isInteger(c.count)) return undefined;
  if (c.hashes !== undefined && !/^[0-9a-f]{32}$/.test(c.hashes)) return undefined;
  return c;
}

/** Parses a hashes file's text; undefined when it is not one. */
export function parseHashes(text: string): FileHash[] | undefined {
  try {
    const list = JSON.parse(text) as unknown;
    return stringTuples(list, 3) ? (list as FileHash[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when `list` is an array of arrays of `n` strings each. Plain loops: a thousand entries checked
 * by closures cost ~0.5 ms more each time a hashes file is read.
 */
function stringTuples(list: unknown, n: number): boolean {
  if (!Array.isArray(list)) return false;
  for (let i = 0; i < list.length; i++) {
    const t = list[i];
    if (!Array.isArray(t) || t.length !== n) return false;
    for (let j = 0; j < n; j++) if (typeof t[j] !== "string") return false;
  }
  return true;
}

/** Returns the file text for a header, its group lines and its content line (JSON text of an IndexContent). */
export function indexText(head: Omit<IndexHeader, "body">, lines: string[], content: string): string {
  let body = "";
  for (const l of lines) body += `${l}\n`;
  body += `${content}\n`;
  return `${JSON.stringify({ ...head, body: body.length })}\n${body}`;
}

/** Returns the index of folder `k`'s first group line. */
export function firstLine(head: Pick<IndexHeader, "folders">, k: number): number {
  let n = 0;
  for (let i = 0; i < k; i++) n += head.folders[i].groups.length;
  return n;
}

/** The conditions an index holds, parsed per group on first use. */
export interface IndexedConditions {
  /** Every active condition, in execution order (order numbered from 0). */
  all(): Condition[];
  /** The active conditions of `step` that can match `subject`, in execution order (a superset is fine). */
  forCall(step: Step, subject: Subject): Condition[];
}

/**
 * Reads conditions out of an index. Layers apply lowest first: a condition replaces an earlier one with
 * the same key and takes its own place in the order. Skipped layers' groups are never read. A group line
 * that does not parse means the file lied: `damaged` is called and its answer used instead.
 */
export function indexedConditions(index: { head: Pick<IndexHeader, "layers" | "folders" | "disabled">; lines: string[] }, damaged: () => IndexedConditions): IndexedConditions {
  const { head, lines } = index;
  const off = head.disabled?.length ? new Set(head.disabled) : undefined;
  const parsed: Entry[][] = [];
  let fallback: IndexedConditions | undefined;
  const collect = (keep: (step: Step, matcher: string) => boolean): Condition[] => {
    const byKey = new Map<string, Condition>();
    let line = 0;
    for (let rank = 0; rank < head.folders.length; rank++) {
      const layer = head.layers[rank];
      for (const [step, matcher] of head.folders[rank].groups) {
        const at = line++;
        if (layer.skipped || !keep(step, matcher)) continue;
        for (const [file, name, async, ext, i] of (parsed[at] ??= JSON.parse(lines[at]) as Entry[])) {
          const key = conditionKey(step, matcher, name);
          byKey.delete(key); // re-insert: the replacing condition takes its own place in the order
          if (off?.has(key)) continue; // disabled (conditions disable): whichever layer has it
          byKey.set(key, { file, step, matcher, name, async, ext, key, path: `${layer.path}/${file}`, source: layer.source, order: rank * 1_000_000 + i });
        }
      }
    }
    const out = [...byKey.values()];
    // most calls collect a list already in order (or of one): sort() is not called then (bench/README.md, entry 36)
    for (let i = 1; i < out.length; i++) if (out[i - 1].order > out[i].order) return out.sort((a, b) => a.order - b.order);
    return out;
  };
  const safely = (read: () => Condition[], instead: (f: IndexedConditions) => Condition[]): Condition[] => {
    try {
      return read();
    } catch {
      return instead((fallback ??= damaged()));
    }
  };
  let all: Condition[] | undefined;
  return {
    all: () =>
      (all ??= safely(
        () => collect(() => true).map((c, i) => ((c.order = i), c)),
        (f) => f.all(),
      )),
    forCall(step, subject) {
      const fits = new Map<string, boolean>(); // one matcher check per matcher text, not per layer
      const fit = (m: string) => {
        let yes = fits.get(m);
        if (yes === undefined) fits.set(m, (yes = couldMatch(m, subject)));
        return yes;
      };
      return safely(
        () => collect((s, m) => s === step && fit(m)),
        (f) => f.forCall(step, subject),
      );
    },
  };
}

/** True when the matcher text can match the subject; an invalid matcher is kept (select rejects it). */
function couldMatch(matcher: string, subject: Subject): boolean {
  const m = parseMatcher(matcher);
  return typeof m === "string" || matches(m, subject);
}
