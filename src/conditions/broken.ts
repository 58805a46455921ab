// Which listed layers cannot be read as configured. A layer folder that cannot be listed, or that
// strict modes refuse (writable by others, owned by another user), and a condition file refused for
// the same reasons, are loud failures: the hook denies PreToolUse with the reason and the fix, rather
// than run without those guards. Files whose names are not conditions are only listed as invalid.
import type { InvalidFile } from "../types";
import type { FolderFacts } from "./index-file";
import type { LayerSpec } from "./layers";

/** Refusals that are about who may write the file, not about its name. */
const REFUSED = /writable by group or others|owned by uid|symbolic link|cannot stat/;

/** Returns the broken reasons of a listing: one per refused folder or file of a layer that runs. */
export function brokenLayers(layers: LayerSpec[], folders: FolderFacts[], invalid: InvalidFile[], strict: boolean): string[] {
  // plain loops: each builtin's first call (forEach, filter, find) costs a rebuild ~0.03 ms (bench/README.md, entry 36)
  const out: string[] = [];
  const running = new Map<string, string>(); // a running layer's source -> its folder
  for (let i = 0; i < layers.length; i++) {
    const l = layers[i];
    if (l.skipped) continue;
    if (!running.has(l.source)) running.set(l.source, l.path);
    const f = folders[i];
    if (f?.listError) out.push(`the ${l.source} layer ${l.path} ${f.listError}`);
    if (strict && f?.dirProblem) out.push(`the ${l.source} layer ${l.path}: ${f.dirProblem}`);
  }
  if (strict) {
    for (const v of invalid) if (running.has(v.source) && REFUSED.test(v.error) && v.path !== firstPath(layers, v.source)) out.push(`the condition ${v.path} is refused: ${v.error}`);
  }
  return out;
}

/** The folder of the first layer of `source` (skipped or not), as the refusal compares it. */
function firstPath(layers: LayerSpec[], source: string): string | undefined {
  for (const l of layers) if (l.source === source) return l.path;
  return undefined;
}
