// Lists the layer directories once: what parses becomes a Condition, what does not is an InvalidFile
// with the reason. Only the cache rebuild calls this; a cached lookup lists nothing.
import { type Stats, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
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

/** Scans every layer; later layers replace earlier conditions with the same key. */
export function scanLayers(specs: LayerSpec[], strict: boolean): ScanResult {
  const layers: Layer[] = [];
  const invalid: InvalidFile[] = [];
  const byKey = new Map<string, Condition>();
  for (const spec of specs) {
    const layer: Layer = { source: spec.source, path: spec.path, exists: false, count: 0, skipped: spec.skipped, note: spec.note };
    if (spec.untrustedOwner) layer.untrusted_owner = spec.untrustedOwner;
    layers.push(layer);
    let st: Stats;
    try {
      st = statSync(spec.path);
    } catch {
      continue;
    }
    if (!st.isDirectory()) {
      invalid.push({ path: spec.path, source: spec.source, error: "layer directory is a file, not a folder" });
      continue;
    }
    layer.exists = true;
    const dirProblem = strict ? strictModesProblem(st, "layer directory") : undefined;
    const found = listLayer(spec, strict, invalid);
    layer.count = found.length;
    if (spec.skipped) continue;
    if (dirProblem) {
      invalid.push({ path: spec.path, source: spec.source, error: `${dirProblem}; its conditions do not run` });
      layer.skipped = true;
      layer.note = dirProblem;
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

function listLayer(spec: LayerSpec, strict: boolean, invalid: InvalidFile[]): Condition[] {
  let names: Buffer[];
  try {
    names = readdirSync(spec.path, { encoding: "buffer" }) as Buffer[];
  } catch (err) {
    invalid.push({ path: spec.path, source: spec.source, error: `cannot list: ${(err as Error).message}` });
    return [];
  }
  const out: Condition[] = [];
  const files: string[] = [];
  for (const raw of names) {
    let file: string;
    try {
      file = utf8.decode(raw);
    } catch {
      invalid.push({ path: join(spec.path, raw.toString("latin1")), source: spec.source, error: "name is not valid UTF-8" });
      continue;
    }
    if (!isIgnored(file)) files.push(file);
  }
  files.sort();
  for (const file of files) {
    const path = join(spec.path, file);
    const problem = fileProblem(path, strict);
    const parsed = problem ?? parseFilename(file);
    if (typeof parsed === "string") {
      invalid.push({ path, source: spec.source, error: parsed });
      continue;
    }
    out.push({
      file,
      step: parsed.step,
      matcher: parsed.matcher.normalized,
      name: parsed.name,
      async: parsed.async,
      ext: parsed.ext,
      key: parsed.key,
      path,
      source: spec.source,
      order: spec.rank * 1_000_000 + out.length,
    });
  }
  return out;
}
