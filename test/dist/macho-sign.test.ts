// The ad-hoc signer of the macOS release files, on real `bun build --compile` output for both darwin
// targets (a one-line program: Bun fetches the darwin runtimes once, through the npm registry, into
// its own cache). The verifier recomputes every page hash, so it is checked against damage too.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readMachO } from "../../scripts/macho";
import { adhocSign } from "../../scripts/macho-sign";
import { verifySignature } from "../../scripts/macho-verify";
import { tempDir } from "../helpers";

const TARGETS = ["darwin-arm64", "darwin-x64"] as const;
const built: Record<string, Uint8Array> = {};
let root: string;

beforeAll(() => {
  root = tempDir("ah-macho-");
  writeFileSync(join(root, "hello.ts"), 'console.log("hello");\n');
  for (const t of TARGETS) {
    const out = join(root, t);
    const p = Bun.spawnSync([process.execPath, "build", "--compile", `--target=bun-${t}`, join(root, "hello.ts"), "--outfile", out], { stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`bun build ${t}: ${p.stderr.toString()}`);
    built[t] = new Uint8Array(readFileSync(out));
  }
}, 300_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(TARGETS)("ad-hoc signing %s", (t) => {
  test("every page hashes to its slot, flags are ad hoc only, the identifier is agentihooks", () => {
    const signed = adhocSign(built[t], "agentihooks");
    const r = verifySignature(signed);
    expect(r.problems).toEqual([]);
    expect(r.flags).toBe(0x2); // CS_ADHOC: no hardened runtime, which would need JIT entitlements
    expect(r.identifier).toBe("agentihooks");
    const m = readMachO(signed);
    expect(m.signature!.dataoff + m.signature!.datasize).toBe(signed.byteLength); // the signature ends the file
    const linkedit = m.segments.find((s) => s.name === "__LINKEDIT")!;
    expect(linkedit.fileoff + linkedit.filesize).toBe(signed.byteLength);
    expect(Bun.spawnSync(["file", "-b", "-"], { stdin: new Blob([signed.subarray(0, 65536)]) }).stdout.toString()).toContain("Mach-O 64-bit");
  });
  test("signing a signed file again gives the same bytes", () => {
    const once = adhocSign(built[t], "agentihooks");
    expect(Buffer.from(adhocSign(once, "agentihooks")).equals(Buffer.from(once))).toBe(true);
  });
  // Damage the verifier must see: a flipped byte in the code, in a page hash, in the load commands.
  test.each([
    ["a byte just below the signature", (b: Uint8Array, sig: number) => (b[sig - 5000] ^= 1)],
    ["a byte of the last page hash", (b: Uint8Array) => (b[b.byteLength - 40] ^= 1)],
    ["a byte of the first page (the header)", (b: Uint8Array) => (b[20] ^= 0x80)],
  ])("%s changed: reported", (_what, damage) => {
    const signed = adhocSign(built[t], "agentihooks");
    damage(signed, readMachO(signed).signature!.dataoff);
    expect(verifySignature(signed).problems.join(" ")).toMatch(/do not match|runs past|special slot/);
  });
});
