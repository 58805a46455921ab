// The contract between the pipeline and the stages that sit around the conditions (the gate,
// enforcements). Its own file, so the stages and the list of them (stages.ts) do not import each other.
import type { Config } from "./config";
import type { Catalog } from "./conditions/catalog";
import type { Analysis, Capabilities, HookCall, Payload, Step } from "./types";

export interface StageContext {
  home: string;
  config: Config;
  capabilities: Capabilities;
  step: Step;
  /** Shell analysis of the Bash command (computed once, on demand). */
  programs: (payload: Payload) => Analysis | undefined;
  /** Notes for stderr and the log (degraded caching, unreadable files). */
  note: (text: string) => void;
  /**
   * The condition catalog the pipeline already loaded for `cwd`, or undefined (not loaded yet, another
   * cwd, or no pipeline). Stages reuse it instead of walking to the git root and reading the cache again.
   */
  catalog?: (cwd: string) => Catalog | undefined;
}

export interface GuardVerdict {
  decision: "deny";
  reason: string;
}

export interface Stage {
  name: string;
  /** Runs before any condition; a verdict denies the call (PreToolUse) without running conditions. */
  guard?(call: HookCall, payload: Payload, ctx: StageContext): GuardVerdict | undefined | Promise<GuardVerdict | undefined>;
  /** Runs for every call; returns context blocks merged into the same single answer. */
  context?(call: HookCall, payload: Payload, ctx: StageContext): string[];
}
