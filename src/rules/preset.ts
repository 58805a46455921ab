// Which preset the rules judge with: the last profile of the chain named after one (`default`,
// `strict`, `paranoid`: the built-in profiles that are presets), else `default`. So `init --profile
// strict` or a chain ending in `paranoid` changes every pack's decisions at once.
import type { Layer } from "../types";
import { PRESETS, type Preset } from "./types";

/** Returns the preset of a layer list (the catalog's). */
export function presetOf(layers: readonly Pick<Layer, "source" | "skipped">[]): Preset {
  let preset: Preset = "default";
  let floor: Preset = "default";
  for (const l of layers) {
    // The administrator's chain (`managed:profile:<name>`) sets a floor the person's chain cannot lower.
    const managed = l.source.startsWith("managed:profile:");
    const name = l.source.startsWith("profile:") ? l.source.slice(8) : managed ? l.source.slice(16) : "";
    if (l.skipped || !(PRESETS as readonly string[]).includes(name)) continue;
    if (managed) floor = name as Preset;
    else preset = name as Preset;
  }
  return PRESETS.indexOf(floor) > PRESETS.indexOf(preset) ? floor : preset;
}
