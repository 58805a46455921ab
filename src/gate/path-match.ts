// Can a path pattern (word-value.ts) name a protected path? A glob counts as every path it could
// match: `~/.agent*/cond*/` is the runtime layer. Two checks, both over-approximate on purpose:
//   lexical     the pattern's segments against the protected templates (anywhere in a path) and the
//               protected roots (from the root), a `*` or `[...]` matching within one segment and ANY
//               (a value only known when it runs) across any number of them. A template counts only
//               when its last segment is matched by a segment that is not wholly unknown, so
//               `$OUT/report.txt` is not every path there is, but `$X/conditions/a.sh` is a layer.
//   filesystem  a glob without ANY is expanded against the folders that exist (bounded), and each
//               match is checked as a path, so a glob through a symlink into a layer is caught.
import { readdirSync } from "node:fs";
import { type PathScope, type ProtectedKind, holdsProtected, protectedKind, protectedRoots, TEMPLATES } from "./paths";
import type { Piece } from "./word-value";

/** One path segment of a pattern: its regular expression, and whether an ANY is part of it. */
interface Seg {
  re: RegExp;
  wild: boolean;
  /** Only an ANY: it stands for any number of segments. */
  open: boolean;
}

export interface MatchResult {
  /** The pattern can name a protected path (or something beneath one). */
  kind?: ProtectedKind;
  /** The pattern can name a folder above a protected path (deleting it removes what it holds). */
  ancestor: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Splits pattern pieces into segments at each literal `/`; `absolute` when it starts with one. */
export function segmentsOf(p: Piece[], dotglob: boolean): { segs: Seg[]; absolute: boolean } {
  const segs: Seg[] = [];
  let src = "";
  let wild = false;
  let only = true;
  let first = true;
  let absolute = false;
  const end = () => {
    if (src === "\\." && !wild) src = ""; // "." names the folder it is in
    else if (src === "\\.\\." && !wild) {
      if (segs.length && !segs[segs.length - 1].wild) segs.pop();
      src = "";
    }
    if (src || wild) segs.push({ re: new RegExp(`^${src}$`, "i"), wild, open: wild && only });
    src = "";
    wild = false;
    only = true;
  };
  for (const x of p) {
    if ("lit" in x) {
      const parts = x.lit.split("/");
      parts.forEach((part, k) => {
        if (k > 0) end();
        if (first && k === 0 && part === "" && parts.length > 1) absolute = true;
        if (part) {
          src += escape(part);
          only = false;
        }
      });
    } else if ("any" in x) {
      src += ".*";
      wild = true;
    } else {
      // bash does not let a leading wildcard match a leading dot, unless dotglob is on
      const lead = src === "" && !dotglob ? "(?!\\.)" : "";
      src += lead + ("star" in x ? "[^/]*" : "one" in x ? "[^/]" : classRe(x.cls));
      only = false;
    }
    first = false;
  }
  end();
  return { segs, absolute };
}

function classRe(cls: string): string {
  const body = cls.replace(/^[!^]/, "^").replace(/\\/g, "\\\\").replace(/^\]/, "\\]");
  return `[${body}]`;
}

/** Returns what the segments can name among the protected templates and roots. */
export function lexicalMatch(segs: Seg[], absolute: boolean, scope: PathScope): MatchResult {
  const out: MatchResult = { ancestor: false };
  for (const t of TEMPLATES) {
    for (let i = 0; i < segs.length; i++) {
      const r = align(segs, i, t.segs, t.under);
      if (r === "inside") return { kind: t.kind, ancestor: true };
      if (r === "ancestor") out.ancestor = true;
    }
  }
  if (absolute || (segs[0]?.open ?? false)) {
    for (const root of protectedRoots(scope)) {
      const r = align(segs, 0, root.path.toLowerCase().split("/").filter(Boolean), root.under);
      if (r === "inside") return { kind: root.kind, ancestor: true };
      if (r === "ancestor") out.ancestor = true;
    }
  }
  return out;
}

/**
 * Aligns pattern segments from `i` with `target` (lowercased names). "inside": the whole target is
 * matched, its last name by a segment that is not wholly unknown, and the pattern ends there (or may
 * go on when `under`); "ancestor": the pattern ends part way into the target after matching at least
 * one segment that is not wholly unknown. `anchored`: the target's first name is matched by segs[i].
 */
function align(segs: Seg[], i: number, target: string[], under: boolean): "inside" | "ancestor" | undefined {
  let ancestor = false;
  const go = (p: number, t: number, known: boolean, lastKnown: boolean): boolean => {
    if (t === target.length) return lastKnown && (p === segs.length || under || segs.slice(p).every((s) => s.open));
    if (p === segs.length) {
      if (t > 0 && known) ancestor = true;
      return false;
    }
    const s = segs[p];
    // a segment holding an ANY may stand for several names; each covered name is then accepted
    const end = s.wild ? target.length : t + 1;
    for (let e = t + 1; e <= end; e++) {
      if (e === t + 1 && !s.re.test(target[t])) {
        if (!s.wild) return false;
        continue;
      }
      if (go(p + 1, e, known || !s.open, e === target.length ? !s.open : lastKnown)) return true;
    }
    return false;
  };
  if (go(i, 0, false, false)) return "inside";
  return ancestor ? "ancestor" : undefined;
}

/** Budgets of one filesystem expansion: folders listed, paths produced. */
const MAX_LISTINGS = 64;
const MAX_MATCHES = 256;

/**
 * Returns the existing paths a glob pattern (no ANY) matches, starting at `/` or `cwd`; undefined
 * when the budget ran out (the caller then relies on the lexical check alone, which already counted).
 */
export function expandGlob(segs: Seg[], absolute: boolean, cwd: string): string[] | undefined {
  let paths = [absolute ? "" : cwd.replace(/\/$/, "")];
  let listings = 0;
  for (const s of segs) {
    const next: string[] = [];
    for (const base of paths) {
      const plain = /^\^((?:[^\\.*+?^${}()|[\]]|\\.)*)\$$/.exec(s.re.source);
      if (plain) {
        next.push(`${base}/${plain[1].replace(/\\(.)/g, "$1")}`);
        continue;
      }
      if (++listings > MAX_LISTINGS) return undefined;
      let names: string[];
      try {
        names = readdirSync(base || "/");
      } catch {
        continue;
      }
      for (const n of names) if (s.re.test(n)) next.push(`${base}/${n}`);
      if (next.length > MAX_MATCHES) return undefined;
    }
    paths = next;
  }
  return paths;
}

/** Returns what a glob's existing matches can name: protected (as paths) or holding protected things. */
export function globMatch(matches: string[], scope: PathScope, memo: Map<string, string>): MatchResult {
  const out: MatchResult = { ancestor: false };
  for (const m of matches) {
    const kind = protectedKind(m, scope, "/", memo);
    if (kind) return { kind, ancestor: true };
    if (holdsProtected(m, scope, "/", memo)) out.ancestor = true;
  }
  return out;
}
