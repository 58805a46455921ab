// ANSI-C quoting, `$'...'`: the one quote whose text is decoded rather than kept as typed, so that
// `$'\x72\x6d'` is read as the program `rm`. Escapes follow bash: \n \t ... \xHH \uHHHH \UHHHHHHHH
// \NNN (octal, low 8 bits) \cX (control character); an unknown escape stays as typed. A NUL ends the
// string's value (bash strings are C strings: `r$'\0'm` is `rm`). What bash makes of a byte above
// 0x7f, a non-ASCII `\u` (it depends on the locale) or a code point that is no character is not a
// JavaScript string: such a word is marked uncertain, which makes it dynamic as a program.
import { type Cursor, SQ } from "./cursor";
import { UNCERTAIN } from "./syntax";

/** The decoding of one `$'...'` body. */
export interface Ansi {
  text: string;
  /** Index just after the closing quote, or -1 when there is none before `limit`. */
  next: number;
  uncertain: boolean;
}

/** Decodes the `$'...'` body of `src` that starts at `i` (after the quote), up to `limit`. */
export function decodeAnsi(src: string, i: number, limit = src.length): Ansi {
  let out = "";
  let seg = i;
  let nul = false;
  let uncertain = false;
  for (;;) {
    if (i >= limit) return { text: out, next: -1, uncertain };
    const c = src.charCodeAt(i);
    if (c === SQ) break;
    if (c !== 92) {
      i++;
      continue;
    }
    if (!nul) out += src.slice(seg, i);
    const e = decodeEscape(src, i + 1, limit);
    i = e.next;
    seg = i;
    if (e.uncertain) uncertain = true;
    if (nul) continue;
    const z = e.text.indexOf("\0");
    if (z >= 0) {
      out += e.text.slice(0, z);
      nul = true;
    } else out += e.text;
  }
  if (!nul) out += src.slice(seg, i);
  return { text: out, next: i + 1, uncertain };
}

/** Reads `$'...'` (position after the quote), returns its decoded text and marks `flags` when uncertain. */
export function readAnsi(s: Cursor, w: { flags: number }): string {
  const r = decodeAnsi(s.src, s.pos, s.end);
  if (r.next < 0) {
    s.pos = s.end;
    s.fail("unterminated", "unterminated $'");
  }
  s.pos = r.next;
  if (r.uncertain) w.flags |= UNCERTAIN;
  return r.text;
}

// --- internal ---

interface Escape {
  text: string;
  next: number;
  uncertain: boolean;
}

/** Returns the decoding of the escape whose letter is at `i` (after the backslash). */
function decodeEscape(src: string, i: number, limit: number): Escape {
  const e = i < limit ? src[i] : "";
  const simple = ANSI[e];
  if (simple !== undefined) return { text: simple, next: i + 1, uncertain: false };
  const octal = e >= "0" && e <= "7";
  if (e === "x" || e === "u" || e === "U" || octal) {
    let j = octal ? i : i + 1;
    const max = octal ? 3 : e === "x" ? 2 : e === "u" ? 4 : 8;
    const re = octal ? /[0-7]/ : /[0-9a-fA-F]/;
    const start = j;
    while (j - start < max && j < limit && re.test(src[j])) j++;
    if (j === start) return { text: `\\${e}`, next: i + 1, uncertain: false };
    const v = parseInt(src.slice(start, j), octal ? 8 : 16);
    if (octal || e === "x") {
      const byte = octal ? v & 0xff : v;
      return { text: byte < 0x80 ? String.fromCharCode(byte) : "", next: j, uncertain: byte >= 0x80 };
    }
    if (v < 0x80) return { text: String.fromCharCode(v), next: j, uncertain: false };
    const character = v <= 0x10ffff && (v < 0xd800 || v > 0xdfff);
    return { text: character ? String.fromCodePoint(v) : "", next: j, uncertain: true };
  }
  if (e === "c" && i + 1 < limit) {
    const x = src.charCodeAt(i + 1);
    // `\c?` is DEL; `\c\\` takes both backslashes; other non-letters are bash-version corners
    if (x === 63) return { text: "\x7f", next: i + 2, uncertain: false };
    const next = x === 92 && src.charCodeAt(i + 2) === 92 ? i + 3 : i + 2;
    return { text: String.fromCharCode(x & 0x1f), next, uncertain: !/[A-Za-z@[\]^_\\]/.test(src[i + 1]) };
  }
  return { text: `\\${e}`, next: i + (e ? 1 : 0), uncertain: false };
}

const ANSI: Record<string, string> = {
  n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};
