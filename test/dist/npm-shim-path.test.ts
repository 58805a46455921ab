// The npm package's shell launcher (npm/agentihooks.sh, bin/agentihooks after --ignore-scripts) may be
// what the plugin's launcher finds: the programs it starts itself (readlink, dirname, uname) come from
// /usr/bin:/bin, never from a PATH the agent can write, and the executable gets the PATH back.
import { expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, tempDir } from "../helpers";

test("hostile readlink, dirname and uname first on PATH never run; the executable gets the PATH it was given", () => {
  const dir = tempDir("ah-npm-shim-");
  const key = process.platform === "darwin" ? `darwin-${process.arch}` : `linux-${process.arch}`;
  mkdirSync(join(dir, "pkg", "bin"), { recursive: true });
  mkdirSync(join(dir, "pkg", "node_modules", `agentihooks-${key}`, "bin"), { recursive: true });
  copyFileSync(join(REPO, "npm", "agentihooks.sh"), join(dir, "pkg", "bin", "agentihooks"));
  chmodSync(join(dir, "pkg", "bin", "agentihooks"), 0o755);
  // The platform executable stands in as a script that says which PATH it got.
  writeFile(join(dir, "pkg", "node_modules", `agentihooks-${key}`, "bin", "agentihooks"), '#!/bin/sh\necho "native $PATH"\n');
  mkdirSync(join(dir, "prefix", "bin"), { recursive: true });
  symlinkSync(join(dir, "pkg", "bin", "agentihooks"), join(dir, "prefix", "bin", "agentihooks")); // as npm links it
  const evil = join(dir, "evil");
  const markers = join(dir, "markers");
  mkdirSync(markers);
  for (const tool of ["readlink", "dirname", "uname"]) {
    writeFile(join(evil, tool), `#!/bin/sh\n: > '${markers}/${tool}'\nexec /usr/bin/${tool} "$@"\n`);
  }
  const PATH = `${evil}:/usr/bin:/bin`;
  const p = Bun.spawnSync([join(dir, "prefix", "bin", "agentihooks"), "--version"], { env: { PATH }, stdout: "pipe", stderr: "pipe" });
  expect(p.stdout.toString()).toBe(`native ${PATH}\n`);
  expect(readdirSync(markers)).toEqual([]);
  rmSync(dir, { recursive: true, force: true });
});

function writeFile(path: string, body: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, body, { mode: 0o755 });
}
