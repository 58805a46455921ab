// "Did you mean …?" for mistyped flags and commands: the closest candidate by edit distance. No
// imports, so the hook can load it on its error path without weighing on its start-up.

/** Returns the edit distance between a and b, counting a swap of two neighbours as one edit. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * Returns the candidate closest to `word`, or undefined when none is close: at most one edit for
 * short words, a third of the word's length for longer ones (so `--dryrun` finds `--dry-run` and
 * `--bogus` finds nothing). A candidate that starts with the word (a prefix) counts as close too.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(1, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const lc = c.toLowerCase();
    const dist = editDistance(w, lc);
    const score = dist <= limit ? dist : w.length >= 3 && lc.startsWith(w) ? limit : Number.POSITIVE_INFINITY;
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}
