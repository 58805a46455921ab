// Can a path pattern (word-value.ts) name a protected path? A glob counts as every path it could
// match: `~/.agent*/cond*/` is the runtime layer. Two checks, both over-approximate on purpose:
//   lexical     the pattern's segments against the protected templates (anywhere in a path) and the
//               protected roots (from the root), a `*` or `[...]` matching within one segment and ANY
//               (a value only known when it runs) across any number of them. A template counts only
//               when its last segment is matched by a segment that is not wholly unknown, so
//               `$OUT/report.txt` is not every path there is, but `$X/conditions/a.sh` is a layer.
//   filesystem  a glob without ANY is expanded against the folders that exist, and each match is
//               checked as a path, so a glob through a symlink into a layer is caught. The expansion
//               is bounded in folders, matches and time; past a bound the line is not judged (limits.ts).
import { readdirSync } from "node:fs";
import { checkDeadline, overBudget } from "./limits";
import { harnessScripts } from "./harness-scripts";
import { type PathScope, type ProtectedKind, holdsProtected, protectedKind, protectedRoots, templates } from "./paths";
import type { Piece } from "./word-value";
import { lexists } from "../fs-kind";

/** One path segment of a pattern: its matcher, and whether an ANY is part of it. */
interface Seg {
  /** True when a name matches the segment (case-insensitive: an over-approximation on purpose). */
  test: (name: string) => boolean;
  wild: boolean;
  /** Only an ANY: it stands for any number of segments. */
  open: boolean;
  /** The segment's text when it holds no wildcard at all (a name to join, not a folder to list). */
  exact?: string;
  /** `**`: with globstar, any number of folders (each walked when the glob is expanded). */
  deep?: boolean;
}

export interface MatchResult {
  /** The pattern can name a protected path (or something beneath one). */
  kind?: ProtectedKind;
  /** The pattern can name a folder above a protected path (deleting it removes what it holds). */
  ancestor: boolean;
}

/** One unit of a segment's matcher: a star (any run of characters) or a test of one character. */
type Unit = "*" | ((ch: string) => boolean);

/**
 * Returns a linear-time matcher of one name against units (the classic two-pointer wildcard match):
 * a name the agent chose and a pattern of many stars must not cost exponential backtracking.
 */
function matcher(units: Unit[], noDotLead: boolean): (name: string) => boolean {
  return (raw) => {
    const name = raw.toLowerCase();
    if (noDotLead && name.startsWith(".")) return false;
    let p = 0;
    let n = 0;
    let starP = -1;
    let starN = 0;
    while (n < name.length) {
      const u = units[p];
      if (p < units.length && u !== "*" && u(name[n])) {
        p++;
        n++;
      } else if (p < units.length && u === "*") {
        starP = p++;
        starN = n;
      } else if (starP >= 0) {
        p = starP + 1;
        n = ++starN;
      } else return false;
    }
    while (p < units.length && units[p] === "*") p++;
    return p === units.length;
  };
}

/** Splits pattern pieces into segments at each literal `/`; `absolute` when it starts with one. */
export function segmentsOf(p: Piece[], dotglob: boolean): { segs: Seg[]; absolute: boolean } {
  const segs: Seg[] = [];
  let units: Unit[] = [];
  let text = "";
  let wild = false;
  let glob = false;
  let only = true;
  let noDotLead = false;
  let first = true;
  let absolute = false;
  const end = () => {
    const plain = !wild && !glob;
    // `**` alone: any number of segments (globstar), lexically and when expanded
    if (glob && !wild && text === "" && units.length >= 2 && units.every((u) => u === "*")) {
      segs.push({ test: () => true, wild: true, open: true, deep: true });
      units = [];
      glob = noDotLead = false;
      only = true;
      return;
    }
    if (plain && text === ".") units = []; // "." names the folder it is in
    else if (plain && text === "..") {
      if (segs.length && !segs[segs.length - 1].wild) segs.pop();
      units = [];
    }
    if (units.length || wild) segs.push({ test: matcher(units, noDotLead), wild, open: wild && only, exact: plain ? text : undefined });
    units = [];
    text = "";
    wild = glob = noDotLead = false;
    only = true;
  };
  for (const x of p) {
    if ("lit" in x) {
      const parts = x.lit.split("/");
      parts.forEach((part, k) => {
        if (k > 0) end();
        if (first && k === 0 && part === "" && parts.length > 1) absolute = true;
        if (part) {
          for (const ch of part.toLowerCase()) units.push((c) => c === ch);
          text += part;
          only = false;
        }
      });
    } else if ("any" in x) {
      units.push("*");
      wild = true;
    } else {
      // bash does not let a leading wildcard match a leading dot, unless dotglob is on
      if (units.length === 0 && !dotglob && !("star" in x && x.dots)) noDotLead = true;
      units.push("star" in x ? "*" : "one" in x ? () => true : classTest(x.cls));
      glob = true;
      only = false;
    }
    first = false;
  }
  end();
  return { segs, absolute };
}

/** Returns a test of one character against a bracket expression (any character when it cannot be read). */
function classTest(cls: string): (ch: string) => boolean {
  if (/\[[:=.]/.test(cls)) return () => true; // POSIX classes and collating symbols: any character
  const body = cls.replace(/^[!^]/, "^").replace(/\\/g, "\\\\").replace(/^\]/, "\\]");
  try {
    const re = new RegExp(`^[${body}]$`, "i");
    return (ch) => re.test(ch);
  } catch {
    return () => true;
  }
}

/** Returns what the segments can name among the protected templates and roots. */
export function lexicalMatch(segs: Seg[], absolute: boolean, scope: PathScope): MatchResult {
  const out: MatchResult = { ancestor: false };
  for (const t of templates()) {
    for (let i = 0; i < segs.length; i++) {
      const r = align(segs, i, t.segs, t.under);
      if (r === "inside") return { kind: t.kind, ancestor: true };
      if (r === "ancestor") out.ancestor = true;
    }
  }
  if (absolute || (segs[0]?.open ?? false)) {
    for (const root of [...protectedRoots(scope), ...harnessScripts(scope)]) {
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
      if (e === t + 1 && !s.test(target[t])) {
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

/** Budgets of one filesystem expansion: folders listed, paths produced (past them: limits.ts). */
const MAX_LISTINGS = 1024;
const MAX_MATCHES = 4096;
const GLOB_ADVICE = "name the files, or use a narrower glob, in a line of its own";

/**
 * Returns the existing paths a glob pattern (no ANY) matches, starting at `/` or `cwd`. Past its
 * budgets or the gate's time it throws a GateLimit: a glob that could match a symlink into a layer
 * among the ones not looked at is not judged "touches nothing".
 */
export function expandGlob(segs: Seg[], absolute: boolean, cwd: string): string[] {
  let paths = [absolute ? "" : cwd.replace(/\/$/, "")];
  let listings = 0;
  let deep = false;
  for (const s of segs) {
    const next: string[] = [];
    for (const base of paths) {
      if (s.exact !== undefined) {
        next.push(`${base}/${s.exact}`);
        continue;
      }
      if (s.deep) {
        deep = true;
        listings = walkDown(base, next, listings);
        continue;
      }
      if (++listings > MAX_LISTINGS) overBudget("a glob of the line lists too many folders", MAX_LISTINGS, GLOB_ADVICE);
      checkDeadline("expanding a glob of the line");
      let names: string[];
      try {
        names = readdirSync(base || "/");
      } catch {
        continue;
      }
      for (let k = 0; k < names.length; k++) {
        if ((k & 1023) === 1023) checkDeadline("expanding a glob of the line");
        if (s.test(names[k])) next.push(`${base}/${names[k]}`);
      }
      if (next.length > MAX_MATCHES) overBudget("a glob of the line matches too many paths", MAX_MATCHES, GLOB_ADVICE);
    }
    paths = next;
  }
  // bash returns only paths that exist; after `**` the names joined to each folder mostly do not, and
  // a glob matching nothing is judged as its literal word (bash-guard.ts)
  return deep ? paths.filter(lexists) : paths;
}

/** Adds `base` and every path beneath it to `out` (`**`); returns the listings spent. */
function walkDown(base: string, out: string[], listings: number): number {
  const dirs = [base];
  out.push(base);
  while (dirs.length) {
    const dir = dirs.pop() as string;
    if (++listings > MAX_LISTINGS) overBudget("a glob of the line lists too many folders", MAX_LISTINGS, GLOB_ADVICE);
    checkDeadline("expanding a glob of the line");
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir || "/", { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      out.push(`${dir}/${e.name}`);
      if (e.isDirectory()) dirs.push(`${dir}/${e.name}`);
    }
    if (out.length > MAX_MATCHES) overBudget("a glob of the line matches too many paths", MAX_MATCHES, GLOB_ADVICE);
  }
  return listings;
}

/** Returns what a glob's existing matches can name: protected (as paths) or holding protected things. */
export function globMatch(matches: string[], scope: PathScope, memo: Map<string, string>): MatchResult {
  const out: MatchResult = { ancestor: false };
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i];
    if ((i & 31) === 0) checkDeadline("checking the paths a glob of the line matches");
    const kind = protectedKind(m, scope, "/", memo);
    if (kind) return { kind, ancestor: true };
    if (holdsProtected(m, scope, "/", memo)) out.ancestor = true;
  }
  return out;
}
