// ANSI-C quoting, `$'...'`: the one quote whose text is decoded rather than kept as typed, so that
// `$'\x72\x6d'` is read as the program `rm`. Escapes follow bash: \n \t ... \xHH \uHHHH \UHHHHHHHH
// \NNN (octal, low 8 bits) \cX (control character); an unknown escape stays as typed.
import { BS, type Cursor, SQ } from "./cursor";

/** Reads `$'...'` (position after the quote) and returns its text with the escapes decoded. */
export function readAnsi(s: Cursor): string {
  let out = "";
  let seg = s.pos;
  for (;;) {
    const c = s.at(s.pos);
    if (c < 0) s.fail("unterminated", "unterminated $'");
    if (c === SQ) break;
    if (c !== BS) {
      s.pos++;
      continue;
    }
    out += s.src.slice(seg, s.pos);
    s.pos += 2;
    out += decodeEscape(s, s.src[s.pos - 1] ?? "");
    seg = s.pos;
  }
  out += s.src.slice(seg, s.pos++);
  return out;
}

// --- internal ---

/** Returns the decoding of the escape `\e` (the position is after `e`, and moves past its digits). */
function decodeEscape(s: Cursor, e: string): string {
  const simple = ANSI[e];
  if (simple !== undefined) return simple;
  if (e === "x" || e === "u" || e === "U" || (e >= "0" && e <= "7")) {
    const octal = e !== "x" && e !== "u" && e !== "U";
    if (octal) s.pos--;
    const max = octal ? 3 : e === "x" ? 2 : e === "u" ? 4 : 8;
    const re = octal ? /[0-7]/ : /[0-9a-fA-F]/;
    let digits = "";
    while (digits.length < max && s.pos < s.end && re.test(s.src[s.pos])) digits += s.src[s.pos++];
    const v = parseInt(digits, octal ? 8 : 16);
    if (!digits) return "\\" + e;
    return v <= 0x10ffff ? String.fromCodePoint(octal ? v & 0xff : v) : "";
  }
  if (e === "c" && s.pos < s.end) return String.fromCharCode(s.src.charCodeAt(s.pos++) & 0x1f);
  return "\\" + e;
}

const ANSI: Record<string, string> = {
  n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};
