// Checks what `make release` wrote, as a user would receive it: SHA256SUMS verifies with
// `sha256sum -c`, `file` names the right format for each target, each file's `--version` names its
// version, commit and target, the Linux files answer a hook call (linux-arm64 under qemu-user when
// Debian's qemu-user and libc6-arm64-cross are installed), and the macOS files' ad-hoc signatures hold
// for every page. Prints one line per check and "N passed, N failed".
//   bun run scripts/release-check.ts [DIR]
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { verifySignature } from "./macho-verify";
import { gitCommit, packageVersion, REPO } from "./release";
import { RELEASE_TARGETS, releaseFile, type ReleaseTarget } from "./release-targets";
import { smokeHook } from "./smoke";

const QEMU_SYSROOT = "/usr/aarch64-linux-gnu";
const dir = resolve(process.argv[2] ?? join(REPO, "dist/release"));
let passed = 0;
let failed = 0;

function check(name: string, problems: string[]): void {
  if (problems.length) failed++;
  else passed++;
  console.log(`${problems.length ? "FAIL" : "ok  "} ${name}${problems.length ? `: ${problems.join("; ")}` : ""}`);
}

const sh = (argv: string[], cwd = dir) => {
  const p = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode, out: `${p.stdout.toString()}${p.stderr.toString()}`.trim() };
};

/** How to start a target's file on this machine, or why it cannot be started. */
function launcher(t: ReleaseTarget, path: string): string[] | string {
  const here = `${process.platform}-${process.arch}`;
  if (t.name === here) return [path];
  if (t.name === "linux-arm64" && process.platform === "linux") {
    const qemu = Bun.which("qemu-aarch64");
    if (qemu && existsSync(join(QEMU_SYSROOT, "lib/ld-linux-aarch64.so.1"))) return [qemu, "-L", QEMU_SYSROOT, path];
    return "qemu-aarch64 or libc6-arm64-cross is not installed (apt-get install qemu-user libc6-arm64-cross)";
  }
  return `a ${t.os} file cannot be started on ${here}`;
}

const sums = sh(["sha256sum", "-c", "SHA256SUMS"]);
check("sha256sum -c SHA256SUMS", sums.code === 0 ? [] : [sums.out]);
const version = packageVersion();
const commit = gitCommit();
for (const t of RELEASE_TARGETS) {
  const path = join(dir, releaseFile(t));
  if (!existsSync(path)) {
    check(`${releaseFile(t)} exists`, ["missing"]);
    continue;
  }
  const kind = sh(["file", "-b", path]).out;
  check(`file ${releaseFile(t)}: ${kind.split(",").slice(0, 2).join(",")}`, t.file.test(kind) ? [] : [`expected ${t.file.source}`]);
  if (t.os === "darwin") {
    const r = verifySignature(new Uint8Array(readFileSync(path)));
    check(`${releaseFile(t)} ad-hoc signature covers all ${r.codeSlots} pages`, r.problems.length ? r.problems : (r.flags ?? 0) & 0x2 ? [] : ["not ad hoc"]);
  }
  const start = launcher(t, path);
  if (typeof start === "string") {
    console.log(`skip ${releaseFile(t)} run: ${start}`);
    continue;
  }
  const v = sh([...start, "--version"]);
  const want = `${version} (commit ${commit}, ${t.name})`;
  check(`${releaseFile(t)} --version prints "${want}"`, v.out === want ? [] : [`printed "${v.out}"`]);
  check(`${releaseFile(t)} answers hook calls${start.length > 1 ? " under qemu-user" : ""}`, smokeHook(start, { typescript: start.length === 1 }));
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
