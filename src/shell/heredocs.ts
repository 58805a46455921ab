// Newlines and the heredoc bodies they start. Grammar:
//   heredoc := ('<<' | '<<-') DELIM ... NEWLINE body DELIM-line
// Bodies start after the NEWLINE that ends their line, in the order of their `<<`; `<<-` strips
// leading tabs. The body is kept for a shell that reads it (`bash <<EOF`); an unquoted DELIM
// means the body is expanded, so its substitutions are scanned (they run), while a quoted one
// (`<<'EOF'`, `<<"EOF"`, `<<\EOF`) keeps it as text.
import { BQ, BS, type Cursor, DOLLAR, NL, RP, TAB } from "./cursor";
import { readBacktick, readDollar, type WordState } from "./expansions";

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
      const j = s.src.indexOf("\n", s.pos);
      const lineEnd = j < 0 || j > s.end ? s.end : j;
      let a = s.pos;
      if (h.strip) while (s.src.charCodeAt(a) === TAB && a < lineEnd) a++;
      const line = s.src.slice(a, lineEnd);
      s.pos = Math.min(lineEnd + 1, s.end);
      if (line === h.delim) {
        bodyEnd = a;
        break;
      }
      // bash also ends a heredoc inside `$( ... )` at `DELIM)`: the `)` then closes the list
      if (s.parens > 0 && line.startsWith(h.delim) && line.charCodeAt(h.delim.length) === RP) {
        bodyEnd = a;
        s.pos = a + h.delim.length;
        break;
      }
      body += line + "\n";
    }
    h.redirect.body = body;
    if (!h.quoted) scanExpansions(s, bodyStart, bodyEnd);
  }
}

/** Scans [a, b) as an unquoted heredoc body: only `$...`, backticks and escapes mean anything. */
function scanExpansions(s: Cursor, a: number, b: number): void {
  const [pos, end] = [s.pos, s.end];
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
