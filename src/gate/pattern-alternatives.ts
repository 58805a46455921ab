// The other readings of a word's patterns the gate checks besides the patterns themselves: a value
// only known when it runs that turns out to be `.` or empty, or to hold no `/` (then it is a glob),
// and a glob that matches nothing (then bash leaves the word as written).
import { isLiteral } from "./line-state";
import type { Piece } from "./word-value";

/**
 * Returns the patterns, plus, for each that starts with a value only known when it runs, the same
 * pattern with that value empty or `.`: `$x/innocent/x` is then checked as `innocent/x` here, so an
 * unknown value that turns out to be `.` does not hide a symlink beside the line (any other value is
 * what SECURITY.md says no hook can see); and each glob as the literal word bash leaves when it
 * matches nothing.
 */
export function withHere(pats: Piece[][]): Piece[][] {
  const out = [...pats];
  for (const p of pats) {
    const [first, second] = p;
    if (!first || !("any" in first)) continue;
    const rest = p.slice(1);
    if (second && "lit" in second) rest[0] = { lit: second.lit.replace(/^\/+/, "") };
    if (rest.length && !(rest.length === 1 && "lit" in rest[0] && rest[0].lit === "")) out.push(rest);
  }
  // a value only known when it runs, inside a name (`${x}nnocent/x`), may hold no `/`: then it is a glob
  for (const p of pats) {
    const star = anyAsStar(p);
    if (star) out.push(star);
  }
  // a glob that matches nothing is left as it is written: `innocent/pr[e]-x.sh` names that very file
  for (const p of out.slice()) if (!isLiteral(p) && !p.some((x) => "any" in x)) out.push([{ lit: p.map(globText).join("") }]);
  return out;
}

/**
 * Returns the pattern with each value only known when it runs read as a `*` that may match a leading
 * dot, when every such value shares its path segment with known text; undefined otherwise (a wholly
 * unknown segment stays one: `$a/$b` is not every path two levels down).
 */
function anyAsStar(p: Piece[]): Piece[] | undefined {
  if (!p.some((x) => "any" in x)) return undefined;
  const out: Piece[] = [];
  let known = false;
  let unknown = false;
  let ok = true;
  const close = () => {
    if (unknown && !known) ok = false;
    known = unknown = false;
  };
  for (const x of p) {
    if ("lit" in x) {
      x.lit.split("/").forEach((part, k) => {
        if (k > 0) close();
        if (part) known = true;
      });
      out.push(x);
    } else if ("any" in x) {
      unknown = true;
      out.push({ star: true, dots: true });
    } else out.push(x);
  }
  close();
  return ok ? out : undefined;
}

/** A glob piece as bash leaves it when the glob matches nothing. */
function globText(x: Piece): string {
  return "lit" in x ? x.lit : "star" in x ? "*" : "one" in x ? "?" : "cls" in x ? `[${x.cls}]` : "";
}
