// What the harness answer tests share: a sandbox with a condition folder, bash conditions, and one that
// keeps every payload it was given (to see what the executable handed the conditions).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { addCondition, sandbox } from "../helpers";

/** A bash condition with this body. */
export const sh = (body: string) => `#!/usr/bin/env bash\n${body}\n`;
/** A condition that appends the payload it was given to `out`, one JSON line per run. */
export const keep = (out: string) => sh(`{ cat; echo; } >> '${out}'`);
/** The payloads a `keep` condition appended to `path`. */
export const kept = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));

/** A sandbox, a way to add a condition to its home layer, and a file for `keep`. */
export function setup() {
  const sb = sandbox();
  const add = (file: string, body: string) => addCondition(join(sb.home, "conditions"), file, body);
  return { sb, add, out: join(sb.root, "seen.jsonl") };
}
