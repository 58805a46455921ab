// Shared set-up for the enforcement suites: a sandbox with a bundle, a profile and enforcement files.
import { join } from "node:path";
import { readConfig } from "../../src/config";
import type { StoreOptions } from "../../src/enforcement/store";
import { approveLayer, type Sandbox, sandbox, writeFile } from "../helpers";

export interface EnfSandbox extends Sandbox {
  bundle: string;
  profile: string;
  opts: StoreOptions;
}

/** Returns a sandbox whose state.json links a bundle with profile "p1" for every target. */
export function enfSandbox(): EnfSandbox {
  const sb = sandbox();
  const bundle = join(sb.root, "bundle");
  const profile = join(bundle, "profiles", "p1");
  writeFile(join(profile, "README"), "profile p1\n");
  writeFile(join(sb.home, "state.json"), JSON.stringify({ version: 1, bundle: { path: bundle }, targets: { global: { profiles: ["p1"] } } }));
  const opts: StoreOptions = { target: "claude", cwd: sb.repo, home: sb.home, config: readConfig({}).config };
  // the person trusted the repository (its enforcements.json is delivered only then; untrust() undoes it)
  approveLayer(sb.home, sb.repo);
  return { ...sb, bundle, profile, opts };
}

/** Writes an enforcements file (a value is JSON-encoded, a string is written as is). */
export function writeEnforcements(path: string, value: unknown): string {
  return writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
}

export const entry = (id: string, extra: Record<string, unknown> = {}) => ({ id, message: `message ${id}`, cadence: 1, ...extra });

/** Drops every trust record: the sandbox's repository is never-trusted again. */
export function untrust(sb: Sandbox): void {
  writeFile(join(sb.home, "trust.json"), JSON.stringify({ version: 1, repositories: {} }));
}
