// The harness for a target: one table row each, so the core never branches on a harness name.
// Each adapter is require()d when its target is asked for: a hook call loads only its own harness's
// code (a module's bytes cost start-up time whether it runs or not).
import type { Target } from "../types";
import type { Harness } from "./harness";

const HARNESSES: Readonly<Record<Target, () => Harness>> = {
  claude: () => (require("./claude") as typeof import("./claude")).claude,
  codex: () => (require("./codex") as typeof import("./codex")).codex,
  copilot: () => (require("./copilot") as typeof import("./copilot")).copilot,
  gemini: () => (require("./gemini") as typeof import("./gemini")).gemini,
};

/** Returns the adapter (normalize in, emit out) for `target`. */
export function harnessFor(target: Target): Harness {
  return HARNESSES[target]();
}
