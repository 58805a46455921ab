// Built-in profiles ship inside the executable. A condition must be a file to run, so a profile is
// written out once under $AGENTIHOOKS_HOME/builtin/<version>-<content hash>/<name>/ when first needed.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../state/atomic";
import { VERSION } from "../version";
import { BUILTIN_PROFILES } from "./builtin-profiles";

/** Returns the names of the built-in profiles. */
export function builtinProfileNames(): string[] {
  return Object.keys(BUILTIN_PROFILES);
}

/** Returns the directory of built-in profile `name` (written out if missing), or undefined if none. */
export function builtinProfileDir(name: string, home: string): string | undefined {
  const files = BUILTIN_PROFILES[name];
  if (!files) return undefined;
  // Keyed by content, so a rebuilt executable with changed profiles never runs a stale copy.
  const dir = join(home, "builtin", `${VERSION}-${contentHash()}`, name);
  if (!existsSync(dir)) {
    try {
      materialize(dir, files);
    } catch {
      return undefined; // read-only home: the profile is simply not available
    }
  }
  return dir;
}

let hash: string | undefined;
function contentHash(): string {
  hash ??= (Bun.hash.crc32(JSON.stringify(BUILTIN_PROFILES)) >>> 0).toString(16).padStart(8, "0");
  return hash;
}

/** Writes the profile into a temp folder, then renames it into place, so a half profile is never seen. */
function materialize(dir: string, files: Record<string, string>): void {
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(join(tmp, ".claude", "conditions"), { recursive: true });
    writeFileAtomic(join(tmp, ".claude", "conditions", file), body, 0o755);
  }
  mkdirSync(join(dir, ".."), { recursive: true });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process won the race: its copy is identical
  }
}
