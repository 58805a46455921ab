// A config file's bytes as the planners see them, and back: a UTF-8 byte order mark and CRLF line
// endings are taken off when read and put back when written, so every edit works on plain `\n` text
// and a file written on Windows keeps its form. Only a file whose every line ends in CRLF is treated
// as CRLF; a mixed file is left as it is (its `\r`s stay in the text, and JSON and TOML skip them).
import { readFileSync } from "node:fs";

export interface TextForm {
  bom: boolean;
  crlf: boolean;
}

export const PLAIN: TextForm = { bom: false, crlf: false };

const BOM = "\uFEFF";

/** Returns the text without its BOM and with CRLF as `\n`, and the form to write it back in. */
export function decodeText(raw: string): { text: string; form: TextForm } {
  const bom = raw.startsWith(BOM);
  const body = bom ? raw.slice(1) : raw;
  const lf = (body.match(/\n/g) ?? []).length;
  const crlf = lf > 0 && (body.match(/\r\n/g) ?? []).length === lf;
  return { text: crlf ? body.replace(/\r\n/g, "\n") : body, form: { bom, crlf } };
}

/** Returns `text` in `form`: decodeText's inverse. */
export function encodeText(text: string, form: TextForm): string {
  const body = form.crlf ? text.replace(/\n/g, "\r\n") : text;
  return form.bom ? BOM + body : body;
}

/** Returns the decoded text of a file, or undefined when it does not exist (other errors throw). */
export function readTextFile(path: string): { text: string; form: TextForm } | undefined {
  try {
    return decodeText(readFileSync(path, "utf8"));
  } catch (err) {
    if (["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw err;
  }
}
