// Ad-hoc signs a Mach-O executable, as `codesign --force --sign - --identifier ID` does on a Mac:
// a SHA-256 CodeDirectory over every page below the signature, an empty requirement set and an empty
// CMS wrapper. macOS on Apple Silicon kills an executable whose pages do not match its signature, and
// `bun build --compile` for darwin-x64 keeps Bun's own (now invalid) signature, so every darwin
// release file is signed again here, where no codesign exists.
import { createHash } from "node:crypto";
import {
  CS_ADHOC, CS_EXECSEG_MAIN_BINARY, CSMAGIC_BLOBWRAPPER, CSMAGIC_CODEDIRECTORY, CSMAGIC_EMBEDDED_SIGNATURE,
  CSMAGIC_REQUIREMENTS, CSSLOT_CODEDIRECTORY, CSSLOT_REQUIREMENTS, CSSLOT_SIGNATURESLOT, PAGE_SHIFT, readMachO, segment,
} from "./macho";

const HASH_SIZE = 32;
const CD_HEADER = 88; // CodeDirectory version 0x20400: up to execSegFlags
const SEGMENT_ALIGN = 0x4000n; // arm64 pages; a multiple of x86_64's

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest();

/** Returns the file, signed ad-hoc with `identifier`. Throws when it has no signature slot to reuse. */
export function adhocSign(input: Uint8Array, identifier: string): Uint8Array {
  const macho = readMachO(input);
  if (!macho.signature) throw new Error("no LC_CODE_SIGNATURE load command to reuse");
  const codeLimit = macho.signature.dataoff;
  const text = segment(macho, "__TEXT");
  const linkedit = segment(macho, "__LINKEDIT");
  const nCode = Math.ceil(codeLimit / (1 << PAGE_SHIFT));
  const requirements = blob(CSMAGIC_REQUIREMENTS, new Uint8Array(4)); // count 0
  const cms = blob(CSMAGIC_BLOBWRAPPER, new Uint8Array(0));
  const ident = new TextEncoder().encode(`${identifier}\0`);
  const cdLength = CD_HEADER + ident.length + 2 * HASH_SIZE + nCode * HASH_SIZE;
  const superLength = 12 + 3 * 8 + cdLength + requirements.length + cms.length;
  const datasize = Math.ceil(superLength / 16) * 16;

  // The header and load commands are in page 0, so they get their final values before any hashing.
  const out = new Uint8Array(codeLimit + datasize);
  out.set(input.subarray(0, codeLimit));
  const le = new DataView(out.buffer);
  le.setUint32(macho.signature.at + 12, datasize, true);
  const linkeditSize = BigInt(codeLimit + datasize - linkedit.fileoff);
  le.setBigUint64(linkedit.at + 48, linkeditSize, true); // filesize
  le.setBigUint64(linkedit.at + 32, ((linkeditSize + SEGMENT_ALIGN - 1n) / SEGMENT_ALIGN) * SEGMENT_ALIGN, true); // vmsize

  const cd = new Uint8Array(cdLength);
  const v = new DataView(cd.buffer);
  const hashOffset = CD_HEADER + ident.length + 2 * HASH_SIZE;
  [CSMAGIC_CODEDIRECTORY, cdLength, 0x20400, CS_ADHOC, hashOffset, CD_HEADER, 2, nCode, codeLimit].forEach((n, i) => v.setUint32(i * 4, n));
  v.setUint8(36, HASH_SIZE);
  v.setUint8(37, 2); // SHA-256
  v.setUint8(39, PAGE_SHIFT);
  v.setBigUint64(64, BigInt(text.fileoff));
  v.setBigUint64(72, BigInt(text.filesize));
  v.setBigUint64(80, BigInt(CS_EXECSEG_MAIN_BINARY));
  cd.set(ident, CD_HEADER);
  cd.set(sha256(requirements), hashOffset - CSSLOT_REQUIREMENTS * HASH_SIZE); // slot 1 (Info.plist) stays zero
  for (let i = 0; i < nCode; i++) {
    cd.set(sha256(out.subarray(i << PAGE_SHIFT, Math.min((i + 1) << PAGE_SHIFT, codeLimit))), hashOffset + i * HASH_SIZE);
  }
  out.set(superBlob([[CSSLOT_CODEDIRECTORY, cd], [CSSLOT_REQUIREMENTS, requirements], [CSSLOT_SIGNATURESLOT, cms]]), codeLimit);
  return out;
}

/** A generic blob: magic, length, payload (big-endian, like every signature structure). */
function blob(magic: number, payload: Uint8Array): Uint8Array {
  const b = new Uint8Array(8 + payload.length);
  new DataView(b.buffer).setUint32(0, magic);
  new DataView(b.buffer).setUint32(4, b.length);
  b.set(payload, 8);
  return b;
}

/** The embedded-signature SuperBlob: an index of (slot, offset), then the blobs in that order. */
function superBlob(entries: [number, Uint8Array][]): Uint8Array {
  let offset = 12 + entries.length * 8;
  const total = entries.reduce((n, [, b]) => n + b.length, offset);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, CSMAGIC_EMBEDDED_SIGNATURE);
  v.setUint32(4, total);
  v.setUint32(8, entries.length);
  entries.forEach(([slot, b], i) => {
    v.setUint32(12 + i * 8, slot);
    v.setUint32(16 + i * 8, offset);
    out.set(b, offset);
    offset += b.length;
  });
  return out;
}
