// Checks a Mach-O executable's embedded code signature the way the macOS kernel does before it runs
// a page: every 4 KiB page below the code limit must hash to its slot of the CodeDirectory, and the
// special slots must hash the blobs they name. No codesign here, so this is the check we can make.
import { createHash } from "node:crypto";
import {
  CSMAGIC_CODEDIRECTORY, CSMAGIC_EMBEDDED_SIGNATURE, CSSLOT_CODEDIRECTORY, readMachO, segment,
} from "./macho";

export interface SignatureReport {
  problems: string[];
  flags?: number;
  identifier?: string;
  codeSlots?: number;
}

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest();

/** Returns what is wrong with the signature of `file` (no problems: the kernel would accept its hashes). */
export function verifySignature(file: Uint8Array): SignatureReport {
  const problems: string[] = [];
  const macho = readMachO(file);
  const sig = macho.signature;
  if (!sig) return { problems: ["no LC_CODE_SIGNATURE load command: unsigned"] };
  const linkedit = segment(macho, "__LINKEDIT");
  if (sig.dataoff + sig.datasize > file.byteLength) problems.push("the signature runs past the end of the file");
  if (sig.dataoff + sig.datasize > linkedit.fileoff + linkedit.filesize) problems.push("__LINKEDIT does not cover the signature");
  const be = new DataView(file.buffer, file.byteOffset + sig.dataoff, Math.min(sig.datasize, file.byteLength - sig.dataoff));
  if (be.getUint32(0) !== CSMAGIC_EMBEDDED_SIGNATURE) return { problems: [...problems, "the signature is not an embedded-signature SuperBlob"] };
  const blobs = new Map<number, Uint8Array>();
  for (let i = 0, n = be.getUint32(8); i < n; i++) {
    const type = be.getUint32(12 + i * 8);
    const off = be.getUint32(16 + i * 8);
    const len = be.getUint32(off + 4);
    blobs.set(type, file.subarray(sig.dataoff + off, sig.dataoff + off + len));
  }
  const cd = blobs.get(CSSLOT_CODEDIRECTORY);
  if (!cd) return { problems: [...problems, "no CodeDirectory"] };
  const v = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
  if (v.getUint32(0) !== CSMAGIC_CODEDIRECTORY) problems.push("slot 0 is not a CodeDirectory");
  const flags = v.getUint32(12);
  const hashOffset = v.getUint32(16);
  const identOffset = v.getUint32(20);
  const nSpecial = v.getUint32(24);
  const nCode = v.getUint32(28);
  const codeLimit = v.getUint32(32);
  const [hashSize, hashType, , pageShift] = [v.getUint8(36), v.getUint8(37), v.getUint8(38), v.getUint8(39)];
  if (hashType !== 2 || hashSize !== 32) problems.push(`hash type ${hashType}/${hashSize} is not SHA-256`);
  if (codeLimit !== sig.dataoff) problems.push(`code limit ${codeLimit} is not the signature offset ${sig.dataoff}`);
  const page = 1 << pageShift;
  if (nCode !== Math.ceil(codeLimit / page)) problems.push(`${nCode} code slots for ${codeLimit} bytes of ${page}-byte pages`);
  let bad = 0;
  for (let i = 0; i < nCode; i++) {
    const want = cd.subarray(hashOffset + i * hashSize, hashOffset + (i + 1) * hashSize);
    if (!sha256(file.subarray(i * page, Math.min((i + 1) * page, codeLimit))).equals(want)) bad++;
  }
  if (bad) problems.push(`${bad} of ${nCode} code pages do not match their hash`);
  for (let slot = 1; slot <= nSpecial; slot++) {
    const want = cd.subarray(hashOffset - slot * hashSize, hashOffset - (slot - 1) * hashSize);
    const blob = blobs.get(slot);
    const ok = blob ? sha256(blob).equals(want) : want.every((b) => b === 0);
    if (!ok) problems.push(`special slot ${slot} does not match ${blob ? "its blob" : "an absent blob (zeros)"}`);
  }
  if (v.getUint32(8) >= 0x20400) {
    const text = segment(macho, "__TEXT");
    if (Number(v.getBigUint64(64)) !== text.fileoff || Number(v.getBigUint64(72)) !== text.filesize) problems.push("the executable segment range is not __TEXT");
  }
  const identifier = new TextDecoder().decode(cd.subarray(identOffset, cd.indexOf(0, identOffset)));
  return { problems, flags, identifier, codeSlots: nCode };
}

if (import.meta.main) {
  let failed = 0;
  for (const path of process.argv.slice(2)) {
    const r = verifySignature(new Uint8Array(await Bun.file(path).arrayBuffer()));
    console.log(`${path}: ${r.problems.length ? r.problems.join("; ") : "signature valid"} (identifier ${r.identifier}, flags 0x${r.flags?.toString(16)}, ${r.codeSlots} pages)`);
    if (r.problems.length) failed++;
  }
  process.exit(failed ? 1 : 0);
}
