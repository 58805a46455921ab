// Line continuations. Bash removes a backslash-newline before it reads the tokens around it, so one
// can split an operator (`|\<newline>|`), an expansion (`$\<newline>(cmd)`, `$\<newline>{x:-cmd}`) or
// a heredoc's `<<`. The scanner reads them between and inside words; for the places it does not,
// analyze() also reads the line with every continuation removed, and reports the union of both.
// Not removed, as bash does not: inside single quotes and `$'...'`, and in a comment; but a backtick
// body is read raw first, so there every continuation goes, quotes or not.

/** Returns `text` without its line continuations and, for each index of the result, the index it had; undefined when there is none. */
export function joinContinuations(text: string): { text: string; at: number[] } | undefined {
  if (!text.includes("\\\n")) return undefined;
  let out = "";
  const at: number[] = [];
  const keep = (i: number) => {
    out += text[i];
    at.push(i);
  };
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      if (text[i + 1] === "\n") {
        i++;
        continue;
      }
      keep(i);
      if (i + 1 < text.length) keep(++i);
      continue;
    }
    if (!dq && (c === "'" || (c === "$" && text[i + 1] === "'"))) {
      const ansi = c === "$";
      if (ansi) keep(i++);
      keep(i);
      for (i++; i < text.length && text[i] !== "'"; i++) {
        if (ansi && text[i] === "\\" && i + 1 < text.length) keep(i++);
        keep(i);
      }
      if (i < text.length) keep(i);
      continue;
    }
    if (c === "`") {
      keep(i);
      for (i++; i < text.length && text[i] !== "`"; i++) {
        if (text[i] === "\\" && text[i + 1] === "\n") i++;
        else if (text[i] === "\\" && i + 1 < text.length) {
          keep(i++);
          keep(i);
        } else keep(i);
      }
      if (i < text.length) keep(i);
      continue;
    }
    if (!dq && c === "#" && (i === 0 || " \t\n;&|()<>".includes(text[i - 1]))) {
      for (; i < text.length && text[i] !== "\n"; i++) keep(i);
      if (i < text.length) keep(i);
      continue;
    }
    if (c === '"') dq = !dq;
    keep(i);
  }
  return { text: out, at };
}
