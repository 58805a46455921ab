// Reading a thin 64-bit Mach-O executable: its segments and its code signature's place. Shared by the
// ad-hoc signer and the release check; the check recomputes every hash itself (macho-verify.ts).
export const LC_SEGMENT_64 = 0x19;
export const LC_CODE_SIGNATURE = 0x1d;
const MH_MAGIC_64 = 0xfeedfacf;
const HEADER_SIZE = 32;

export interface Segment {
  name: string;
  /** Offset of the load command in the file, so its fields can be rewritten. */
  at: number;
  vmsize: bigint;
  fileoff: number;
  filesize: number;
}

export interface MachO {
  cputype: number;
  segments: Segment[];
  /** Offset of the LC_CODE_SIGNATURE command, and the signature's place in the file. */
  signature?: { at: number; dataoff: number; datasize: number };
}

/** Parses the header and load commands, or throws a one-line reason. */
export function readMachO(file: Uint8Array): MachO {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (file.byteLength < HEADER_SIZE || view.getUint32(0, true) !== MH_MAGIC_64) throw new Error("not a thin 64-bit little-endian Mach-O file");
  const ncmds = view.getUint32(16, true);
  const out: MachO = { cputype: view.getUint32(4, true), segments: [] };
  let at = HEADER_SIZE;
  for (let i = 0; i < ncmds; i++) {
    const cmd = view.getUint32(at, true);
    const size = view.getUint32(at + 4, true);
    if (size < 8 || at + size > file.byteLength) throw new Error(`load command ${i} runs past the end of the file`);
    if (cmd === LC_SEGMENT_64) {
      const name = new TextDecoder().decode(file.subarray(at + 8, at + 24)).replace(/\0+$/, "");
      out.segments.push({ name, at, vmsize: view.getBigUint64(at + 32, true), fileoff: Number(view.getBigUint64(at + 40, true)), filesize: Number(view.getBigUint64(at + 48, true)) });
    } else if (cmd === LC_CODE_SIGNATURE) {
      out.signature = { at, dataoff: view.getUint32(at + 8, true), datasize: view.getUint32(at + 12, true) };
    }
    at += size;
  }
  return out;
}

/** Returns the segment named `name`, or throws. */
export function segment(macho: MachO, name: string): Segment {
  const seg = macho.segments.find((s) => s.name === name);
  if (!seg) throw new Error(`no ${name} segment`);
  return seg;
}

// Code signature blobs (big-endian), as the kernel reads them.
export const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
export const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
export const CSMAGIC_REQUIREMENTS = 0xfade0c01;
export const CSMAGIC_BLOBWRAPPER = 0xfade0b01;
export const CSSLOT_CODEDIRECTORY = 0;
export const CSSLOT_REQUIREMENTS = 2;
export const CSSLOT_SIGNATURESLOT = 0x10000;
export const CS_ADHOC = 0x2;
export const CS_EXECSEG_MAIN_BINARY = 0x1;
export const PAGE_SHIFT = 12;
