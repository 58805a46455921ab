// Redirections. Grammar:
//   redirect := [digits] ('<' | '>' | '>>' | '<<' | '<<-' | '<<<' | '<>' | '>|' | '<&' | '>&') word
//             | ('&>' | '&>>') word
// The target is a word (its substitutions run) but never a program. A `<<` queues its heredoc,
// whose body is read after the end of the line (heredocs.ts).
import { readsVariable, variableOf } from "./arith";
import { AMP, type Cursor, CLASS, DASH, GT, LP, LT, PIPE, TERM } from "./cursor";
import { heredocDelimiter } from "./heredocs";
import type { Redirect, SimpleCommand, Word } from "./syntax";
import { readWord } from "./words";

/** True at `<`, `>`, `&>`, or digits glued to one of them (but not at `<(` / `>(`). */
export function isRedirect(s: Cursor): boolean {
  let i = s.pos;
  let c = s.at(i);
  if (c === AMP) return s.at(i + 1) === GT;
  while (c >= 48 && c <= 57) c = s.at(++i);
  return (c === LT || c === GT) && s.at(i + 1) !== LP;
}

/** Reads one redirection into `cmd`; a missing target is a syntax error. */
export function readRedirect(s: Cursor, cmd: SimpleCommand): void {
  const start = s.pos;
  while (s.at(s.pos) >= 48 && s.at(s.pos) <= 57) s.pos++;
  const fd = s.src.slice(start, s.pos);
  const opStart = s.pos;
  const c = s.at(s.pos++);
  const n = s.at(s.pos);
  if (c === AMP) s.pos += s.at(s.pos + 1) === GT ? 2 : 1;
  else if (c === LT && n === LT) s.pos += s.at(s.pos + 1) === LT || s.at(s.pos + 1) === DASH ? 2 : 1;
  else if (n === GT || n === AMP || (c === GT && n === PIPE)) s.pos++;
  const op = s.src.slice(opStart, s.pos);
  s.skipSpace();
  const t = s.at(s.pos);
  if (t < 0 || (t < 128 && CLASS[t] === TERM && !s.isProcSub(t))) s.fail("syntax", `missing target after ${op}`);
  const target = readWord(s, false);
  const redirect: Redirect = { op, fd, target };
  cmd.redirects.push(redirect);
  if (op === ">&" && (fd === "" || fd === "1")) duplicated(s, target);
  if (op === "<<" || op === "<<-") {
    // the delimiter is the word after quote removal alone: `<<$q` ends at a line `$q`
    const delim = heredocDelimiter(target.raw);
    // a line continuation inside the word (`<<E\<newline>OF`) is removed before bash reads it: no quoting
    const quoted = /['"\\]/.test(target.raw.replace(/\\\n/g, ""));
    s.heredocs.push({ redirect, delim, strip: op === "<<-", quoted });
  }
}

/**
 * `>&WORD` (stdout) whose WORD is not a number or `-` is `&> WORD`, and bash expands the expanded
 * WORD a second time: `>&'$(cmd)'` runs cmd. A static WORD's substitutions are scanned; one made by an
 * expansion is only known when the line runs, unless it reads a variable the line keeps an integer.
 */
function duplicated(s: Cursor, target: Word): void {
  if (target.flags === 0) {
    if (/[$`]/.test(target.text)) s.expandText(target.text, s.span(target.start, target.end));
    return;
  }
  const name = variableOf(target.raw);
  // judged once the whole line is read: a write later in the line (`export x=...`) counts too
  if (name !== undefined) return void readsVariable(s.ctx, name, ...s.span(target.start, target.end), "bash expands the target of >& again, and it reads");
  s.dynamic("redirect-target", "bash expands the target of >& again when it is not a number, running the substitutions in its value, which is only known when the line runs", target.start, target.end);
}
