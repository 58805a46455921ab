// Reads a rules file: TOML (Bun.TOML, the runtime's own parser), then the schema (an ajv validator
// compiled at build time), then what a schema cannot say (duplicate ids, regular expressions that do
// not compile, predicates that do not exist). Returns the file or one line saying what is wrong.
import { validateRules } from "../generated/validators/rules.js";
import { predicateProblem } from "./predicates";
import type { RulesFile } from "./types";

/** Returns the rules of `text`, or a one-line error (with the place, when the schema says it). */
export function parseRules(text: string): RulesFile | string {
  let data: unknown;
  try {
    data = Bun.TOML.parse(text);
  } catch (err) {
    return `not TOML: ${(err as Error).message.split("\n")[0]}`;
  }
  return checkRules(data);
}

/** Returns `data` as rules when it fits the schema and its rules make sense, else a one-line error. */
export function checkRules(data: unknown): RulesFile | string {
  if (!validateRules(data)) {
    const e = validateRules.errors?.[0];
    return e ? `${e.instancePath || "the file"} ${e.message}${e.params && "additionalProperty" in e.params ? ` (${e.params.additionalProperty})` : ""}` : "does not fit the rules schema";
  }
  const file = data as RulesFile;
  const ids = new Set<string>();
  for (const [i, r] of (file.rule ?? []).entries()) {
    if (ids.has(r.id)) return `/rule/${i}/id: ${r.id} is given twice`;
    ids.add(r.id);
    for (const key of ["options", "operands", "values", "redirects", "paths"] as const) {
      const part = r[key];
      if (key === "options") continue; // option names, not predicates
      for (const p of [...(part?.any ?? []), ...(part?.all ?? []), ...(part?.none ?? [])]) {
        const problem = predicateProblem(p, key === "paths" ? "path" : "word");
        if (problem) return `/rule/${i}/${key}: ${problem}`;
      }
    }
    for (const p of r.when ?? []) {
      const problem = predicateProblem(p, "command");
      if (problem) return `/rule/${i}/when: ${problem}`;
    }
  }
  for (const [i, a] of (file.allow ?? []).entries()) {
    if (a.command) {
      try {
        new RegExp(a.command);
      } catch (err) {
        return `/allow/${i}/command: ${(err as Error).message}`;
      }
    }
  }
  return file;
}
