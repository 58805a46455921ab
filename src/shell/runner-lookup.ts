// The lookup of every runner table: rows by name, a versioned name by its base (`python3.12`), the
// dynamic loader. Loaded when a program the index (program-index.ts) lists as a runner runs, so the
// tables cost nothing on a line without one.
import { lookup, type RunnerSpec } from "./option-spec";
import { PACKAGE_RUNNERS } from "./package-runners";
import { LOADER, RUNNERS, UNMODELLED } from "./runner-table";
import { isLoader } from "./wrappers";

/** The runner named `name`: a row of the tables, or a versioned one without its version (`python3.12`). */
export function runnerOf(name: string): RunnerSpec | undefined {
  const spec = row(name);
  if (spec) return spec;
  if (isLoader(name)) return LOADER;
  const c = name.charCodeAt(name.length - 1);
  if (c < 48 || c > 57) return undefined; // not a digit: no version suffix
  let end = name.length;
  while (end > 0 && ((name.charCodeAt(end - 1) >= 48 && name.charCodeAt(end - 1) <= 57) || name[end - 1] === ".")) end--;
  const base = row(name.slice(0, end));
  return base?.versioned ? base : undefined;
}

/** Why a runner this analysis does not model makes the line dynamic, if `name` is one. */
export function unmodelled(name: string): string | undefined {
  return lookup(UNMODELLED, name);
}

const row = (name: string) => lookup(RUNNERS, name) ?? lookup(PACKAGE_RUNNERS, name);
