// Filename grammar: <step>-<matcher>-<name>[.async].<ext>
//   step    first "-" part: pre, post, or a reserved step (fail, permission, start, end, substart,
//           substop, compact, notify); stop and prompt have no matcher: stop-<name>.<ext>
//   matcher everything between the first and the last "-" (so MCP names with hyphens work)
//   name    the last "-" part: letters, digits and _
//   .async  optional: run detached, output ignored
//   ext     required, after the last ".", letters and digits; `.rules.toml` is a rules file
//           (docs/rules.md): ext "toml", run by the rules engine in the hook's process, never .async
// Ignored silently: names starting with "." or "_", ending in "~", and *.md.
import type { Step } from "../types";
import { type Matcher, parseMatcher } from "./matcher";

export const STEPS: readonly Step[] = [
  "pre", "post", "stop", "fail", "permission", "start", "end", "substart", "substop", "compact", "notify", "prompt",
];
/** Steps with no matcher: the filename is <step>-<name>.<ext>. */
const NO_MATCHER: ReadonlySet<string> = new Set(["stop", "prompt"]);
/** Steps whose matcher is a tool name; the others match an event field (source, reason, ...). */
export const TOOL_STEPS: ReadonlySet<string> = new Set(["pre", "post", "fail", "permission"]);

export interface ParsedName {
  step: Step;
  matcher: Matcher;
  name: string;
  async: boolean;
  ext: string;
  key: string;
}

/** A condition's identity across layers: a later layer's condition with the same key replaces it. */
export function conditionKey(step: string, normalizedMatcher: string, name: string): string {
  return `${step}-${normalizedMatcher}-${name.toLowerCase()}`;
}

/** True for a rules file (`<step>-<matcher>-<name>.rules.toml`, docs/rules.md). */
export const isRulesFile = (c: { ext: string }): boolean => c.ext === "toml";

/** Returns true for files the loader skips without a word. */
export function isIgnored(file: string): boolean {
  return file.startsWith(".") || file.startsWith("_") || file.endsWith("~") || file.toLowerCase().endsWith(".md");
}

/** Returns the parsed filename, or an error string with the reason. */
export function parseFilename(file: string): ParsedName | string {
  if (file.length > 255) return "name is longer than 255 characters";
  if (/[\s\x00-\x1f\x7f/\\]/.test(file)) return "name contains whitespace, a control character or a slash";
  const dot = file.lastIndexOf(".");
  if (dot <= 0) return "no extension (expected <step>-<matcher>-<name>[.async].<ext>)";
  const ext = file.slice(dot + 1);
  if (!/^[A-Za-z0-9]+$/.test(ext)) return `invalid extension ".${ext}" (letters and digits only)`;
  let stem = file.slice(0, dot);
  if (ext.toLowerCase() === "toml") {
    if (!stem.toLowerCase().endsWith(".rules")) return "a .toml condition is a rules file: name it <step>-<matcher>-<name>.rules.toml";
    stem = stem.slice(0, -6);
    if (stem.toLowerCase().endsWith(".async")) return "a rules file cannot be .async: its answer is the point";
  }
  let async = false;
  if (stem.toLowerCase().endsWith(".async")) {
    async = true;
    stem = stem.slice(0, -6);
  }
  const parts = stem.split("-");
  const step = parts[0].toLowerCase();
  if (!(STEPS as readonly string[]).includes(step)) return `unknown step "${parts[0]}" (expected one of ${STEPS.join(", ")})`;
  if (ext.toLowerCase() === "toml" && step !== "pre") return "a rules file judges calls before they run: its step is pre";
  let matcherText: string;
  if (NO_MATCHER.has(step)) {
    if (parts.length !== 2) {
      const event = step === "stop" ? "Stop" : "UserPromptSubmit";
      return `expected ${step}-<name>.<ext>: ${event} has no tool to match`;
    }
    matcherText = "any";
  } else {
    if (parts.length < 3) return `too few parts (expected ${step}-<matcher>-<name>.<ext>)`;
    matcherText = parts.slice(1, -1).join("-");
    if (matcherText === "") return "empty matcher";
  }
  const name = parts[parts.length - 1];
  if (!/^[A-Za-z0-9_]+$/.test(name)) return `invalid name "${name}" (letters, digits and _ only; never -)`;
  const matcher = parseMatcher(matcherText);
  if (typeof matcher === "string") return matcher;
  if (!TOOL_STEPS.has(step) && matcher.alternatives.some((a) => a.kind === "cli")) {
    return `bash.<cli> applies only to tool steps (pre, post, fail, permission), not ${step}`;
  }
  return {
    step: step as Step,
    matcher,
    name,
    async,
    ext: ext.toLowerCase(),
    key: conditionKey(step, matcher.normalized, name),
  };
}
