// Two forms of `${`: bash 5.3's `${ list; }` (a command substitution that runs in the shell itself)
// and `${!name}` (indirect: it expands the variable name's value names). expansions.ts reads the rest.
import { BS, type Cursor, LB, PIPE, RB, SQ } from "./cursor";
import { SUBSTITUTION } from "./syntax";

/**
 * bash 5.3's `${ list; }` and `${| list; }` (position at `$`): the list runs in this shell, like a
 * command substitution. Its end is the `}` that closes the braces opened in it (quotes skipped);
 * the body is then scanned as a list, which fails if that `}` was not the end.
 */
export function readFunsub(s: Cursor, w: { flags: number }): void {
  const body = s.pos + (s.at(s.pos + 2) === PIPE ? 3 : 2);
  let i = body;
  for (let d = 1; ; i++) {
    const c = s.at(i);
    if (c < 0) s.fail("unterminated", "missing }");
    if (c === BS) i++;
    else if (c === SQ) {
      i = s.src.indexOf("'", i + 1);
      if (i < 0 || i >= s.end) s.fail("unterminated", "unterminated single quote");
    } else if (c === LB) d++;
    else if (c === RB && --d === 0) break;
  }
  s.scanNested(s.src.slice(body, i), body, i);
  s.pos = i + 1;
  w.flags |= SUBSTITUTION;
}

/** True for `${!name}` and `${!name[i]}`; not for `${!}`, `${!#}`, `${!prefix*}` or `${!name[@]}` (lists of names). */
export function isIndirect(s: Cursor, name: string, subscript: string): boolean {
  if (name === "" || name === "#" || subscript === "@" || subscript === "*") return false;
  const c = s.at(s.pos);
  return !((c === 42 || c === 64) && s.at(s.pos + 1) === RB && subscript === "");
}
