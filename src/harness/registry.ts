// The harness for a target: one table row each, so the core never branches on a harness name. Each
// adapter is loaded when its target is asked for: a hook call serves one harness, and loading the
// other eight costs start-up time on every call. Loaded by import(), never require(): a process's
// first require() costs about 0.5 M instructions (bench/README.md, entry 34), and a hook call with
// no match makes none.
import type { Target } from "../types";
import type { Harness } from "./harness";

const LOADERS: Readonly<Record<Target, () => Promise<Harness>>> = {
  claude: async () => (await import("./claude")).claude,
  codex: async () => (await import("./codex")).codex,
  copilot: async () => (await import("./copilot")).copilot,
  gemini: async () => (await import("./gemini")).gemini,
  opencode: async () => (await import("./opencode")).opencode,
  droid: async () => (await import("./droid")).droid,
  cline: async () => (await import("./cline")).cline,
  qwen: async () => (await import("./qwen")).qwen,
  kimi: async () => (await import("./kimi")).kimi,
};

/** Returns the adapter (normalize in, emit out) for `target`. */
export function harnessFor(target: Target): Promise<Harness> {
  return LOADERS[target]();
}
