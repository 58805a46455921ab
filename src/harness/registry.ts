// The harness for a target: one table row each, so the core never branches on a harness name. Each
// adapter is loaded when its target is asked for: a hook call serves one harness, and loading the
// other eight costs start-up time on every call.
import type { Target } from "../types";
import type { Harness } from "./harness";

const LOADERS: Readonly<Record<Target, () => Harness>> = {
  claude: () => (require("./claude") as typeof import("./claude")).claude,
  codex: () => (require("./codex") as typeof import("./codex")).codex,
  copilot: () => (require("./copilot") as typeof import("./copilot")).copilot,
  gemini: () => (require("./gemini") as typeof import("./gemini")).gemini,
  opencode: () => (require("./opencode") as typeof import("./opencode")).opencode,
  droid: () => (require("./droid") as typeof import("./droid")).droid,
  cline: () => (require("./cline") as typeof import("./cline")).cline,
  qwen: () => (require("./qwen") as typeof import("./qwen")).qwen,
  kimi: () => (require("./kimi") as typeof import("./kimi")).kimi,
};

/** Returns the adapter (normalize in, emit out) for `target`. */
export function harnessFor(target: Target): Harness {
  return LOADERS[target]();
}
