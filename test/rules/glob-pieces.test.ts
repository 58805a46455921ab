// The glob predicate skips building a matcher when the path lacks a literal piece of the glob
// (src/rules/predicates.ts): it must answer exactly what Bun.Glob answers, for every glob the packs use
// and for generated paths built from those globs' own pieces (the ones that nearly match).
import { expect, test } from "bun:test";
import { resolve } from "node:path";
import { builtinPack, BUILTIN_PACK_NAMES } from "../../src/generated/packs";
import { wordHolds } from "../../src/rules/predicates";
import { YES } from "../../src/rules/types";

const HOME = "/home/u";
const ctx = { cwd: "/work/repo", home: HOME, project: "/work/repo", protectedBranches: ["main"] };

/** Every `glob:` argument the built-in packs use, plus globs with classes, braces and escapes. */
function globs(): string[] {
  const out = new Set(["**/[ab].key", "~/.{aws,ssh}/*", "**/\\*star", "!**/x", "/etc/sh?dow", "**/*.pem"]);
  for (const name of BUILTIN_PACK_NAMES) {
    const text = JSON.stringify(builtinPack(name)?.file());
    for (const m of text.matchAll(/"glob:((?:[^"\\]|\\.)*)"/g)) out.add(JSON.parse(`"${m[1]}"`));
  }
  return [...out];
}

/** Paths made of the globs' own pieces, shuffled, with and without the home in front. */
function paths(all: string[], seed = 20261202, home = HOME): string[] {
  let s = seed;
  const next = (n: number) => ((s = (s * 1103515245 + 12345) % 2 ** 31) % n);
  const pieces = [...new Set(all.flatMap((g) => g.split(/[*?/[\]{}\\!~]+/)).filter(Boolean)), "x", "id_rsa", ".env", "a.pub"];
  const out = ["/", home, `${home}/.ssh/id_rsa`, `${home}/.ssh/id_rsa.pub`, "/etc/shadow", "/etc/gshadow", "/work/repo/a.key", `${home}/.aws/credentials`, "/home/ab/.ssh/id_rsa", "/home/u/.ssh/id_rsa"];
  for (let i = 0; i < 3000; i++) {
    const depth = 1 + next(5);
    const parts = Array.from({ length: depth }, () => pieces[next(pieces.length)] + (next(4) === 0 ? pieces[next(pieces.length)] : ""));
    out.push((next(2) ? home : "") + "/" + parts.join("/"));
  }
  return out;
}

test.each([HOME, "/home/a*b", "/home/[u]", "/home/u/", "/h{o,u}me"])("the glob predicate answers as Bun.Glob does, with and without its shortcut (home %s)", (home) => {
  const all = globs();
  expect(all.length).toBeGreaterThan(30);
  const ctx = { cwd: "/work/repo", home, project: "/work/repo", protectedBranches: ["main"] };
  let matched = 0;
  for (const path of paths(all, 20261202, home)) {
    for (const g of all) {
      const full = g === "~" || g.startsWith("~/") ? home + g.slice(1) : g;
      const want = new Bun.Glob(full).match(resolve(path)); // the predicate judges the path resolved
      const got = wordHolds(`glob:${g}`, { value: path, raw: path }, ctx) === YES;
      if (got !== want) throw new Error(`glob ${g} on ${path}: predicate ${got}, Bun.Glob ${want}`);
      if (want) matched++;
    }
  }
  expect(matched).toBeGreaterThan(home === HOME ? 50 : 5); // the generated paths reach the matching side too
});
