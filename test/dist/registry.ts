// A minimal npm registry on 127.0.0.1 for the install tests: it serves the packuments and tarballs
// of a folder of `npm pack` outputs, the way registry.npmjs.org does, so `npm install -g` and `npx`
// resolve agentihooks and its aliased platform versions exactly as they would from the real one.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

interface Version {
  manifest: Record<string, unknown>;
  /** The tarball's path. */
  path: string;
}

/** Reads package/package.json out of a tarball with the system tar. */
function manifestOf(tgz: string): Record<string, unknown> {
  const p = Bun.spawnSync(["tar", "-xzOf", tgz, "package/package.json"], { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`cannot read ${tgz}: ${p.stderr.toString()}`);
  return JSON.parse(p.stdout.toString());
}

const isRelease = (v: string) => !v.includes("-");
const newer = (a: string, b: string) => Bun.semver.order(a, b) > 0;

export interface Registry {
  url: string;
  /** Re-reads the folder (after more tarballs were packed into it). */
  reload(): void;
  stop(): void;
}

/** Serves every tarball in `dir` until stop(). */
export function startRegistry(dir: string): Registry {
  let packages = new Map<string, Map<string, Version>>();
  const reload = () => {
    packages = new Map();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".tgz"))) {
      const manifest = manifestOf(join(dir, file));
      const name = manifest.name as string;
      if (!packages.has(name)) packages.set(name, new Map());
      packages.get(name)!.set(manifest.version as string, { manifest, path: join(dir, file) });
    }
  };
  reload();
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req): Response {
      const path = decodeURIComponent(new URL(req.url).pathname).slice(1);
      const tarball = path.match(/^(.+)\/-\/([^/]+\.tgz)$/);
      if (tarball) return new Response(Bun.file(join(dir, tarball[2])));
      const versions = packages.get(path);
      if (!versions) return Response.json({ error: "not found" }, { status: 404 });
      return Response.json(packument(path, versions, server.url.origin));
    },
  });
  return { url: `${server.url.origin}/`, reload, stop: () => server.stop(true) };
}

function packument(name: string, versions: Map<string, Version>, origin: string) {
  const doc: Record<string, Record<string, unknown>> = {};
  let latest: string | undefined;
  for (const [v, { manifest, path }] of versions) {
    const bytes = readFileSync(path);
    const scripts = (manifest.scripts ?? {}) as Record<string, string>;
    doc[v] = {
      ...manifest,
      _id: `${name}@${v}`,
      ...(scripts.postinstall || scripts.install || scripts.preinstall ? { hasInstallScript: true } : {}),
      dist: {
        tarball: `${origin}/${name}/-/${basename(path)}`,
        integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
        shasum: createHash("sha1").update(bytes).digest("hex"),
      },
    };
    if (isRelease(v) && (!latest || newer(v, latest))) latest = v;
  }
  return { name, "dist-tags": latest ? { latest } : {}, versions: doc };
}
