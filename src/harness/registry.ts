// The harness for a target: one table row each, so the core never branches on a harness name.
import type { Target } from "../types";
import { claude } from "./claude";
import { cline } from "./cline";
import { codex } from "./codex";
import { copilot } from "./copilot";
import { droid } from "./droid";
import { gemini } from "./gemini";
import type { Harness } from "./harness";
import { kimi } from "./kimi";
import { opencode } from "./opencode";
import { qwen } from "./qwen";

const HARNESSES: Readonly<Record<Target, Harness>> = { claude, codex, copilot, gemini, opencode, droid, cline, qwen, kimi };

/** Returns the adapter (normalize in, emit out) for `target`. */
export function harnessFor(target: Target): Harness {
  return HARNESSES[target];
}
