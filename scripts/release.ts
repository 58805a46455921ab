// `make release`: cross-compiles the executable for every release target into dist/release/, stamps
// version, commit and target into it (`--version` prints them), signs the macOS files ad hoc and
// writes SHA256SUMS. Bun fetches each target's runtime through the npm registry once and keeps it in
// its own cache (~/.bun/install/cache), never in the repository.
//   bun run scripts/release.ts [--out DIR] [--targets linux-x64,...] [--version V] [--commit C]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { adhocSign } from "./macho-sign";
import { pickTargets, releaseFile, type ReleaseTarget } from "./release-targets";

export const REPO = resolve(import.meta.dir, "..");

/** The Makefile's BUILD_FLAGS, so a release file is built exactly like dist/agentihooks. */
export function buildFlags(): string[] {
  const flags = readFileSync(join(REPO, "Makefile"), "utf8").match(/^BUILD_FLAGS := (.+)$/m)?.[1].trim().split(/\s+/);
  if (!flags?.includes("--compile")) throw new Error("cannot read BUILD_FLAGS from the Makefile");
  return flags;
}

/** package.json's version. */
export const packageVersion = (): string => JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version;

/** The short commit of HEAD, with `-dirty` when tracked files differ from it. */
export function gitCommit(): string {
  const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: REPO, stdout: "pipe", stderr: "ignore" });
  const head = git("rev-parse", "--short=12", "HEAD");
  if (head.exitCode !== 0) return "unknown";
  const dirty = git("diff", "--quiet", "HEAD", "--").exitCode !== 0;
  return `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}`;
}

interface Stamp {
  version: string;
  commit: string;
}

/** Builds one target into `out`; the file appears whole or not at all. */
function build(t: ReleaseTarget, stamp: Stamp, out: string): void {
  const dest = join(out, releaseFile(t));
  const tmp = `${dest}.tmp`;
  const defines = { AGENTIHOOKS_BUILD_VERSION: stamp.version, AGENTIHOOKS_BUILD_COMMIT: stamp.commit, AGENTIHOOKS_BUILD_TARGET: t.name };
  const args = [...buildFlags(), `--target=${t.bun}`, ...Object.entries(defines).flatMap(([k, v]) => ["--define", `${k}=${JSON.stringify(v)}`])];
  const p = Bun.spawnSync([process.execPath, "build", ...args, join(REPO, "src/main.ts"), "--outfile", tmp], { cwd: REPO, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`bun build ${t.name} failed: ${p.stderr.toString().trim().split("\n").slice(-3).join(" | ")}`);
  if (t.os === "darwin") writeFileSync(tmp, adhocSign(new Uint8Array(readFileSync(tmp)), "agentihooks"), { mode: 0o755 });
  renameSync(tmp, dest);
}

/** Writes SHA256SUMS for the files, in the form `sha256sum -c` reads. */
function writeSums(out: string, files: string[]): void {
  const lines = files.map((f) => `${createHash("sha256").update(readFileSync(join(out, f))).digest("hex")}  ${f}\n`);
  writeFileSync(join(out, "SHA256SUMS.tmp"), lines.join(""));
  renameSync(join(out, "SHA256SUMS.tmp"), join(out, "SHA256SUMS"));
}

/** Builds the targets into `out` and returns the file names written. */
export function release(out: string, targets: ReleaseTarget[], stamp: Stamp): string[] {
  mkdirSync(out, { recursive: true });
  rmSync(join(out, "SHA256SUMS"), { force: true });
  for (const t of targets) {
    const started = performance.now();
    build(t, stamp, out);
    console.log(`built ${releaseFile(t)} (${stamp.version}, commit ${stamp.commit}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const files = targets.map(releaseFile);
  writeSums(out, files);
  return files;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: "string" }, targets: { type: "string" }, version: { type: "string" }, commit: { type: "string" } } });
  try {
    const out = resolve(values.out ?? join(REPO, "dist/release"));
    release(out, pickTargets(values.targets), { version: values.version ?? packageVersion(), commit: values.commit ?? gitCommit() });
    console.log(`wrote ${join(out, "SHA256SUMS")}`);
  } catch (err) {
    console.error(`release: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
