// What the install tests share: a PATH with Node.js and npm but no Bun, npm pointed at a local
// registry, and checks that a path is a native executable rather than a script.
import { closeSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname } from "node:path";

/** PATH with the folders of node and npm and the system folders, none of which holds a bun. */
export function pathWithoutBun(): string {
  const dirs = [Bun.which("node"), Bun.which("npm")].filter((p): p is string => !!p).map((p) => dirname(p));
  const path = [...new Set([...dirs, "/usr/bin", "/bin"])].join(":");
  if (Bun.which("bun", { PATH: path })) throw new Error(`bun is on ${path}: the install tests need a PATH without it`);
  return path;
}

/** Returns the first bytes of the file a path resolves to. */
function head(path: string, n = 4): Buffer {
  const fd = openSync(realpathSync(path), "r");
  try {
    const b = Buffer.alloc(n);
    readSync(fd, b, 0, n, 0);
    return b;
  } finally {
    closeSync(fd);
  }
}

/** True when `path` resolves to an ELF or Mach-O executable (not a script, not JavaScript). */
export function isNative(path: string): boolean {
  const b = head(path);
  return b.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46])) || b.readUInt32LE(0) === 0xfeedfacf;
}

/** True when `path` resolves to a `#!` script. */
export const isScript = (path: string) => head(path, 2).toString() === "#!";

export interface Npm {
  (args: string[], opts?: { cwd?: string; env?: Record<string, string> }): Promise<{ exitCode: number; out: string }>;
}

/**
 * Returns an npm runner bound to a registry, a cache and a HOME; nothing is read from the real
 * ~/.npmrc. Asynchronous: the registry answers from this same process, which a spawnSync would block.
 */
export function npmAt(registry: string, cache: string, home: string): Npm {
  return async (args, opts = {}) => {
    const env = { PATH: pathWithoutBun(), HOME: home, npm_config_cache: cache, npm_config_userconfig: `${home}/.npmrc`, npm_config_update_notifier: "false", ...opts.env };
    // npm's own options right after the command: anything after `--` belongs to the program npx runs.
    const p = Bun.spawn(["npm", args[0], "--registry", registry, "--no-audit", "--no-fund", ...args.slice(1)], { env, cwd: opts.cwd ?? home, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    return { exitCode, out: `${stdout}${stderr}` };
  };
}
