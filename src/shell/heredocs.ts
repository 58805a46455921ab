// Newlines and the heredoc bodies they start. Grammar:
//   heredoc := ('<<' | '<<-') DELIM ... NEWLINE body DELIM-line
// Bodies start after the NEWLINE that ends their line, in the order of their `<<`; `<<-` strips
// leading tabs. The body is kept for a shell that reads it (`bash <<EOF`); an unquoted DELIM
// means the body is expanded, so its substitutions are scanned (they run), while a quoted one
// (`<<'EOF'`, `<<"EOF"`, `<<\EOF`) keeps it as text.
// The delimiter is its word after quote removal only: `<<$q` ends at a line `$q`, `<<"a$b"` at `a$b`
// (nothing in it is expanded), `$'E\x4fF'` at `EOF`. In an unquoted body a backslash-newline joins
// two lines before the delimiter is looked for (`EO\` + `F` ends the body, `EOF\` + `x` does not).
import { decodeAnsi } from "./ansi-c";
import { BQ, BS, type Cursor, DOLLAR, NL, RP, TAB } from "./cursor";
import { readBacktick, readDollar, type WordState } from "./expansions";
import type { Redirect } from "./syntax";

/** Consumes the newline at the position: it ends a pipeline and starts any pending heredoc bodies. */
export function newline(s: Cursor): void {
  s.pos++;
  s.pipe = false;
  if (s.heredocs.length) readHeredocs(s);
}

/** Skips blanks, comments, continuations and newlines (reading heredoc bodies as they start). */
export function skipLines(s: Cursor): void {
  for (;;) {
    s.skipSpace();
    if (s.at(s.pos) !== NL) return;
    newline(s);
  }
}

/** Scans [a, b) as an unquoted heredoc body: only `$...`, backticks and escapes mean anything. */
export function scanExpansions(s: Cursor, a: number, b: number): void {
  const pos = s.pos;
  const end = s.end;
  s.pos = a;
  s.end = b;
  const w: WordState = { text: "", flags: 0, quoted: false };
  while (s.pos < s.end) {
    const c = s.src.charCodeAt(s.pos);
    if (c === BS) s.pos += 2;
    else if (c === DOLLAR) readDollar(s, w, true);
    else if (c === BQ) readBacktick(s, w);
    else s.pos++;
  }
  s.pos = pos;
  s.end = end;
}

/** Returns the text a program reads from heredoc `r`: its body as typed if the delimiter is quoted, else as delivered. */
export function heredocScript(r: Redirect): { text: string; expands: boolean } {
  return r.target.quoted ? { text: r.body ?? "", expands: false } : deliveredBody(r.body ?? "");
}

/**
 * Returns the script a shell reading an unquoted heredoc body gets: `\$`, `` \` `` and `\\` unescaped;
 * `expands` when some `$` or backtick is expanded first (then the script is only known when it runs).
 */
export function deliveredBody(body: string): { text: string; expands: boolean } {
  let text = "";
  let expands = false;
  let seg = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === BS) {
      const n = body.charCodeAt(i + 1);
      if (n === DOLLAR || n === BQ || n === BS) {
        text += body.slice(seg, i);
        seg = ++i;
      }
    } else if (c === BQ || (c === DOLLAR && i + 1 < body.length && /[A-Za-z_{(\[0-9@*#?$!-]/.test(body[i + 1]))) expands = true;
  }
  return { text: text + body.slice(seg), expands };
}

/**
 * Returns a heredoc word's delimiter: the raw word after quote removal, with `$'...'` decoded and
 * nothing expanded.
 */
export function heredocDelimiter(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length; ) {
    const c = raw[i];
    if (c === "\\") {
      if (raw[i + 1] !== "\n") out += raw[i + 1] ?? "";
      i += 2;
    } else if (c === "'") {
      const j = raw.indexOf("'", i + 1);
      out += raw.slice(i + 1, j < 0 ? raw.length : j);
      i = j < 0 ? raw.length : j + 1;
    } else if (c === '"') {
      for (i++; i < raw.length && raw[i] !== '"'; i++) {
        if (raw[i] !== "\\" || !'$`"\\\n'.includes(raw[i + 1] ?? "")) out += raw[i];
        else if (raw[++i] !== "\n") out += raw[i];
      }
      i++;
    } else if (c === "$" && raw[i + 1] === "'") {
      const r = decodeAnsi(raw, i + 2);
      out += r.text;
      i = r.next < 0 ? raw.length : r.next;
    } else if (c === "$" && raw[i + 1] === '"') i++;
    else out += raw[i++];
  }
  return out;
}

// --- internal ---

/** Reads the pending heredoc bodies, which start right after the newline just consumed. */
function readHeredocs(s: Cursor): void {
  const pending = s.heredocs;
  s.heredocs = [];
  for (const h of pending) {
    const bodyStart = s.pos;
    let body = "";
    let bodyEnd = s.end;
    while (s.pos < s.end) {
      let a = s.pos;
      if (h.strip) while (s.src.charCodeAt(a) === TAB && a < s.end) a++;
      const [line, next] = readLine(s, a, !h.quoted);
      s.pos = next;
      if (line === h.delim) {
        bodyEnd = a;
        break;
      }
      // bash also ends a heredoc inside `$( ... )` at `DELIM)`: the `)` then closes the list
      if (s.parens > 0 && next - a <= line.length + 1 && line.startsWith(h.delim) && line.charCodeAt(h.delim.length) === RP) {
        bodyEnd = a;
        s.pos = a + h.delim.length;
        break;
      }
      body += line + "\n";
    }
    h.redirect.body = body;
    h.redirect.bodySpan = s.span(bodyStart, bodyEnd);
    if (!h.quoted) scanExpansions(s, bodyStart, bodyEnd);
  }
}

/**
 * Returns one body line starting at `a` (joined with the next while it ends in an odd run of
 * backslashes, when `join`), and the position after its newline.
 */
function readLine(s: Cursor, a: number, join: boolean): [string, number] {
  let line = "";
  for (;;) {
    const j = s.src.indexOf("\n", a);
    const lineEnd = j < 0 || j > s.end ? s.end : j;
    let k = lineEnd;
    while (k > a && s.src.charCodeAt(k - 1) === BS) k--;
    if (!join || (lineEnd - k) % 2 === 0 || lineEnd >= s.end) return [line + s.src.slice(a, lineEnd), Math.min(lineEnd + 1, s.end)];
    line += s.src.slice(a, lineEnd - 1);
    a = lineEnd + 1;
  }
}
