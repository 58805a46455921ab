// `make npm`: npm package tarballs in dist/npm/ from the release files in dist/release/: the main
// package `agentihooks` (a postinstall that puts the native executable at bin/agentihooks, npm/) and
// one platform package per release target, published as platform versions of the same name
// (agentihooks@0.1.0-linux-x64) and wired as aliased optional dependencies with os/cpu, so npm
// installs only the one that fits.
//   bun run scripts/npm-pack.ts [--release DIR] [--out DIR] [--version V] [--targets a,b] [--bin TARGET=PATH]
import { copyFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { packageVersion, REPO } from "./release";
import { pickTargets, RELEASE_TARGETS, releaseFile, type ReleaseTarget } from "./release-targets";

const root = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
const COMMON = { license: root.license, engines: { node: ">=16" }, keywords: ["claude-code", "codex", "copilot", "hooks", "guardrails"] };

/** The platform package's version: the main version with the target as its prerelease part. */
export const platformVersion = (version: string, t: ReleaseTarget) => `${version}-${t.name}`;

/** Stages the main package; it names every release target, whatever this run packs. */
function stageMain(dir: string, version: string): void {
  mkdirSync(join(dir, "bin"), { recursive: true });
  const optionalDependencies: Record<string, string> = {};
  for (const t of RELEASE_TARGETS) optionalDependencies[`agentihooks-${t.name}`] = `npm:agentihooks@${platformVersion(version, t)}`;
  const manifest = {
    name: "agentihooks",
    version,
    description: root.description,
    ...COMMON,
    bin: { agentihooks: "bin/agentihooks" },
    scripts: { postinstall: "node install.cjs" },
    optionalDependencies,
    files: ["bin/agentihooks", "install.cjs", "README.md", "conditions-examples/"],
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // The examples the README and docs point at, to copy into a layer (the cases files and _src/ too:
  // `conditions test` reads the former, the built examples are made from the latter).
  cpSync(join(REPO, "conditions-examples"), join(dir, "conditions-examples"), { recursive: true });
  copyFileSync(join(REPO, "npm/install.cjs"), join(dir, "install.cjs"));
  copyFileSync(join(REPO, "npm/README.md"), join(dir, "README.md"));
  copyFileSync(join(REPO, "npm/agentihooks.sh"), join(dir, "bin/agentihooks"));
  chmodSync(join(dir, "bin/agentihooks"), 0o755);
}

/** Stages one platform package around its executable. */
function stagePlatform(dir: string, version: string, t: ReleaseTarget, bin: string): void {
  mkdirSync(join(dir, "bin"), { recursive: true });
  const manifest = {
    name: "agentihooks",
    version: platformVersion(version, t),
    description: `agentihooks native executable for ${t.name} (installed by the agentihooks package)`,
    ...COMMON,
    os: [t.os],
    cpu: [t.cpu],
    ...(t.os === "linux" ? { libc: ["glibc"] } : {}),
    files: ["bin/agentihooks", "README.md"],
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, "README.md"), `# agentihooks (${t.name})\n\nThe native executable of [agentihooks](https://www.npmjs.com/package/agentihooks) for ${t.name}. Install \`agentihooks\`, not this.\n`);
  copyFileSync(bin, join(dir, "bin/agentihooks"));
  chmodSync(join(dir, "bin/agentihooks"), 0o755);
}

/** `npm pack`s the staged folders, two at a time (packing is gzip-bound, one core each). */
async function packAll(dirs: string[], out: string): Promise<string[]> {
  const files: string[] = [];
  const queue = [...dirs];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const p = Bun.spawn(["npm", "pack", dir, "--pack-destination", out, "--json", "--ignore-scripts", "--loglevel=error"], { stdout: "pipe", stderr: "pipe" });
      const [text, err, code] = [await new Response(p.stdout).text(), await new Response(p.stderr).text(), await p.exited];
      if (code !== 0) throw new Error(`npm pack ${dir} failed: ${err.trim()}`);
      files.push(JSON.parse(text)[0].filename);
    }
  };
  await Promise.all([worker(), worker()]);
  return files.sort();
}

export interface PackOptions {
  out: string;
  version: string;
  targets: ReleaseTarget[];
  /** The executable for each target (default: the release file). */
  bins: Record<string, string>;
}

/** Writes the tarballs into `out`; returns their file names. */
export async function npmPack(opts: PackOptions): Promise<string[]> {
  const stage = mkdtempSync(join(tmpdir(), "ah-npm-stage-"));
  try {
    mkdirSync(opts.out, { recursive: true });
    stageMain(join(stage, "main"), opts.version);
    const dirs = [join(stage, "main")];
    for (const t of opts.targets) {
      stagePlatform(join(stage, t.name), opts.version, t, opts.bins[t.name]);
      dirs.push(join(stage, t.name));
    }
    return await packAll(dirs, opts.out);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { release: { type: "string" }, out: { type: "string" }, version: { type: "string" }, targets: { type: "string" }, bin: { type: "string", multiple: true } } });
  try {
    const targets = pickTargets(values.targets);
    const release = resolve(values.release ?? join(REPO, "dist/release"));
    const bins: Record<string, string> = {};
    for (const t of targets) bins[t.name] = join(release, releaseFile(t));
    for (const b of values.bin ?? []) bins[b.slice(0, b.indexOf("="))] = resolve(b.slice(b.indexOf("=") + 1));
    const out = resolve(values.out ?? join(REPO, "dist/npm"));
    const started = performance.now();
    const files = await npmPack({ out, version: values.version ?? packageVersion(), targets, bins });
    for (const f of files) console.log(`wrote ${join(out, f)}`);
    console.log(`packed ${files.length} tarballs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.error(`npm-pack: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
