// A unified diff for `--dry-run`. Config files are small, so a plain LCS table is fast enough and
// keeps the code obvious.

const CONTEXT = 3;

type Op = [" " | "-" | "+", string];

/** Returns a unified diff of two texts ("" when they are equal). */
export function unifiedDiff(oldText: string, newText: string, oldName: string, newName: string): string {
  if (oldText === newText) return "";
  const ops = diffLines(splitLines(oldText), splitLines(newText));
  const out = [`--- ${oldName}`, `+++ ${newName}`];
  for (const hunk of hunks(ops)) out.push(...hunk);
  return `${out.join("\n")}\n`;
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  else lines[lines.length - 1] += "\n\\ No newline at end of file";
  return lines;
}

/** Common leading and trailing lines are matched first: the LCS table then only spans what changed, so a
 *  large file with a small change (~/.claude.json) costs a few rows, not lines² memory. */
function diffLines(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const same = (lines: string[]): Op[] => lines.map((l) => [" ", l]);
  const middle = lcsDiff(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

function lcsDiff(a: string[], b: string[]): Op[] {
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push([" ", a[i++]]);
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push(["-", a[i++]]);
    else ops.push(["+", b[j++]]);
  }
  return ops;
}

/** Groups the changes into hunks with CONTEXT lines around them. */
function hunks(ops: Op[]): string[][] {
  const out: string[][] = [];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k][0] === " ") k++;
    if (k >= ops.length) break;
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    // extend while the next change is within 2*CONTEXT unchanged lines
    for (let gap = 0; end < ops.length; end++) {
      gap = ops[end][0] === " " ? gap + 1 : 0;
      if (gap > 2 * CONTEXT) break;
    }
    end = Math.min(ops.length, trimTail(ops, end) + CONTEXT);
    out.push(renderHunk(ops, start, end));
    k = end;
  }
  return out;
}

function trimTail(ops: Op[], end: number): number {
  let e = end;
  while (e > 0 && ops[e - 1][0] === " ") e--;
  return e;
}

function renderHunk(ops: Op[], start: number, end: number): string[] {
  let oldLine = 1;
  let newLine = 1;
  for (let k = 0; k < start; k++) {
    if (ops[k][0] !== "+") oldLine++;
    if (ops[k][0] !== "-") newLine++;
  }
  const slice = ops.slice(start, end);
  const oldCount = slice.filter((o) => o[0] !== "+").length;
  const newCount = slice.filter((o) => o[0] !== "-").length;
  const range = (line: number, count: number) => `${count === 0 ? line - 1 : line},${count}`;
  return [`@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`, ...slice.map(([op, text]) => op + text)];
}
